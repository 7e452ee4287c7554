//go:build !wasip1

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

const (
	berlinPlace = `{"results":[{"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,"elevation":74.0,` +
		`"country_code":"DE","timezone":"Europe/Berlin","country":"Germany","admin1":"Land Berlin"}],"generationtime_ms":0.9}`
	berlinNow = `{"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.03,"utc_offset_seconds":0,"timezone":"GMT",` +
		`"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code"},` +
		`"current":{"time":"2026-07-28T12:00","interval":900,"temperature_2m":21.4,"weather_code":3}}`
)

const (
	wantGeocode  = "https://geocoding-api.open-meteo.com/v1/search?name=Berlin&count=1&language=en&format=json"
	wantForecast = "https://api.open-meteo.com/v1/forecast?latitude=52.52437&longitude=13.41053&current=temperature_2m,weather_code"
)

// fakeAPI answers the two Open-Meteo endpoints from fixed bodies, recording
// each request's URL.
type fakeAPI struct {
	geocode, forecast *subako.HTTPResponse
	err               error // answered instead, when set
	urls              []string
}

func (f *fakeAPI) install(t *testing.T) {
	subakotest.HandleHTTP(t, func(r *subako.HTTPRequest) (*subako.HTTPResponse, error) {
		f.urls = append(f.urls, r.URL)
		if r.Method != http.MethodGet || r.Headers["accept"] != "application/json" || r.Timeout != requestTimeout {
			t.Errorf("request %+v", r)
		}
		switch {
		case f.err != nil:
			return nil, f.err
		case strings.HasPrefix(r.URL, geocodingBase+"/v1/search?"):
			return f.geocode, nil
		case strings.HasPrefix(r.URL, forecastBase+"/v1/forecast?"):
			return f.forecast, nil
		}
		return &subako.HTTPResponse{Status: 404, Text: "not found"}, nil
	})
}

func ok(body string) *subako.HTTPResponse {
	return &subako.HTTPResponse{Status: 200, Headers: map[string]string{"content-type": "application/json"}, Text: body}
}

func TestForecast(t *testing.T) {
	f := &fakeAPI{geocode: ok(berlinPlace), forecast: ok(berlinNow)}
	f.install(t)
	got, err := forecast(ForecastInput{City: " Berlin "})
	if err != nil {
		t.Fatal(err)
	}
	if want := (Report{City: "Berlin, Germany", TemperatureC: 21.4, Summary: "Overcast"}); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if len(f.urls) != 2 || f.urls[0] != wantGeocode || f.urls[1] != wantForecast {
		t.Errorf("requests:\n%s", strings.Join(f.urls, "\n"))
	}
}

// The city is escaped in the query, whatever it holds.
func TestCityIsEscaped(t *testing.T) {
	f := &fakeAPI{geocode: ok(`{"generationtime_ms":0.5}`)}
	f.install(t)
	_, err := forecast(ForecastInput{City: "São Paulo & co?=+"})
	if err == nil || err.Error() != `no place named "São Paulo & co?=+" was found: check the spelling, or name a larger city nearby` {
		t.Errorf("error %v", err)
	}
	want := geocodingBase + "/v1/search?name=S%C3%A3o%20Paulo%20%26%20co%3F%3D%2B&count=1&language=en&format=json"
	if len(f.urls) != 1 || f.urls[0] != want {
		t.Errorf("requests %q, want %q", f.urls, want)
	}
}

func TestFailures(t *testing.T) {
	notAllowed := &subako.HTTPError{Kind: subako.HTTPHostNotAllowed, Message: "geocoding-api.open-meteo.com is not in this function's network allowlist"}
	for _, c := range []struct {
		name string
		api  fakeAPI
		want string
	}{
		{"host not allowed", fakeAPI{err: notAllowed},
			"HTTP request failed (host_not_allowed): geocoding-api.open-meteo.com is not in this function's network allowlist"},
		{"timeout", fakeAPI{err: &subako.HTTPError{Kind: subako.HTTPTimeout, Message: "the request took longer than 10000 ms"}},
			"HTTP request failed (timeout): the request took longer than 10000 ms"},
		{"API refuses", fakeAPI{geocode: ok(berlinPlace), forecast: &subako.HTTPResponse{Status: 400, Text: `{"error":true,"reason":"Latitude must be in range of -90 to 90°."}`}},
			"the forecast API answered HTTP 400: Latitude must be in range of -90 to 90°."},
		{"API fails", fakeAPI{geocode: &subako.HTTPResponse{Status: 502, Text: "<html>Bad Gateway</html>"}},
			"the geocoding API answered HTTP 502"},
		{"garbled place", fakeAPI{geocode: ok(`{"results":[{"name":"Berlin","latitude":"north"}]}`)},
			"the geocoding API's answer could not be read: "},
		{"place off the map", fakeAPI{geocode: ok(`{"results":[{"name":"X","latitude":91,"longitude":0}]}`)},
			"the geocoding API's answer could not be read: "},
		{"no current weather", fakeAPI{geocode: ok(berlinPlace), forecast: ok(`{"current":{"temperature_2m":21.4}}`)},
			"the forecast API's answer could not be read: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.api.install(t)
			_, err := forecast(ForecastInput{City: "Berlin"})
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
	// An HTTPError reaches the model as it is, kind and all.
	(&fakeAPI{err: notAllowed}).install(t)
	_, err := forecast(ForecastInput{City: "Berlin"})
	var herr *subako.HTTPError
	if !errors.As(err, &herr) || *herr != *notAllowed {
		t.Errorf("error %#v", err)
	}
}

func TestParsePlaceTakesTheFirst(t *testing.T) {
	p, found, err := parsePlace([]byte(`{"results":[{"name":"Paris","latitude":48.85341,"longitude":2.3488},{"name":"Paris","country":"United States","latitude":33.66,"longitude":-95.55}]}`))
	if err != nil || !found || p != (place{name: "Paris", latitude: 48.85341, longitude: 2.3488}) {
		t.Errorf("got %+v %v %v", p, found, err)
	}
}

// A blank city is refused before any request leaves.
func TestBlankCity(t *testing.T) {
	f := &fakeAPI{}
	f.install(t)
	if _, err := forecast(ForecastInput{City: "  "}); err == nil || err.Error() != "city must not be empty" {
		t.Errorf("blank city: %v", err)
	}
	if len(f.urls) != 0 {
		t.Errorf("requests: %q", f.urls)
	}
}

func TestSummary(t *testing.T) {
	if s := summary(61); s != "Slight rain" {
		t.Errorf("61: %s", s)
	}
	if s := summary(42); s != "Weather code 42" {
		t.Errorf("42: %s", s)
	}
}

// Through the runtime, an HTTP failure is an error result, never a crash.
func TestServe(t *testing.T) {
	(&fakeAPI{err: &subako.HTTPError{Kind: subako.HTTPHostNotAllowed, Message: "geocoding-api.open-meteo.com is not in this function's network allowlist"}}).install(t)
	res := serve(t, `{"city":"Berlin"}`)
	if !res.IsError || len(res.Content) != 1 || !strings.Contains(res.Content[0].Text, "geocoding-api.open-meteo.com is not in") {
		t.Errorf("result %+v", res)
	}
	(&fakeAPI{geocode: ok(berlinPlace), forecast: ok(berlinNow)}).install(t)
	res = serve(t, `{"city":"Berlin"}`)
	if res.IsError || string(res.StructuredContent) != `{"city":"Berlin, Germany","temperature_c":21.4,"summary":"Overcast"}` ||
		len(res.Content) != 1 || res.Content[0].Text != string(res.StructuredContent) {
		t.Errorf("result %+v", res)
	}
	// The generated decoder checks the arguments against the schema.
	for args, want := range map[string]string{
		`{"city":""}`:                "arguments.city: must be at least 1 character",
		`{}`:                         "arguments.city: is required",
		`{"city":"Berlin","days":3}`: "arguments.days: is not a known member (known: city)",
	} {
		if res := serve(t, args); !res.IsError || len(res.Content) != 1 || res.Content[0].Text != want {
			t.Errorf("%s: %+v, want %q", args, res, want)
		}
	}
}

type callResult struct {
	Content []struct {
		Type, Text string
	}
	StructuredContent json.RawMessage
	IsError           bool
}

func serve(t *testing.T, args string) callResult {
	t.Helper()
	in := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"forecast","arguments":` + args +
		`,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}` + "\n"
	var out bytes.Buffer
	if err := subako.ServeIO(&subakoPackage, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	var answer struct{ Result callResult }
	if err := json.Unmarshal(out.Bytes(), &answer); err != nil {
		t.Fatalf("%v: %s", err, out.Bytes())
	}
	return answer.Result
}

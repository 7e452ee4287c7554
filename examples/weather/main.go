// Command weather is a Subako function package that calls an HTTPS JSON
// API through subako_http: its tool forecast looks a city up with
// Open-Meteo's geocoding API, then asks Open-Meteo's forecast API for the
// current weather there.
//
// The agent's function grant must allow both hosts, geocoding-api.open-meteo.com
// and api.open-meteo.com; a request to a host it does not allow comes back
// as an error result that names the host, for the model to pass on.
//
// subako_gen.go, which go generate writes from the handler and its types,
// holds the schemas, the argument checks, the dispatch and main. Build it
// for Subako with
//
//	go generate ./examples/weather
//	GOOS=wasip1 GOARCH=wasm go build -o weather.wasm ./examples/weather

// Current weather from Open-Meteo.
//
//subako:package weather
package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/subako"
)

//go:generate go run ../../cmd/subakogo-generate

// The APIs' base URLs. They are variables so that tests can point them at
// a local server on another port with -ldflags=-X; the host names stay.
var (
	geocodingBase = "https://geocoding-api.open-meteo.com"
	forecastBase  = "https://api.open-meteo.com"
)

// requestTimeout bounds each request, well inside a call's own timeout.
const requestTimeout = 10 * time.Second

// ForecastInput is forecast's arguments.
type ForecastInput struct {
	// The city, such as Berlin or São Paulo.
	//
	//subako:minLength=1
	City string `json:"city"`
}

// Report is forecast's answer: the weather in a city now.
type Report struct {
	// The place the weather is for, with its country.
	City string `json:"city"`
	// The air temperature 2 m above ground, in degrees Celsius.
	TemperatureC float64 `json:"temperature_c"`
	// The weather, in words.
	Summary string `json:"summary"`
}

// Get the current weather in a city: the temperature in degrees Celsius
// and a short summary such as "Light drizzle".
//
//subako:function
//subako:title=Weather forecast
//subako:readOnly
//subako:openWorld
func forecast(in ForecastInput) (Report, error) {
	// Find the city, then ask for its weather.
	city := strings.TrimSpace(in.City)
	if city == "" {
		return Report{}, subako.NewToolError("city must not be empty")
	}
	p, err := geocode(city)
	if err != nil {
		return Report{}, err
	}
	temp, code, err := current(p)
	if err != nil {
		return Report{}, err
	}
	name := p.name
	if p.country != "" {
		name += ", " + p.country
	}
	return Report{City: name, TemperatureC: temp, Summary: summary(code)}, nil
}

// place is what the geocoding API found for a name.
type place struct {
	name, country       string
	latitude, longitude float64
}

// getJSON sends a GET and returns the body of a 200 answer. An HTTPError
// (the host refused or could not send the request) is returned as it is, so
// the model reads its kind and message; another status is a ToolError with
// the API's reason when it gives one.
func getJSON(api, url string) ([]byte, error) {
	resp, err := subako.Fetch(&subako.HTTPRequest{
		URL:     url,
		Headers: map[string]string{"accept": "application/json"},
		Timeout: requestTimeout,
	})
	if err != nil {
		return nil, err
	}
	if resp.Status != 200 {
		msg := "the " + api + " API answered HTTP " + strconv.Itoa(resp.Status)
		if reason := errorReason([]byte(resp.Text)); reason != "" {
			msg += ": " + reason
		}
		return nil, subako.NewToolError(msg)
	}
	return []byte(resp.Text), nil
}

// geocode asks the geocoding API for the best match of name.
func geocode(name string) (place, error) {
	body, err := getJSON("geocoding", geocodingBase+"/v1/search?name="+queryEscape(name)+"&count=1&language=en&format=json")
	if err != nil {
		return place{}, err
	}
	p, found, err := parsePlace(body)
	switch {
	case err != nil:
		return place{}, subako.NewToolError("the geocoding API's answer could not be read: " + err.Error())
	case !found:
		return place{}, subako.NewToolError("no place named " + quote(name) + " was found: check the spelling, or name a larger city nearby")
	}
	return p, nil
}

// current asks the forecast API for the weather at p now.
func current(p place) (tempC float64, code int64, err error) {
	url := forecastBase + "/v1/forecast?latitude=" + queryEscape(formatFloat(p.latitude)) +
		"&longitude=" + queryEscape(formatFloat(p.longitude)) + "&current=temperature_2m,weather_code"
	body, err := getJSON("forecast", url)
	if err != nil {
		return 0, 0, err
	}
	tempC, code, err = parseCurrent(body)
	if err != nil {
		return 0, 0, subako.NewToolError("the forecast API's answer could not be read: " + err.Error())
	}
	return tempC, code, nil
}

// parsePlace reads the first of the geocoding answer's results:
// {"results":[{"name":...,"country":...,"latitude":...,"longitude":...}]}.
// An answer without results found nothing.
func parsePlace(body []byte) (p place, found bool, err error) {
	s := jsonwire.NewScanner(body)
	err = s.Members(func(key string) error {
		if key != "results" {
			_, err := s.Skip()
			return err
		}
		if err := s.Expect(jsonwire.ArrayBegin); err != nil {
			return err
		}
		for s.PeekKind() != jsonwire.ArrayEnd {
			if found {
				if _, err := s.Skip(); err != nil {
					return err
				}
				continue
			}
			var hasLat, hasLon bool
			err := s.Members(func(key string) (err error) {
				switch key {
				case "name":
					p.name, err = str(s)
				case "country":
					p.country, err = str(s)
				case "latitude":
					p.latitude, err = num(s)
					hasLat = true
				case "longitude":
					p.longitude, err = num(s)
					hasLon = true
				default:
					_, err = s.Skip()
				}
				return err
			})
			if err != nil {
				return err
			}
			if p.name == "" || !hasLat || !hasLon {
				return &jsonwire.Error{Offset: s.Offset(), Msg: "a result lacks its name, latitude or longitude"}
			}
			if p.latitude < -90 || p.latitude > 90 || p.longitude < -180 || p.longitude > 180 {
				return &jsonwire.Error{Offset: s.Offset(), Msg: "a result's coordinates are out of range"}
			}
			found = true
		}
		return s.Expect(jsonwire.ArrayEnd)
	})
	if err == nil {
		err = s.Expect(jsonwire.End)
	}
	return p, found, err
}

// parseCurrent reads {"current":{"temperature_2m":...,"weather_code":...}}.
func parseCurrent(body []byte) (tempC float64, code int64, err error) {
	var hasTemp, hasCode bool
	s := jsonwire.NewScanner(body)
	err = s.Members(func(key string) error {
		if key != "current" {
			_, err := s.Skip()
			return err
		}
		return s.Members(func(key string) (err error) {
			switch key {
			case "temperature_2m":
				tempC, err = num(s)
				hasTemp = true
			case "weather_code":
				if err = s.Expect(jsonwire.Number); err == nil {
					code, err = jsonwire.ParseInt(s.Num(), 32)
				}
				hasCode = true
			default:
				_, err = s.Skip()
			}
			return err
		})
	})
	if err == nil {
		err = s.Expect(jsonwire.End)
	}
	if err == nil && (!hasTemp || !hasCode) {
		err = &jsonwire.Error{Offset: 0, Msg: "it has no current temperature_2m and weather_code"}
	}
	return tempC, code, err
}

// errorReason finds the reason in an Open-Meteo error body,
// {"error":true,"reason":"..."}, or "" when the body is not one.
func errorReason(body []byte) string {
	reason := ""
	s := jsonwire.NewScanner(body)
	_ = s.Members(func(key string) (err error) {
		if key == "reason" && s.PeekKind() == jsonwire.String {
			reason, err = str(s)
			return err
		}
		_, err = s.Skip()
		return err
	})
	const max = 300 // the start of a long reason says enough
	if len(reason) > max {
		reason = strings.ToValidUTF8(reason[:max], "") + "…"
	}
	return reason
}

func str(s *jsonwire.Scanner) (string, error) {
	if err := s.Expect(jsonwire.String); err != nil {
		return "", err
	}
	return s.Text(), nil
}

func num(s *jsonwire.Scanner) (float64, error) {
	if err := s.Expect(jsonwire.Number); err != nil {
		return 0, err
	}
	return jsonwire.ParseFloat(s.Num(), 64)
}

func formatFloat(f float64) string {
	b, _ := jsonwire.AppendFloat(nil, f, 64) // finite: it was parsed from JSON
	return string(b)
}

func quote(s string) string { return string(jsonwire.AppendString(nil, s)) }

// queryEscape percent-encodes s for a URL's query, leaving only RFC 3986's
// unreserved characters as they are (net/url would bring in fmt).
func queryEscape(s string) string {
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b = append(b, c)
		} else {
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	return string(b)
}

// summary names a WMO weather interpretation code, as Open-Meteo reports it.
func summary(code int64) string {
	switch code {
	case 0:
		return "Clear sky"
	case 1:
		return "Mainly clear"
	case 2:
		return "Partly cloudy"
	case 3:
		return "Overcast"
	case 45:
		return "Fog"
	case 48:
		return "Depositing rime fog"
	case 51:
		return "Light drizzle"
	case 53:
		return "Moderate drizzle"
	case 55:
		return "Dense drizzle"
	case 56:
		return "Light freezing drizzle"
	case 57:
		return "Dense freezing drizzle"
	case 61:
		return "Slight rain"
	case 63:
		return "Moderate rain"
	case 65:
		return "Heavy rain"
	case 66:
		return "Light freezing rain"
	case 67:
		return "Heavy freezing rain"
	case 71:
		return "Slight snowfall"
	case 73:
		return "Moderate snowfall"
	case 75:
		return "Heavy snowfall"
	case 77:
		return "Snow grains"
	case 80:
		return "Slight rain showers"
	case 81:
		return "Moderate rain showers"
	case 82:
		return "Violent rain showers"
	case 85:
		return "Slight snow showers"
	case 86:
		return "Heavy snow showers"
	case 95:
		return "Thunderstorm"
	case 96:
		return "Thunderstorm with slight hail"
	case 99:
		return "Thunderstorm with heavy hail"
	}
	return "Weather code " + strconv.FormatInt(code, 10)
}

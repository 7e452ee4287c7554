package serve

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/host/subakohttp"
)

// TestServeHTTPFixture: with Options.HTTPFixture (serve --http-fixture),
// examples/weather is tried offline as subakogo call tries it: its
// requests are answered from the recording, and a city not recorded comes
// back as the connection error that names the fixture.
func TestServeHTTPFixture(t *testing.T) {
	const fixture = "../../examples/weather/testdata/berlin.json"
	f, err := subakohttp.LoadFixture(fixture)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := newServer(t, buildWasm(t, "../../examples/weather", ""), Options{HTTPFixture: f})
	c := startClient(t, s, true)
	res, r := c.call("forecast", map[string]any{"city": "Berlin"})
	if res.IsError || !strings.Contains(string(res.StructuredContent), `"city":"Berlin, Germany"`) {
		t.Errorf("Berlin, from the recording: %s", r.Raw)
	}
	res, r = c.call("forecast", map[string]any{"city": "Paris"})
	if !res.IsError || !strings.Contains(res.text(), "the fixture "+fixture+" has no recorded response for GET https://geocoding-api.open-meteo.com/v1/search?name=Paris&") {
		t.Errorf("Paris, not recorded: %s", r.Raw)
	}
}

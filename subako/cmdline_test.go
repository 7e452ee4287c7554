//go:build !wasip1

package subako

import "testing"

func TestManifest(t *testing.T) {
	got := string(appendManifest(nil, &Package{Name: "weather-2", Description: "Forecasts \"now\" — and later.\n"}))
	want := "{\n  \"abi\": 1,\n  \"name\": \"weather-2\",\n  \"description\": \"Forecasts \\\"now\\\" — and later.\\n\"\n}\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

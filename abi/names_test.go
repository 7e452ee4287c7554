package abi_test

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi"
)

func TestSuggestToolName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"GetWeather", "get_weather"},
		{"getWeather", "get_weather"},
		{"HTTPGet", "http_get"},
		{"UserID", "user_id"},
		{"parseV2", "parse_v2"},
		{"Weather.Get", "weather_get"},
		{"get weather!", "get_weather"},
		{"get-weather", "get-weather"}, // valid: unchanged
		{"_private", "_private"},       // valid: unchanged
		{"Größe", ""},                  // a letter beyond ASCII: dropping it would suggest another word
		{"café", ""},
		{"get café!", ""},
		{"__", "__"}, // valid, if odd
		{"!!", ""},
		{"日本", ""},
		{"", ""},
		{strings.Repeat("ab", 40), strings.Repeat("ab", 32)},
		{strings.Repeat("a", 63) + "_B", strings.Repeat("a", 63)}, // cut, then no '_' left at the end
	} {
		got := abi.SuggestToolName(c.in)
		if got != c.want {
			t.Errorf("SuggestToolName(%q) = %q, want %q", c.in, got, c.want)
		}
		if got != "" && !abi.ValidToolName(got) {
			t.Errorf("SuggestToolName(%q) = %q, which is not valid: %s", c.in, got, abi.ToolNameProblem(got))
		}
	}
}

func TestToolNameProblem(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"greet", ""},
		{"a-b_9", ""},
		{strings.Repeat("a", abi.ToolNameMax), ""},
		{"", "the name is empty"},
		{strings.Repeat("a", abi.ToolNameMax+1), "the name is 65 characters; the limit is 64"},
		{"Get.Weather", `the name has characters outside a-z, 0-9, '_' and '-': 'G' '.' 'W'`},
		{"ABCDEFG", `the name has characters outside a-z, 0-9, '_' and '-': 'A' 'B' 'C' 'D' 'E' ...`},
		{strings.Repeat("é", 65), `the name is 65 characters; the limit is 64; the name has characters outside a-z, 0-9, '_' and '-': 'é'`},
	} {
		if got := abi.ToolNameProblem(c.in); got != c.want {
			t.Errorf("ToolNameProblem(%q) = %q, want %q", c.in, got, c.want)
		}
		if abi.ValidToolName(c.in) != (c.want == "") {
			t.Errorf("ValidToolName(%q) = %v", c.in, c.want != "")
		}
	}
}

func TestSnakeCase(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"greet": "greet", "greetUser": "greet_user", "HTTPGet": "http_get", "UserID": "user_id",
		"parseV2": "parse_v2", "ID": "id", "A": "a", "getHTTPResponse": "get_http_response",
	} {
		if got := abi.SnakeCase(in); got != want {
			t.Errorf("SnakeCase(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzSuggestToolName: whatever the input, the suggestion is valid or empty,
// and suggesting again changes nothing.
func FuzzSuggestToolName(f *testing.F) {
	for _, s := range []string{"GetWeather", "a.b", "", "日本語", strings.Repeat("X", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := abi.SuggestToolName(s)
		if got != "" && !abi.ValidToolName(got) {
			t.Fatalf("SuggestToolName(%q) = %q: %s", s, got, abi.ToolNameProblem(got))
		}
		if again := abi.SuggestToolName(got); again != got {
			t.Fatalf("SuggestToolName(%q) = %q, not idempotent (%q)", s, got, again)
		}
	})
}

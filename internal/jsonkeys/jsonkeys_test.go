package jsonkeys

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestMembers(t *testing.T) {
	t.Parallel()
	fields := []string{"tools", "nextCursor"}
	for _, c := range []struct{ obj, want string }{
		{`{"tools":[],"nextCursor":"x","_meta":{},"Other":1}`, ""},
		{`{"tools":[],"tools":[]}`, `the key "tools" is written twice`},
		{`{"a":1,"\u0061":2}`, `the key "a" is written twice`},
		{`{"TOOLS":[]}`, `the key "TOOLS" is "tools" in another case`},
		{`{"toolſ":[]}`, `the key "toolſ" is "tools" in another case`},
		{`{"nextcursor":"x"}`, `the key "nextcursor" is "nextCursor" in another case`},
		{`{"` + strings.Repeat("\u202e", 100) + `":1,"` + strings.Repeat("\u202e", 100) + `":2}`, `the key "\u202e\u202e`},
		{`[1]`, "not a JSON object"},
		{`{"a":1} {}`, "data after the object"},
		{`{"a":`, "EOF"},
	} {
		var keys []string
		err := Members([]byte(c.obj), fields, func(k string, _ json.RawMessage) error {
			keys = append(keys, k)
			return nil
		})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.obj, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.obj, err, c.want)
		}
		if err != nil && strings.ContainsRune(err.Error(), '\u202e') {
			t.Errorf("%s: the error holds a bidi control raw: %q", c.obj, err)
		}
	}
	stop := errors.New("stop")
	if err := Members([]byte(`{"a":1,"b":2}`), nil, func(k string, _ json.RawMessage) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("visit's error: %v", err)
	}
}

func TestFolded(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{"description": "", "Description": "description", "deſcription": "description", "x": ""} {
		if got := Folded(key, []string{"name", "description"}); got != want {
			t.Errorf("Folded(%q) = %q, want %q", key, got, want)
		}
	}
}

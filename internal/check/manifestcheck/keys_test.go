package manifestcheck

import (
	"encoding/json"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// TestCaseFoldedKeyNotRead (attack pass 41c, row 2): the manifest's
// members are read by their exact keys, as the schema checks them;
// encoding/json, which matched "Name" or "NAME" for name (the last one
// winning), hid a name that is not the module's and drew a false M007
// from an unknown field.
func TestCaseFoldedKeyNotRead(t *testing.T) {
	t.Parallel()
	discover := json.RawMessage(`{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hello","description":"Says hello."}}}`)
	for _, c := range []struct {
		name, in string
		want     bool // M007 expected
	}{
		{"name differs, Name matches", `{"abi":1,"name":"other","description":"Says hello.","Name":"hello"}`, true},
		{"name matches, NAME differs", `{"abi":1,"name":"hello","description":"Says hello.","NAME":"evil"}`, false},
		{"description differs, DESCRIPTION matches", `{"abi":1,"name":"hello","description":"Something else.","DESCRIPTION":"Says hello."}`, true},
		{"description matches, Description differs", `{"abi":1,"name":"hello","Description":"evil","description":"Says hello."}`, false},
	} {
		m, fs := Check([]byte(c.in))
		for _, f := range fs {
			if f.Rule.Severity == rules.Error {
				t.Fatalf("%s: Check: unexpected error %s %s", c.name, f.Rule.ID, f.Message)
			}
		}
		if m == nil {
			t.Fatalf("%s: Check returned no manifest", c.name)
		}
		got := false
		for _, f := range SameAsServer(m, discover) {
			got = got || f.Rule == rules.ManifestMismatch
			if !c.want {
				t.Errorf("%s: false M007: %s", c.name, f.Message)
			}
		}
		if c.want && !got {
			t.Errorf("%s: no M007: the manifest's %q differs from the module's, but the Manifest read is %+v", c.name, c.in, *m)
		}
		if r, ok := Read([]byte(c.in)); !ok || r != *m {
			t.Errorf("%s: Read gives %+v, %v; Check %+v", c.name, r, ok, *m)
		}
	}
}

// TestSchemaFindingAtChecked (attack pass 41c, row 3): with "name" written
// twice, the schema validates the last value ("BAD"), and its M005 finding
// points at that value (line 2), not at the first (line 1, "hello").
func TestSchemaFindingAtChecked(t *testing.T) {
	t.Parallel()
	_, fs := Check([]byte("{\"abi\":1,\"name\":\"hello\",\"description\":\"Says hello.\",\n\"name\":\"BAD\"}"))
	n := 0
	for _, f := range fs {
		if f.Rule == rules.ManifestField {
			n++
			if f.Line != 2 || f.Column != 8 {
				t.Errorf("M005 at %d:%d: %s, but \"BAD\" is at 2:8", f.Line, f.Column, f.Message)
			}
		}
	}
	if n == 0 {
		t.Errorf("no M005 for name \"BAD\": %v", fs)
	}
}

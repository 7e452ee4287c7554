package toolcheck

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
)

// zeroList is n JSON zeros, comma-separated.
func zeroList(n int) string { return strings.TrimSuffix(strings.Repeat("0,", n), ",") }

// paddedOutput is attack pass 51b's bigout outputSchema: an integer n and
// an unused $defs enum of pad zeros, 11+pad JSON values.
func paddedOutput(pad int) string {
	return `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"],"additionalProperties":false,"$defs":{"pad":{"enum":[` + zeroList(pad) + `]}}}`
}

// bulkSchemaTool is attack pass 51b's bigcompile tool: its outputSchema is
// {"type":"object","anyOf":[{"title":tag},{},{},...]} of k subschemas,
// k+4 JSON values.
func bulkSchemaTool(tag string, k int) string {
	return `{"name":"t` + tag + `","description":"Count the things of kind ` + tag + ` you have.",` +
		`"inputSchema":{"type":"object","properties":{},"additionalProperties":false},` +
		`"outputSchema":{"type":"object","anyOf":[{"title":"` + tag + `"}` + strings.Repeat(",{}", k-1) + `]}}`
}

// TestSchemaPastValuesRefusedUncompiled: a schema past
// offlineschema.MaxSchemaValues is T019, an error, and is not compiled
// (the compile is quadratic in the subschemas: an anyOf of 60,000 {} cost
// lint 30 s of CPU, four tools of 21,000 under every other cap 5.2 s), as
// a schema over 64 KiB (T012) is not; one at the cap is compiled and
// clean. Before, both were compiled and only T012 was said: an
// outputSchema padded past the cap by one unused value hid wrong results
// (resultcheck does not compile it) with no finding at all (attack pass
// 51b, rows 1 and 2). Counted by compiles, not by time.
func TestSchemaPastValuesRefusedUncompiled(t *testing.T) {
	t.Parallel()
	withOutput := func(s string) string {
		return `{"name":"count","description":"Count the things you have.","inputSchema":` + cleanSchema + `,"outputSchema":` + s + `}`
	}
	padIn := func(k int) string { // 8+k values
		return `{"type":"object","properties":{"a":` + cleanProp + `},"additionalProperties":false,"x-pad":[` + zeroList(k) + `]}`
	}
	limit := offlineschema.MaxSchemaValues
	for _, c := range []struct {
		name     string
		tools    []string
		want     []string // rule IDs
		compiles int      // distinct schemas compiled
		msg      string
	}{
		{"output at the cap", []string{withOutput(paddedOutput(limit - 11))}, nil, 2, ""},
		{"output one value past", []string{withOutput(paddedOutput(limit - 10))}, []string{"T019"}, 1,
			`tool "count": outputSchema holds 10,001 JSON values, past the 10,000 subakogo compiles: arguments and results cannot be checked against it`},
		{"input at the cap", []string{toolJSON("t", padIn(limit-8))}, nil, 1, ""},
		{"input one value past", []string{toolJSON("t", padIn(limit-7))}, []string{"T019"}, 0, `tool "t": inputSchema holds 10,001 JSON values`},
		{"anyOf of 12,000 {}", []string{bulkSchemaTool("a", 12_000)}, []string{"T019"}, 1, "outputSchema holds 12,004 JSON values"},
		{"anyOf of 30,000 {}, over 64 KiB too", []string{bulkSchemaTool("a", 30_000)}, []string{"T012", "T019"}, 1, "outputSchema is 90,"},
		{"over 64 KiB, few values", []string{toolJSON("t", schemaOfSize(t, 65537))}, []string{"T012"}, 0, "inputSchema is 65,537 bytes"},
		{"four of 21,000 {} under every other cap", []string{bulkSchemaTool("a", 21_000), bulkSchemaTool("b", 21_000), bulkSchemaTool("c", 21_000), bulkSchemaTool("d", 21_000)},
			[]string{"T019"}, 1, `tool "ta": outputSchema holds 21,004 JSON values`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := check(toolList(t, c.tools...))
			fs := got.out.Findings()
			var ids []string
			for _, f := range fs {
				if !slices.Contains(ids, f.Rule.ID) {
					ids = append(ids, f.Rule.ID)
				}
				if f.Rule == rules.SchemaValues && f.Severity() != rules.Error {
					t.Errorf("T019 is %s, want an error", f.Severity())
				}
			}
			if !slices.Equal(ids, c.want) {
				t.Fatalf("findings %v, want %v\n%s", ids, c.want, messages(fs))
			}
			if c.msg != "" && !strings.Contains(fs[0].Message, c.msg) {
				t.Errorf("%q does not contain %q", fs[0].Message, c.msg)
			}
			// The inputSchema of each is compiled when under the caps.
			if n := len(got.compiled); n != c.compiles {
				t.Errorf("%d schemas compiled, want %d", n, c.compiles)
			}
		})
	}
}

// TestSchemaValuesCountedAsCompiled: a member named twice counts once, as
// the compiler reads it (its last value), so the cap is the probes' cap.
func TestSchemaValuesCountedAsCompiled(t *testing.T) {
	t.Parallel()
	twice := `{"type":"object","properties":{},"additionalProperties":false,"x":[` + zeroList(offlineschema.MaxSchemaValues) + `],"x":0}`
	fs := Check([]json.RawMessage{json.RawMessage(`{"name":"t","description":"Does a thing.","inputSchema":` + twice + `}`)})
	if len(fs) != 1 || fs[0].Rule != rules.TextDuplicateKey { // the key written twice, said on its own
		t.Errorf("findings %s, want T045 alone: the compiler reads 6 values", messages(fs))
	}
}

// TestRealSchemasUnderValuesCap: no schema of the real tool lists
// (internal/tooltext's corpus: 160 lists, 4,394 tools) comes near T019's
// cap, and no list's schemas together (each distinct text once, as Check
// compiles them) come within a quarter of the list's
// (offlineschema.MaxListSchemaValues: ms365's 21,523 is the most); the
// largest are logged.
func TestRealSchemasUnderValuesCap(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../../tooltext/testdata/real/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	most, where, schemas := 0, "", 0
	mostList, whereList := 0, ""
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var list struct {
			Tools []map[string]json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(data, &list); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		seen, total := map[string]bool{}, 0
		for _, tool := range list.Tools {
			for _, field := range []string{"inputSchema", "outputSchema"} {
				raw, ok := tool[field]
				if !ok {
					continue
				}
				root, err := parseJSON(raw)
				if err != nil {
					continue
				}
				schemas++
				n := offlineschema.Values(root.toAny())
				if n > most {
					most, where = n, filepath.Base(f)+" "+string(tool["name"])+" "+field
				}
				if !seen[string(raw)] {
					seen[string(raw)] = true
					total += n
				}
			}
		}
		if total > mostList {
			mostList, whereList = total, filepath.Base(f)
		}
	}
	t.Logf("%d schemas, the largest %d JSON values (%s); the largest list's %d (%s)", schemas, most, where, mostList, whereList)
	if mostList > offlineschema.MaxListSchemaValues/4 {
		t.Errorf("a real list's schemas hold %d JSON values (%s), within 4 times of the list's %d", mostList, whereList, offlineschema.MaxListSchemaValues)
	}
	if most > offlineschema.MaxSchemaValues/2 {
		t.Errorf("a real schema holds %d JSON values (%s), near T019's %d", most, where, offlineschema.MaxSchemaValues)
	}
}

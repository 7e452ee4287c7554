package argsgen

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// checkCases holds cases to their contract with a validator set up here,
// apart from the package's own: a valid case passes with formats and
// content asserted, an invalid one fails even with formats as annotations.
// It returns the names.
func checkCases(t *testing.T, schema string, cases []Case) []string {
	t.Helper()
	var names []string
	for _, strict := range []bool{true, false} {
		c := offlineschema.NewCompiler()
		if strict {
			c.AssertFormat()
			c.AssertContent()
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource("urn:test", doc); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile("urn:test")
		if err != nil {
			t.Fatalf("%s: %v", schema, err)
		}
		for _, cs := range cases {
			if cs.Valid != strict {
				continue
			}
			if !json.Valid(cs.Args) || !bytes.HasPrefix(cs.Args, []byte("{")) {
				t.Errorf("%s: arguments %s are not a JSON object", cs.Name, cs.Args)
				continue
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(cs.Args))
			if err != nil {
				t.Fatal(err)
			}
			err = s.Validate(inst)
			if cs.Valid && err != nil {
				t.Errorf("%s: valid case %s fails: %v", cs.Name, cs.Args, err)
			}
			if !cs.Valid && err == nil {
				t.Errorf("%s: invalid case %s passes", cs.Name, cs.Args)
			}
		}
	}
	for _, cs := range cases {
		names = append(names, cs.Name)
		if cs.Valid != strings.HasPrefix(cs.Name, "valid") {
			t.Errorf("case %q has Valid %v", cs.Name, cs.Valid)
		}
	}
	return names
}

// tool is a tool of a tool list, as the tests read it.
type tool struct {
	Name         string          `json:"name"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
}

// repoTools are the tools of examples/* and of the generator's golden
// packages: the tool lists those packages answer at discovery, made by the
// model each generated file embeds.
func repoTools(t *testing.T) map[string]tool {
	t.Helper()
	out := map[string]tool{}
	var lists [][]byte
	b, err := os.ReadFile("../../../analyzer/testdata/everything.tools.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	lists = append(lists, b)
	files, _ := filepath.Glob("../../../examples/*/subako_gen.go")
	files = append(files, "../../codegen/testdata/extra/subako_gen.go")
	if len(files) < 4 {
		t.Fatalf("found only %v", files)
	}
	for _, f := range files {
		p, err := model.DecodeCanonical([]byte(embeddedModel(t, f)))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		l, err := p.ToolsJSON()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		lists = append(lists, l)
	}
	for i, l := range lists {
		var tools []tool
		if err := json.Unmarshal(l, &tools); err != nil {
			t.Fatal(err)
		}
		for _, tl := range tools {
			out[strconv.Itoa(i)+"/"+tl.Name] = tl
		}
	}
	return out
}

// embeddedModel is the subakoModel constant of a generated file (a raw
// string: the generator writes it so).
func embeddedModel(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\nconst "+model.ModelConstName+" = `")
	text, _, ok2 := strings.Cut(rest, "`")
	if !ok || !ok2 {
		t.Fatalf("%s: no %s constant", file, model.ModelConstName)
	}
	return text
}

// invalidKinds are words each kind of invalid case's name holds.
var invalidKinds = []string{"missing", "schema wants", "unknown field", "maximum", "minimum", "not in enum", "does not match pattern", "not a multiple", "minLength", "maxLength", "minItems", "maxItems"}

// Every tool of the repository's packages gets a valid case first with no
// note, and its invalid cases fail its schema; together they show every
// kind of invalid case.
func TestRepositoryTools(t *testing.T) {
	t.Parallel()
	tools := repoTools(t)
	if len(tools) < 10 {
		t.Fatalf("only %d tools", len(tools))
	}
	kinds := map[string]int{}
	for name, tl := range tools {
		cases, notes := Cases(tl.InputSchema, Options{MaxCases: 40})
		if len(notes) > 0 {
			t.Errorf("%s: notes %q", name, notes)
		}
		if len(cases) == 0 || !cases[0].Valid || cases[0].Name != "valid" {
			t.Errorf("%s: no valid case first: %v", name, cases)
			continue
		}
		for _, n := range checkCases(t, string(tl.InputSchema), cases) {
			for _, k := range invalidKinds {
				if strings.Contains(n, k) {
					kinds[k]++
				}
			}
		}
	}
	for _, k := range invalidKinds {
		if kinds[k] == 0 {
			t.Errorf("no invalid case of kind %q across the repository's tools", k)
		}
	}
}

package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/subako-ai/subako-go/internal/rules"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.golden")

// The fixture uses its own rules rather than rules.Catalog, so that editing a
// rule's doc does not break these goldens. wWarn is deliberately missing from
// fixtureOptions.Rules: SARIF must still list it and index it.
var (
	wFeature = &rules.Rule{ID: "W006", Slug: "feature-not-available", Severity: rules.Error, Since: "v0.1.0", By: rules.ModuleCheck,
		Title: "The module uses a WebAssembly feature Subako does not provide",
		Why:   "Subako runs WebAssembly 2.0\nwithout GC.", Example: "clang -matomics", Fix: "turn the feature off:\n\n    clang -mno-atomics\n"}
	wStart = &rules.Rule{ID: "W020", Slug: "start-missing", Severity: rules.Error,
		Title: "No _start export: not a WASI command", Why: "Subako calls _start.", Example: "a library", Fix: "build a command"}
	wWarn = &rules.Rule{ID: "W050", Slug: "large-memory", Severity: rules.Warning,
		Title: "A large initial memory", Why: "Every call pays for the initial memory."}
	wHeavy = &rules.Rule{ID: "W040", Slug: "heavy-custom-section", Severity: rules.Info,
		Title: "Custom sections that only add weight", Why: "Debug sections are not used."}
	wUnused = &rules.Rule{ID: "W001", Slug: "not-wasm", Severity: rules.Error,
		Title: "The file is not a WebAssembly binary", Why: `No "\0asm" magic.`}
)

var fixtureOptions = Options{ToolName: "subakogo", Version: "v1.2.3", Rules: []*rules.Rule{wUnused, wFeature, wStart, wHeavy}}

// fixture is two files: one with every kind of finding, listed out of
// order to exercise sorting, and a clean one whose path needs URI escaping.
func fixture() []File {
	return []File{
		{Path: "build/app.wasm", Size: 123456, SHA256: strings.Repeat("ab", 32), MIMEType: "application/wasm",
			Findings: []rules.Finding{
				{Rule: wHeavy, Message: "custom sections .debug_info, .debug_line weigh 40210 bytes", Offset: 0x1c000, Length: 40210},
				{Rule: wFeature, Message: "uses threads (shared memory, atomics): 3 uses, first at 0x1a2b", Offset: 0x1a2b, Length: 3, Function: "main.worker", Feature: "threads"},
				{Rule: wStart, Message: "no _start export", Offset: -1},
				{Rule: wWarn, Message: "initial memory is 256 MiB <= 4 GiB", Offset: 0x40, Length: 4},
			}},
		{Path: "dist/hello world.wasm", Size: 512, SHA256: strings.Repeat("cd", 32), MIMEType: "application/wasm"},
	}
}

func render(t *testing.T, f Format, files []File, opt Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, f, files, opt); err != nil {
		t.Fatalf("Write(%s): %v", f, err)
	}
	return b.Bytes()
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, f := range []Format{Text, JSON, SARIF} {
		t.Run(string(f), func(t *testing.T) {
			got := render(t, f, fixture(), fixtureOptions)
			path := filepath.Join("testdata", "golden", string(f)+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/report -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs (-want +got; go test ./internal/report -update rewrites it):\n%s", path, lineDiff(string(want), string(got)))
			}
		})
	}
}

// lineDiff lists the lines to delete from want and insert to get got,
// from a longest-common-subsequence alignment.
func lineDiff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	lcs := make([][]int, len(a)+1) // lcs[i][j]: LCS length of a[i:] and b[j:]
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var s strings.Builder
	for i, j := 0, 0; i < len(a) || j < len(b); {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			i, j = i+1, j+1
		case j < len(b) && (i == len(a) || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&s, "+%4d %s\n", j+1, b[j])
			j++
		default:
			fmt.Fprintf(&s, "-%4d %s\n", i+1, a[i])
			i++
		}
	}
	return s.String()
}

func TestWriteLeavesInputUnsorted(t *testing.T) {
	t.Parallel()
	files := fixture()
	render(t, Text, files, fixtureOptions)
	if files[0].Findings[0].Rule != wHeavy {
		t.Error("Write sorted the caller's findings in place")
	}
}

// TestTextFileOrder: findings in a text file (no offsets) come out by
// line and column, whatever order the checks reported them in.
func TestTextFileOrder(t *testing.T) {
	t.Parallel()
	at := func(r *rules.Rule, line, col int) rules.Finding {
		return rules.Finding{Rule: r, Message: "m", Offset: -1, Line: line, Column: col}
	}
	files := []File{{Path: "subako-package.json", Findings: []rules.Finding{at(wStart, 9, 2), at(wFeature, 3, 7), at(wFeature, 3, 1), at(wStart, 1, 1)}}}
	var got []string
	for _, l := range strings.Split(string(render(t, Text, files, Options{})), "\n") {
		if p, _, ok := strings.Cut(l, ": "); ok && strings.HasPrefix(p, "subako-package.json:") {
			got = append(got, strings.TrimPrefix(p, "subako-package.json:"))
		}
	}
	if want := []string{"1:1", "3:1", "3:7", "9:2"}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

func TestTextColorAndEscapes(t *testing.T) {
	t.Parallel()
	files := []File{{Path: "a.wasm", Findings: []rules.Finding{{Rule: wFeature, Message: "m\nx \u202eevil\u2066 \U000e0041\a", Offset: 1, Function: "f\x1b[2J"}}}}
	plain := string(render(t, Text, files, Options{}))
	if strings.ContainsAny(plain, "\x1b\a\u202e\u2066\U000e0041") || strings.Count(plain, "\n") != 2 {
		t.Errorf("control, bidi or tag characters not escaped:\n%q", plain)
	}
	if want := `a.wasm@0x1: error W006 feature-not-available: m\nx \u202eevil\u2066 \U000e0041\x07 (in func f\x1b[2J)`; !strings.HasPrefix(plain, want) {
		t.Errorf("got %q, want prefix %q", plain, want)
	}
	// Verbatim (a JSON log notification) keeps the text intact.
	if v := string(render(t, Text, files, Options{Verbatim: true})); !strings.Contains(v, "m\nx \u202eevil\u2066 \U000e0041\a (in func f\x1b[2J)") {
		t.Errorf("verbatim: %q", v)
	}
	// JSON keeps it intact too, with JSON's own escapes only.
	var doc struct {
		Files []struct {
			Findings []struct{ Message string }
		}
	}
	if err := json.Unmarshal(render(t, JSON, files, Options{}), &doc); err != nil || doc.Files[0].Findings[0].Message != files[0].Findings[0].Message {
		t.Errorf("JSON message %+v, %v", doc, err)
	}
	if c := string(render(t, Text, files, Options{Color: true})); !strings.Contains(c, "\x1b[1;31merror\x1b[0m") {
		t.Errorf("no colour: %q", c)
	}
	if got := string(render(t, Text, []File{{Path: "a.wasm"}}, Options{})); got != "no findings in 1 file\n" {
		t.Errorf("clean summary: %q", got)
	}
}

func TestJSONContract(t *testing.T) {
	t.Parallel()
	var doc struct {
		Files []struct {
			Path     string
			Size     *int64
			SHA256   *string
			Findings []map[string]any
		}
		Summary map[string]int
	}
	out := render(t, JSON, fixture(), fixtureOptions)
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Files) != 2 {
		t.Fatalf("%d files, want 2", len(doc.Files))
	}
	fs := doc.Files[0].Findings
	if len(fs) != 4 {
		t.Fatalf("%d findings, want 4", len(fs))
	}
	// Sorted: no offset first, then by offset.
	start, feat := fs[0], fs[2]
	for key, want := range map[string]any{"rule": "W020", "slug": "start-missing", "severity": "error", "offset": nil, "function": nil, "feature": nil} {
		if v, ok := start[key]; !ok || v != want {
			t.Errorf("start finding %s = %v (present %v), want %v", key, v, ok, want)
		}
	}
	for key, want := range map[string]any{"rule": "W006", "offset": float64(0x1a2b), "function": "main.worker", "feature": "threads"} {
		if feat[key] != want {
			t.Errorf("feature finding %s = %v, want %v", key, feat[key], want)
		}
	}
	if !bytes.Contains(out, []byte(`"findings": []`)) || doc.Files[1].Findings == nil || len(doc.Files[1].Findings) != 0 {
		t.Error("a clean file's findings must be [], not null or absent")
	}
	if f := doc.Files[1]; f.Size == nil || *f.Size != 512 || f.SHA256 == nil {
		t.Errorf("clean file size/sha256 = %v/%v", f.Size, f.SHA256)
	}
	if want := map[string]int{"error": 2, "warning": 1, "info": 1}; fmt.Sprint(doc.Summary) != fmt.Sprint(want) {
		t.Errorf("summary %v, want %v", doc.Summary, want)
	}
}

// sarifValidator compiles the OASIS schema from testdata, registered under
// its own id so that nothing is fetched from the network.
func sarifValidator(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(sarifSchema, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(sarifSchema)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSARIFSchema(t *testing.T) {
	t.Parallel()
	s := sarifValidator(t)
	cases := map[string][]byte{
		"fixture": render(t, SARIF, fixture(), fixtureOptions),
		// The real catalog, unreadable file, non-semver version.
		"catalog": render(t, SARIF, []File{{Path: "/abs/x.wasm", Size: -1}}, Options{ToolName: "subakogo", Version: "(devel)", Rules: rules.Catalog}),
		"diff":    render(t, SARIF, diffFixture(), fixtureOptions),
		"waived": render(t, SARIF, []File{{Path: "m.wasm", Size: 1, Waived: []rules.Finding{{Rule: wWarn, Message: "m", Offset: -1, Waiver: "by design"}}}},
			fixtureOptions),
		"unjudged": render(t, SARIF, unjudgedFixture(), fixtureOptions),
	}
	for name, out := range cases {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(inst); err != nil {
			t.Errorf("%s: SARIF does not validate: %v", name, err)
		}
	}
	if !bytes.Contains(cases["catalog"], []byte(`"uri": "file:///abs/x.wasm"`)) {
		t.Error("absolute path is not a file URI")
	}
}

func TestSARIFSemantics(t *testing.T) {
	t.Parallel()
	type loc struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI   string
				Index int
			}
			Region map[string]any
		}
		LogicalLocations []struct{ Name, Kind string }
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					SemanticVersion string
					Rules           []struct{ ID string }
				}
			}
			Artifacts []struct {
				Location struct{ URI string }
				Hashes   map[string]string
			}
			Results []struct {
				RuleID              string
				RuleIndex           int
				Locations           []loc
				PartialFingerprints map[string]string
			}
		}
	}
	out := render(t, SARIF, fixture(), fixtureOptions)
	if bytes.Contains(out, []byte("startLine")) {
		t.Error("a binary region has startLine")
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if v := run.Tool.Driver.SemanticVersion; v != "1.2.3" {
		t.Errorf("semanticVersion %q", v)
	}
	if n := len(run.Tool.Driver.Rules); n != len(fixtureOptions.Rules)+1 {
		t.Errorf("%d rules, want every listed rule plus the unlisted W050", n)
	}
	if len(run.Artifacts) != 2 || run.Artifacts[1].Location.URI != "dist/hello%20world.wasm" {
		t.Errorf("artifacts: %+v", run.Artifacts)
	}
	for _, a := range run.Artifacts {
		if len(a.Hashes["sha-256"]) != 64 {
			t.Errorf("artifact %s has no sha-256", a.Location.URI)
		}
	}
	fps := map[string]bool{}
	for _, r := range run.Results {
		if rs := run.Tool.Driver.Rules; r.RuleIndex >= len(rs) || rs[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s: ruleIndex %d points elsewhere", r.RuleID, r.RuleIndex)
		}
		al := r.Locations[0].PhysicalLocation.ArtifactLocation
		if run.Artifacts[al.Index].Location.URI != al.URI {
			t.Errorf("result %s: artifact index %d is not %s", r.RuleID, al.Index, al.URI)
		}
		fp := r.PartialFingerprints["primaryLocationLineHash"]
		if fp == "" || fps[fp] {
			t.Errorf("result %s: missing or duplicate fingerprint %q", r.RuleID, fp)
		}
		fps[fp] = true
		switch r.RuleID {
		case "W020":
			if r.Locations[0].PhysicalLocation.Region != nil {
				t.Error("a finding without offset has a region")
			}
		case "W006":
			if l := r.Locations[0].LogicalLocations; len(l) != 1 || l[0].Name != "main.worker" || l[0].Kind != "function" {
				t.Errorf("logical locations %+v", l)
			}
		}
	}
}

// TestFingerprintStable: a rebuild moves offsets and changes counts; the
// alert must keep its fingerprint.
func TestFingerprintStable(t *testing.T) {
	t.Parallel()
	a := rules.Finding{Rule: wFeature, Message: "uses threads: 3 uses, first at 0x1a2b", Offset: 0x1a2b, Function: "main.worker"}
	b := rules.Finding{Rule: wFeature, Message: "uses threads: 5 uses, first at 0x2c00", Offset: 0x2c00, Function: "main.worker"}
	if fingerprint(a, "app.wasm") != fingerprint(b, "app.wasm") {
		t.Error("fingerprint depends on numbers in the message")
	}
	if fingerprint(a, "app.wasm") == fingerprint(a, "other.wasm") {
		t.Error("fingerprint ignores the path")
	}
}

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Format{"text": Text, "JSON": JSON, " sarif ": SARIF} {
		if got, err := ParseFormat(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "xml", "sarif2"} {
		if _, err := ParseFormat(in); err == nil || !strings.Contains(err.Error(), "want text, json or sarif") {
			t.Errorf("ParseFormat(%q) error = %v", in, err)
		}
	}
	if err := Write(&bytes.Buffer{}, Format("xml"), nil, Options{}); err == nil {
		t.Error("Write accepted an unknown format")
	}
}

// diffFixture is a change between two tool lists, placed by tool and
// pointer rather than by offset.
func diffFixture() []File {
	return []File{{Path: "tools.json", Size: -1, Findings: []rules.Finding{{Rule: rules.DiffBoundTightened, Offset: -1,
		Message: "forecast /inputSchema/properties/days/maximum: maximum 14 -> 7", Tool: "forecast", Pointer: "/inputSchema/properties/days/maximum"}}}}
}

// TestToolAndPointer: a change's tool and pointer are fields of its JSON
// finding and its SARIF logical location; other findings have neither.
func TestToolAndPointer(t *testing.T) {
	t.Parallel()
	out := string(render(t, JSON, diffFixture(), fixtureOptions))
	if !strings.Contains(out, `"tool": "forecast",`) || !strings.Contains(out, `"pointer": "/inputSchema/properties/days/maximum"`) {
		t.Errorf("json:\n%s", out)
	}
	if out := string(render(t, JSON, fixture(), fixtureOptions)); strings.Contains(out, `"tool"`) || strings.Contains(out, `"pointer"`) {
		t.Errorf("json of findings without a tool:\n%s", out)
	}
	out = string(render(t, SARIF, diffFixture(), fixtureOptions))
	if !strings.Contains(out, `"name": "forecast",`) || !strings.Contains(out, `"fullyQualifiedName": "forecast/inputSchema/properties/days/maximum"`) {
		t.Errorf("sarif:\n%s", out)
	}
}

// TestCoverage: the probes' search coverage is in the JSON document (and
// absent where the search did not run) and in the text, under its file.
func TestCoverage(t *testing.T) {
	t.Parallel()
	files := fixture()
	files[1].Coverage = &Coverage{Reached: 675, Functions: 2288, Runs: 600, Kept: 6}
	var doc struct {
		Files []struct {
			Coverage map[string]int
		}
	}
	if err := json.Unmarshal(render(t, JSON, files, fixtureOptions), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"reachedFunctions": 675, "functions": 2288, "searchRuns": 600, "keptCases": 6}
	if doc.Files[0].Coverage != nil || fmt.Sprint(doc.Files[1].Coverage) != fmt.Sprint(want) {
		t.Errorf("coverage %v and %v, want none and %v", doc.Files[0].Coverage, doc.Files[1].Coverage, want)
	}
	text := string(render(t, Text, files, fixtureOptions))
	if !strings.Contains(text, files[1].Path+": the probes' search reached 675 of 2288 functions (600 runs, 6 cases kept)\n") {
		t.Errorf("text:\n%s", text)
	}
}

// TestWaivedListedApart (from attack pass 36c): a warning a package
// waived for itself in its own text was dropped without a trace, so a
// reviewer could not see that a module silenced the linter. It is listed
// after the others, marked waived with its reason escaped, and never
// counted: text says so in the summary, JSON keeps it under "waived", and
// SARIF as a result with an in-source suppression.
func TestWaivedListedApart(t *testing.T) {
	t.Parallel()
	files := []File{{Path: "pkg/module.wasm", Size: 10, MIMEType: "application/wasm",
		Waived: []rules.Finding{{Rule: wWarn, Message: "mentions ~/.ssh/id_rsa", Offset: -1, Tool: "stamp", Pointer: "/description",
			Waiver: "by design\x1b[2J"}}}}
	text := string(render(t, Text, files, fixtureOptions))
	for _, want := range []string{`pkg/module.wasm: waived warning W050 large-memory: mentions ~/.ssh/id_rsa (waived by the package itself: "by design\x1b[2J")`,
		"no findings in 1 file; 1 finding the package waived for itself, listed above"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.ContainsRune(text, 0x1b) {
		t.Errorf("the waiver reached the terminal raw:\n%q", text)
	}
	var doc struct {
		Files []struct {
			Findings []json.RawMessage
			Waived   []struct{ Rule, Waiver string }
		}
		Summary map[string]int
	}
	if err := json.Unmarshal(render(t, JSON, files, fixtureOptions), &doc); err != nil {
		t.Fatal(err)
	}
	if f := doc.Files[0]; len(f.Findings) != 0 || len(f.Waived) != 1 || f.Waived[0].Waiver != "by design\x1b[2J" || doc.Summary["warning"] != 0 {
		t.Errorf("JSON: %+v", doc)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID       string
				Suppressions []struct{ Kind, Justification string }
			}
		}
	}
	if err := json.Unmarshal(render(t, SARIF, files, fixtureOptions), &log); err != nil {
		t.Fatal(err)
	}
	if r := log.Runs[0].Results; len(r) != 1 || len(r[0].Suppressions) != 1 || r[0].Suppressions[0].Kind != "inSource" || r[0].Suppressions[0].Justification != "by design\x1b[2J" {
		t.Errorf("SARIF: %+v", log)
	}
}

// unjudgedFixture is a file that could not be read, one that was not
// judged, and one judged clean.
func unjudgedFixture() []File {
	return []File{
		{Path: "gone.wasm", Size: -1, Error: "open gone.wasm: no such file or directory"},
		{Path: "busy.wasm", Size: -1, Error: "this machine is too busy [load]", NotJudged: true},
		{Path: "ok.wasm", Size: 8, SHA256: strings.Repeat("ef", 32)},
	}
}

// TestUnjudgedFilesSaid: a file that could not be read or was not judged
// has no findings, and every format says so: JSON its error and
// "notJudged", SARIF an unsuccessful invocation with a notification that
// names the file (a viewer of results alone took such a run for a clean
// one), text a line for each.
func TestUnjudgedFilesSaid(t *testing.T) {
	t.Parallel()
	var doc struct {
		Files []struct {
			Path      string
			Error     *string
			NotJudged bool
		}
	}
	if err := json.Unmarshal(render(t, JSON, unjudgedFixture(), fixtureOptions), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Files) != 3 || doc.Files[0].Error == nil || doc.Files[0].NotJudged || !doc.Files[1].NotJudged || doc.Files[2].Error != nil || doc.Files[2].NotJudged {
		t.Errorf("JSON files %+v: want gone.wasm's error, busy.wasm's notJudged, ok.wasm neither", doc.Files)
	}
	var log struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful        bool
				ToolExecutionNotifications []struct {
					Level     string
					Message   struct{ Text string }
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI   string
								Index int
							}
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(render(t, SARIF, unjudgedFixture(), fixtureOptions), &log); err != nil {
		t.Fatal(err)
	}
	inv := log.Runs[0].Invocations
	if len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 2 {
		t.Fatalf("SARIF invocations %+v: want one, unsuccessful, with two notifications", inv)
	}
	for i, want := range []struct {
		uri, text string
	}{{"gone.wasm", "cannot be read: open gone.wasm"}, {"busy.wasm", `not judged: this machine is too busy \[load\]`}} {
		n := inv[0].ToolExecutionNotifications[i]
		if l := n.Locations[0].PhysicalLocation.ArtifactLocation; n.Level != "error" || l.URI != want.uri || l.Index != i || !strings.HasPrefix(n.Message.Text, want.text) {
			t.Errorf("notification %d: %+v; want level error, %s (artifact %d), %q", i, n, want.uri, i, want.text)
		}
	}
	log.Runs = nil
	if err := json.Unmarshal(render(t, SARIF, fixture(), fixtureOptions), &log); err != nil {
		t.Fatal(err)
	}
	if inv := log.Runs[0].Invocations; len(inv) != 1 || !inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 0 {
		t.Errorf("every file judged: invocations %+v; want one, successful, no notification", inv)
	}
	text := string(render(t, Text, unjudgedFixture(), fixtureOptions))
	if !strings.Contains(text, "gone.wasm: cannot be read: open") || !strings.Contains(text, "busy.wasm: not judged: this machine") {
		t.Errorf("text:\n%s", text)
	}
}

// TestMachineReportsEscapeForTerminals (attack pass 48b, row 2): json and
// sarif reports go to standard output, a terminal unless redirected, and
// encoding/json escapes C0 controls only: a C1 control (U+009B, CSI), a
// bidi override or a zero-width character a module wrote reached the
// terminal raw. They are written as JSON's \u escapes, and the report
// decodes to the same text.
func TestMachineReportsEscapeForTerminals(t *testing.T) {
	const msg = "description changed to \"Adds.\u009b2J\u202egnp.exe\u200b\""
	files := []File{{Path: "n.json", Size: -1, Findings: []rules.Finding{{Rule: wHeavy, Message: msg, Offset: -1}}}}
	for _, f := range []Format{JSON, SARIF} {
		var b bytes.Buffer
		if err := Write(&b, f, files, fixtureOptions); err != nil {
			t.Fatal(err)
		}
		if i := bytes.IndexFunc(b.Bytes(), func(r rune) bool { return r == 0x9b || r == 0x202e || r == 0x200b }); i >= 0 {
			t.Errorf("%s: a character a terminal acts on or hides, raw at byte %d", f, i)
		}
		var doc any
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatalf("%s: not JSON: %v", f, err)
		}
		if got, _ := json.Marshal(doc); !bytes.Contains(got, []byte("\u009b2J\u202egnp.exe\u200b")) {
			t.Errorf("%s: the message does not decode to the text the module wrote", f)
		}
	}
}

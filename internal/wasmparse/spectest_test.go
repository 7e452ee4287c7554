package wasmparse

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The WebAssembly 2.0 specification test suite, compiled to binary modules
// by wast2json, ships inside the wazero module this project depends on.
// specDir finds it in the module cache.
func specDir(t *testing.T, sub string) string {
	t.Helper()
	// wazero is a tool dependency in go.mod; download it if the cache lacks it.
	_ = exec.Command("go", "mod", "download", "github.com/tetratelabs/wazero").Run()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/tetratelabs/wazero").Output()
	dir := filepath.Join(strings.TrimSpace(string(out)), "internal", "integration_test", "spectest", sub, "testdata")
	if _, statErr := os.Stat(dir); err != nil || statErr != nil || strings.TrimSpace(string(out)) == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("spec tests not found at %q (go list: %v)", dir, err)
		}
		t.Skipf("spec tests not found at %q (go list: %v)", dir, err)
	}
	return dir
}

type specCommand struct {
	Type       string `json:"type"`
	Line       int    `json:"line"`
	Filename   string `json:"filename"`
	Text       string `json:"text"`
	ModuleType string `json:"module_type"`
}

func specCommands(t *testing.T, path string) []specCommand {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Commands []specCommand `json:"commands"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f.Commands
}

// TestSpec20 runs every binary module of the 2.0 suite: valid ones must
// give no problem and use no refused feature; assert_invalid and
// assert_malformed ones must give a problem of that kind (Invalid or
// Malformed) whose message is the suite's expected text, but for the
// documented exceptions below.
func TestSpec20(t *testing.T) {
	t.Parallel()
	dir := specDir(t, "v2")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) < 50 {
		t.Fatalf("expected the 2.0 suite, found %d files", len(files))
	}
	var valid, rejected int
	for _, jf := range files {
		for _, c := range specCommands(t, jf) {
			if c.Filename == "" || !strings.HasSuffix(c.Filename, ".wasm") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, c.Filename))
			if err != nil {
				t.Fatal(err)
			}
			m := Parse(b)
			where := filepath.Base(jf) + ":" + itoa(int64(c.Line)) + " " + c.Filename
			switch c.Type {
			case "module", "assert_unlinkable", "assert_uninstantiable", "assert_trap", "assert_exhaustion":
				valid++
				for _, p := range m.Problems {
					t.Errorf("%s: valid module reported: %s at %#x (%s %s)", where, p.Message, p.Offset, p.Section, p.Instr)
				}
				for _, f := range AllFeatures() {
					if m.Uses(f).Count > 0 {
						t.Errorf("%s: valid 2.0 module reported to use %s", where, f.Slug())
					}
				}
			case "assert_invalid", "assert_malformed":
				rejected++
				if m.Kind == CoreModule && len(m.Problems) == 0 && !usesAny(m) {
					t.Errorf("%s: %s module (%q) accepted", where, c.Type, c.Text)
					continue
				}
				if len(m.Problems) == 0 {
					continue // refused for a feature beyond 2.0
				}
				want := Invalid
				if c.Type == "assert_malformed" {
					want = Malformed
				}
				p := m.Problems[0]
				if x, ok := specKindExceptions[c.Filename]; ok {
					want = x
				}
				if p.Kind != want {
					t.Errorf("%s: %s (%q) reported as %s: %s", where, c.Type, c.Text, kindName(p.Kind), p.Message)
				} else if !specMessageMatches(c.Text, p.Message) {
					t.Errorf("%s: %s expects %q, got %q", where, c.Type, c.Text, p.Message)
				}
			}
		}
	}
	t.Logf("%d valid modules accepted, %d invalid or malformed modules rejected", valid, rejected)
}

// specMessageExceptions lists, by the suite's expected text, the messages
// that say the same thing in other words. The first problem's message must
// contain the expected text or one of these.
var specMessageExceptions = map[string][]string{
	// A repeated section is named as such, where the reference interpreter
	// only says the order is wrong.
	"unexpected content after last section": {"duplicate "},
	// A section id or a limits flag is one byte: an over-long LEB128 there
	// reads as an unknown id or flag (or runs off the end).
	"integer representation too long": {"malformed section id", "malformed limits flags", "unexpected end of LEB128", "malformed type"},
	"integer too large":               {"malformed limits flags", "length out of bounds"},
	// Truncation: the reference names where decoding stopped; the reader
	// names the section cut short, or the length that runs past it.
	"unexpected end of section or function": {"unexpected end", "length out of bounds"},
	"length out of bounds":                  {"unexpected end"},
	"section size mismatch":                 {"unexpected end"},
	"malformed import kind":                 {"unexpected end", "length out of bounds"},
	"illegal opcode":                        {"unexpected end"},
	"END opcode expected":                   {"unexpected end"},
	// select without operands: the empty stack is found before the arity.
	"invalid result arity": {"type mismatch"},
	// See memory_init.4.wasm in specKindExceptions.
	"unknown data segment": {"data count section required"},
}

// specKindExceptions are the commands whose binary is refused for another
// kind of problem than the suite's text module was.
var specKindExceptions = map[string]ProblemKind{
	// data.drop with no data segments: wast2json writes no data count
	// section, and the binary format requires one for data.drop
	// ("data count section required"), so the binary is malformed.
	"memory_init.4.wasm": Malformed,
}

func specMessageMatches(want, got string) bool {
	if strings.Contains(got, want) {
		return true
	}
	for _, alt := range specMessageExceptions[want] {
		if strings.Contains(got, alt) {
			return true
		}
	}
	return false
}

func kindName(k ProblemKind) string {
	if k == Malformed {
		return "malformed"
	}
	return "invalid"
}

func usesAny(m *Module) bool {
	for _, f := range AllFeatures() {
		if m.Uses(f).Count > 0 {
			return true
		}
	}
	return false
}

// TestSpecProposals decodes the proposal suites that ship beside the 2.0
// one: every module must decode (no malformed problem) and each suite's
// feature must be found in most of its modules.
func TestSpecProposals(t *testing.T) {
	t.Parallel()
	for _, s := range []struct {
		dir     string
		feat    Feature
		percent int // the suites also carry plain 2.0 modules
	}{
		{"threads", FeatThreads, 100},
		{"tail-call", FeatTailCall, 100},
		{"extended-const", FeatExtendedConst, 60},
		{"exception-handling", FeatExceptionHandling, 100},
		{"typed-function-references", FeatFunctionReferences, 30},
	} {
		t.Run(s.dir, func(t *testing.T) {
			dir := specDir(t, s.dir)
			files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
			var modules, using int
			for _, jf := range files {
				for _, c := range specCommands(t, jf) {
					if c.Type != "module" || !strings.HasSuffix(c.Filename, ".wasm") {
						continue
					}
					b, err := os.ReadFile(filepath.Join(dir, c.Filename))
					if err != nil {
						t.Fatal(err)
					}
					m := Parse(b)
					modules++
					if m.Uses(s.feat).Count > 0 {
						using++
					}
					for _, p := range m.Problems {
						if p.Kind == Malformed || !usesAny(m) {
							t.Errorf("%s:%d %s: %s at %#x (%s %s)", filepath.Base(jf), c.Line, c.Filename, p.Message, p.Offset, p.Section, p.Instr)
						}
					}
				}
			}
			t.Logf("%d of %d modules use %s", using, modules, s.feat.Slug())
			if modules == 0 || using*100 < modules*s.percent {
				t.Errorf("%s found in only %d of %d modules", s.feat.Slug(), using, modules)
			}
		})
	}
}

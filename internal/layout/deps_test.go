package layout_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// A depRule is one of docs/architecture.md's dependency rules: the
// packages From (but those of But) depend, directly or through others, on
// no package of Not and, when Only is set, on nothing outside Only and the
// standard library. Patterns are import paths relative to the module (or
// whole, for another module's), "..." matching a folder and everything
// beneath it.
type depRule struct {
	Name string // as docs/architecture.md's table names it
	From []string
	But  []string
	Not  []string
	Only []string
}

// depRules are the layering the code is meant to have: each layer depends
// on the ones below it, never back up.
var depRules = []depRule{
	{Name: "the ABI is standard library only",
		From: []string{"abi/..."}, Only: []string{"abi/..."}},
	{Name: "the runtime is the ABI and the standard library only",
		From: []string{"subako/..."}, Only: []string{"abi/...", "subako/..."}},
	{Name: "public packages never reach the host, the probes, the checks or the commands' packages",
		From: []string{"abi/...", "analyzer/...", "golangci", "subako/..."},
		Not:  []string{"internal/host/...", "internal/probe/...", "internal/check/...", "internal/pipeline/...", "internal/serve/...", "internal/cli", "internal/roles", "internal/supervise", "github.com/tetratelabs/wazero/...", "github.com/santhosh-tekuri/jsonschema/..."}},
	{Name: "the host never climbs back up",
		From: []string{"internal/host/..."},
		Not:  []string{"internal/probe/...", "internal/check/...", "internal/pipeline/...", "internal/serve/...", "internal/generate", "internal/codegen/...", "analyzer/...", "internal/cli", "internal/roles", "internal/supervise"}},
	{Name: "the probes never reach the checks, the pipelines or serve",
		From: []string{"internal/probe/..."},
		Not:  []string{"internal/check/...", "internal/pipeline/...", "internal/serve/...", "internal/generate"}},
	{Name: "the checks never reach the pipelines or serve",
		From: []string{"internal/check/..."},
		Not:  []string{"internal/pipeline/...", "internal/serve/...", "internal/generate"}},
	{Name: "the pipelines never reach serve",
		From: []string{"internal/pipeline/..."}, Not: []string{"internal/serve/..."}},
	{Name: "serve never reaches the pipelines",
		From: []string{"internal/serve/..."}, Not: []string{"internal/pipeline/..."}},
	{Name: "only the commands touch the process: cli, roles, supervise",
		From: []string{"..."},
		But:  []string{"cmd/...", "internal/generate", "internal/cli", "internal/roles", "internal/supervise"},
		Not:  []string{"internal/cli", "internal/roles", "internal/supervise"}},
	{Name: "the executables never link the test helpers",
		From: []string{"cmd/subakogo", "cmd/subakogo-generate", "golangci"},
		Not:  []string{"internal/gowasm", "internal/wasmbuild", "internal/subjects", "internal/host/hosttest", "internal/testcert", "internal/pipeline/gobuild/stuckgo", "internal/toolspkg", "internal/throttled", "internal/offlineschema/schematest", "cmd/subakogo/internal/clitest", "internal/mcpfixture"}},
	{Name: "the test modules' MCP loop is standard library and the ABI's names only",
		From: []string{"internal/mcpfixture"}, Only: []string{"internal/mcpfixture", "abi"}},
}

// depGraph is the packages of a build and what each imports directly.
type depGraph struct {
	imports map[string][]string
	std     map[string]bool
}

// match says whether path (a whole import path) is one of the patterns.
func match(path string, patterns []string) bool {
	for _, p := range patterns {
		if p == "..." {
			p = module + p // the whole module
		} else if first, _, _ := strings.Cut(p, "/"); !strings.Contains(first, ".") {
			p = module + p
		}
		if base, ok := strings.CutSuffix(p, "/..."); ok {
			if path == base || strings.HasPrefix(path, base+"/") {
				return true
			}
		} else if path == p {
			return true
		}
	}
	return false
}

// violations lists each package of the rule's From that reaches a package
// it must not, with the chain of imports that gets there.
func (g depGraph) violations(r depRule) []string {
	var out []string
	roots := make([]string, 0, len(g.imports))
	for p := range g.imports {
		if strings.HasPrefix(p, module) && match(p, r.From) && !match(p, r.But) {
			roots = append(roots, p)
		}
	}
	slices.Sort(roots)
	for _, root := range roots {
		via := map[string]string{root: ""}
		queue := []string{root}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			bad := p != root && (match(p, r.Not) || r.Only != nil && !g.std[p] && !match(p, r.Only))
			if bad {
				chain := []string{p}
				for q := via[p]; q != ""; q = via[q] {
					chain = append(chain, q)
				}
				slices.Reverse(chain)
				out = append(out, strings.ReplaceAll(strings.Join(chain, " → "), module, ""))
				continue // the first bad package on a path says enough
			}
			for _, d := range g.imports[p] {
				if _, seen := via[d]; !seen {
					via[d] = p
					queue = append(queue, d)
				}
			}
		}
	}
	return out
}

// loadDeps is the build graph of the module's packages, as go list sees
// it for GOOS and GOARCH in env, or this machine's when env is nil.
func loadDeps(t *testing.T, g depGraph, env []string, patterns ...string) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f", "{{.ImportPath}} {{.Standard}} {{join .Imports \" \"}}"}, patterns...)...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v", patterns, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		g.std[f[0]] = f[1] == "true"
		g.imports[f[0]] = append(g.imports[f[0]], f[2:]...)
	}
}

// TestDependencyRules holds every package of the module to the dependency
// rules, for this machine's build and for wasip1's (the runtime's other
// files), and holds docs/architecture.md to the same list.
func TestDependencyRules(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	g := depGraph{imports: map[string][]string{}, std: map[string]bool{}}
	loadDeps(t, g, nil, "./...")
	loadDeps(t, g, []string{"GOOS=wasip1", "GOARCH=wasm"}, "./abi/...", "./subako/...", "./examples/...", "./internal/mcpfixture")
	for _, r := range depRules {
		for _, v := range g.violations(r) {
			t.Errorf("%s: %s", r.Name, v)
		}
	}
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(doc), "\n## Dependency rules\n")
	section, _, _ = strings.Cut(section, "\n## ")
	for _, r := range depRules {
		if !strings.Contains(section, "| "+r.Name+" |") {
			t.Errorf("docs/architecture.md's Dependency rules do not list %q", r.Name)
		}
	}
}

// TestDependencyRulesCatch: the rules find a back-reference planted in a
// graph, through other packages, and name the chain; the same graph
// without it passes.
func TestDependencyRulesCatch(t *testing.T) {
	std := map[string]bool{"encoding/json": true, "testing": true, "os": true, "regexp": true}
	full := func(p string) string {
		if first, _, _ := strings.Cut(p, "/"); std[p] || strings.Contains(first, ".") {
			return p
		}
		return module + p
	}
	clean := func() depGraph {
		g := depGraph{imports: map[string][]string{}, std: std}
		for p, imports := range map[string][]string{
			"subako/subakotest":                        {"subako", "subako/subakotest/internal/seeds", "testing"},
			"subako/subakotest/internal/seeds":         {"encoding/json"},
			"subako":                                   {"abi", "os"},
			"abi":                                      nil,
			"internal/probe/argsgen":                   {"github.com/santhosh-tekuri/jsonschema/v6"},
			"internal/host":                            {"abi", "internal/host/workerenv"},
			"internal/host/workerenv":                  nil,
			"internal/pipeline/check":                  {"internal/host", "internal/pipeline/progress"},
			"internal/pipeline/progress":               nil,
			"internal/cli":                             {"internal/supervise"},
			"internal/supervise":                       {"os"},
			"cmd/subakogo":                             {"internal/cli", "internal/pipeline/check"},
			"github.com/santhosh-tekuri/jsonschema/v6": {"regexp"},
			"encoding/json":                            nil, "testing": nil, "os": nil, "regexp": nil,
		} {
			for _, d := range imports {
				g.imports[full(p)] = append(g.imports[full(p)], full(d))
			}
		}
		return g
	}
	check := func(g depGraph) []string {
		var got []string
		for _, r := range depRules {
			got = append(got, g.violations(r)...)
		}
		return got
	}
	if got := check(clean()); len(got) > 0 {
		t.Fatalf("the clean graph breaks rules: %q", got)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"subako/subakotest/internal/seeds", "internal/probe/argsgen", "subako/subakotest → subako/subakotest/internal/seeds → internal/probe/argsgen"},
		{"subako/subakotest/internal/seeds", "github.com/santhosh-tekuri/jsonschema/v6", "subako/subakotest/internal/seeds → github.com/santhosh-tekuri/jsonschema/v6"},
		{"internal/host/workerenv", "internal/supervise", "internal/host → internal/host/workerenv → internal/supervise"},
		{"internal/pipeline/progress", "internal/cli", "internal/pipeline/check → internal/pipeline/progress → internal/cli"},
		{"abi", "regexp", ""}, // the standard library is always allowed
	} {
		g := clean()
		g.imports[full(tc.from)] = append(g.imports[full(tc.from)], full(tc.to))
		got := check(g)
		if tc.want == "" && len(got) > 0 || tc.want != "" && !slices.Contains(got, tc.want) {
			t.Errorf("%s → %s planted: the rules found %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}

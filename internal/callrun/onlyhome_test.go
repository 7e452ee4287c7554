package callrun_test

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const module = "github.com/subako-ai/subako-go/"

// callEntries are the host's ways of making a tools/call: host.Call, the
// call as Subako makes it, and host.ToolCall, the request line a session
// sends.
var callEntries = map[string]bool{
	"(*" + module + "internal/host.Host).Call": true,
	module + "internal/host.ToolCall":          true,
}

// allowedCalls are the uses of callEntries outside this package and the
// host, by file and enclosing function, each with why it is not a call as
// Subako does. A new one either runs through callrun.Run or is added here
// with its reason.
var allowedCalls = map[string]string{
	"internal/probe/protocol.go idProbe host.ToolCall":           "the id probes send an id of their own choosing (P038), not a call as Subako makes it",
	"internal/probe/protocol.go notificationProbe host.ToolCall": "the notification probe sends a notification before the call, on the same stdin (P037)",
	"internal/probe/protocol.go startPause host.ToolCall":        "the pause probe sends two calls on one OS pipe (P036); Subako sends one",
	"internal/probe/protocol.go tellWaitApart host.ToolCall":     "tells P035's two causes apart with many calls on one stdin",
	"internal/host/call.go call host.ToolCall":                   "host.Call itself",
	"internal/callrun/callrun.go Run (*host.Host).Call":          "the pipeline",
}

// planted is a fourth home the scan is shown (in serve, through an
// overlay: nothing is written), which it must find.
const (
	planted    = "internal/serve/planted_fourth_home.go"
	plantedKey = planted + " plantedFourthHome (*host.Host).Call"
	plantedSrc = `package serve

import (
	"context"
	"encoding/json"

	"github.com/subako-ai/subako-go/internal/host"
)

func plantedFourthHome(ctx context.Context, h *host.Host, m *host.Module) *host.Call {
	return h.Call(ctx, m, "add", json.RawMessage("{}"), host.CallConfig{})
}
`
)

// TestOneHome keeps callrun the one home of a call as Subako does: no
// non-test code of the commands and their packages calls host.Call, or
// builds a tools/call line for a session, but callrun.Run and the probes'
// protocol experiments allowedCalls lists. A planted call in serve must be
// found.
func TestOneHome(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the module's packages")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir:     root,
		Overlay: map[string][]byte{filepath.Join(root, filepath.FromSlash(planted)): []byte(plantedSrc)},
	}
	pkgs, err := packages.Load(cfg, "./cmd/...", "./internal/...", "./analyzer/...", "./golangci/...")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		for _, key := range callsIn(p, root) {
			used[key] = true
			if key == plantedKey {
				continue
			}
			if _, ok := allowedCalls[key]; !ok {
				t.Errorf("%s makes a tools/call outside callrun: run it through callrun.Run, or add it to allowedCalls with why it is not a call as Subako does", key)
			}
		}
	}
	if !used[plantedKey] {
		t.Errorf("the scan did not find the planted call %s", plantedKey)
	}
	for key := range allowedCalls {
		if !used[key] {
			t.Errorf("allowedCalls lists %q, which is gone: remove it", key)
		}
	}
}

// callsIn lists the uses of callEntries in a package's files, as "FILE
// FUNC ENTRY" with FILE relative to root and ENTRY as the source names it.
func callsIn(p *packages.Package, root string) []string {
	var keys []string
	for _, f := range p.Syntax {
		file := p.Fset.Position(f.Pos()).Filename
		rel, _ := filepath.Rel(root, file)
		rel = filepath.ToSlash(rel)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				obj, ok := p.TypesInfo.Uses[id].(*types.Func)
				if !ok || !callEntries[obj.FullName()] {
					return true
				}
				keys = append(keys, rel+" "+fn.Name.Name+" "+shortName(obj))
				return true
			})
		}
	}
	return keys
}

// shortName is a function's name as the source spells it: host.ToolCall,
// (*host.Host).Call.
func shortName(f *types.Func) string {
	return strings.ReplaceAll(f.FullName(), module+"internal/", "")
}

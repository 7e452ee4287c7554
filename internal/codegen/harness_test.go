package codegen_test

import (
	"context"
	"encoding/json"
	"flag"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/codegen"
	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// modRoot is a module made for the test run, outside the repository, that
// replaces subako-go with this checkout: packages are copied into it with
// their generated files, and built.
var modRoot string

func TestMain(m *testing.M) {
	if code, worker := host.WorkerMain(); worker {
		os.Exit(code) // the host's compile worker
	}
	flag.Parse()
	var err error
	if modRoot, err = os.MkdirTemp("", "codegen-test"); err != nil {
		log.Fatal(err)
	}
	code := m.Run()
	if theHost != nil {
		_ = theHost.Close(context.Background())
	}
	os.RemoveAll(modRoot)
	os.Exit(code)
}

// everythingModel is the analyzer's golden model of its everything
// package, the package that uses every supported type and marker.
func everythingModel(t *testing.T) *model.Package {
	t.Helper()
	b, err := os.ReadFile("../../analyzer/testdata/everything.model.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	return decodeModel(t, b)
}

func decodeModel(t *testing.T, b []byte) *model.Package {
	t.Helper()
	var p model.Package
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	if err := p.Resolve(); err != nil {
		t.Fatal(err)
	}
	return &p
}

// echoSource adds a tool to the everything package that answers its input
// as it decoded it, so that a call shows the decoder and the encoder.
const echoSource = `package main

func echo(in Input) (Input, error) { return in, nil }
`

// everythingEcho is the everything model with the echo tool.
func everythingEcho(t *testing.T) *model.Package {
	p := everythingModel(t)
	var run *model.Tool
	for _, tool := range p.Tools {
		if tool.Name == "run" {
			run = tool
		}
	}
	echo := &model.Tool{Name: "echo", Description: "Echo answers its input.", GoFunc: "echo", Input: run.Input, Output: run.Input}
	p.Tools = append([]*model.Tool{echo}, p.Tools...)
	p.GoName = "main"
	return p
}

var (
	extraMu   sync.Mutex
	extraJSON []byte
)

// extraModel is the analyzer's model of testdata/extra, built once per run.
func extraModel(t *testing.T) *model.Package {
	t.Helper()
	extraMu.Lock()
	defer extraMu.Unlock()
	if extraJSON == nil {
		dir, err := filepath.Abs("testdata")
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range analysistest.Run(t, dir, analyzer.Model, "./extra") {
			if p, ok := r.Result.(*model.Package); ok && p != nil {
				if extraJSON, err = json.Marshal(p); err != nil {
					t.Fatal(err)
				}
			}
		}
		if extraJSON == nil {
			t.Fatal("testdata/extra: the analyzer built no model")
		}
	}
	return decodeModel(t, extraJSON)
}

func generate(t *testing.T, p *model.Package) []byte {
	t.Helper()
	src, err := codegen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

var (
	modMu   sync.Mutex
	written = map[string]bool{}
	built   = map[string]string{}
)

// writePackage copies a package's sources into modRoot/name as package
// main, with its generated file, once per run.
func writePackage(t *testing.T, name, srcDir, goName string, p *model.Package, extra map[string]string) string {
	t.Helper()
	modMu.Lock()
	defer modMu.Unlock()
	dir := filepath.Join(modRoot, name)
	if written[name] {
		return dir
	}
	if len(written) == 0 {
		root, err := filepath.Abs("../..")
		if err != nil {
			t.Fatal(err)
		}
		gomod := "module example.com/t\n\ngo 1.26.0\n\nrequire github.com/subako-ai/subako-go v0.0.0\n\nreplace github.com/subako-ai/subako-go => " + root + "\n"
		sum, err := os.ReadFile("../../go.sum")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(modRoot, "go.mod"), []byte(gomod), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(modRoot, "go.sum"), sum, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(srcDir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if filepath.Base(f) == model.GeneratedFile {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := strings.Replace(string(b), "\npackage "+goName+"\n", "\npackage main\n", 1)
		if strings.HasPrefix(src, "package "+goName+"\n") {
			src = "package main\n" + strings.TrimPrefix(src, "package "+goName+"\n")
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, src := range extra {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p.GoName = "main"
	if err := os.WriteFile(filepath.Join(dir, model.GeneratedFile), generate(t, p), 0o644); err != nil {
		t.Fatal(err)
	}
	written[name] = true
	return dir
}

// goCmd runs the go command in modRoot, offline.
func goCmd(t *testing.T, env []string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = modRoot
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "CGO_ENABLED=0")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// build builds a package of modRoot for wasip1 or for this machine (goos
// ""), once per run, and returns the binary.
func build(t *testing.T, name, goos string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds modules")
	}
	modMu.Lock()
	defer modMu.Unlock()
	key := name + "/" + goos
	if out, ok := built[key]; ok {
		return out
	}
	var out string
	if goos == "wasip1" {
		out = gowasm.PathEnv(t, filepath.Join(modRoot, name), []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off"})
	} else {
		out = filepath.Join(modRoot, name+"-"+goos+".bin")
		goCmd(t, nil, "build", "-o", out, "./"+name)
	}
	built[key] = out
	return out
}

// everythingPackage writes the everything package with the echo tool.
func everythingPackage(t *testing.T) (*model.Package, string) {
	p := everythingEcho(t)
	return p, writePackage(t, "everything", "../../analyzer/testdata/everything", "everything", everythingEcho(t), map[string]string{"echo.go": echoSource})
}

// extraPackage writes testdata/extra.
func extraPackage(t *testing.T) (*model.Package, string) {
	p := extraModel(t)
	return p, writePackage(t, "extra", "testdata/extra", "main", extraModel(t), nil)
}

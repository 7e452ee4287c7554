package wasmsize

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// On examples/hello, the sections add up to the file, the code is
// attributed to the Go packages that own it, and the runtime and subako's
// own package are among them.
func TestHello(t *testing.T) {
	b := gowasm.Build(t, "../../examples/hello")
	r, err := Analyze(b, 5)
	if err != nil {
		t.Fatal(err)
	}
	sum := 8
	for _, s := range r.Sections {
		sum += s.Bytes
	}
	if sum != r.Total || r.Total != len(b) {
		t.Errorf("sections add up to %d bytes, the module is %d", sum, len(b))
	}
	pkgs := map[string]int{}
	for _, p := range r.Packages {
		pkgs[p.Name] = p.Bytes
	}
	for _, want := range []string{"runtime", Mangle("github.com/subako-ai/subako-go/subako"), "main", Mangle("github.com/subako-ai/subako-go/abi/jsonwire"), "internal_poll"} {
		if pkgs[want] == 0 {
			t.Errorf("no code for package %s: %v", want, r.Packages)
		}
	}
	if r.Packages[0].Name != "runtime" || r.Named > r.Code || r.Named < r.Code*9/10 {
		t.Errorf("largest %v; %d of %d code bytes named", r.Packages[0], r.Named, r.Code)
	}
	if len(r.Data) != 5 || r.Data[0].Bytes < r.Data[4].Bytes || r.DataSize == 0 {
		t.Errorf("data %v, %d bytes", r.Data, r.DataSize)
	}
}

// A //go:embed of 3 MB of random bytes is the largest data segment, or in
// it, and the data section outweighs the code.
func TestEmbed(t *testing.T) {
	dir := t.TempDir()
	big := make([]byte, 3<<20)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range big {
		big[i] = byte(rng.Uint32())
	}
	files := map[string]string{
		"go.mod":  "module example.com/embed\n\ngo 1.26\n",
		"main.go": "package main\n\nimport _ \"embed\"\n\n//go:embed big.bin\nvar big []byte\n\nfunc main() { println(len(big)) }\n",
		"big.bin": string(big),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Analyze(gowasm.Build(t, dir), 3)
	if err != nil {
		t.Fatal(err)
	}
	if r.Sections[0].Name != "data" || r.Data[0].Bytes < 3<<20 {
		t.Errorf("sections %v, largest segment %v", r.Sections, r.Data[0])
	}
}

func TestPackage(t *testing.T) {
	for sym, want := range map[string]string{
		"runtime.mallocgc":                                                "runtime",
		"runtime.__mspan_.typePointersOfUnchecked":                        "runtime",
		"github.com_subako_ai_subako_go_subako.ServeIO":                   "github.com_subako_ai_subako_go_subako",
		"github.com_subako_ai_subako_go_subako_jsonwire.__Scanner_.value": "github.com_subako_ai_subako_go_subako_jsonwire",
		"internal_poll.__FD_.Init":                                        "internal_poll",
		"github.com/a/b.(*T).M":                                           "github.com/a/b",
		"image/png.(*encoder).writeIDATs":                                 "image/png",
		"main.barChart":                                                   "main",
		"sync.(*Map[github.com/x/y.K,int]).Load":                          "sync",
		"github.com/x/y.F[go.shape.string]":                               "github.com/x/y",
		"type:.eq.[2]interface {}":                                        "(other)",
		"type_.eq.sync_atomic.Pointer_internal_bisect.dedup_":             "(other)",
		"go:buildid":       "(other)",
		"core::fmt::write": "core",
		"_start":           "(other)",
	} {
		if got := Package(sym); got != want {
			t.Errorf("Package(%q) = %q, want %q", sym, got, want)
		}
	}
	if got := Mangle("github.com/subako-ai/subako-go/subako"); got != "github.com_subako_ai_subako_go_subako" {
		t.Errorf("Mangle: %q", got)
	}
}

// Truncated and garbled modules are errors, never panics.
func TestMalformed(t *testing.T) {
	b := gowasm.Build(t, "../../examples/hello")
	for _, n := range []int{0, 7, 9, 100, len(b) / 2, len(b) - 1} {
		if _, err := Analyze(b[:n], 3); err == nil && n < len(b) {
			t.Errorf("%d bytes: no error", n)
		}
	}
	bad := append([]byte("\x00asm\x01\x00\x00\x00\x0b"), 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f)
	if _, err := Analyze(bad, 3); err == nil {
		t.Error("a section size of 2^35: no error")
	}
}

package wasmparse

import (
	"errors"
	"testing"

	"github.com/subako-ai/subako-go/bench/benchmods"
)

// BenchmarkParse measures Parse on real Go-built modules: examples/hello
// (about 2.3 MB) and bench/bigmod (over 10 MB). The modules are compiled
// with GOOS=wasip1 GOARCH=wasm on first use and cached by Go version and
// source hash (see bench/benchmods), so reruns start at once.
//
//	go test -run '^$' -bench Parse ./internal/wasmparse
func BenchmarkParse(b *testing.B) {
	for _, mod := range benchmods.Mods {
		b.Run(mod.Name, func(b *testing.B) {
			data := loadBenchModule(b, mod.Name)
			if m := Parse(data); len(m.Problems) > 0 {
				b.Fatalf("%s: %d problems, first: %+v", mod.Name, len(m.Problems), m.Problems[0])
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(data)
			}
		})
	}
}

func loadBenchModule(b *testing.B, name string) []byte {
	b.Helper()
	data, err := benchmods.Load(name)
	if errors.Is(err, benchmods.ErrNoGo) {
		b.Skip(err)
	}
	if err != nil {
		b.Fatal(err)
	}
	return data
}

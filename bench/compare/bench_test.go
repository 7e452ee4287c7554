package compare

import (
	"errors"
	"testing"

	"github.com/subako-ai/subako-go/bench/benchmods"
)

// BenchmarkValidate compares, in one process and on the same bytes,
// wasmparse.Parse (subako), modulecheck.Check (subakolint) and wasmtime's
// validator on a WebAssembly 2.0 engine (wasmtime). Pin it to one core to
// compare like with like:
//
//	taskset -c 1 go test -run '^$' -bench Validate .
func BenchmarkValidate(b *testing.B) {
	for _, v := range Validators {
		b.Run(v.Name, func(b *testing.B) {
			check, closeFn := v.Open()
			defer closeFn()
			for _, mod := range benchmods.Mods {
				b.Run(mod.Name, func(b *testing.B) {
					data := load(b, mod.Name)
					if err := check(data); err != nil {
						b.Fatalf("%s rejects %s: %v", v.Name, mod.Name, err)
					}
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					for b.Loop() {
						_ = check(data)
					}
				})
			}
		})
	}
}

// TestAccepts checks that every validator accepts every benchmark module.
func TestAccepts(t *testing.T) {
	for _, mod := range benchmods.Mods {
		data, err := benchmods.Load(mod.Name)
		if errors.Is(err, benchmods.ErrNoGo) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range Validators {
			check, closeFn := v.Open()
			if err := check(data); err != nil {
				t.Errorf("%s rejects %s: %v", v.Name, mod.Name, err)
			}
			closeFn()
		}
	}
}

func load(b *testing.B, name string) []byte {
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

package probe

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/internal/probe/dict"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// The search of --probes=deep: arguments from the module's own constants
// (internal/probe/dict) and, see searchTool, coverage feedback. It is
// deterministic for a module: its seed is the module's hash.

// generator is the argument generator's options: DefaultCover edge cases,
// or with Deep the wider cover (argsgen's Reach) with the module's
// dictionary, DeepCover edge cases and DeepRandom random ones, seeded by
// the module.
func (r *runner) generator() argsgen.Options {
	if r.opt.Level != Deep {
		return argsgen.Options{Cover: DefaultCover}
	}
	opt := argsgen.Options{Cover: DeepCover, Random: DeepRandom, Seed: 1, Reach: true}
	if r.opt.Wasm != nil {
		sum := sha256.Sum256(r.opt.Wasm)
		opt.Seed = binary.LittleEndian.Uint64(sum[:8])
		r.parsed = wasmparse.Parse(r.opt.Wasm)
		r.dict = dict.FromModule(r.opt.Wasm, r.parsed, dict.Options{})
		opt.Dict = r.dict.Ranked(nil)
	}
	return opt
}

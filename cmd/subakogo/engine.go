package main

import (
	"errors"
	"flag"

	"github.com/subako-ai/subako-go/internal/host"
)

// engineFlag adds --engine to fs: how the host runs modules (host.Engine).
func engineFlag(fs *flag.FlagSet) *host.Engine {
	e := new(host.Engine)
	fs.Func("engine", "how modules run: auto (a module not in the compilation cache is interpreted while it compiles for the cache), compiler or interpreter (default auto)", func(s string) error {
		v, ok := host.ParseEngine(s)
		if !ok {
			return errors.New("not auto, compiler or interpreter")
		}
		*e = v
		return nil
	})
	return e
}

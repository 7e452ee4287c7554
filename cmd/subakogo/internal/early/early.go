// Package early makes the subakogo process that only supervises the
// command (see internal/supervise) do so from its initialiser, before the
// command's heavy dependencies initialise. Go initialises a package after
// those it imports and, among the packages ready, in the order of their
// import paths: this one imports a few standard packages and the
// supervisor, so it runs after them and before the JSON Schema compiler
// (which compiles every draft's meta-schema at start), wazero and
// x/tools. The supervisor then waits for its child, having paid for about
// a third of the start-up instead of all of it; TestSupervisorStartsLight
// checks which initialisers it runs.
package early

import (
	"os"

	"github.com/subako-ai/subako-go/internal/supervise"
)

func init() {
	if supervised(os.Args[1:]) {
		supervise.Parent("subakogo", os.Stderr) // exits, except in the child
	}
}

// supervised reports whether subakogo, run with args, runs the command in
// a supervised child: not under go vet (whose protocol has codes of its
// own), not for version (which cannot crash, and is the start-up
// measured alone), not in a test binary of package main, which go test
// runs with -test. flags. (Package testing would say so exactly, but
// importing it would hold this initialiser back behind most others, as
// os/exec and strings would.)
func supervised(args []string) bool {
	for _, a := range args {
		if hasPrefix(a, "-test.") {
			return false
		}
	}
	return !IsVet(args) && (len(args) != 1 || args[0] != "version")
}

// IsVet reports whether args are go vet's, which runs its -vettool with
// -V=full, -flags, or one package's .cfg file.
func IsVet(args []string) bool {
	if len(args) == 0 {
		return false
	}
	first, last := args[0], args[len(args)-1]
	return hasPrefix(first, "-V") || first == "-flags" || len(last) > 4 && last[len(last)-4:] == ".cfg"
}

// hasPrefix is strings.HasPrefix: package strings is initialised late
// (see the package comment).
func hasPrefix(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

// Command notice says on stderr that go generate is about to build the
// generator, and why that takes long, when the build cache lacks it; it
// says nothing when the generator is built already. The init template's
// first //go:generate line runs it (go tool, as a tool of the package, so
// that subakogo init builds it with the others): go tool
// subakogo-generate itself is silent while it builds, up to a minute or
// two with an empty cache, where this program, which needs only the
// runtime, os and os/exec, builds in a few seconds (about 10 s of CPU
// time with an empty cache).
package main

import (
	"os"
	"os/exec"
)

// generator is the package go tool subakogo-generate builds.
const generator = "github.com/subako-ai/subako-go/cmd/subakogo-generate"

// staleFormat prints "stale" when the generator must be compiled, not just
// linked again from the cache.
const staleFormat = `{{if and .Stale (ne .StaleReason "build ID mismatch") (ne .StaleReason "not installed but available in build cache")}}stale{{end}}`

const message = "subakogo-generate: building the generator, once for this build cache: up to a minute or two the first time\n"

func main() {
	out, err := exec.Command("go", "list", "-f", staleFormat, generator).Output()
	if err != nil {
		return // go tool subakogo-generate reports what is wrong
	}
	if len(out) > 0 && out[0] == 's' {
		_, _ = os.Stderr.WriteString(message)
	}
}

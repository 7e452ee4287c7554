//go:build wasip1

package subakotest

import (
	"testing"

	"github.com/subako-ai/subako-go/subako"
)

// FuzzTool fuzzes natively only (see the native build's doc): in a wasip1
// build it skips.
func FuzzTool(f *testing.F, _ *subako.Package, _ string) {
	f.Skip("subakotest.FuzzTool runs in a native build")
}

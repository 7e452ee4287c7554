//go:build wasip1

package subakotest

import (
	"testing"
	"time"

	"github.com/subako-ai/subako-go/subako"
)

// FuzzTool fuzzes natively only (see the native build's doc): in a wasip1
// build it skips.
func FuzzTool(f *testing.F, _ *subako.Package, _ string, _ ...FuzzOption) {
	f.Skip("subakotest.FuzzTool runs in a native build")
}

// A FuzzOption changes how FuzzTool runs its cases (native builds only).
type FuzzOption func(*fuzzOptions)

type fuzzOptions struct{}

// WithCaseLimit sets the time each case has to answer (native builds only).
func WithCaseLimit(time.Duration) FuzzOption { return func(*fuzzOptions) {} }

// WithNotice sets when a running case is printed (native builds only).
func WithNotice(time.Duration) FuzzOption { return func(*fuzzOptions) {} }

package callcheck

import (
	"testing"

	"github.com/subako-ai/subako-go/internal/host/hosttest"
)

// TestMain serves the host's compile worker (hosttest.Main).
func TestMain(m *testing.M) { hosttest.Main(m) }

package protocolcheck

import (
	"testing"

	"github.com/subako-ai/subako-go/internal/host"
)

// TestEveryBreakHasARule: every break kind maps to an upload rule through
// host.BreakTable, the one mapping (its own test plants a missing kind).
func TestEveryBreakHasARule(t *testing.T) {
	for _, k := range host.BreakKinds {
		if host.BreakTable[k].Upload == nil {
			t.Errorf("break %s has no rule", k)
		}
	}
}

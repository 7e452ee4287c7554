package protocolcheck

import (
	"testing"

	"github.com/subako-ai/subako-go/internal/host"
)

// TestEveryBreakHasARule keeps the map from host's break kinds complete.
func TestEveryBreakHasARule(t *testing.T) {
	for _, k := range []host.BreakKind{host.BreakNotMessage, host.BreakUnknownID, host.BreakRPCError, host.BreakResultType,
		host.BreakRequest, host.BreakNoAnswer, host.BreakExitCode, host.BreakNoExit, host.BreakTrap, host.BreakTimeout,
		host.BreakOverflow, host.BreakPartial, host.BreakRepeated, host.BreakWaitsForEOF} {
		if breakRules[k] == nil {
			t.Errorf("break %s has no rule", k)
		}
	}
}

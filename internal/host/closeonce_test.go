package host

import (
	"context"
	"testing"

	"github.com/tetratelabs/wazero"
)

// countedCode is compiled code that counts its closes.
type countedCode struct {
	wazero.CompiledModule
	closes int
}

func (c *countedCode) Close(context.Context) error { c.closes++; return nil }

// TestCodeClosedOnce (attack pass 42q, row 2): the optimising compiler's
// code of a module let go of (forget) is closed once, whether the module
// was freed after that code came (freeLocked closed it, then betterReady
// did again), or after runs moved to it (current made it the code now,
// which freeLocked closed, and betterReady closed it again). A second
// Close took away the reference of the same bytes compiled anew: wazero
// counts references by module ID.
func TestCodeClosedOnce(t *testing.T) {
	for _, movedFirst := range []bool{false, true} {
		interp, better := &countedCode{}, &countedCode{}
		ready := make(chan struct{})
		m := &Module{now: code{compiled: interp, interpreted: true}, ready: ready}
		m.better = code{compiled: better}
		close(ready) // the background compilation ended...
		if movedFirst {
			m.current() // ...and a run moved to its code
		}
		m.forget()      // let go of, no run using it
		m.betterReady() // the background compilation's last step
		if interp.closes != 1 || better.closes != 1 {
			t.Errorf("runs moved first %v: the interpreted code closed %d times, the compiled %d; want once each", movedFirst, interp.closes, better.closes)
		}
	}
}

//go:build !wasip1

package subako

import (
	"sync"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/subako/internal/fakehost"
)

// In a native build there is no subako_http host: hostRequest and
// hostReadResponse behave as the host's imports do, so that Fetch runs the
// same steps as in a module, and the answer comes from the fake a test
// installs with package subakotest.

// The answer the stand-in holds between the two steps of exchange.
var (
	held    []byte
	holding bool
)

// exchangeMu makes each Fetch's two steps one, so that handlers may fetch
// from several goroutines: in a module the import blocks the whole
// instance, natively it does not.
var exchangeMu sync.Mutex

func lockHost() (unlock func()) {
	exchangeMu.Lock()
	return exchangeMu.Unlock
}

func hostRequest(req []byte) int32 {
	held, holding = fakehost.Answer(req), true
	return int32(len(held))
}

func hostReadResponse(buf []byte) int32 {
	switch {
	case !holding:
		return abi.HTTPNoAnswer
	case len(buf) != len(held):
		return abi.HTTPWrongLength
	}
	copy(buf, held)
	held, holding = nil, false
	return 0
}

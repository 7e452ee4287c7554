// Package fakehost holds what answers subako.Fetch in a native build, where
// there is no subako_http host, and where the session volume is: package
// subakotest installs a fake here for a test, and the runtime reads it. It lives apart from both so that the
// runtime's API has no test hooks in it.
package fakehost

import (
	"sync"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/httpwire"
)

var (
	mu        sync.Mutex
	transport func(request []byte) (answer []byte)
	volume    string // the directory standing in for /volume; "" for /volume itself
)

// SetVolume makes dir the session volume ("" for the real /volume) and
// returns what it was before.
func SetVolume(dir string) (previous string) {
	mu.Lock()
	defer mu.Unlock()
	previous, volume = volume, dir
	return previous
}

// Volume is the directory standing in for /volume, or "" for none.
func Volume() string {
	mu.Lock()
	defer mu.Unlock()
	return volume
}

// Set installs t (nil for none) and returns what was installed before.
func Set(t func(request []byte) []byte) (previous func(request []byte) []byte) {
	mu.Lock()
	defer mu.Unlock()
	previous, transport = transport, t
	return previous
}

// Answer is the installed fake's answer to request; without a fake, an
// error answer that says how to install one.
func Answer(request []byte) []byte {
	mu.Lock()
	t := transport
	mu.Unlock()
	if t == nil {
		return httpwire.EncodeError(&httpwire.Error{Kind: abi.HTTPConnection, Message: "no " + abi.HTTPModule +
			" host in a native build: install a fake with subakotest.HandleHTTP or subakotest.SetTransport"})
	}
	return t(request)
}

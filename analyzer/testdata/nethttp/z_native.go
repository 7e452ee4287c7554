//go:build !wasip1

package nethttp

import "net/http"

// Native code may use net/http.
var _ = http.Get

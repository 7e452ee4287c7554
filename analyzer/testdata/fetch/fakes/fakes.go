// Package fakes holds a request the tests compare against: only tests // want package:"fetch\\(A027 at example.com/t/fetch/fakes/fakes.go:8:37\\)"
// import it, so it never runs under Subako.
package fakes

import "github.com/subako-ai/subako-go/subako"

// Local is a request to the test server.
var Local = subako.HTTPRequest{URL: "http://127.0.0.1:9999/v1/items"}

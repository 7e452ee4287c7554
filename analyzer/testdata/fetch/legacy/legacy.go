// Package legacy builds requests that ignores cover. // want package:"fetch\\(A027 at example.com/t/fetch/legacy/legacy.go:14:68\\)"
// Old's ignore is at the request: its fact leaves it out.
package legacy

import "github.com/subako-ai/subako-go/subako"

// Old is a request to a server with no https, ignored here.
func Old() *subako.HTTPRequest {
	//subako:ignore A027 the test server has no https
	return &subako.HTTPRequest{URL: "http://old.example.com/"}
}

// Older is ignored at its import in the function package.
func Older() *subako.HTTPRequest { return &subako.HTTPRequest{URL: "http://older.example.com/"} }

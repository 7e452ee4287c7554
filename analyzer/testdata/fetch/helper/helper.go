// Package helper builds requests for a tool of another package, which // want package:"fetch\\(A027 at example.com/t/fetch/helper/helper.go:9:34, A028 at example.com/t/fetch/helper/helper.go:15:3\\)"
// reports them at its import.
package helper

import "github.com/subako-ai/subako-go/subako"

// Quote is the request for the quote of the day.
func Quote() *subako.HTTPRequest {
	return &subako.HTTPRequest{URL: "http://quotes.example.com/today"}
}

// Users is a request with a credential.
func Users(token string) *subako.HTTPRequest {
	return &subako.HTTPRequest{URL: "https://api.example.com/users", Headers: map[string]string{
		"Authorization": "Bearer " + token,
		"X-Author":      "me", // a word of a header is no credential word
	}}
}

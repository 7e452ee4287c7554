// Package helper builds a request for a tool of another package.
package helper

import "github.com/subako-ai/subako-go/subako"

// Quote is the request for the quote of the day.
func Quote() *subako.HTTPRequest {
	return &subako.HTTPRequest{URL: "http://quotes.example.com/today"} // want `A027 fetch-url: the URL "http://quotes.example.com/today" is not https`
}

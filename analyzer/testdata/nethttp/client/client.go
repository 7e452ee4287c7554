// Package client uses net/http. // want package:"netHTTP\\(net/http\\)"
package client

import "net/http"

// Get gets.
func Get(url string) (*http.Response, error) { return http.Get(url) }

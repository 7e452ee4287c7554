// Package wrapper wraps client. // want package:"netHTTP\\(example.com/t/nethttp/client → net/http\\)"
package wrapper

import "example.com/t/nethttp/client"

// Fetch fetches.
func Fetch(url string) { _, _ = client.Get(url) }

// Command devtool rebuilds testdata natively: no function package imports // want package:"fetch\\(A027 at example.com/t/fetch/devtool/main.go:8:34, A028 at example.com/t/fetch/devtool/main.go:10:14\\)"
// it, so its requests never run under Subako and are not reported.
package main

import "github.com/subako-ai/subako-go/subako"

func main() {
	req := &subako.HTTPRequest{URL: "http://localhost:8080/record"}
	req.Headers = map[string]string{}
	req.Headers["Authorization"] = "Bearer dev"
	_, _ = subako.Fetch(req)
}

// Fetch sends requests that fail on every call.
//
//subako:package fetch
package fetch

import (
	"example.com/t/fetch/helper" // want `A027 fetch-url: example.com/t/fetch/helper, which this function package imports, at example.com/t/fetch/helper/helper.go:9:34: the URL "http://quotes.example.com/today" is not https` `A028 fetch-credential: example.com/t/fetch/helper, which this function package imports, at example.com/t/fetch/helper/helper.go:15:3: the header "Authorization" carries a credential`
	"example.com/t/fetch/legacy" //subako:ignore A027 the old servers are for the tests
	"github.com/subako-ai/subako-go/subako"
)

var _, _, _, _ = helper.Quote, helper.Users, legacy.Old, legacy.Older

const token = "sk-test-123"

const base = "http://api.example.com"

// In is the input.
type In struct {
	// The path.
	Path string `json:"path"`
}

// Tool is a tool.
//
//subako:function
func tool(in In) (string, error) {
	_, _ = subako.Fetch(&subako.HTTPRequest{URL: "http://quotes.example.com/today"}) // want `A027 fetch-url: the URL "http://quotes.example.com/today" is not https: Subako sends only https requests \(the ABI's url is "https only"\), so every call fails with invalid_request: write https://quotes.example.com/today`
	_, _ = subako.Fetch(&subako.HTTPRequest{URL: base + "/v1/" + in.Path})           // want `A027 fetch-url: the URL "http://api.example.com/v1/" is not https`
	// A path is fine: a client helper may prefix its base URL.
	_, _ = subako.Fetch(&subako.HTTPRequest{URL: "/users"})
	_, _ = subako.Fetch(&subako.HTTPRequest{URL: " https://api.example.com/"}) // want `A027 fetch-url: the URL " https://api.example.com/" starts or ends with white space, which makes it no URL`
	_, _ = subako.Fetch(&subako.HTTPRequest{URL: "HtTpS://api.example.com/"})
	_, _ = subako.Fetch(&subako.HTTPRequest{URL: "https://ada:pw@api.example.com/"}) // want `A028 fetch-credential: the URL "https://ada:xxxxx@api.example.com/" carries a user name or password`
	req := subako.HTTPRequest{
		URL: "https://quotes.example.com/today",
		Headers: map[string]string{
			"Authorization": "Bearer " + token, // want `A028 fetch-credential: the header "Authorization" carries a credential: the host attaches the credentials the agent's grant stores and refuses a request that brings its own \(credential_header\), so every call fails`
			"x-api-key":     token,             // want `A029 fetch-credential-like: the header "x-api-key" looks like a credential`
			"accept":        "text/plain",
		},
	}
	req.Headers["Proxy-Authorization"] = token // want `A028 fetch-credential: the header "Proxy-Authorization"`
	req.Headers["accept-language"] = "en"
	// Fine: https, and values only known at run time.
	_, _ = subako.Fetch(&subako.HTTPRequest{URL: "https://api.example.com/" + in.Path})
	_, _ = subako.Fetch(&subako.HTTPRequest{URL: in.Path, Headers: map[string]string{in.Path: "x"}})
	resp, err := subako.Fetch(&req)
	if err != nil {
		return "", err
	}
	return resp.Text, nil
}

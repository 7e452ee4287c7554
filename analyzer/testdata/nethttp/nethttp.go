// Nethttp uses net/http. // want package:"netHTTP\\(net/http\\)"
//
//subako:package nethttp
package nethttp

import (
	"net/http"          // want `A016 net-http: net/http cannot connect under wasip1, which has no sockets: use subako.Fetch`
	"net/http/httputil" // want `A016 net-http: net/http/httputil cannot connect`
	"strings"

	"example.com/t/nethttp/wrapper" // want `A016 net-http: example.com/t/nethttp/wrapper imports example.com/t/nethttp/client → net/http, which cannot connect`
	"github.com/subako-ai/subako-go/subako"
)

var _ = httputil.DumpRequest
var _ = strings.ToLower
var _ = wrapper.Fetch
var _ = subako.Fetch

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) {
	_, err := http.Get("https://example.com")
	return Out{}, err
}

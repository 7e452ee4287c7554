// Package subako is the runtime a Subako function package imports.
//
// A package is a WebAssembly module for WASI preview 1 that speaks ABI 1:
// a stateless MCP server (revision 2026-07-28) on stdin and stdout, one
// JSON-RPC message per line. The code subakogo generates fills a Package
// and calls Serve from main; a hand-written package can do the same:
//
//	func main() {
//		subako.Serve(&subako.Package{
//			Name:        "hello",
//			Description: "Says hello.",
//			Tools: []subako.Tool{{
//				Name:        "greet",
//				Description: "Greet someone by name.",
//				InputSchema: []byte(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`),
//				Call: func(args []byte) subako.Result {
//					// decode args, do the work, encode the value...
//					return subako.ValueResult([]byte(`{"message":"Hello, Ada!"}`))
//				},
//			}},
//		})
//	}
//
// Build it with GOOS=wasip1 GOARCH=wasm (or TinyGo's wasip1 target). Built
// for the machine instead, the same program prints the package's
// subako-package.json when run with --subako-manifest, and calls to Fetch go
// to a replaceable fake (see SetHTTPTransport and HandleHTTP), so handlers
// can be tested with go test.
//
// The package uses no reflection, fmt or encoding/json, so that a module
// stays small, starts fast and compiles with TinyGo. JSON is read and
// written with the jsonwire subpackage.
package subako

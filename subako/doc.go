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
// to the fake a test installs with package subakotest, so handlers
// can be tested with go test.
//
// # What the server answers
//
// Every request line that is valid JSON gets an answer carrying its id,
// whatever its strings and depth hold; notifications (messages without an
// id) and responses get none. In detail:
//
//   - Strings decode as encoding/json decodes them: invalid UTF-8 and a
//     \u escape of a surrogate without its other half become U+FFFD. An id
//     is echoed as written, escapes and all (a JavaScript client that sent
//     "ab\ud83d" gets that back and can match it); only invalid UTF-8 in
//     it becomes \ufffd, so that every answer is UTF-8.
//   - An id is a string or a number whose value is an integer, as MCP's
//     RequestId has it; any other id is answered with -32600 and no id.
//   - The envelope (id, method, params, _meta) is read however deeply any
//     value in it nests. The arguments of tools/call may nest at most
//     jsonwire.MaxDepth (512) levels of objects and arrays, because decoders
//     recurse per level: deeper arguments are answered with an isError
//     result that names the limit, and the tool is not called.
//   - A line may be abi.LineMaxBytes (8 MiB) long; a longer one is answered
//     with -32600, with its id when the part read shows one for certain,
//     and skipped.
//   - A line that is not JSON is answered with -32700 and no id member at
//     all: no id can be trusted in it, and none is guessed. JSON-RPC 2.0
//     would write "id": null there, but MCP types ids as a string or an
//     integer and its schema makes the member optional in an error answer
//     (JSONRPCErrorResponse), so leaving it out is what both accept.
//   - initialize, the handshake of MCP before 2026-07-28, and any request
//     whose _meta names another revision get UnsupportedProtocolVersionError
//     (-32022) with data.supported ["2026-07-28"], in the shape the MCP
//     versioning page gives, and a message that names 2026-07-28: it is the
//     only text a legacy client can show its user.
//   - A tools/call reads no schema and builds no tool list: the tools are
//     checked, and their list built, when server/discover or tools/list
//     first asks. A broken tool (no name, a name used twice, no Call, a
//     schema that is not a JSON object) ends the server there.
//   - An Answer's linked image (WithImageFile) must be a regular file on
//     the volume when the answer is made, or the call is an isError result
//     naming it: Subako would show the model nothing.
//
// From Serve on, os.Stdout is the process's stderr and answers go to fd 1
// alone, so a stray fmt.Println in a dependency lands in the log instead of
// breaking the call. In a wasip1 module Serve also puts stdin and stdout
// back into blocking mode (Go's start-up makes them non-blocking, and
// Node's WASI then fails a read that finds a pipe empty for a moment), and
// still waits and retries if a read or write finds the stream not ready.
//
// The package uses no reflection, fmt or encoding/json, so that a module
// stays small, starts fast and compiles with TinyGo. JSON is read and
// written with the jsonwire subpackage.
package subako

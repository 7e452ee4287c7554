// Package subako is the runtime a Subako function package imports: write
// Go functions, and each one marked //subako:function becomes a tool an
// agent can call.
//
//   - the function's name, in snake_case, is the tool's name;
//   - its doc comment is the description the model reads;
//   - its input struct, with the doc comments and //subako: markers of its
//     fields, becomes the tool's input schema, and its result the output.
//
// A package is a command (package main) with a //subako:package directive
// and a go:generate line:
//
//	// Says hello.
//	//
//	//subako:package hello
//	package main
//
//	//go:generate go tool subakogo-generate
//
//	// GreetInput is greet's arguments.
//	type GreetInput struct {
//		// Who to greet.
//		//subako:minLength=1
//		Name string `json:"name"`
//	}
//
//	// Greeting is greet's answer.
//	type Greeting struct {
//		// The greeting.
//		Message string `json:"message"`
//	}
//
//	// Greet someone by name.
//	//
//	//subako:function
//	func greet(in GreetInput) (Greeting, error) {
//		return Greeting{Message: "Hello, " + in.Name + "!"}, nil
//	}
//
// go generate writes subako_gen.go from the handlers: the schemas, a
// decoder that checks the arguments against them, the dispatch and main,
// which serves the package with Serve. subakogo init starts such a package
// with a test and CI; subakogo check and subakogo pack build it for Subako
// (GOOS=wasip1 GOARCH=wasm) and lint it. The guide, with every marker:
// docs/go.md in this module's repository.
//
// A handler returns its value, or an error, which the model reads as an
// isError result (NewToolError for a message of your own). To show the
// model an image after the value, return an Answer:
//
//	//subako:function
//	func plot(in PlotInput) (subako.Answer[Plot], error) {
//		const path = "/volume/tmp/chart.png"
//		if err := os.WriteFile(subako.VolumePath(path), png, 0o644); err != nil {
//			return subako.Answer[Plot]{}, err
//		}
//		return subako.NewAnswer(Plot{Path: path}).WithImageFile(path), nil
//	}
//
// To call an HTTP API, use Fetch: Subako sends the request for the
// function, https only and to the hosts the agent allows, and an
// *HTTPError names what went wrong.
//
// A handler is an ordinary Go function, so go test calls it directly.
// Built for the machine instead of wasip1, Fetch goes to the fake a test
// installs with subakotest.HandleHTTP, and a linked image is looked up in
// the directory subakotest.Volume makes; the same program prints the
// package's subako-package.json when run with --subako-manifest.
//
// Package, Tool, Serve and the Result constructors are what generated code
// uses; a hand-written server may use them too, but an author of handlers
// never needs to.
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
//   - A handler that panics is recovered: the call is an isError result
//     "the tool NAME panicked: ..." and the panic and its stack go to
//     stderr. A handler that returns a nil pointer result and no error,
//     or a value with no JSON form (NaN, an infinity), gets an isError
//     result saying so (see Faults).
//
// # Faults: the author's bugs, marked
//
// An isError result the author did not mean carries one more _meta
// member, abi.MetaFault ("ai.subako/fault", a key in MCP 2026-07-28's
// _meta format under subako's own prefix), whose value names the fault:
// "panic" (the handler panicked), "nil-result" (it returned a nil pointer
// and no error: NilResult), "result-not-json" (its result has no JSON
// form, such as NaN or an infinity: UnencodableResult, or a ValueResult of
// bytes that are not JSON) or "link-missing" (a linked image is missing).
// The model reads the same text with or without it; a host tells the
// fault from a tool's own error by it, and subakogo's probes, call and
// serve report it as an error of the module (P053, P055, P044) with the
// arguments that caused it; subakotest.FuzzTool fails on all but a
// missing link, which depends on the test's volume.
//
// The runtime's other isError answers are not marked: arguments nested
// past jsonwire.MaxDepth are the caller's to fix; an answer past stdout's
// 1 MiB and an image WithImage or WithImageFile refuses (a type or a path
// the runtime cannot show) may come from what the arguments asked for.
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
// written with package abi/jsonwire.
package subako

package abi

// The JSON-RPC error codes of ABI 1's protocol, the one home of their
// values: the runtime answers with them, serve answers clients with them,
// and the host and the probes read them in a module's answers. A module
// answers every request on stdin with one JSON-RPC 2.0 message (the ABI
// page); a JSON-RPC error answer, whatever its code, breaks a tools/call,
// so a tool's own failure is an isError result, never one of these.
//
// MCP 2026-07-28 (basic/index, "Error Codes") uses JSON-RPC 2.0's codes
// for general protocol failures and reserves -32020 to -32099 for its own.
const (
	// JSON-RPC 2.0 (section 5.1).
	CodeParseError     = -32700 // the message is not JSON
	CodeInvalidRequest = -32600 // JSON, but not a valid request
	CodeMethodNotFound = -32601 // a method the server does not offer
	CodeInvalidParams  = -32602 // params the method cannot take (an unknown tool, a bad cursor)
	CodeInternalError  = -32603 // the server's own failure

	// MCP 2026-07-28.
	CodeHeaderMismatch                  = -32020 // an HTTP header disagrees with the body (Streamable HTTP)
	CodeMissingRequiredClientCapability = -32021 // the request needs a capability the client did not declare
	CodeUnsupportedProtocolVersion      = -32022 // _meta's protocol version is not one the server speaks
)

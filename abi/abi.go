// Package abi is the one home of Subako's ABI 1: the facts of the ABI page
// (the protocol revision, the methods Subako sends, every limit on the tool
// list, a run and subako_http, the subako_http imports, their negative
// returns and error kinds), the JSON-RPC error codes and the tool-name
// rule. The runtime, the host, serve, the rules and the analyzer all take
// them from here, so that they cannot drift apart; a test fails when one of
// these values is written out anywhere else.
//
// It imports nothing outside the standard library, and neither reflect nor
// fmt, so that the runtime can use it inside a module built with Go or
// TinyGo. The subako_http request and answer JSON live in the httpwire
// subpackage.
package abi

import "time"

// Version is the ABI's number: the "abi" of subako-package.json.
const Version = 1

// ProtocolVersion is the MCP revision ABI 1 speaks, stateless: every request
// carries it in _meta, and there is no initialize handshake.
const ProtocolVersion = "2026-07-28"

// The methods Subako sends. At upload it sends MethodDiscover, then
// MethodToolsList page by page; a call is one MethodToolsCall.
const (
	MethodDiscover  = "server/discover"
	MethodToolsList = "tools/list"
	MethodToolsCall = "tools/call"
)

// The _meta members of revision 2026-07-28 that ABI 1 uses: every request
// carries the revision and the client's capabilities (and Subako its
// clientInfo); results may carry serverInfo.
const (
	MetaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	MetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	MetaClientInfo         = "io.modelcontextprotocol/clientInfo"
	MetaServerInfo         = "io.modelcontextprotocol/serverInfo"
)

// MetaGenerator is not ABI 1 but subako-go's own marker: a tool's _meta
// member naming the generator that derived its schemas from source, whose
// analyzer reports their portability hazards where the author can act on
// them. The tool-list rules leave those hazards to it.
const (
	MetaGenerator  = "ai.subako/generator"
	GeneratorGoSDK = "subako-go"
)

// MetaFault is subako-go's own marker on an isError result that is the
// author's bug rather than the tool's answer: the result's _meta member
// whose value names the fault (FaultPanic, FaultNilResult,
// FaultResultNotJSON, FaultLinkMissing). The model reads the same text
// with or without it; the probes, call and serve report it as an error of
// the module. Its prefix follows MCP 2026-07-28's _meta key format
// (reverse DNS labels, a second label that is not modelcontextprotocol or
// mcp).
const (
	MetaFault = "ai.subako/fault"
	// FaultPanic: the handler panicked (the runtime recovered it).
	FaultPanic = "panic"
	// FaultNilResult: the handler returned a nil pointer as its result
	// and no error, so there is no value to answer with.
	FaultNilResult = "nil-result"
	// FaultResultNotJSON: the handler's result has no JSON form (a NaN or
	// an infinity, a time past year 9999, a MarshalText that failed), or
	// a hand-written server's ValueResult was given bytes that are not
	// JSON.
	FaultResultNotJSON = "result-not-json"
	// FaultLinkMissing: the answer links a volume file that is not there.
	FaultLinkMissing = "link-missing"
)

// What tools/list may answer. Sizes are of compact JSON.
const (
	ToolsMin         = 1
	ToolsMax         = 64
	ToolNameMax      = 64        // characters, each of ToolNameAlphabet
	DescriptionMax   = 1024      // characters (Unicode code points) of a tool's description
	SchemaMaxBytes   = 64 << 10  // each inputSchema and outputSchema
	ToolListMaxBytes = 256 << 10 // all tools together
	PagesMax         = 16        // tools/list pages read at upload, following nextCursor
)

// ToolNameAlphabet spells out the characters a tool name may use, for
// messages.
const ToolNameAlphabet = "a-z, 0-9, '_' and '-'"

// Limits of a run.
const (
	// DiscoverTimeout is the time the upload discovery has in all.
	DiscoverTimeout = 10 * time.Second
	// CallTimeout is the time a call has to answer when its caller sets
	// none: the host's, subakogo call's and serve's --timeout, and
	// subakotest.FuzzTool's limit for a case. The ABI page names no call
	// limit (Subako sets its own); this is the one the toolchain assumes.
	CallTimeout = time.Minute
	// ExitGrace is the time a module has to exit once stdin closes.
	ExitGrace = time.Second
	// StdoutMaxBytes is what Subako reads from a module's stdout.
	StdoutMaxBytes = 1 << 20
	// StderrTailBytes is how much of the end of stderr a crash report shows.
	StderrTailBytes = 4 << 10
	// WriteBudgetBytes is what a call may write to files; a write past it
	// answers EDQUOT.
	WriteBudgetBytes = 1 << 30
	// LineMaxBytes bounds one request line. The ABI page names no limit;
	// the runtime reads lines up to the size of the largest request a
	// module may send through subako_http, and answers a longer one with
	// an error rather than buffer it without end.
	LineMaxBytes = HTTPRequestMaxBytes
)

// subako_http: the host module for HTTP, and its two functions.
const (
	HTTPModule           = "subako_http"
	HTTPRequestFunc      = "request"       // request(ptr, len) -> len
	HTTPReadResponseFunc = "read_response" // read_response(ptr, len) -> 0
)

// HTTPFuncs are subako_http's functions, in the ABI page's order.
func HTTPFuncs() []string { return []string{HTTPRequestFunc, HTTPReadResponseFunc} }

// I32 is the i32 value type as the binary format writes it.
const I32 = 0x7f

// HTTPFuncType is the type of both subako_http functions, as value types of
// the binary format: (i32, i32) -> i32.
func HTTPFuncType() (params, results []byte) { return []byte{I32, I32}, []byte{I32} }

// The negative returns of subako_http's functions, each a misuse of the ABI.
const (
	HTTPOutOfRange  int32 = -1 // a range outside the module's memory
	HTTPNoAnswer    int32 = -2 // read_response with no answer held
	HTTPWrongLength int32 = -3 // read_response with a length that is not the answer's
)

// HTTPMisuse says what a negative return of a subako_http function means,
// or "" for a code the ABI does not define.
func HTTPMisuse(code int32) string {
	switch code {
	case HTTPOutOfRange:
		return "a range outside the module's memory"
	case HTTPNoAnswer:
		return "no answer held"
	case HTTPWrongLength:
		return "a length that does not match the answer's"
	}
	return ""
}

// Limits of subako_http.
const (
	// HTTPRequestMaxBytes bounds a request's JSON, inline body included.
	HTTPRequestMaxBytes = 8 << 20
	// HTTPInlineMaxBytes bounds a response body returned inline, which
	// must also be UTF-8 text; a larger or binary body is saved to a file.
	HTTPInlineMaxBytes = 256 << 10
	// HTTPRedirectsMax is how many redirects a request follows.
	HTTPRedirectsMax = 10
)

// HTTPErrorKind says why a subako_http request got no response: the kind of
// an answer {"error":{"kind":...,"message":...}}.
type HTTPErrorKind string

// The error kinds of ABI 1. HTTPABI is the guest's own, for a misuse of the
// imports or an answer it could not read.
const (
	HTTPInvalidRequest        HTTPErrorKind = "invalid_request"
	HTTPHostNotAllowed        HTTPErrorKind = "host_not_allowed"
	HTTPForbiddenDestination  HTTPErrorKind = "forbidden_destination"
	HTTPCredentialHeader      HTTPErrorKind = "credential_header"
	HTTPCredentialUnavailable HTTPErrorKind = "credential_unavailable"
	HTTPTooManyRedirects      HTTPErrorKind = "too_many_redirects"
	HTTPTimeout               HTTPErrorKind = "timeout"
	HTTPTooLarge              HTTPErrorKind = "too_large"
	HTTPNotText               HTTPErrorKind = "not_text"
	HTTPWriteBudget           HTTPErrorKind = "write_budget"
	HTTPBadPath               HTTPErrorKind = "bad_path"
	HTTPConnection            HTTPErrorKind = "connection"
	HTTPABI                   HTTPErrorKind = "abi"
)

// HTTPErrorKinds lists every kind, in the ABI page's order.
func HTTPErrorKinds() []HTTPErrorKind {
	return []HTTPErrorKind{
		HTTPInvalidRequest, HTTPHostNotAllowed, HTTPForbiddenDestination, HTTPCredentialHeader,
		HTTPCredentialUnavailable, HTTPTooManyRedirects, HTTPTimeout, HTTPTooLarge, HTTPNotText,
		HTTPWriteBudget, HTTPBadPath, HTTPConnection, HTTPABI,
	}
}

// The directories a module can open files under (its WASI preopens), in
// the order Subako gives them: MountVolumeTmp always, MountVolumeData when
// the agent enables it, MountPackage when the package has assets, and
// MountSkills with each of its subdirectories.
const (
	MountVolumeTmp  = "/volume/tmp"
	MountVolumeData = "/volume/data"
	MountPackage    = "/package"
	MountSkills     = "/skills"
)

// MountsText names the mounts for a message: where a module can open files.
const MountsText = MountVolumeTmp + ", " + MountVolumeData + " (when the agent enables it), " + MountPackage + " (the package's assets) and " + MountSkills

// UnderMount reports whether the absolute, clean path p is one of the
// mounts or beneath one.
func UnderMount(p string) bool {
	for _, m := range [...]string{MountVolumeTmp, MountVolumeData, MountPackage, MountSkills} {
		if p == m || len(p) > len(m) && p[:len(m)] == m && p[len(m)] == '/' {
			return true
		}
	}
	return false
}

package subako

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// The server's own constants. Of package abi's limits it enforces two: a
// request line over abi.LineMaxBytes is answered with an error and skipped,
// rather than buffered without limit; a tool result whose answer would be
// over abi.StdoutMaxBytes is answered as an error result instead, which the
// model can act on, where a truncated answer would crash the call.
const (
	// cacheTTLMs is the ttlMs of discover and tools/list results, which MCP
	// requires. The answers are fixed for a build of the module; five
	// minutes keeps a caching client from serving a rebuilt package's old
	// list for long.
	cacheTTLMs = "300000"
	// A tools/list page holds at most this many tools and bytes of tools.
	// Subako allows 64 tools of 256 KiB in all, so a valid package always
	// fits on one page; a larger one is paged, and no page nears stdout's
	// limit.
	pageMaxTools = abi.ToolsMax
	pageMaxBytes = abi.ToolListMaxBytes
	// readChunk is the first size of the input buffer, which grows for
	// long lines up to abi.LineMaxBytes.
	readChunk = 64 << 10
)

// Serve runs p as an ABI 1 module, from the main that subako_gen.go (or a
// hand-written server) declares: it answers the requests on stdin, one
// line each on stdout, and exits with status 0 when stdin ends. It never
// returns. A package that is not valid (no name, a tool without a Call or
// with a schema that is not a JSON object, ...) makes it exit with status 1
// and the reason on stderr, so the problem shows when Subako discovers the
// package. The tools are checked and their list built only when
// server/discover or tools/list first asks: a tools/call, alone in its
// instance, pays nothing for the other tools, however many.
//
// Built for the machine rather than wasip1, a program whose only argument
// is --subako-manifest prints the package's subako-package.json instead and
// exits.
func Serve(p *Package) {
	handleArgs(p)
	// fd 1 is the protocol's alone: a print to os.Stdout from any package
	// goes to the log instead of breaking the call.
	protocol := os.Stdout
	os.Stdout = os.Stderr
	in, out := protocolStreams(os.Stdin, protocol)
	if err := ServeIO(p, in, out); err != nil {
		os.Stderr.WriteString("subako: " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Exit(0)
}

// ServeIO is Serve on any reader and writer, returning nil at the end of r.
//
// It answers each request as soon as its line is complete, before reading
// on, because Subako waits for an answer before sending the next request or
// closing stdin. Each answer is one compact JSON line written with a single
// Write call, which for an *os.File needs no flushing. A last line without
// a final newline is answered at the end of input. Messages without an id
// (notifications) get no answer.
func ServeIO(p *Package, r io.Reader, w io.Writer) error {
	srv, err := newServer(p, w)
	if err != nil {
		return err
	}
	return srv.serve(r)
}

type server struct {
	pkg     *Package
	entries [][]byte  // each tool as tools/list shows it, once listed
	meta    []byte    // the serverInfo member every result ends with
	out     io.Writer // where answers go
	log     io.Writer // where panics are logged
	buf     []byte    // the answer being built, reused
}

// newServer checks what every answer needs, the package and its name; its
// tools are checked when first listed (see listing).
func newServer(p *Package, w io.Writer) (*server, error) {
	switch {
	case p == nil:
		return nil, errors.New("the package is nil")
	case p.Name == "":
		return nil, errors.New("the package has no name")
	}
	version := p.Version
	if version == "" {
		version = "0.0.0"
	}
	m := append([]byte(`,"_meta":{"`+abi.MetaServerInfo+`":{"name":`), quote(p.Name)...)
	m = jsonwire.AppendString(append(m, `,"version":`...), version)
	if p.Description != "" {
		m = jsonwire.AppendString(append(m, `,"description":`...), p.Description)
	}
	return &server{pkg: p, meta: append(m, "}}"...), out: w, log: os.Stderr}, nil
}

// listing checks the tools and builds them as tools/list shows them, the
// first time discovery needs them (server/discover checks them too): a
// cold tools/call, the only request of its instance, never reads a
// schema. A broken tool (no name, a name used twice, no Call, a schema that
// is not a JSON object) is an error, which ends the server.
func (srv *server) listing() error {
	p := srv.pkg
	if srv.entries != nil || len(p.Tools) == 0 {
		return nil
	}
	seen := make(map[string]bool, len(p.Tools))
	entries := make([][]byte, 0, len(p.Tools))
	for i := range p.Tools {
		t := &p.Tools[i]
		where := "tool " + quote(t.Name)
		switch {
		case t.Name == "":
			return errors.New("tool " + strconv.Itoa(i) + " has no name")
		case seen[t.Name]:
			return errors.New("two tools are named " + quote(t.Name))
		case t.Call == nil:
			return errors.New(where + " has no Call function")
		}
		seen[t.Name] = true
		if err := checkSchema(t.InputSchema, true); err != nil {
			return errors.New(where + ": inputSchema " + err.Error())
		}
		if t.OutputSchema != nil {
			if err := checkSchema(t.OutputSchema, false); err != nil {
				return errors.New(where + ": outputSchema " + err.Error())
			}
		}
		if a := t.Annotations; max(a.ReadOnly, a.Destructive, a.Idempotent, a.OpenWorld) > HintTrue {
			return errors.New(where + ": an annotation hint is not HintUnstated, HintFalse or HintTrue")
		}
		e := append([]byte(`{"name":`), quote(t.Name)...)
		if t.Description != "" {
			e = jsonwire.AppendString(append(e, `,"description":`...), t.Description)
		}
		// The schemas were validated; compacting keeps the answer one line.
		e, _ = jsonwire.AppendCompact(append(e, `,"inputSchema":`...), t.InputSchema)
		if t.OutputSchema != nil {
			e, _ = jsonwire.AppendCompact(append(e, `,"outputSchema":`...), t.OutputSchema)
		}
		e = appendAnnotations(e, t.Annotations)
		if p.Generator != "" {
			e = jsonwire.AppendString(append(e, `,"_meta":{"`+abi.MetaGenerator+`":`...), p.Generator)
			e = append(e, '}')
		}
		entries = append(entries, append(e, '}'))
	}
	srv.entries = entries
	return nil
}

// serve reads lines from r and answers them until r ends.
func (srv *server) serve(r io.Reader) error {
	buf := make([]byte, 0, readChunk)
	start := 0          // buf[start:] is not handled yet
	scanned := 0        // buf[start:scanned] holds no newline
	discarding := false // the rest of an over-long line is being dropped
	eof := false
	for {
		// Answer every complete line before reading again: the client may
		// send nothing more until it has the answer.
		for {
			i := bytes.IndexByte(buf[scanned:], '\n')
			if i < 0 {
				scanned = len(buf)
				break
			}
			end := scanned + i
			if discarding {
				discarding = false
			} else if err := srv.handle(buf[start:end]); err != nil {
				return err
			}
			start, scanned = end+1, end+1
		}
		switch {
		case discarding:
			start = len(buf)
		case len(buf)-start > abi.LineMaxBytes:
			if err := srv.tooLong(buf[start:]); err != nil {
				return err
			}
			discarding, start = true, len(buf)
		}
		if eof {
			if start < len(buf) {
				return srv.handle(buf[start:])
			}
			return nil
		}
		// Make room: drop what was handled, then grow if still full.
		n := copy(buf, buf[start:])
		buf, scanned, start = buf[:n], scanned-start, 0
		if n == cap(buf) {
			grown := make([]byte, n, min(2*cap(buf), abi.LineMaxBytes+1))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			eof = true
		} else if err != nil {
			return err
		}
	}
}

// handle answers one line, unless it is blank or needs no answer. Only a
// failure to write is an error.
func (srv *server) handle(line []byte) error {
	blank := true
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' {
			blank = false
			break
		}
	}
	if blank {
		return nil
	}
	m, e := parseMessage(line)
	switch {
	case e != nil:
		return srv.writeError(m.id, e)
	case m.id == nil:
		return nil
	}
	p, e := parseParams(m.params)
	if e == nil {
		e = checkRevision(m.method, p)
	}
	if e == nil {
		switch m.method {
		case abi.MethodDiscover, abi.MethodToolsList, abi.MethodToolsCall:
			e = checkMeta(p.meta)
		case "initialize":
			// MCP SHOULD name the versions it supports in any error to
			// initialize: a legacy client may show only this message.
			e = &rpcError{code: abi.CodeMethodNotFound, message: "Method not found: initialize (this server supports only MCP " +
				abi.ProtocolVersion + ", which has no initialize handshake)"}
		default:
			e = &rpcError{code: abi.CodeMethodNotFound, message: "Method not found: " + m.method}
		}
	}
	if e != nil {
		return srv.writeError(m.id, e)
	}
	if m.method != abi.MethodToolsCall {
		if err := srv.listing(); err != nil {
			return err
		}
	}
	switch m.method {
	case abi.MethodDiscover:
		b := append(srv.begin(m.id), `,"result":{"resultType":"complete","supportedVersions":["`+abi.ProtocolVersion+
			`"],"capabilities":{"tools":{}},"ttlMs":`+cacheTTLMs+`,"cacheScope":"public"`...)
		return srv.send(append(append(b, srv.meta...), '}'))
	case abi.MethodToolsList:
		return srv.list(m.id, p.cursor)
	default:
		return srv.callTool(m.id, p)
	}
}

// list answers tools/list with the page that starts at the cursor. The
// cursor is the index of the page's first tool, which is stable for a
// build of the module.
func (srv *server) list(id, cursor []byte) error {
	first := 0
	if cursor != nil && string(cursor) != "null" {
		c, ok := stringValue(cursor)
		n, isIndex := cursorIndex(c)
		if !ok || !isIndex || n <= 0 || n >= len(srv.entries) {
			return srv.writeError(id, &rpcError{code: abi.CodeInvalidParams, message: "Invalid cursor"})
		}
		first = n
	}
	b := append(srv.begin(id), `,"result":{"resultType":"complete","tools":[`...)
	end, size := first, 0
	for end < len(srv.entries) && end-first < pageMaxTools && (end == first || size+len(srv.entries[end]) <= pageMaxBytes) {
		if end > first {
			b = append(b, ',')
		}
		b = append(b, srv.entries[end]...)
		size += len(srv.entries[end])
		end++
	}
	b = append(b, ']')
	if end < len(srv.entries) {
		b = append(append(append(b, `,"nextCursor":"`...), strconv.Itoa(end)...), '"')
	}
	b = append(b, `,"ttlMs":`+cacheTTLMs+`,"cacheScope":"public"`...)
	return srv.send(append(append(b, srv.meta...), '}'))
}

// callTool answers tools/call. Only a call that names no known tool is a
// JSON-RPC error, as MCP specifies; whatever the tool does is a result.
func (srv *server) callTool(id []byte, p params) error {
	name, ok := stringValue(p.name)
	if !ok {
		return srv.writeError(id, invalidParams("params.name must be the tool's name, a string"))
	}
	// The first tool of that name: a package with two fails discovery.
	tools := srv.pkg.Tools
	i := 0
	for i < len(tools) && tools[i].Name != name {
		i++
	}
	if i == len(tools) {
		return srv.writeError(id, &rpcError{code: abi.CodeInvalidParams, message: "Unknown tool: " + name})
	}
	tool := &tools[i]
	args := []byte("{}")
	if p.arguments != nil && string(p.arguments) != "null" {
		if p.arguments[0] != '{' {
			return srv.writeError(id, invalidParams("params.arguments must be an object"))
		}
		args = append([]byte(nil), p.arguments...) // Call may keep it
	}
	var res Result
	if p.argumentsDepth > jsonwire.MaxDepth {
		// The model can send simpler arguments; a decoder never sees these.
		res = ErrorResult(NewToolError("the arguments nest " + strconv.Itoa(p.argumentsDepth) +
			" levels deep, past the limit of " + strconv.Itoa(jsonwire.MaxDepth) + " levels of objects and arrays"))
	} else {
		res = srv.call(tool, args)
	}

	b := append(srv.begin(id), `,"result":`...)
	mark := len(b)
	b = appendResult(b, res, srv.meta)
	if size := len(b) + len("}\n"); size > abi.StdoutMaxBytes {
		msg := "the result is " + strconv.Itoa(size) + " bytes as an answer, over the " +
			strconv.Itoa(abi.StdoutMaxBytes) + " bytes Subako takes on stdout"
		if res.hasInlineImage() {
			msg += "; save the image under /volume/tmp and attach it with WithImageFile instead of inline"
		}
		b = appendResult(b[:mark], ErrorResult(NewToolError(msg)), srv.meta)
	}
	return srv.send(b)
}

// call runs the tool, turning a panic into an error result so that the
// model hears about it and the module still answers. (TinyGo recovers
// panics on wasip1 only in recent versions; in older ones a panic traps.)
func (srv *server) call(tool *Tool, args []byte) (res Result) {
	defer func() {
		if v := recover(); v != nil {
			msg := "the tool " + tool.Name + " panicked: " + panicText(v)
			srv.log.Write(append(append(append(append([]byte("subako: "), msg...), '\n'), panicStack()...), '\n'))
			res = faultResult(NewToolError(msg), abi.FaultPanic)
		}
	}()
	return tool.Call(args)
}

// panicText describes a panic value without fmt, which is unavailable.
func panicText(v any) string {
	switch v := v.(type) {
	case error:
		return v.Error()
	case string:
		return v
	case interface{ String() string }:
		return v.String()
	}
	return "a value that is neither an error nor a string"
}

// begin starts an answer to id. A nil id, for an error about a message
// whose id could not be read, is left out: JSON-RPC 2.0 would write null,
// but MCP forbids null ids and its schema makes the member optional
// instead (JSONRPCErrorResponse).
func (srv *server) begin(id []byte) []byte {
	b := append(srv.buf[:0], `{"jsonrpc":"2.0"`...)
	if id == nil {
		return b
	}
	return append(append(b, `,"id":`...), id...)
}

// send ends the answer and writes it in one Write.
func (srv *server) send(b []byte) error {
	b = append(b, '}', '\n')
	srv.buf = b
	n, err := srv.out.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	return err
}

func (srv *server) writeError(id []byte, e *rpcError) error {
	b := append(srv.begin(id), `,"error":{"code":`...)
	b = strconv.AppendInt(b, int64(e.code), 10)
	b = jsonwire.AppendString(append(b, `,"message":`...), e.message)
	if e.data != nil {
		b = append(append(b, `,"data":`...), e.data...)
	}
	return srv.send(append(b, '}'))
}

// tooLong answers a line longer than abi.LineMaxBytes, with the request's id
// when the part read shows it.
func (srv *server) tooLong(prefix []byte) error {
	return srv.writeError(idFromPrefix(prefix), invalidRequest("the message is longer than "+
		strconv.Itoa(abi.LineMaxBytes)+" bytes"))
}

var errStop = errors.New("stop")

// idFromPrefix finds a top-level "id" member in the start of a message,
// when its value is surely complete: a string, or a number with something
// after it (the cut may fall inside a number: 12 of 123).
func idFromPrefix(prefix []byte) []byte {
	var id []byte
	s := envelopeScanner(prefix)
	_ = s.Members(func(key string) error { // ends in an error, at the cut
		raw, err := s.Skip()
		if err == nil && key == "id" && isID(raw) && (raw[0] == '"' || s.Offset()+len(raw) < len(prefix)) {
			id = echoID(raw)
			return errStop
		}
		return err
	})
	return id
}

// cursorIndex reads a cursor this server wrote: a tool index in plain
// decimal, without sign or leading zero. (strconv.Atoi would do, but it
// costs the module 27 KB.)
func cursorIndex(c string) (int, bool) {
	if c == "" || len(c) > 4 || (c[0] == '0' && len(c) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(c); i++ {
		if c[i] < '0' || c[i] > '9' {
			return 0, false
		}
		n = n*10 + int(c[i]-'0')
	}
	return n, true
}

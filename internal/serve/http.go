package serve

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/paramheader"
)

// EndpointPath is the MCP endpoint of the Streamable HTTP transport.
const EndpointPath = "/mcp"

// maxSessions bounds the handshake-era sessions kept at once. At the cap,
// a new session takes the place of the least recently used idle one (no
// request in flight, no open GET stream): its client gets 404 at its next
// request and, as the transport says, initializes again. initialize is
// refused (503) only when every session is busy, each holding a request or
// a stream, so a connection of its own (--http-max-conns). Before, a
// session had to be idle for 10 minutes to make way, so 256 initialize
// requests locked every other handshake-era client out for 10 minutes,
// renewable with one request a session (attack pass 41j, row 3); a session
// in use is still never evicted.
const maxSessions = 256

// Listen opens addr for the Streamable HTTP transport. A loopback address
// is required unless public is set: a local MCP server bound to every
// interface can be reached by anyone on the network, so a public server
// also needs Options.HTTPToken (Handler refuses every request without it).
func Listen(addr string, public bool) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--http %s: %w", addr, err)
	}
	if !public && !isLoopbackHost(host) {
		return nil, fmt.Errorf("--http %s is not a loopback address: serve binds only this machine's own addresses (127.0.0.1, [::1] or localhost)", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, &ListenError{Addr: addr, Err: err}
	}
	return ln, nil
}

// ListenError is a right --http address this machine would not listen
// on (in use by another process, not one of its addresses, a port it may
// not bind): the machine's state, not a usage error (attack pass 42n,
// row 4: an address in use exited 2 with the usage text).
type ListenError struct {
	Addr string
	Err  error
}

func (e *ListenError) Error() string {
	return "--http " + e.Addr + ": cannot listen there (" + e.Err.Error() + "): another process may hold it (a serve still running?), or it is not this machine's"
}

func (e *ListenError) Unwrap() error { return e.Err }

// MinTokenLength is the shortest bearer token a public server accepts.
const MinTokenLength = 32

// NewToken makes a bearer token for a public server: 256 random bits, as
// 52 base32 characters (crypto/rand).
func NewToken() string { return rand.Text() + rand.Text() }

// isLoopbackHost says whether a host name or address only ever means this
// machine ("" means every interface, so it does not).
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// Handler serves the Streamable HTTP transport at EndpointPath. Modern
// requests are stateless, one POST each; handshake-era clients get a
// session (Mcp-Session-Id) from initialize, as the 2025 revisions define
// it, with a GET stream for list-changed notifications. public says the
// server listens beyond loopback, where an Origin must match the Host.
func (s *Server) Handler(public bool) http.Handler { return s.newHTTPServer(public).mux() }

func (s *Server) newHTTPServer(public bool) *httpServer {
	return &httpServer{s: s, public: public, sessions: map[string]*session{}, limits: s.opt.HTTPLimits,
		bodies: make(chan struct{}, s.opt.HTTPLimits.LargeBodies), unwritten: make(places, cap(s.slots)),
		closing: make(chan struct{})}
}

func (h *httpServer) mux() http.Handler {
	mux := http.NewServeMux()
	mux.Handle(EndpointPath, h)
	if !h.public && h.s.opt.HTTPToken == "" {
		return mux
	}
	return h.authorized(mux)
}

// authorized lets through only requests that carry the bearer token,
// before anything else is read or done: on a public server anyone who
// reaches the port could otherwise run the package's tools, spend its
// budgets and reach its HTTP allow-list. A public server without a token
// refuses every request.
func (h *httpServer) authorized(next http.Handler) http.Handler {
	want := []byte(h.s.opt.HTTPToken)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := bearerToken(r.Header.Get("Authorization"))
		if !ok || len(want) == 0 || subtle.ConstantTimeCompare([]byte(got), want) != 1 {
			h.s.log.printf("http %s from %s: refused: no valid bearer token", r.Method, r.RemoteAddr)
			w.Header().Set("WWW-Authenticate", `Bearer realm="subakogo serve"`)
			w.Header().Set("Connection", "close") // the body is not read
			http.Error(w, "unauthorized: this server wants Authorization: Bearer TOKEN", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// bearerToken is the token of an Authorization header of the Bearer
// scheme (the scheme's name is case-insensitive, RFC 9110 11.1).
func bearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

type httpServer struct {
	s      *Server
	public bool
	limits HTTPLimits
	bodies chan struct{} // the large-body slots
	// unwritten holds the places of every HTTP connection's calls: one
	// answer each, written to its own client within limits.WriteTimeout.
	unwritten places

	// closing is closed when the server shuts down: every open stream
	// (a session's GET, a subscription) ends with it (closeStreams).
	closing   chan struct{}
	closeOnce sync.Once

	mu       sync.Mutex
	sessions map[string]*session
}

// closeStreams ends every session and every open stream: the server is
// shutting down, and http.Server.Shutdown waits for no stream to end.
func (h *httpServer) closeStreams() {
	h.closeOnce.Do(func() { close(h.closing) })
	h.mu.Lock()
	ended := make([]*session, 0, len(h.sessions))
	for id, se := range h.sessions {
		ended = append(ended, se)
		delete(h.sessions, id)
	}
	h.mu.Unlock()
	for _, se := range ended {
		se.end()
	}
}

// session is one handshake-era client over HTTP.
type session struct {
	id   string
	conn *conn
	// ended is closed when the session ends (DELETE, eviction, the
	// server's shutdown): its GET stream ends with it, so no stream
	// outlives its session (attack pass 42k, row 2).
	ended   chan struct{}
	endOnce sync.Once

	mu     sync.Mutex
	stream chan []byte // the open GET stream, nil when none
	// lastUsed orders the sessions by their last use (useClock): the
	// least recently used idle one makes way for a new one.
	lastUsed uint64
	busy     int // requests in flight
}

// useClock counts the uses of every session, to order them: unlike the
// wall clock, it never gives two uses the same time.
var useClock atomic.Uint64

// end ends the session: its connection, and its GET stream if open. Its
// caller has taken it out of the session table.
func (se *session) end() {
	se.endOnce.Do(func() {
		close(se.ended)
		se.conn.close()
	})
}

// touch marks the session used now; its caller holds se.mu.
func (se *session) touch() { se.lastUsed = useClock.Add(1) }

// use marks a request of the session in flight until the returned func.
func (se *session) use() func() {
	se.mu.Lock()
	se.busy++
	se.touch()
	se.mu.Unlock()
	return func() {
		se.mu.Lock()
		se.busy--
		se.touch()
		se.mu.Unlock()
	}
}

// idleSince is when the session was last used (useClock), or false while
// it is in use: a request in flight, or its GET stream open.
func (se *session) idleSince() (uint64, bool) {
	se.mu.Lock()
	defer se.mu.Unlock()
	return se.lastUsed, se.busy == 0 && se.stream == nil
}

func (se *session) deliver(msg []byte) {
	se.mu.Lock()
	defer se.mu.Unlock()
	if se.stream != nil {
		select {
		case se.stream <- msg:
		default: // a client that does not read loses notifications, not the server
		}
	}
}

func (h *httpServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.originAllowed(r) {
		h.s.log.printf("http %s: refused the Origin %q (DNS rebinding protection)", r.Method, r.Header.Get("Origin"))
		writeJSON(w, http.StatusForbidden, errorLine(nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "Forbidden: Origin " + clientText(r.Header.Get("Origin")) + " is not allowed"}), nil)
		return
	}
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodGet:
		h.get(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	default:
		w.Header().Set("Allow", "POST, GET, DELETE")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

// originAllowed checks Origin, as the transport requires against DNS
// rebinding: absent (not a browser), or a loopback origin on a loopback
// server, or the request's own host on a public one.
func (h *httpServer) originAllowed(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	if h.public {
		return strings.EqualFold(u.Host, r.Host)
	}
	return isLoopbackHost(u.Hostname())
}

func (h *httpServer) post(w http.ResponseWriter, r *http.Request) {
	if ct := r.Header.Get("Content-Type"); !isJSONMediaType(ct) {
		writeJSON(w, http.StatusUnsupportedMediaType, errorLine(nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "Content-Type must be application/json, not " + strconv.Quote(clientText(ct))}), nil)
		return
	}
	body, status, err := h.readBody(w, r)
	if err != nil {
		h.s.log.printf("http POST from %s: body not read: %v", r.RemoteAddr, err)
		w.Header().Set("Connection", "close")
		writeJSON(w, status, errorLine(nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "message not read: " + err.Error()}), nil)
		return
	}
	m, perr := parseMessage(body)
	if perr != nil {
		h.s.log.printf("http: %s", perr.Message)
		writeJSON(w, perr.status, errorLine(nil, perr), nil)
		return
	}
	params, _ := objectParams(m.Params)
	_, modern := metaVersion(params)
	sid := r.Header.Get("Mcp-Session-Id")
	switch {
	case modern:
		// Sessions belong to the handshake era; a modern request ignores one.
		if perr := checkHeaders(r, m, params, h.s.pkg.Load()); perr != nil {
			h.s.log.printf("http %s: refused: %s", m.Method, perr.Message)
			writeJSON(w, perr.status, errorLine(m.ID, perr), nil)
			return
		}
		if m.Method == "subscriptions/listen" && m.IsRequest() {
			h.listen(w, r, m)
			return
		}
		c := h.s.newConn("http", nil)
		defer c.close()
		h.reply(w, r, c, m, len(body), false, nil)
	case m.Method == "initialize" && sid == "" && m.IsRequest():
		// Only a request opens a session: an initialize without an id is a
		// notification, no handshake, answered 202 with no body below as
		// every notification is (attack pass 45b, row 4: it opened a
		// session, answered 200 with an empty line).
		se, done := h.newSession()
		if se == nil {
			h.s.log.printf("http initialize: refused: all %d sessions are busy", maxSessions)
			writeJSON(w, http.StatusServiceUnavailable, errorLine(m.ID, &rpcError{Code: abi.CodeInternalError, Message: "too many sessions in use (" + strconv.Itoa(maxSessions) + ", each with a request or a stream open): end one (DELETE) or try later"}), nil)
			return
		}
		defer done()
		a := se.conn.handle(r.Context(), m)
		writeJSON(w, http.StatusOK, a.line, map[string]string{"Mcp-Session-Id": se.id})
	case sid != "":
		se, done := h.useSession(sid)
		if se == nil {
			writeJSON(w, http.StatusNotFound, errorLine(m.ID, &rpcError{Code: abi.CodeInvalidRequest, Message: "unknown or ended session " + clientText(sid) + ": initialize again"}), nil)
			return
		}
		defer done()
		if v := r.Header.Get("Mcp-Protocol-Version"); v != "" && v != se.conn.legacyVersion() {
			writeJSON(w, http.StatusBadRequest, errorLine(m.ID, &rpcError{Code: abi.CodeInvalidRequest, Message: "MCP-Protocol-Version " + clientText(v) + " is not the session's " + se.conn.legacyVersion()}), nil)
			return
		}
		h.reply(w, r, se.conn, m, len(body), true, nil)
	default:
		// Neither modern nor in a session: requestEra says what is missing.
		c := h.s.newConn("http", nil)
		defer c.close()
		h.reply(w, r, c, m, len(body), false, nil)
	}
}

// isJSONMediaType says whether a Content-Type is exactly application/json,
// with parameters (charset) or without: application/jsonx is not.
func isJSONMediaType(ct string) bool {
	t, _, err := mime.ParseMediaType(ct)
	return err == nil && t == "application/json"
}

// reply answers one message of size bytes as JSON; a notification gets
// 202. In the handshake era a JSON-RPC error travels with 200, as clients
// of that era expect; in 2026-07-28 it carries the status the transport
// gives it. A message that waits holding its body (a tools/call for its
// place, a tools/list for the package still loading) waits within HTTP's
// budget of waiting messages (maxWaitingLines; stdio has its own); past
// it, its body read already, it is refused at once (503) rather than held.
// The budget is every HTTP client's together: a modern request carries
// nothing that tells one local client from another, so one can fill it,
// and the others are refused (503, Retry-After) until its messages are
// answered: never the stdio client.
func (h *httpServer) reply(w http.ResponseWriter, r *http.Request, c *conn, m *mcp.Message, size int, legacy bool, headers map[string]string) {
	ctx, notes := requestNotes(r)
	call := m.IsRequest() && m.Method == abi.MethodToolsCall
	if call || m.IsRequest() && m.Method == abi.MethodToolsList && !h.s.loaded() {
		queued, ok := h.s.httpWaiting.tryAcquire(waitingCharge(size))
		if !ok {
			h.s.log.printf("http %s from %s: refused: the messages waiting hold their budget", m.Method, r.RemoteAddr)
			status := http.StatusServiceUnavailable
			if legacy {
				status = http.StatusOK
			}
			writeJSON(w, status, errorLine(m.ID, &rpcError{Code: abi.CodeInternalError, Message: "too many requests are waiting (for a free instance, or for the package to load; their messages hold the " +
				strconv.Itoa(maxWaitingLines>>20) + " MiB serve keeps for them): try again once one is answered"}), map[string]string{"Retry-After": "1"})
			return
		}
		if h.s.httpWaits != nil {
			h.s.httpWaits()
		}
		if !call { // a list holds its charge until the package answers it
			defer queued()
		} else {
			release, ok := h.unwritten.take(ctx)
			queued()
			if !ok {
				return // the client went away while it waited
			}
			defer release()
		}
	}
	a := c.handle(ctx, m)
	switch {
	case a.line == nil && a.status == 499:
		return // the client went away or cancelled: nothing to send
	case a.line == nil:
		w.WriteHeader(http.StatusAccepted)
		return
	}
	status := a.status
	if legacy || status == 0 {
		status = http.StatusOK
	}
	// The answer is written within the write deadline, flushed, and the
	// deadline lifted for the connection's next request.
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(h.limits.WriteTimeout)) // unsupported only by test recorders
	defer func() { _ = rc.SetWriteDeadline(time.Time{}) }()
	defer func() { _ = rc.Flush() }()
	if status == http.StatusOK && notes.write(w, a.line, headers) {
		return
	}
	writeJSON(w, status, a.line, headers)
}

func writeJSON(w http.ResponseWriter, status int, body []byte, headers map[string]string) {
	for k, v := range headers {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

// metaVersion reads a request's _meta protocol version.
func metaVersion(params map[string]json.RawMessage) (string, bool) {
	var meta map[string]json.RawMessage
	if json.Unmarshal(params["_meta"], &meta) != nil {
		return "", false
	}
	raw, ok := meta[metaProtocolVersion]
	if !ok {
		return "", false
	}
	var v string
	_ = json.Unmarshal(raw, &v)
	return v, true
}

// checkHeaders checks a modern request's standard headers against its
// body: MCP-Protocol-Version, Mcp-Method, and for tools/call Mcp-Name and
// the Mcp-Param headers the tool's schema asks for.
// A missing or different one is HeaderMismatch with 400.
func checkHeaders(r *http.Request, m *mcp.Message, params map[string]json.RawMessage, pkg *Package) *rpcError {
	version, _ := metaVersion(params)
	switch h := r.Header.Get("Mcp-Protocol-Version"); {
	case h == "":
		return mismatch("the MCP-Protocol-Version header is missing")
	case h != version:
		return differs("MCP-Protocol-Version", h, version)
	}
	if !m.IsRequest() {
		return nil
	}
	switch h := r.Header.Get("Mcp-Method"); {
	case h == "":
		return mismatch("the Mcp-Method header is missing")
	case h != m.Method:
		return differs("Mcp-Method", h, m.Method)
	}
	if m.Method == abi.MethodToolsCall {
		var name string
		_ = json.Unmarshal(params["name"], &name)
		h, ok := headerValue(r.Header.Get("Mcp-Name"))
		switch {
		case r.Header.Get("Mcp-Name") == "":
			return mismatch("the Mcp-Name header is missing")
		case !ok:
			return mismatch("the Mcp-Name header is not a valid value")
		case h != name:
			return differs("Mcp-Name", h, name)
		}
		if p := pkg; p != nil {
			if i, ok := p.byName[name]; ok {
				return checkParamHeaders(r.Header, p.tools[i], params["arguments"])
			}
		}
	}
	return nil
}

// mismatch is HeaderMismatch with 400: a standard header missing or not
// valid, as msg says.
func mismatch(msg string) *rpcError {
	return &rpcError{Code: abi.CodeHeaderMismatch, Message: "Header mismatch: " + msg, status: http.StatusBadRequest}
}

// differs is the mismatch of a header whose value is not the body's. Both
// values are the client's text, quoted through clientText here, the one
// place every header mismatch is cut (attack pass 45b, row 2: the
// MCP-Protocol-Version and Mcp-Param mismatches quoted the body's value
// whole, 4 MiB back for a 4 MiB version).
func differs(header, got, body string) *rpcError {
	return mismatch(header + " header " + strconv.Quote(clientText(got)) + " does not match the body's " + strconv.Quote(clientText(body)))
}

// checkParamHeaders checks each Mcp-Param-{Name} header a tool's schema
// asks for against the argument it mirrors: present whenever the value
// is, decoded from the Base64 sentinel, equal to the value.
func checkParamHeaders(h http.Header, tool json.RawMessage, args json.RawMessage) *rpcError {
	var t struct {
		InputSchema map[string]any `json:"inputSchema"`
	}
	if json.Unmarshal(tool, &t) != nil {
		return nil //nolint:nilerr // an inputSchema that is not an object mirrors nothing
	}
	var body any
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	_ = d.Decode(&body)
	for _, ph := range paramheader.Find(t.InputSchema) {
		if ph.Name() == "" {
			continue // no header to ask for (lint's T017: served only with --force)
		}
		v := body
		for _, k := range ph.Path {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		if v == nil {
			continue // absent or null: no header is expected
		}
		key := paramheader.Prefix + ph.Name()
		raw, present := h[http.CanonicalHeaderKey(key)]
		if !present || len(raw) == 0 {
			return mismatch("the " + key + " header is missing, and the argument " + ph.Argument() + " it mirrors is in the body")
		}
		got, ok := headerValue(raw[0])
		if !ok || strings.ContainsAny(raw[0], "\r\n\x00") {
			return mismatch("the " + key + " header is not a valid value")
		}
		var want string
		switch v := v.(type) {
		case string:
			want = v
		case bool:
			want = strconv.FormatBool(v)
		case json.Number:
			if a, errA := strconv.ParseFloat(got, 64); errA == nil {
				if b, errB := v.Float64(); errB == nil && a == b {
					continue
				}
			}
			want = v.String()
		default:
			continue // objects and arrays are not mirrored
		}
		if got != want {
			return differs(key, got, want)
		}
	}
	return nil
}

// headerValue decodes the transport's =?base64?...?= sentinel.
func headerValue(v string) (string, bool) {
	if !strings.HasPrefix(v, "=?base64?") || !strings.HasSuffix(v, "?=") || len(v) < len("=?base64??=") {
		return v, true
	}
	b, err := base64.StdEncoding.Strict().DecodeString(v[len("=?base64?") : len(v)-2])
	return string(b), err == nil && utf8.Valid(b)
}

// listen answers subscriptions/listen with an SSE stream that stays open
// until the client closes it.
func (h *httpServer) listen(w http.ResponseWriter, r *http.Request, m *mcp.Message) {
	fl, ok := w.(http.Flusher)
	if !ok {
		writeJSON(w, http.StatusInternalServerError, errorLine(m.ID, &rpcError{Code: abi.CodeInternalError, Message: "streaming unsupported"}), nil)
		return
	}
	events := make(chan []byte, 16)
	c := h.s.newConn("http", func(b []byte) {
		select {
		case events <- b:
		default:
		}
	})
	defer c.close()
	release, perr := c.admitListen(m)
	if perr != nil {
		writeJSON(w, perr.status, errorLine(m.ID, perr), nil)
		return
	}
	defer release()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	done := make(chan answer, 1)
	go func() { done <- c.handle(ctx, m) }()
	started := false
	start := func() {
		if !started {
			started = true
			startEventStream(w)
		}
	}
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case b := <-events:
			start()
			writeEvent(w, b)
			fl.Flush()
		case a := <-done:
			// An error (a bad filter) before the stream began is plain JSON.
			if !started && a.line != nil {
				writeJSON(w, a.status, a.line, nil)
			}
			return
		case <-h.closing:
			return // the server is shutting down
		case <-keepAlive.C:
			start()
			_, _ = io.WriteString(w, ":\n\n")
			fl.Flush()
		}
	}
}

// newSession opens a session, making room as maxSessions says, in use
// (its initialize) until done; nil when there is no room to make.
func (h *httpServer) newSession() (se *session, done func()) {
	var b [16]byte
	_, _ = rand.Read(b[:])
	se = &session{id: hex.EncodeToString(b[:]), ended: make(chan struct{})}
	done = se.use()
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.sessions) >= maxSessions {
		var victim *session
		var oldest uint64
		for _, o := range h.sessions {
			if since, idle := o.idleSince(); idle && (victim == nil || since < oldest) {
				victim, oldest = o, since
			}
		}
		if victim == nil {
			return nil, nil
		}
		delete(h.sessions, victim.id)
		victim.end()
		h.s.log.printf("http session %s… ended to make room for a new one: the least recently used idle one of %d", victim.id[:8], maxSessions)
	}
	se.conn = h.s.newConn("http", se.deliver)
	h.sessions[se.id] = se
	return se, done
}

// useSession finds the session id and marks a request of it in flight
// until done, at once, so that no new session evicts it between the two;
// nil when there is no such session.
func (h *httpServer) useSession(id string) (se *session, done func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	se = h.sessions[id]
	if se == nil {
		return nil, nil
	}
	return se, se.use()
}

// get opens a handshake-era session's stream of notifications (the tool
// list changed). Modern clients use subscriptions/listen instead. A
// session has at most one stream (409 for a second), which ends with the
// session (DELETE, eviction, shutdown), and the stream takes one of
// HTTP's httpStreamCap places (64), which it shares with the subscriptions:
// past them, 429. Before, GET streams had no cap but the connections', and
// outlived their sessions, so one client looping initialize, GET, DELETE
// held every one of --http-max-conns (attack pass 42k, rows 2 and 3).
func (h *httpServer) get(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	// The session's stream is set under h.mu, so that no new session
	// evicts it between its lookup and its stream (newSession).
	h.mu.Lock()
	se := h.sessions[r.Header.Get("Mcp-Session-Id")]
	if se == nil || !ok {
		h.mu.Unlock()
		w.Header().Set("Allow", "POST")
		http.Error(w, "GET opens a stream only in a handshake-era session; 2026-07-28 clients use subscriptions/listen", http.StatusMethodNotAllowed)
		return
	}
	stream := make(chan []byte, 16)
	se.mu.Lock()
	if se.stream != nil {
		se.mu.Unlock()
		h.mu.Unlock()
		http.Error(w, "the session already has a stream open", http.StatusConflict)
		return
	}
	release, ok := h.s.takeHTTPStream()
	if !ok {
		se.mu.Unlock()
		h.mu.Unlock()
		h.s.log.printf("http GET from %s: refused: %d streams are open", r.RemoteAddr, h.s.httpStreamCap())
		w.Header().Set("Retry-After", "1")
		http.Error(w, "too many open streams over HTTP on this server ("+strconv.Itoa(h.s.httpStreamCap())+
			", GET streams and subscriptions together): end one first, or try later", http.StatusTooManyRequests)
		return
	}
	defer release()
	se.stream = stream
	se.mu.Unlock()
	h.mu.Unlock()
	defer func() {
		se.mu.Lock()
		se.stream = nil
		se.touch()
		se.mu.Unlock()
	}()
	startEventStream(w)
	fl.Flush()
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case b := <-stream:
			writeEvent(w, bytes.TrimSpace(b))
			fl.Flush()
		case <-keepAlive.C:
			_, _ = io.WriteString(w, ":\n\n")
			fl.Flush()
		case <-r.Context().Done():
			return
		case <-se.ended:
			return // the session ended: its stream with it
		case <-h.closing:
			return
		}
	}
}

// delete ends a handshake-era session.
func (h *httpServer) delete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	h.mu.Lock()
	se := h.sessions[id]
	delete(h.sessions, id)
	h.mu.Unlock()
	if se == nil {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	se.end() // and its GET stream
	h.s.log.printf("http session %s… ended by the client", id[:8])
	w.WriteHeader(http.StatusNoContent)
}

// maxHeaderBytes bounds a request's headers (431 past it), read before
// anything checks who sent them: at net/http's default of 1 MiB, the
// connections still sending headers could hold 256 MiB or more, past what
// serve holds beside its calls. An MCP request's headers are a few
// hundred bytes.
const maxHeaderBytes = 64 << 10

// ServeHTTP serves the Streamable HTTP transport on ln until ctx ends.
func (s *Server) ServeHTTP(ctx context.Context, ln net.Listener, public bool) error {
	lim := s.opt.HTTPLimits
	cl := newConnLimiter(ln, lim.MaxConns, s.log)
	h := s.newHTTPServer(public)
	srv := &http.Server{Handler: h.mux(), ReadHeaderTimeout: lim.HeaderTimeout,
		MaxHeaderBytes: maxHeaderBytes, IdleTimeout: 2 * time.Minute, ConnState: func(c net.Conn, st http.ConnState) {
			cl.track(c, st)
			if s.onConnState != nil {
				s.onConnState(st)
			}
		}}
	srv.RegisterOnShutdown(h.closeStreams) // Shutdown waits for no stream
	ln = cl
	s.log.printf("MCP over Streamable HTTP at http://%s%s", ln.Addr(), EndpointPath)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// startEventStream begins a 200 answer that is an event stream, which
// proxies must not buffer.
func startEventStream(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
}

// writeEvent writes one JSON-RPC message as an event of the stream.
func writeEvent(w io.Writer, message []byte) {
	_, _ = fmt.Fprintf(w, "event: message\ndata: %s\n\n", message)
}

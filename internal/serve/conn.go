package serve

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcp"
)

// conn is one client's channel: a stdio process or an HTTP session (or a
// single stateless HTTP request). Only the handshake era keeps state on it.
type conn struct {
	s         *Server
	transport string
	// send delivers a message the server starts (a notification); nil when
	// the channel cannot carry one.
	send func([]byte)

	mu     sync.Mutex
	legacy string // the revision initialize agreed, "" before
	// listChanged is what initialize told a handshake-era client of
	// notifications/tools/list_changed.
	listChanged bool
	logLevel    string // set by logging/setLevel, "" before
	log         connLog
	// inflight holds the requests running, by id (idKey): a list, since a client
	// may reuse an id while a request of it runs (JSON-RPC forbids it, but
	// one key for both let the later's end forget the earlier, which a
	// notifications/cancelled then missed: a listen so lost held one of the
	// connection's places until the connection ended; attack pass 43b).
	inflight map[string][]*flight
	// listens counts the open subscriptions/listen with toolsListChanged,
	// by id (idKey), each with its id as the client wrote it, which
	// notifications/tools/list_changed names as its subscription.
	listens map[string]*listening
	// unwritten holds the places of a stdio connection's calls (places).
	unwritten places
	// openListens counts the subscriptions open on the connection: each
	// holds its request until it ends, so at most maxListens are open.
	openListens int
}

// A subscription stays open until its client ends it or the input ends,
// holding its request: a connection has at most maxListens open, each
// of at most maxListenParams and an id of at most maxIDBytes (attack
// pass 39: 200 stdio listens of 4 MiB took serve from 64 MB to 1,561 MB).
// A client needs one. HTTP as a whole has at most maxServerListens open,
// handshake-era GET streams included (takeHTTPStream; attack pass 42k,
// row 3): there each subscription is a connection of its own, so the cap
// of a connection never added up (attack pass 41d). A stdio connection's
// subscriptions count only against its own maxListens: the agent that
// started serve never competes with HTTP clients for one (attack pass
// 41j, row 1: 64 HTTP subscriptions left none for it). serve has one stdio
// connection, so at most maxListens + maxServerListens are open. With
// --http-max-conns under 256, HTTP's streams are fewer: a quarter of the
// connections (httpStreamCap), so that 3 in 4 stay for requests.
const (
	maxListens       = 16
	maxServerListens = 64
	maxListenParams  = 32 << 10
)

// places bound the built answers that wait for a slow client. A call
// holds a place from before it runs until its line is written, and there
// are as many places as the server has call slots, so a client that reads
// slowly holds at most --max-concurrent built lines (attack pass 38b:
// sixteen calls of 28 MiB answers with stdout unread held 437 MiB). A
// stdio connection has its own; HTTP connections share the server's, and
// a client that does not take its answer within HTTPLimits.WriteTimeout
// loses its connection and the place.
type places chan struct{}

// take waits for a place; release gives it back. ok is false when ctx
// ended first.
func (p places) take(ctx context.Context) (release func(), ok bool) {
	select {
	case p <- struct{}{}:
		return func() { <-p }, true
	case <-ctx.Done():
		return nil, false
	}
}

func (s *Server) newConn(transport string, send func([]byte)) *conn {
	c := &conn{s: s, transport: transport, send: send,
		inflight: map[string][]*flight{}, listens: map[string]*listening{}}
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	return c
}

// close forgets the channel: it gets no more notifications.
func (c *conn) close() {
	c.s.mu.Lock()
	delete(c.s.conns, c)
	c.s.mu.Unlock()
	c.mu.Lock()
	for _, fs := range c.inflight {
		for _, f := range fs {
			f.cancel()
		}
	}
	c.mu.Unlock()
}

func (c *conn) legacyVersion() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.legacy
}

// answer is what one message gets back: a line (nil for none) and the
// HTTP status that goes with it.
type answer struct {
	line   []byte
	status int
}

func errorAnswer(id json.RawMessage, e *rpcError) answer {
	status := e.status
	if status == 0 {
		status = 200
	}
	return answer{line: errorLine(id, e), status: status}
}

// handle answers one message; tools/call blocks until the call is done.
func (c *conn) handle(ctx context.Context, m *mcp.Message) answer {
	if !m.IsRequest() {
		c.notification(m)
		return answer{status: 202}
	}
	return c.start(ctx, m)()
}

// start registers request m as in flight, so that a notifications/cancelled
// read after this returns finds it, and returns the function that runs it.
func (c *conn) start(ctx context.Context, m *mcp.Message) func() answer {
	ctx, f, done := c.begin(ctx, m.ID)
	return func() answer {
		defer done()
		var a answer
		if ctx.Err() == nil { // not cancelled before it began
			a = c.request(ctx, m)
		}
		if ctx.Err() != nil && c.cancelled(f) {
			// The client cancelled it: no answer may follow.
			return answer{status: 499}
		}
		return a
	}
}

func (c *conn) request(ctx context.Context, m *mcp.Message) answer {
	params, perr := objectParams(m.Params)
	if perr != nil {
		return errorAnswer(m.ID, perr)
	}
	if _, modern := metaVersion(params); m.Method == "initialize" && !modern {
		// Only a request without 2026-07-28's _meta opens the handshake era.
		return c.initialize(m.ID, params)
	}
	e, perr := requestEra(params, c.legacyVersion())
	if perr != nil {
		c.s.log.printf("%s %s: refused: %s", c.transport, m.Method, perr.Message)
		return errorAnswer(m.ID, perr)
	}
	// Only the tools need the package: the rest is answered at once, while
	// it is built, linted and probed.
	info := c.s.serverInfo()
	var p *Package
	switch m.Method {
	case abi.MethodToolsList:
		p, perr = c.s.waitList(ctx)
	case abi.MethodToolsCall:
		if p, perr = c.s.waitPackage(ctx); p != nil {
			// Held to the call's end: a package replaced meanwhile
			// keeps its module and build until then.
			if held := c.s.holdPackage(); held != nil {
				p = held
				defer c.s.dropPackage(held)
			}
		}
	}
	c.logForRequest(ctx, m.Method, e, params) // what the load said, for a client that takes it
	if perr != nil {
		return errorAnswer(m.ID, perr)
	}
	if p != nil {
		info = p.serverInfo
	}
	var result mcp.Result
	switch m.Method {
	case abi.MethodDiscover:
		result = c.s.discoverResult()
	case abi.MethodToolsList:
		result, perr = c.s.listTools(p, e, params)
	case abi.MethodToolsCall:
		var release func()
		result, release, perr = c.s.callTool(ctx, p, e, c.transport, params)
		if release != nil {
			defer release() // once the answer's line is built
		}
	case "ping":
		if e.modern {
			perr = &rpcError{Code: abi.CodeMethodNotFound, Message: "Method not found: ping is not part of " + e.version + " (it was removed with the handshake)", status: 404}
			break
		}
		result = &mcp.EmptyResult{}
	case "logging/setLevel":
		if e.modern {
			perr = &rpcError{Code: abi.CodeMethodNotFound, Message: "Method not found: logging/setLevel is not part of " + e.version + " (a request's _meta sets its log level)", status: 404}
			break
		}
		if perr = c.setLevel(params); perr == nil {
			result = &mcp.EmptyResult{}
		}
	case "subscriptions/listen":
		if !e.modern {
			perr = &rpcError{Code: abi.CodeMethodNotFound, Message: "subscriptions/listen is part of 2026-07-28, not of " + e.version, status: 404}
			break
		}
		return c.listen(ctx, m.ID, params)
	default:
		perr = &rpcError{Code: abi.CodeMethodNotFound, Message: "Method not found: " + clientText(m.Method) + " (this server offers tools only)", status: 404}
	}
	if perr != nil {
		if perr.status != 499 {
			c.s.log.printf("%s %s: error %d: %s", c.transport, m.Method, perr.Code, perr.Message)
		}
		return errorAnswer(m.ID, perr)
	}
	return answer{line: resultLine(m.ID, e.finish(result, info)), status: 200}
}

// initialize is the handshake era's opening: it fixes the connection's
// revision.
func (c *conn) initialize(id json.RawMessage, params map[string]json.RawMessage) answer {
	var requested string
	if raw, ok := params["protocolVersion"]; !ok || json.Unmarshal(raw, &requested) != nil {
		return errorAnswer(id, invalidParams("initialize: protocolVersion must be a string"))
	}
	var client struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	_ = json.Unmarshal(params["clientInfo"], &client)
	v := negotiate(requested)
	caps := c.s.capabilities()
	c.mu.Lock()
	c.legacy = v
	c.listChanged = caps.Tools.ListChanged
	c.mu.Unlock()
	note := ""
	if v != requested {
		note = " (asked for " + requested + ")"
	}
	c.s.log.printf("%s initialize: %s %s speaks %s%s", c.transport, client.Name, client.Version, v, note)
	result := mcp.InitializeResult{
		ProtocolVersion: v,
		Capabilities:    caps,
		ServerInfo:      c.s.serverInfo(),
	}
	if p := c.s.pkg.Load(); p != nil {
		result.Instructions = p.instructions
	}
	return answer{line: resultLine(id, result), status: 200}
}

func (s *Server) capabilities() mcp.ServerCapabilities {
	// logging: lint's findings and failed loads, as notifications/message
	// (logging.go).
	// listChanged while watching, and while the package is built: a tool
	// list asked for meanwhile has no tools, and the full one follows.
	return mcp.ServerCapabilities{Logging: &struct{}{}, Tools: &mcp.ToolsCapability{ListChanged: s.watch.Load() || !s.listed()}}
}

// discoverResult answers server/discover for the current package.
func (s *Server) discoverResult() *mcp.DiscoverResult {
	r := &mcp.DiscoverResult{
		SupportedVersions: modernVersions,
		Capabilities:      s.capabilities(),
		TTLMs:             s.ttl(),
		CacheScope:        mcp.CacheScopePublic,
	}
	if p := s.pkg.Load(); p != nil {
		r.Instructions = p.instructions
	}
	return r
}

// ttl is how long a client may keep a list: an hour for a package that
// cannot change, none while watching, pendingTTL while the package is
// built.
func (s *Server) ttl() *int {
	ms := 3600000
	switch {
	case !s.listed():
		ms = pendingTTL
	case s.watch.Load():
		ms = 0
	}
	return &ms
}

// listTools answers one page of tools/list. A cursor names the package
// version and the offset, so a cursor from before a rebuild is refused.
func (s *Server) listTools(p *Package, e era, params map[string]json.RawMessage) (*mcp.ListToolsResult, *rpcError) {
	start := 0
	rev := s.rev.Load()
	if raw, ok := params["cursor"]; ok {
		var cur string
		if json.Unmarshal(raw, &cur) != nil {
			return nil, invalidParams("cursor must be a string")
		}
		r, off, ok := parseCursor(cur)
		if !ok || r != rev || off <= 0 || off >= len(p.tools) {
			return nil, invalidParams("invalid cursor " + strconv.Quote(clientText(cur)) + " (from an older tool list, or not one this server gave)")
		}
		start = off
	}
	end := min(start+s.opt.PageSize, len(p.tools))
	tools := make([]json.RawMessage, 0, end-start)
	for _, t := range p.tools[start:end] {
		if !e.modern {
			t = legacyTool(t)
		}
		tools = append(tools, t)
	}
	r := &mcp.ListToolsResult{Tools: tools, TTLMs: s.ttl(), CacheScope: mcp.CacheScopePublic}
	if p.pending {
		ms := pendingTTL
		r.TTLMs = &ms
	}
	if end < len(p.tools) {
		next := makeCursor(rev, end)
		r.NextCursor = &next
	}
	return r, nil
}

func makeCursor(rev uint64, off int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("v1:" + strconv.FormatUint(rev, 10) + ":" + strconv.Itoa(off)))
}

func parseCursor(c string) (uint64, int, bool) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return 0, 0, false
	}
	parts := strings.Split(string(b), ":")
	if len(parts) != 3 || parts[0] != "v1" {
		return 0, 0, false
	}
	rev, err1 := strconv.ParseUint(parts[1], 10, 64)
	off, err2 := strconv.Atoi(parts[2])
	return rev, off, err1 == nil && err2 == nil
}

// flight is a request in flight.
type flight struct {
	cancel    context.CancelFunc
	cancelled bool // by the client (notifications/cancelled); under conn.mu
}

// begin tracks an in-flight request so notifications/cancelled can stop
// it; done forgets it, and it alone of the requests of its id.
func (c *conn) begin(ctx context.Context, id json.RawMessage) (_ context.Context, _ *flight, done func()) {
	ctx, cancel := context.WithCancel(ctx)
	key := idKey(id)
	f := &flight{cancel: cancel}
	c.mu.Lock()
	c.inflight[key] = append(c.inflight[key], f)
	c.mu.Unlock()
	return ctx, f, func() {
		c.mu.Lock()
		if fs := slices.DeleteFunc(c.inflight[key], func(g *flight) bool { return g == f }); len(fs) > 0 {
			c.inflight[key] = fs
		} else {
			delete(c.inflight, key)
		}
		c.mu.Unlock()
		cancel()
	}
}

// cancelled says whether the client cancelled f (and so wants no answer).
func (c *conn) cancelled(f *flight) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return f.cancelled
}

// notification handles a message without an id.
func (c *conn) notification(m *mcp.Message) {
	switch m.Method {
	case "notifications/initialized":
	case "notifications/cancelled":
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
			Reason    string          `json:"reason"`
		}
		if json.Unmarshal(m.Params, &p) != nil || len(p.RequestID) == 0 {
			c.s.log.printf("%s notifications/cancelled without a requestId: ignored", c.transport)
			return
		}
		if len(p.RequestID) > maxIDBytes {
			return // no request open has such an id (checkID)
		}
		// Every request of the id is cancelled: the client named the id,
		// by its value (idKey: 100 names the request sent as 1e2).
		key := idKey(p.RequestID)
		c.mu.Lock()
		var cancels []context.CancelFunc
		for _, f := range c.inflight[key] {
			if !f.cancelled {
				f.cancelled = true
				cancels = append(cancels, f.cancel)
			}
		}
		_, listening := c.listens[key]
		delete(c.listens, key)
		c.mu.Unlock()
		switch {
		case len(cancels) > 0:
			c.s.log.printf("%s request %s cancelled by the client %s", c.transport, p.RequestID, p.Reason)
			for _, cancel := range cancels {
				cancel()
			}
		case listening:
			c.s.log.printf("%s subscription %s closed by the client", c.transport, p.RequestID)
		}
	default:
		// Other notifications are ignored, as the protocol allows.
	}
}

// listen opens a subscriptions/listen stream on a channel that can carry
// notifications. It answers nothing now: the stream stays open until the
// client cancels it.
func (c *conn) listen(ctx context.Context, id json.RawMessage, params map[string]json.RawMessage) answer {
	var filter map[string]any
	if raw, ok := params["notifications"]; !ok || json.Unmarshal(raw, &filter) != nil || filter == nil {
		return errorAnswer(id, invalidParams("subscriptions/listen: notifications must be an object"))
	}
	if c.send == nil {
		return errorAnswer(id, &rpcError{Code: abi.CodeInvalidRequest, Message: "this channel cannot carry notifications", status: 400})
	}
	var acked mcp.ListenFilter
	// The list can change while watching, and once, while the package is
	// built (capabilities).
	if on, _ := filter["toolsListChanged"].(bool); on && c.s.capabilities().Tools.ListChanged {
		acked.ToolsListChanged = true
		key := idKey(id)
		c.mu.Lock()
		l := c.listens[key]
		if l == nil {
			l = &listening{}
			c.listens[key] = l
		}
		l.n++
		l.id = append(json.RawMessage(nil), id...)
		c.mu.Unlock()
		defer func() {
			// Only this registration is taken back: a cancel deleted the
			// id's entry at once, and a listen of the same id opened since
			// has an entry of its own (attack pass 46b, row 2: this
			// deferred end, run late, deleted the new listen's entry, and
			// the tool list's change never named it).
			c.mu.Lock()
			if c.listens[key] == l {
				if l.n--; l.n == 0 {
					delete(c.listens, key)
				}
			}
			c.mu.Unlock()
		}()
	}
	c.send(notificationLine("notifications/subscriptions/acknowledged", mcp.SubscriptionsAcknowledged{
		Meta:          mcp.SubscriptionMeta{SubscriptionID: id},
		Notifications: acked,
	}))
	<-ctx.Done()
	return answer{status: 499}
}

// admitListen takes one of the connection's maxListens places and, over
// HTTP, one of HTTP's maxServerListens for the subscription m, before anything
// runs for it, or refuses it: past the places, or with params past
// maxListenParams (its id was bounded by parseMessage). Its caller answers
// the refusal itself, so a refused subscription holds nothing (attack pass
// 39c: 20,000 listens refused in goroutines of their own, with stdout
// unread, held 87 MiB).
func (c *conn) admitListen(m *mcp.Message) (release func(), perr *rpcError) {
	if len(m.Params) > maxListenParams {
		return nil, invalidParams("subscriptions/listen: params of " + strconv.Itoa(len(m.Params)) + " bytes, over the " +
			strconv.Itoa(maxListenParams>>10) + " KiB a subscription may hold while it is open")
	}
	// Every connection but stdio's is HTTP's.
	s, shared := c.s, c.transport != "stdio"
	s.mu.Lock() // the server's lock, then the connection's: nothing takes them the other way
	defer s.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.openListens >= maxListens:
		return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "too many open subscriptions on this connection (" +
			strconv.Itoa(maxListens) + "): end one (notifications/cancelled) first", status: 429}
	case shared && s.httpListens >= s.httpStreamCap():
		return nil, &rpcError{Code: abi.CodeInvalidRequest, Message: "too many open subscriptions over HTTP on this server (" +
			strconv.Itoa(s.httpStreamCap()) + ", subscriptions and GET streams together): end one first, or try later", status: 429}
	}
	c.openListens++
	if shared {
		s.httpListens++
	}
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		c.mu.Lock()
		defer c.mu.Unlock()
		c.openListens--
		if shared {
			s.httpListens--
		}
	}, nil
}

// httpStreamCap is how many open-ended streams HTTP's clients may hold
// together, subscriptions and GET streams: maxServerListens, or a quarter
// of --http-max-conns (at least 1) when that is fewer, so that open
// streams never hold the connections honest requests need (attack pass
// 42k, row 3).
func (s *Server) httpStreamCap() int {
	return min(maxServerListens, max(1, s.opt.HTTPLimits.withDefaults().MaxConns/4))
}

// takeHTTPStream takes one of HTTP's httpStreamCap places for a
// handshake-era session's GET stream, or says there is none: the
// subscriptions and the GET streams share them (attack pass 42k, row 3).
func (s *Server) takeHTTPStream() (release func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.httpListens >= s.httpStreamCap() {
		return nil, false
	}
	s.httpListens++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.httpListens--
	}, true
}

// connections is a snapshot of the open connections, to tell each
// something without holding the server's lock.
func (s *Server) connections() []*conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	conns := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	return conns
}

// listening is the open subscriptions/listen of one id (idKey): how many,
// and the id as the latest of them wrote it.
type listening struct {
	n  int
	id json.RawMessage
}

// toolsChanged tells every client that asked for it that the tool list
// changed: handshake-era clients (told listChanged at initialize) and
// modern clients with an open subscription.
func (s *Server) toolsChanged() {
	for _, c := range s.connections() {
		if c.send == nil {
			continue
		}
		c.mu.Lock()
		legacy := c.legacy != "" && c.listChanged
		ids := make([]json.RawMessage, 0, len(c.listens))
		for _, l := range c.listens {
			ids = append(ids, l.id)
		}
		c.mu.Unlock()
		if legacy {
			c.send(notificationLine("notifications/tools/list_changed", nil))
		}
		for _, id := range ids {
			c.send(notificationLine("notifications/tools/list_changed", mcp.ListChanged{Meta: mcp.SubscriptionMeta{SubscriptionID: id}}))
		}
	}
}

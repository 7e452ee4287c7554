package host

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
	"github.com/subako-ai/subako-go/internal/host/subakohttp"
)

// CallConfig describes one tool call.
type CallConfig struct {
	Mounts  Mounts
	Timeout time.Duration // the call's timeout; 0 means one minute
	// AllowHosts is the network allowlist for subako_http (empty: none).
	AllowHosts []string
	// HTTPFixture, when set, answers subako_http from recorded responses
	// instead of the network (subakogo call --http-fixture).
	HTTPFixture *subakohttp.Fixture
	// HTTP overrides the whole subako_http configuration (tests).
	HTTP *subakohttp.Config
	// Profile, with a Module from CompileCovered, gets the call's CPU
	// profile (subakogo call --profile).
	Profile *Profile
	// ID is the request's id (a JSON string); "" draws a fresh one.
	ID string
	// ExitGrace overrides the host's exit grace for this call; 0 keeps it.
	ExitGrace time.Duration
	// Limits are what the call may create and write (RunConfig.Limits):
	// serve sets the quota of its volume, shared by all its calls.
	Limits sandboxfs.Limits
	// Reached, with a Module from CompileCovered, gets the functions the
	// call entered.
	Reached *Reached
	// Seed makes the call's random_get, wall clock and id (when ID is "")
	// a function of it (RunConfig.Seed): the probes' calls.
	Seed []byte
	// SeededWall is where a seeded call's wall clock starts
	// (RunConfig.SeededWall): the probing's start.
	SeededWall time.Time
	// Once makes one run only: an interpreted run whose time ran out is
	// not made again on the compiled code (the probes decide that within
	// their budget).
	Once bool
}

// Call is one tools/call as Subako makes it.
type Call struct {
	ID       string // the id the host sent
	Record   *Record
	Response json.RawMessage // the answer line to ID, nil when none came
	Result   json.RawMessage // its result, nil when none
	// Err is a *SetupError when the host could not start the call (a mount
	// that cannot be opened), ErrClosed when the host was closed: the
	// module did not run, and Record is empty.
	Err error
}

// Call sends one tools/call, holds stdin open until it is answered (as
// Subako does), closes it, and waits for the module to exit. A module that
// answers only once stdin closes is BreakWaitsForEOF.
func (h *Host) Call(ctx context.Context, m *Module, tool string, args json.RawMessage, cfg CallConfig) *Call {
	c := &Call{ID: cfg.ID}
	if c.ID == "" {
		c.ID = newCallID(cfg.Seed)
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = abi.CallTimeout
	}
	httpCfg := cfg.HTTP
	if httpCfg == nil {
		httpCfg = &subakohttp.Config{AllowHosts: cfg.AllowHosts, Fixture: cfg.HTTPFixture}
	}
	run := RunConfig{Mounts: cfg.Mounts, Timeout: timeout, HTTP: httpCfg, Profile: cfg.Profile, ExitGrace: cfg.ExitGrace, Reached: cfg.Reached, Limits: cfg.Limits, Seed: cfg.Seed, SeededWall: cfg.SeededWall}
	// A module that imports subako_http is run once, on the code Subako
	// runs: its requests reach the network, whose side effects (a POST
	// that sends a message) no second run may repeat, and a wait on the
	// network is not made shorter by the compiler. Under EngineAuto its
	// call waits for the compiled code first, as Discover does, at no
	// cost to its time (attack pass 41h, row 1: a call out of time waiting
	// on HTTP while interpreted was made again compiled, every request
	// sent twice, the call twice its timeout). Only a module with no
	// compiled code coming (EngineInterpreter, a compilation that failed,
	// ctx done) runs interpreted, and once.
	if m.http && m.Interpreted() {
		m.WaitCompiled(ctx)
	}
	interpreted := m.Interpreted()
	h.call(ctx, m, tool, args, run, c)
	// A run the host interpreted whose time ran out, or whose calls went
	// deeper than the interpreter's stack allows (Record.Depth), is made
	// again on the compiled code, as Discover does; never one whose
	// requests went to the network (none does, by the wait above: this
	// says it where the re-run is decided).
	if interpreted && !cfg.Once && c.Err == nil && c.Record.HTTPRequests == 0 && (c.Record.OutOfTime() || c.Record.Depth) && m.WaitCompiled(ctx) {
		h.call(ctx, m, tool, args, run, c)
	}
	return c
}

// newCallID is a fresh id of the shape Subako's have ("call-0192f5c4" in
// the ABI: "call-" and 8 hex digits), so that a module cannot tell the
// linter's calls from Subako's by their ids. A seeded call's digits are
// its seed's (the first of the SHA-256 of "id" and the seed).
func newCallID(seed []byte) string {
	var b [4]byte
	if seed != nil {
		sum := sha256.Sum256(append([]byte("id"), seed...))
		copy(b[:], sum[:])
	} else {
		_, _ = rand.Read(b[:])
	}
	return "call-" + hex.EncodeToString(b[:])
}

func (h *Host) call(ctx context.Context, m *Module, tool string, args json.RawMessage, run RunConfig, c *Call) {
	c.Result, c.Response = nil, nil
	s, err := h.Start(ctx, m, run)
	if err != nil {
		c.Record, c.Err = &Record{CloseToExit: -1, StdinClosed: -1}, err
		return
	}
	id, _ := json.Marshal(c.ID)
	s.Send(ToolCall(id, tool, args))
	if msg, ok := s.Answer(id, run.Timeout); ok {
		c.Result = msg.Result
		c.Response = msg.Raw
	}
	c.Record = s.Wait()
}

// Session is one running instance driven by its caller, one request at a
// time (the probes): Send, Answer or Next, then Wait.
type Session struct{ s *session }

// Start instantiates the module, which runs _start, and returns at once.
// The run's timeout is cfg.Timeout plus twice its exit grace, so that an
// Answer that waited the whole cfg.Timeout can still close stdin and see
// whether the module answers then.
func (h *Host) Start(ctx context.Context, m *Module, cfg RunConfig) (*Session, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = h.discoverLimit
	}
	grace := cfg.ExitGrace
	if grace <= 0 {
		grace = h.exitGrace
	}
	cfg.Timeout += 2 * grace
	s, err := h.start(ctx, m, cfg)
	if err != nil {
		return nil, err
	}
	return &Session{s}, nil
}

// Send writes one line (a request or a notification) to stdin; a newline
// is added. It is recorded in Record.Sent.
func (s *Session) Send(line []byte) { s.s.send(line) }

// Answer waits up to wait of the module's time for the answer to the request with id, stdin
// held open; see session.answer. ok is false when none came in time (or a
// line broke the call first): the record says why.
func (s *Session) Answer(id json.RawMessage, wait time.Duration) (Message, bool) {
	return s.s.answer(IDKey(id), wait)
}

// Pause lets the module run for d of its own time with nothing sent; it
// ends sooner when the module waits for input or ends.
func (s *Session) Pause(d time.Duration) { s.s.pause(d) }

// Next waits up to wait for the next stdout line.
func (s *Session) Next(wait time.Duration) (Line, bool) { return s.s.next(wait) }

// Wait closes stdin, waits for the module to exit (stopping it past its
// exit grace) and returns the record, complete, once the guest has left
// its instance.
func (s *Session) Wait() *Record { return s.s.wait() }

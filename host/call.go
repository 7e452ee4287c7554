package host

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/host/subakohttp"
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
}

// Call is one tools/call as Subako makes it.
type Call struct {
	ID       string // the id the host sent
	Record   *Record
	Response json.RawMessage // the answer line to ID, nil when none came
	Result   json.RawMessage // its result, nil when none
	// Err is a *SetupError when the host could not start the call (a mount
	// that cannot be opened): the module did not run, and Record is empty.
	Err error
}

// Call sends one tools/call, closes stdin once it is answered, and waits
// for the module to exit.
func (h *Host) Call(ctx context.Context, m *Module, tool string, args json.RawMessage, cfg CallConfig) *Call {
	var idBytes [6]byte
	_, _ = rand.Read(idBytes[:])
	c := &Call{ID: "call-" + hex.EncodeToString(idBytes[:])}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = time.Minute
	}
	httpCfg := cfg.HTTP
	if httpCfg == nil {
		httpCfg = &subakohttp.Config{AllowHosts: cfg.AllowHosts, CallTimeout: timeout, Fixture: cfg.HTTPFixture}
	}
	s, err := h.start(ctx, m, RunConfig{Mounts: cfg.Mounts, Timeout: timeout, HTTP: httpCfg})
	if err != nil {
		c.Record, c.Err = &Record{CloseToExit: -1}, err
		return c
	}
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	s.send(request(c.ID, abi.MethodToolsCall, map[string]any{"name": tool, "arguments": args}))
	deadline := time.Now().Add(timeout)
	for {
		line, ok := s.next(time.Until(deadline))
		if !ok {
			break
		}
		if msg, ok := ParseMessage(line.Text); ok && msg.IDIs(c.ID) && msg.Method == "" {
			c.Response, c.Result = line.Text, msg.Result
			break
		}
		if _, broken := breaksLine(line.Text, map[string]bool{c.ID: true}); broken {
			break // the call is crashed; the record says why
		}
	}
	c.Record = s.wait()
	return c
}

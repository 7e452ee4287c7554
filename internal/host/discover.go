package host

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/subako-ai/subako-go/internal/jsonkeys"
	"github.com/subako-ai/subako-go/internal/termsafe"

	"github.com/subako-ai/subako-go/abi"
)

// Discovery is what an upload learns from a module.
type Discovery struct {
	Record   *Record
	Discover json.RawMessage   // the server/discover result, nil when none came
	Pages    []json.RawMessage // each tools/list result
	Tools    []json.RawMessage // every tool, in order
	// Stopped says why the conversation ended before its last step, nil
	// when it did not.
	Stopped *Stop
	// Err is a *SetupError when the host could not start the module
	// (ErrClosed when the host was closed): it did not run, and Record is
	// empty.
	Err error
}

// StopKind names why discovery ended early, so callers judge it by kind
// and never by the text, which may quote the module.
type StopKind int

// The ways discovery stops early.
const (
	StopStart           StopKind = iota + 1 // the module could not be started
	StopNoAnswer                            // no answer came before the module exited or time ran out
	StopNotMessage                          // a stdout line is not a JSON-RPC message
	StopUnknownID                           // an answer to an id that was not asked
	StopRPCError                            // a JSON-RPC error answer
	StopNoResult                            // an answer with neither result nor error
	StopDiscoverRefused                     // server/discover's result does not let the upload go on
	StopTooManyPages                        // tools/list asked for more than abi.PagesMax pages
	StopRepeatedCursor                      // tools/list gave the same nextCursor twice in a row
	StopBadToolList                         // a tools/list result is not an object with a tools array
)

// Stop is why discovery ended early: a kind, the method it stopped at
// ("" when none), and the detail in words.
type Stop struct {
	Kind   StopKind
	Method string
	Detail string
}

// String is the detail as one line safe for a terminal: it quotes what
// the module wrote (its JSON-RPC error's message), which may hold escape
// sequences and newlines, and commands print it inside a line of their
// own (attack pass 45b, row 1: "\nsubakogo call: all good" stood on
// stderr as subakogo's).
func (s *Stop) String() string { return termsafe.Line(s.Detail) }

func (d *Discovery) stop(kind StopKind, method, detail string) {
	d.Stopped = &Stop{Kind: kind, Method: method, Detail: detail}
}

// Discover runs the module as Subako does at upload: server/discover, then
// tools/list page by page, within the discovery limit (Subako's 10 s) of
// the module's own time (see guestClock), with no volume and no network,
// only /package mounted. Its answers are judged (the tool text, the
// schemas, the protocol), so it runs on the code Subako runs, compiled:
// under EngineAuto a module the host interprets while a worker compiles it
// waits for the compiled code first (see Module.WaitCompiled), at no cost
// to the module's time. A module can time itself and tell the engines
// apart (attack pass 40h: a plain tool list interpreted, a poisoned one
// compiled), so a verdict judged on the interpreter would depend on the
// cache's state. Only a module with no compiled code coming (EngineInterpreter,
// a compilation that failed, ctx done) is discovered interpreted. The
// module's later runs on this host (the probes, serve's and call's calls)
// then use the compiled code too.
func (h *Host) Discover(ctx context.Context, m *Module, packageDir string) *Discovery {
	if m.Interpreted() {
		m.WaitCompiled(ctx)
	}
	return h.discover(ctx, m, packageDir)
}

func (h *Host) discover(ctx context.Context, m *Module, packageDir string) *Discovery {
	d := &Discovery{}
	// The run outlasts the discovery's limit by twice the exit grace, so
	// that a module that has not answered in time can be watched once
	// stdin closes (giveUp).
	s, err := h.start(ctx, m, RunConfig{Mounts: Mounts{Package: packageDir}, Timeout: h.discoverLimit + 2*h.exitGrace})
	if err != nil {
		d.Record, d.Err = &Record{CloseToExit: -1}, err
		d.stop(StopStart, "", err.Error())
		return d
	}
	ask := func(id, method string, params ...param) (json.RawMessage, bool) {
		s.send(request(jsonString(id), method, params...))
		s.waitUntil(h.discoverLimit, true)
		defer s.acting()
		for {
			line, outcome := s.nextLine()
			if outcome != gotLine {
				if outcome != ended {
					s.giveUp(IDKey(jsonString(id)), outcome)
				}
				d.stop(StopNoAnswer, method, "no answer to "+method)
				return nil, false
			}
			msg := line.Msg
			switch {
			case msg == nil:
				d.stop(StopNotMessage, method, "a stdout line is not a JSON-RPC message")
				return nil, false
			case !msg.HasID():
				continue // a notification: ignored
			case !msg.IDIs(id):
				d.stop(StopUnknownID, method, "an answer to an id that was not asked: "+string(msg.ID))
				return nil, false
			case msg.RPCError != nil:
				d.stop(StopRPCError, method, method+" answered with a JSON-RPC error "+strconv.Itoa(msg.RPCError.Code)+": "+msg.RPCError.Message)
				return nil, false
			case msg.Result == nil:
				d.stop(StopNoResult, method, method+" answered without a result")
				return nil, false
			}
			return msg.Result, true
		}
	}
	if res, ok := ask("discover-1", abi.MethodDiscover); ok {
		d.Discover = res
		if why := discoverRefused(res); why != "" {
			d.stop(StopDiscoverRefused, abi.MethodDiscover, why) // Subako goes no further
		} else {
			d.listTools(ask)
		}
	}
	d.Record = s.wait()
	return d
}

func (d *Discovery) listTools(ask func(id, method string, params ...param) (json.RawMessage, bool)) {
	var cursor *string
	for page := 1; ; page++ {
		if page > abi.PagesMax {
			d.stop(StopTooManyPages, abi.MethodToolsList, "tools/list asked for more than "+strconv.Itoa(abi.PagesMax)+" pages")
			return
		}
		var params []param
		if cursor != nil {
			params = append(params, param{key: "cursor", str: *cursor})
		}
		res, ok := ask("tools-list-"+strconv.Itoa(page), abi.MethodToolsList, params...)
		if !ok {
			return
		}
		d.Pages = append(d.Pages, res)
		tools, next, problem := toolsPage(res)
		if problem != "" {
			d.stop(StopBadToolList, abi.MethodToolsList, "tools/list result "+problem)
			return
		}
		d.Tools = append(d.Tools, tools...)
		if next == nil {
			return
		}
		if cursor != nil && *cursor == *next {
			d.stop(StopRepeatedCursor, abi.MethodToolsList, "tools/list repeated its cursor "+strconv.Quote(*cursor))
			return
		}
		cursor = next
	}
}

// toolsPage reads a tools/list result by its exact keys, "tools" and
// "nextCursor", as the MCP schema spells them and as most clients read
// them. A key written twice, or one of those two in another case beside
// or instead of it ("TOOLS"), is refused (problem says how): encoding/json
// into a struct matches keys regardless of case and keeps the last, other
// readers take the exact key or the first copy, so the list judged here
// need not be the list a client shows the model.
func toolsPage(res json.RawMessage) (tools []json.RawMessage, next *string, problem string) {
	err := jsonkeys.Members(res, []string{"tools", "nextCursor"}, func(key string, v json.RawMessage) error {
		switch key {
		case "tools":
			if json.Unmarshal(v, &tools) != nil {
				return errors.New("tools is not an array of JSON values")
			}
		case "nextCursor":
			if json.Unmarshal(v, &next) != nil {
				return errors.New("nextCursor is not a string")
			}
		}
		return nil
	})
	var ke *jsonkeys.KeyError
	switch {
	case errors.As(err, &ke):
		return nil, nil, "has a key readers disagree on: " + ke.Error()
	case err != nil:
		return nil, nil, "is not an object with tools: " + err.Error()
	}
	return tools, next, ""
}

// discoverRefused says why a server/discover result does not let the
// upload go on: it must list abi.ProtocolVersion and offer tools.
func discoverRefused(res json.RawMessage) string {
	var r struct {
		SupportedVersions []string                   `json:"supportedVersions"`
		Capabilities      map[string]json.RawMessage `json:"capabilities"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return "the server/discover result is not an object: " + err.Error()
	}
	found := false
	for _, v := range r.SupportedVersions {
		found = found || v == abi.ProtocolVersion
	}
	switch {
	case !found:
		b, _ := json.Marshal(r.SupportedVersions)
		return "server/discover: supportedVersions " + string(b) + " does not list " + abi.ProtocolVersion
	case r.Capabilities["tools"] == nil:
		return "server/discover: capabilities do not offer tools"
	}
	return ""
}

func jsonString(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

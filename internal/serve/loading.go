package serve

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/mcp"
)

// A server answers from the start: initialize, server/discover and ping
// at once, with the identity it presents before its package is loaded;
// tools/list and tools/call wait for the package (its build, lint and
// probes), or for the reason there is none.

// loadState is what requests that need the package wait on.
type loadState struct {
	ready  chan struct{} // closed by the first Use or by Fail
	err    error         // set before ready closes, when the load failed
	listed chan struct{} // closed once the first tool list is known
	// tools is the first package known by its discovery alone, while its
	// probes run: tools/list may answer from it, tools/call may not.
	tools atomic.Pointer[Package]
	// fromSource is the tool list a Go package's source says its module
	// will answer (Preview), known while it is still being built; previewed
	// closes when it is set. tools/list answers it, pending; tools/call
	// never runs anything from it (it has no module).
	fromSource atomic.Pointer[Package]
	previewed  chan struct{}
	// sourceGiven says a tools/list was answered from the source's list:
	// those clients are told once the linted list is known, or the load
	// failed.
	sourceGiven atomic.Bool
	// path is the path being loaded.
	path string
	// askAgain says a tools/list was answered with no tools before the
	// list was known; knownOnce tells the clients once it is.
	askAgain  atomic.Bool
	knownOnce sync.Once
}

// pendingTTL is the ttlMs of a tool list given while the package is
// still being built: ask again soon.
const pendingTTL = 2000

// discovered is the checker's hook: the first discovery that passed gives
// the tool list before the probes end.
func (s *Server) discovered(r *pkgcheck.Result) {
	if s.loaded() || s.load.tools.Load() != nil {
		return
	}
	p := &Package{Path: s.load.path}
	p.setTools(r.Discovery.Tools)
	p.describe(r.Discovery.Discover, r.Manifest, s.load.path)
	s.load.tools.Store(p)
	s.listOnce.Do(func() { close(s.load.listed) })
	s.log.printf("listing %s: %s while the probes run", p.serverInfo.Name, strings.Join(p.Tools(), ", "))
	s.listKnown(p)
}

// Preview gives the tool list a Go package's source says its module will
// answer: the JSON array the analyzer's model renders (model.Package's
// ToolsJSON, what subako_gen.go makes the module answer, byte for byte),
// known seconds into a build that may take minutes on a cold build cache.
// Until the linted module's list is known, tools/list answers it at once,
// marked pending (ttlMs pendingTTL, listChanged at initialize); once it is
// known, the clients that were given the source's list are told to ask
// again (notifications/tools/list_changed) and get the linted list, which
// wins when the two differ; if the load fails, they are told too, and hear
// why. tools/call waits for the linted module: serve runs no bytes lint did
// not judge. A preview that comes once a list is known is ignored.
func (s *Server) Preview(tools []byte) error {
	var list []json.RawMessage
	if err := json.Unmarshal(tools, &list); err != nil {
		return errors.New("the source's tool list is not a JSON array: " + err.Error())
	}
	if s.listed() || s.load.fromSource.Load() != nil {
		return nil
	}
	p := &Package{Path: s.load.path, pending: true, serverInfo: s.serverInfo()}
	p.setTools(list)
	if !s.load.fromSource.CompareAndSwap(nil, p) {
		return nil
	}
	close(s.load.previewed)
	s.log.printf("listing %s from its source while it is built: %s (calls wait for the linted module)", p.serverInfo.Name, strings.Join(p.Tools(), ", "))
	if s.load.askAgain.Load() {
		// Given no tools before the analyzer was done, asked again they get these.
		s.log.printf("telling the clients that were given no tools to ask again")
		s.toolsChanged()
	}
	return nil
}

// listKnown is called once the first tool list is known (listed is
// closed), with the package that lists it: clients that were given no
// tools, or the source's list, while it was built are told to ask again,
// as their revision allows (toolsChanged).
func (s *Server) listKnown(p *Package) {
	s.load.knownOnce.Do(func() {
		source, given := s.load.fromSource.Load(), s.load.sourceGiven.Load()
		switch {
		case given && sameTools(source, p):
			s.log.printf("the linted module lists what its source said: telling the clients that were given it that it is no longer pending")
		case given:
			s.log.printf("the linted module lists %s, not what its source said (%s): it wins; telling the clients that were given the source's to ask again",
				strings.Join(p.Tools(), ", "), strings.Join(source.Tools(), ", "))
		case s.load.askAgain.Load():
			s.log.printf("the tool list is known: telling the clients that were given none to ask again")
		default:
			return
		}
		s.toolsChanged()
	})
}

// listed says whether the first tool list is known (or will never be).
func (s *Server) listed() bool {
	select {
	case <-s.load.listed:
		return true
	case <-s.load.ready:
		return true
	default:
		return false
	}
}

// waitList waits for the tool list: the package's, or its discovery's
// while its probes run, or its source's (Preview) while it is built. While
// the package is still being built without a list from its source, a
// request that has waited Options.ListWait is answered with no tools
// (pending), so that a client with a timeout of its own (the Inspector's
// and the TypeScript SDKs' 60 s) is not left without an answer by a cold
// build; it is told to ask again when the list is known: by a short ttlMs
// and a notifications/tools/list_changed (listKnown).
func (s *Server) waitList(ctx context.Context) (*Package, *rpcError) {
	wait := time.NewTimer(s.opt.ListWait)
	defer wait.Stop()
	select {
	case <-s.load.listed:
	case <-s.load.ready:
	case <-s.load.previewed:
	case <-wait.C:
		s.load.askAgain.Store(true)
		// Else listKnown or Preview may have missed askAgain: answer from the list.
		if !s.listed() && s.load.fromSource.Load() == nil {
			s.log.printf("tools/list: no tools yet, the package is still being built (the client is told when they are known)")
			return &Package{pending: true, serverInfo: s.serverInfo()}, nil
		}
	case <-ctx.Done():
		return nil, &rpcError{Code: abi.CodeInternalError, Message: "cancelled while the package was being loaded", status: 499}
	}
	if p := s.pkg.Load(); p != nil {
		return p, nil
	}
	if p := s.load.tools.Load(); p != nil && !s.loaded() {
		return p, nil
	}
	if p := s.load.fromSource.Load(); p != nil && !s.loaded() {
		s.load.sourceGiven.Store(true)
		if !s.listed() { // else listKnown may have missed sourceGiven: answer from the list
			return p, nil
		}
		return s.waitList(ctx)
	}
	return s.waitPackage(ctx) // failed: says why
}

// Fail says the package could not be loaded: requests that wait for it,
// and those that come later, are answered with err's message.
func (s *Server) Fail(err error) {
	s.loadOnce.Do(func() {
		s.load.err = err
		close(s.load.ready)
	})
	s.logToClients("error", err.Error())
	if s.load.sourceGiven.Load() {
		// They hold tools that will not be served: asked again, they hear why.
		s.toolsChanged()
	}
}

// Ready is closed once the first package is in use, or the load failed.
func (s *Server) Ready() <-chan struct{} { return s.load.ready }

func (s *Server) loaded() bool {
	select {
	case <-s.load.ready:
		return true
	default:
		return false
	}
}

// waitPackage waits for the package a request needs.
func (s *Server) waitPackage(ctx context.Context) (*Package, *rpcError) {
	select {
	case <-s.load.ready:
	case <-ctx.Done():
		return nil, &rpcError{Code: abi.CodeInternalError, Message: "cancelled while the package was being loaded", status: 499}
	}
	if p := s.pkg.Load(); p != nil {
		return p, nil
	}
	msg := "the package could not be served"
	if s.load.err != nil {
		msg += ": " + s.load.err.Error()
	}
	return nil, &rpcError{Code: abi.CodeInternalError, Message: msg, status: 503}
}

// serverInfo is the identity presented now: the package's once loaded,
// before that a name from the path being served.
func (s *Server) serverInfo() *mcp.Implementation {
	if p := s.pkg.Load(); p != nil {
		return p.serverInfo
	}
	name := s.opt.Name
	if name == "" {
		name = "subakogo-serve"
	}
	return &mcp.Implementation{Name: name, Version: "0.0.0"}
}

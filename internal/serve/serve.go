// Package serve puts a function package in front of MCP clients, the way
// Subako runs it: one discovery run gives the tool list (judged as lint
// judges it), and each tools/call runs in a fresh instance in the host with
// the limits of a Subako call. Clients of every era are served: the
// stateless 2026-07-28 protocol the module itself speaks (ABI 1), and the
// handshake era (initialize, 2025-06-18 and 2025-11-25) most clients still
// speak, translated on the way in and out. Transports: stdio (ServeStdio)
// and Streamable HTTP (Handler).
//
// It does not use the MCP Go SDK (github.com/modelcontextprotocol/go-sdk):
// serve is not a server of its own tools but a window on a module's, and
// must show them as Subako would. It forwards each tool's bytes as the
// module wrote them, and judges each answer from its raw line (the host's
// breaks, resultcheck) before showing it; the SDK decodes into its own
// types and encodes again (its content blocks are a closed set, an image's
// data is decoded bytes), which loses both. Its messages and results are
// internal/mcp's, shared with the host, which must send Subako's exact
// requests and read every line a module writes, broken ones included. The
// two eras and both transports (rpc.go, conn.go, era.go, stdio.go,
// http.go) are plain encoding/json and net/http, and add no module to the
// one subakogo binary.
package serve

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/host/subakohttp"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

// Options configure a Server.
type Options struct {
	// AllowHosts are the hosts subako_http may reach (none by default).
	AllowHosts []string
	// Volume backs /volume across calls; "" makes a temporary one, removed
	// by Close.
	Volume string
	// Data mounts /volume/data as well as /volume/tmp.
	Data bool
	// VolumeQuota bounds the bytes the volume's files hold, for all calls
	// together (--volume-quota); 0 means DefaultVolumeQuota. A call's
	// write past it answers EDQUOT, as past the call's own budget.
	VolumeQuota int64
	// Timeout is each call's timeout; 0 means one minute, as in Subako.
	Timeout time.Duration
	// MaxConcurrent bounds the calls that run at once; 0 means 4.
	MaxConcurrent int
	// Force serves a package whose lint has errors.
	Force bool
	// Probes, when set, runs the call probes on each package loaded, as
	// lint does; their errors count as lint's (refused unless Force).
	Probes *probe.Options
	// ListWait is how long a tools/list waits for the first tool list
	// before it is answered with none and told to ask again (a cold Go
	// build takes longer than clients wait), when no list from the
	// package's source was given either (Preview); 0 means 30 s: half the
	// 60 s the Inspector and the TypeScript SDKs wait, and past the
	// analyzer's list on a loaded machine (2 s alone, 14 s with three cold
	// builds at a load of 14 on 2 cores), which a client that asks once
	// (the Inspector's CLI) must get.
	ListWait time.Duration
	// PageSize is the number of tools a tools/list page holds; 0 means 64,
	// every tool a package may have.
	PageSize int
	// Log receives the log a person follows; nil discards it.
	Log io.Writer
	// Host configures the host (its compilation cache).
	Host host.Options
	// Name is the server's name until its package is loaded ("" means
	// subakogo-serve): initialize is answered before then.
	Name string
	// HTTPLimits bound what HTTP clients can hold (zero: the defaults).
	HTTPLimits HTTPLimits
	// HTTPToken, when set, is the bearer token every HTTP request must
	// carry (Authorization: Bearer TOKEN); a public Handler refuses every
	// request without one.
	HTTPToken string
	// HTTPFixture, when set, answers every call's subako_http from
	// recorded responses instead of the network, as in subakogo call.
	HTTPFixture *subakohttp.Fixture
	// HTTP replaces the whole subako_http configuration of every call
	// (tests that answer HTTPS from a local server).
	HTTP *subakohttp.Config
}

// Server serves one package at a time to any number of clients.
type Server struct {
	opt     Options
	checker *pkgcheck.Checker
	log     *logger
	volume  string
	tempVol bool
	quota   *volumeQuota
	slots   chan struct{}
	// slotTaken, when set (tests), hears how many slots are in use each
	// time a call takes one.
	slotTaken func(inUse int)
	// readerWaits, when set (tests), hears each time a stdio reader stops
	// reading for the waiting lines' budget.
	readerWaits func()
	// httpWaits, when set (tests), hears each time an HTTP message begins
	// to wait within HTTP's waiting budget (a tools/call for a place, a
	// tools/list for the package).
	httpWaits func()
	pkg       atomic.Pointer[Package]
	// pkgMu guards each package's calls and retired, and live: how many
	// packages served, or replaced with calls still running, use the
	// module compiled from each sum. A module none uses is let go of
	// (host.Forget), and a replaced build's directory discarded.
	pkgMu sync.Mutex
	live  map[[sha256.Size]byte]int
	// loading counts the loads under way, from Load's start until Use
	// takes what it returned (or it fails): while one is, no module is
	// let go of, since the host hands a load the module it compiled
	// before for the same bytes (attack pass 42q, row 1: a save undone
	// while a call ran on the replaced package got that package's
	// module, let go of when the call ended, and every call after failed).
	loading int
	discard func(path string) // Watch.Discard
	rev     atomic.Uint64     // bumped by every Use, so old cursors are refused
	watch   atomic.Bool       // the tool list may change (--watch)
	// onConnState, when set (by tests), hears of each HTTP connection's
	// change of state.
	onConnState func(http.ConnState)
	// judged, when set (tests), hears of each judgement Load is about to
	// serve, so a test can replace the files on disk at that moment.
	judged func(*pkgcheck.Result)

	load     loadState
	loadOnce sync.Once
	listOnce sync.Once

	clientLog clientLog // what clients hear as log messages (logging.go)

	// httpWaiting is the budget of the HTTP messages that wait holding
	// their bodies (maxWaitingLines): HTTP's own, so that no HTTP client
	// can fill the one a stdio connection has (ServeStdio; attack pass
	// 41j, row 2).
	httpWaiting *byteBudget

	mu    sync.Mutex
	conns map[*conn]struct{}
	// httpListens counts the streams open over HTTP, every connection
	// together: subscriptions and handshake-era GET streams
	// (maxServerListens).
	httpListens int
}

// New starts a server with no package yet; Load and Use give it one.
func New(opt Options) (*Server, error) {
	if opt.Timeout <= 0 {
		opt.Timeout = abi.CallTimeout
	}
	if opt.MaxConcurrent <= 0 {
		opt.MaxConcurrent = 4
	}
	if opt.ListWait <= 0 {
		opt.ListWait = 30 * time.Second
	}
	if opt.PageSize <= 0 {
		opt.PageSize = 64
	}
	if opt.VolumeQuota <= 0 {
		opt.VolumeQuota = DefaultVolumeQuota
	}
	opt.HTTPLimits = opt.HTTPLimits.withDefaults()
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	s := &Server{opt: opt, log: &logger{w: opt.Log},
		slots: make(chan struct{}, opt.MaxConcurrent), conns: map[*conn]struct{}{}, httpWaiting: newByteBudget(maxWaitingLines), load: loadState{ready: make(chan struct{}), listed: make(chan struct{}), previewed: make(chan struct{})}}
	s.checker = pkgcheck.New(pkgcheck.Options{Host: opt.Host, Probes: opt.Probes, Discovered: s.discovered})
	s.volume = opt.Volume
	if s.volume == "" {
		dir, err := os.MkdirTemp("", "subako-serve-volume-")
		if err != nil {
			return nil, err
		}
		s.volume, s.tempVol = dir, true
	} else if err := os.MkdirAll(s.volume, 0o755); err != nil {
		return nil, err
	}
	s.quota = newVolumeQuota(s.volume, opt.Data, opt.VolumeQuota)
	return s, nil
}

// Volume is the directory that backs /volume.
func (s *Server) Volume() string { return s.volume }

// Close releases the host and removes a temporary volume.
func (s *Server) Close() error {
	err := s.checker.Close(context.Background())
	if s.tempVol {
		err = errors.Join(err, os.RemoveAll(s.volume))
	}
	return err
}

// Use makes p the package every new request is served from and, when its
// tool list differs from the one served before, tells the clients that
// asked to hear of it.
//
// The package it replaces is let go of once its last call ends (at once
// when none runs): its module's compiled code, unless the new package
// runs the same bytes, and, under Watch, its build (Watch.Discard).
func (s *Server) Use(p *Package) {
	s.pkgMu.Lock()
	if p.loading {
		p.loading = false
		s.loading--
	}
	old := s.pkg.Swap(p)
	var gone *Package
	if old != p {
		if p.module != nil {
			if s.live == nil {
				s.live = map[[sha256.Size]byte]int{}
			}
			s.live[p.sum]++
		}
		if old != nil {
			old.retired = true
			if old.calls == 0 {
				gone = old
			}
		}
	}
	s.pkgMu.Unlock()
	if gone != nil {
		s.letGo(gone)
	}
	s.loadOnce.Do(func() { close(s.load.ready) })
	s.listOnce.Do(func() { close(s.load.listed) })
	s.listKnown(p)
	s.log.printf("serving %s: %s (%s, module sha256 %.12s)", p.serverInfo.Name, strings.Join(p.Tools(), ", "), p.Path, p.sha256)
	if old == nil || !sameTools(old, p) {
		s.rev.Add(1) // cursors into the old list are refused
	}
	if old != nil {
		if sameTools(old, p) {
			s.log.printf("the tool list is unchanged")
			return
		}
		s.toolsChanged()
	}
}

// holdPackage is the package served now, held for a call until
// dropPackage: a package replaced meanwhile keeps its module and its
// files until its last call ends.
func (s *Server) holdPackage() *Package {
	s.pkgMu.Lock()
	defer s.pkgMu.Unlock()
	p := s.pkg.Load()
	if p != nil {
		p.calls++
	}
	return p
}

// dropPackage ends what holdPackage held, letting go of a replaced
// package after its last call.
func (s *Server) dropPackage(p *Package) {
	s.pkgMu.Lock()
	p.calls--
	last := p.retired && p.calls == 0
	s.pkgMu.Unlock()
	if last {
		s.letGo(p)
	}
}

// letGo releases what a replaced package held, once no call uses it: its
// module's compiled code when no package served uses the same bytes
// (attack pass 42n, row 7: every module loaded stayed compiled until
// exit), and its build (attack pass 42n, row 1: every build stayed on
// disk until exit).
func (s *Server) letGo(p *Package) {
	s.pkgMu.Lock()
	forget := false
	if p.module != nil {
		s.live[p.sum]--
		if s.live[p.sum] <= 0 {
			delete(s.live, p.sum)
			forget = s.loading == 0 // else kept compiled: a load may have been handed it
		}
	}
	cur, discard := s.pkg.Load(), s.discard
	s.pkgMu.Unlock()
	if forget {
		s.forget(p.sum)
	}
	if discard != nil && (cur == nil || cur.Path != p.Path) {
		discard(p.Path)
	}
}

// forget lets the host go of the module compiled from the bytes whose
// SHA-256 is sum.
func (s *Server) forget(sum [sha256.Size]byte) {
	if h, err := s.checker.Host(context.Background()); err == nil {
		h.Forget(sum)
	}
}

// refused lets go of what a load that is not served compiled, unless a
// package served (or still running calls) runs the same bytes.
func (s *Server) refused(sum [sha256.Size]byte) {
	s.pkgMu.Lock()
	used := s.live[sum] > 0 || s.loading > 1 // the refused load still counts itself
	s.pkgMu.Unlock()
	if !used {
		s.forget(sum)
	}
}

// SetWatching declares that the tool list may change while serving, so
// clients are told listChanged and offered notifications.
func (s *Server) SetWatching(on bool) { s.watch.Store(on) }

// logger writes lines a person can follow, each with the time. A line
// quotes what a module or a client wrote (tool names, errors, a client's
// name), escaped for the terminal as one line (termsafe), each text
// argument cut to logArgMax runes first: a client's 15 MiB tool name made
// a 30 MiB line once escaped (attack pass 40o, row 3).
type logger struct {
	mu sync.Mutex
	w  io.Writer
}

// logArgMax bounds each text a log line quotes: the longest tool list
// that fits the ABI, names and separators, is whole.
const logArgMax = abi.ToolsMax * (abi.ToolNameMax + 2)

func (l *logger) printf(format string, args ...any) {
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = termsafe.Clip(v, logArgMax)
		case []byte:
			args[i] = termsafe.Clip(string(v[:min(len(v), 4*logArgMax+1)]), logArgMax)
		case json.RawMessage:
			args[i] = termsafe.Clip(string(v[:min(len(v), 4*logArgMax+1)]), logArgMax)
		case error:
			args[i] = termsafe.Clip(v.Error(), logArgMax)
		}
	}
	line := termsafe.Line(fmt.Sprintf(format, args...))
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "serve %s %s\n", time.Now().Format("15:04:05.000"), line)
}

// block writes a block of text (lint's report, escaped already), escaped
// for the terminal with its lines kept.
func (l *logger) block(text string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = io.WriteString(l.w, termsafe.Text(text))
}

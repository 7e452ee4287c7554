package host

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/sys"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
	"github.com/subako-ai/subako-go/internal/host/subakohttp"
)

// Limits Subako applies to every run.
const (
	StdoutLimit   = abi.StdoutMaxBytes  // bytes of stdout for a whole run
	StderrShown   = abi.StderrTailBytes // the tail of stderr shown when a call crashes
	ExitGrace     = abi.ExitGrace       // to exit after stdin closes
	DiscoverLimit = abi.DiscoverTimeout // for the whole upload discovery
	Argv0         = "function"          // the one entry of argv
)

// MaxExitStatus bounds the status of a module's proc_exit: one of it or
// more is a trap, as in Subako's runtime (wasmtime's preview 1: "exit with
// invalid exit status outside of [0..126)").
const MaxExitStatus = 126

// RunConfig says how to run a module once.
type RunConfig struct {
	Mounts Mounts
	// Timeout is the whole run's limit in the module's own time; 0 means
	// the host's discovery limit.
	Timeout time.Duration
	// HTTP configures this run's subako_http; nil allows no host, as at
	// upload. Its Volume, Data and WriteBudget are set from the run.
	HTTP *subakohttp.Config
	// Limits override what the run may create and write (tests), or add
	// the quota of a volume shared across runs; a zero field keeps
	// sandboxfs.CallLimits' value.
	Limits sandboxfs.Limits
	// OSPipe gives the module an operating-system pipe as stdin instead of
	// an in-process one, as a real runtime does: a read of an empty pipe
	// blocks.
	OSPipe bool
	// pipeSize, set by a test, is the OS pipe's size (F_SETPIPE_SZ, Linux)
	// instead of OSPipeSize.
	pipeSize int
	// pipeSmall, set by a test, stands in for a machine past
	// pipe-user-pages-soft: the OS pipe is made this size and the system
	// refuses to make it larger (see newOSPipe).
	pipeSmall int
	// ExitGrace overrides the host's exit grace for this run; 0 keeps it.
	ExitGrace time.Duration
	// Reached, with a Module from CompileCovered, gets the functions the
	// run entered.
	Reached *Reached
	// Profile, with a Module from CompileCovered, gets the run's CPU
	// profile.
	Profile *Profile
	// Seed, when set, makes what the host gives the module a function of
	// it (the probes' runs): random_get answers a ChaCha8 stream seeded
	// with its SHA-256, and the module's wall clock starts at SeededWall.
	// Unset, random_get is crypto/rand and the wall clock starts at the
	// real one's now. The module's monotonic clock is its own time either
	// way, from 0 at its start, as wasmtime's is.
	Seed []byte
	// SeededWall is where a seeded run's wall clock, and its seeded file
	// system's times, start: the real time read once as a probing starts,
	// so that every run of it starts at one instant, never before the
	// real date (a date before a module's own build told it a probe).
	// Zero is the run's own start on the real clock (see seededWall).
	SeededWall time.Time
}

// noLimit is a deadline that never comes.
const noLimit = time.Duration(math.MaxInt64)

// session is one running instance and the pipes around it. Its limits are
// in the module's own time (clock); the host's side waits on the wall
// clock only for the module to do something.
type session struct {
	budget    *sandboxfs.Budget
	files     *runFiles // the files the module opened (see MaxOpenFiles)
	rec       *Record
	clock     *guestClock
	exitGrace time.Duration // to exit once stdin closes
	runLimit  time.Duration // the whole run, in the module's time
	backstop  Backstop      // the whole run, on the wall clock
	wallStart time.Time     // the run's start on the real clock
	// guestStart is where the module's wall clock starts: wallStart, or
	// RunConfig.SeededWall in a seeded run.
	guestStart time.Time
	random     io.Reader // random_get's bytes (see randSource)
	cancel     context.CancelFunc
	in         stdin
	done       chan struct{}
	released   chan struct{} // closed once what the run held is given back (wait waits for it)
	halted     chan struct{} // closed when the run is stopped
	// interpreted says the run is on wazero's interpreter, whose call
	// depth is below compiled code's (Record.Depth).
	interpreted bool

	mu sync.Mutex
	// change is closed and replaced at every change a waiter may want:
	// a line, a read or wait of the guest's, a step of the host's.
	change chan struct{}
	read   int // lines handed out by next
	// hostWaits says the host waits for the module (Answer, Pause, Wait)
	// and will send nothing meanwhile; until then a read of an empty
	// stdin waits for the host, on the wall clock, at no cost to the
	// module. A wait of the host's that ends at a line (wantsLine: an
	// answer, discovery's, Next) is over, on the guest's thread, as the
	// module's fd_write completes a line (stdoutWriter.Write): the host
	// has a line to look at, and is acting until it has looked at it and
	// waits again (nextLine). A wait the module asks for meanwhile waits
	// for the host, so it never meets the deadline of a wait the module
	// has already ended (attack pass 43c, rows 3-5).
	hostWaits bool
	wantsLine bool
	// deadline is when, in the module's time, the host's current wait
	// ends; a wait the module asks for (a sleep) is granted up to it.
	// waitLen is that wait's length, the limit a module out of time met.
	deadline, waitLen time.Duration
	// blocked counts the guest's waits for input without a time limit
	// (a read, a poll with no clock).
	blocked int
	// inputAt is the latest of the module's time, within the host's
	// current wait (at most its deadline), at which the module waited for
	// stdin with nothing there; -1 for none. It says whether a module
	// whose time ran out was waiting for input (giveUp).
	inputAt time.Duration
	// inputLimit is, once giveUp closed stdin on a module waiting for
	// input, the limit it then runs out of: the wait's and the exit
	// grace. Whichever of the host's checks stops it, late or not, the
	// verdict names this limit.
	inputLimit time.Duration
	closed     bool // stdin was ended
	closedAt   time.Duration
	stopWhy    func() // marks the record with why the run was stopped
	memRefused atomic.Bool
	// filesRefused is set once the host's FileBudget refused an open.
	filesRefused atomic.Bool
	iovRefused   uint64    // the errno iovecListener answers the current call with, or 0
	pathRefused  bool      // pathListener moved a path of the current call out of memory
	paths        pathCall  // the current call's paths as the module gave them (pathListener), for posixFS
	stdio        stdioCall // what stdioListener saw of the current call
	streamErrno  uint64    // what streamListener answers for the current call, or 0
	// readdirPastMemory says the current fd_readdir's buffer is past the
	// module's memory (readdirListener).
	readdirPastMemory bool
	call              wasiCall     // what argsListener and readdirListener saw of the current call
	noMemory          bool         // the module has no memory of its own (W022): its calls never trap
	stdinGone         bool         // the module closed fd 0 (fd_close(0) succeeded)
	closing0          bool         // the current call is fd_close(0)
	openedDir         atomic.Bool  // the file the mounts last opened is a directory (dirNotingFS)
	cause             crashCause   // what stderr says killed the module, if it died
	memory            atomic.Int64 // the guest's linear memory now, in bytes
	// httpRequests counts the run's subako_http requests that went to the
	// network; httpWaiting is the one whose wait is being added to the
	// module's clock (httpClock), 0 when none, and stopHTTP its value
	// when the run was stopped: the request whose wait met the limit.
	// httpUnsent says the request httpWaiting names began with none of
	// the module's time left, so was answered timeout unsent, and
	// stopUnsent its value when the run was stopped.
	httpRequests, httpWaiting, stopHTTP int
	httpUnsent, stopUnsent              bool
	httpWait                            time.Duration // the requests' waits added to the module's clock
	leaveModule                         func()        // Module.leave, for the run's enter
}

// start instantiates the module, which runs _start, and returns at once.
// The run gets its own mounts and subako_http, released when it ends.
func (h *Host) start(ctx context.Context, m *Module, cfg RunConfig) (*session, error) {
	// The run holds the host until it ends: Close then leaves its runtime
	// to the last run, and a run asked after Close is refused (attack
	// pass 42k, row 1: instantiating on the closed runtime panicked).
	if !h.hold() {
		return nil, ErrClosed
	}
	held := true
	defer func() {
		if held {
			h.unhold()
		}
	}()
	s := &session{budget: sandboxfs.NewBudget(cfg.Limits), rec: &Record{CloseToExit: -1, StdinClosed: -1}, exitGrace: h.exitGrace,
		clock: newGuestClock(), done: make(chan struct{}), released: make(chan struct{}), halted: make(chan struct{}), change: make(chan struct{}), deadline: noLimit,
		inputAt: -1, files: newRunFiles(h.files)}
	if cfg.ExitGrace > 0 {
		s.exitGrace = cfg.ExitGrace
	}
	if cfg.OSPipe {
		p, err := newOSPipe(s, cfg.pipeSize, cfg.pipeSmall)
		if err != nil {
			return nil, &SetupError{Err: err}
		}
		s.in = p
	} else {
		s.in = &memPipe{s: s}
	}
	var virt *sandboxfs.Virtual
	if cfg.Seed != nil { // what a seeded run sees of its files is the module's and the seed's
		cfg.SeededWall = seededWall(cfg)
		virt = sandboxfs.NewVirtual(cfg.SeededWall.UnixNano(), cfg.Seed)
		virt.SetNow(s.wallNanos) // a change shows the module's now
	}
	mounts, err := cfg.Mounts.open(s.budget, s.halted, virt)
	if err != nil {
		s.in.abort()
		return nil, &SetupError{Err: err}
	}
	s.files.preopened(len(mounts))
	httpCfg := subakohttp.Config{}
	if cfg.HTTP != nil {
		httpCfg = *cfg.HTTP
	}
	httpCfg.WriteBudget = s.budget
	httpCfg.Volume, httpCfg.Data, httpCfg.Mounts = cfg.Mounts.Volume, cfg.Mounts.Data, volumeOf(mounts)
	httpCfg.Clock = httpClock{s} // the requests' waits are the module's time
	c, ok := m.enter()
	if !ok {
		closeMounts(mounts)
		s.in.abort()
		return nil, ErrForgotten
	}
	s.interpreted = c.interpreted
	s.noMemory = m.noMemory
	httpMod, err := subakohttp.Instantiate(ctx, c.rt, &httpCfg)
	if err != nil {
		m.leave()
		closeMounts(mounts)
		s.in.abort()
		return nil, &SetupError{Err: err}
	}
	s.leaveModule = m.leave // once the guest left its instance, before the record is handed back
	h.run(experimental.WithImportResolver(ctx, subakohttp.Resolver(httpMod)), c, cfg, s, fsConfig(mounts, s))
	held = false // released once the run and its subako_http are closed
	go func() {
		<-s.done
		_ = httpMod.Close(context.Background())
		closeMounts(mounts)
		s.in.abort()
		h.unhold()
		close(s.released)
	}()
	return s, nil
}

type sessionKey struct{}

// sessionOf is the session whose guest calls a host function with ctx.
func sessionOf(ctx context.Context) *session {
	s, _ := ctx.Value(sessionKey{}).(*session)
	return s
}

// run instantiates the module in a goroutine locked to its OS thread,
// whose CPU time is the module's (see guestClock), and watches the run's
// limits.
func (h *Host) run(ctx context.Context, c code, cfg RunConfig, s *session, fs wazero.FSConfig) {
	s.runLimit = cfg.Timeout
	if s.runLimit <= 0 {
		s.runLimit = h.discoverLimit
	}
	s.backstop = h.Backstop(s.runLimit, 0)
	ctx = context.WithValue(context.WithValue(ctx, budgetKey{}, s.budget), sessionKey{}, s)
	runCtx, cancel := context.WithCancel(experimental.WithMemoryAllocator(ctx, measured(h.mem.allocator(&s.memRefused), &s.memory)))
	// The listener (cover.go) is handed nothing but the run's context.
	if cfg.Reached != nil {
		runCtx = context.WithValue(runCtx, reachedKey{}, cfg.Reached) // looked up first: the listener runs on every call
	}
	if cfg.Profile != nil {
		runCtx = context.WithValue(runCtx, profileKey{}, cfg.Profile)
	}
	s.wallStart, s.cancel = time.Now(), cancel
	s.guestStart, s.random = s.wallStart, rand.Reader
	if cfg.Seed != nil {
		s.guestStart, s.random = seededWall(cfg), seededStream(cfg.Seed)
	}
	mc := wazero.NewModuleConfig().
		WithName("").
		WithArgs(Argv0).
		WithStdin(s.in.reader()).
		WithStdout(stdoutWriter{s}).
		WithStderr(stderrWriter{s}).
		WithFSConfig(fs).
		WithWalltime(s.walltime, sys.ClockResolution(1)).
		WithNanotime(s.nanotime, sys.ClockResolution(1)).
		WithNanosleep(s.sleep).
		WithRandSource(randSource{s})
	h.running.Add(1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		s.clock.bind()
		mod, err := c.rt.InstantiateModule(runCtx, c.compiled, mc)
		s.clock.freeze()
		if mod != nil {
			_ = mod.Close(context.Background())
		}
		s.files.release() // the instance and its files are closed
		s.leaveModule()
		h.running.Add(-1)
		s.finish(err, ctx)
	}()
	go s.watch(ctx)
}

func (s *session) finish(err error, ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rec
	now := s.clock.now()
	r.Elapsed = now
	r.Wall, r.WallStart = time.Since(s.wallStart), s.guestStart
	r.BytesWritten = s.budget.Used()
	r.CopiedEntries, r.CopiedBytes = s.budget.Copied()
	r.CopyCharge = CopyCharge(r.CopiedEntries, r.CopiedBytes)
	r.MemoryRefused = s.memRefused.Load()
	r.VolumeRefused = s.budget.VolumeRefused()
	r.FilesRefused = s.filesRefused.Load()
	if hr := s.budget.HostRefused(); hr != nil {
		r.HostRefused = hr.Cause
	}
	r.Stderr = stderrTail(r.Stderr)
	r.StderrCause = s.cause.text()
	r.Memory = s.memory.Load()
	r.HTTPRequests, r.HTTPWait = s.httpRequests, s.httpWait
	r.ExitGrace = s.exitGrace
	if s.closed {
		r.CloseToExit = now - s.closedAt
	}
	var exit *sys.ExitError
	switch {
	case s.stopWhy != nil:
		s.stopWhy()
		if r.TimedOut || r.NoExit {
			r.HTTPRequest, r.HTTPUnsent = s.stopHTTP, s.stopUnsent
		}
		if r.Trap == "" && !r.TimedOut && !r.Overflow && !r.NoExit && !r.Unjudged() {
			r.Trap = "stopped"
		}
	case err == nil:
		r.Exited = true
	case errors.As(err, &exit) && (exit.ExitCode() < sys.ExitCodeDeadlineExceeded || ctx.Err() == nil):
		// wazero closes a module whose context ended with two codes of
		// its own (ExitCodeDeadlineExceeded, ExitCodeContextCanceled),
		// which a module may also pass to proc_exit. The run's context
		// ends only when the host stops the run (stopWhy, above) or the
		// caller's context ends: otherwise the code is the module's own
		// (attack pass 41b, row 2: proc_exit(0xFFFFFFFF) was judged a trap
		// "module closed with context canceled").
		if code := exit.ExitCode(); code >= MaxExitStatus {
			// Subako's runtime (wasmtime's preview 1) traps a proc_exit
			// with a status of 126 or more: so does the host, saying why
			// (attack pass 44a, row 11: it was an exit with that status).
			r.Trap = fmt.Sprintf("proc_exit(%d): an exit status of %d or more, which Subako's runtime traps (\"exit with invalid exit status outside of [0..%d)\")", code, MaxExitStatus, MaxExitStatus)
			break
		}
		r.Exited, r.ExitCode = true, exit.ExitCode()
	case ctx.Err() != nil:
		r.Interrupted = true
	default:
		r.Trap = err.Error()
		if s.interpreted && stackOverflow(err) {
			r.Stalled, r.Depth, r.Limit = true, true, s.runLimit
		}
	}
	if r.Exited && !s.closed {
		r.CloseToExit = -1
	}
	s.cancel()
	close(s.done)
	s.signal()
}

// stackOverflow says whether err is wazero's trap of a stack overflow
// (wasmruntime.ErrRuntimeStackOverflow, which is internal to wazero: known
// by its type and text, so that no name or text of the module's, nor a
// host function's panic, passes for it).
func stackOverflow(err error) bool {
	for ; err != nil; err = errors.Unwrap(err) {
		if fmt.Sprintf("%T", err) == "*wasmruntime.Error" && err.Error() == "stack overflow" {
			return true
		}
	}
	return false
}

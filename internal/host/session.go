package host

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/experimental/sysfs"
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

// Mounts are the directories a run sees, preopened in Subako's order:
// /volume/tmp, /volume/data, /package, /skills, then each /skills/<name>.
type Mounts struct {
	// Volume backs /volume: its tmp folder is /volume/tmp, and its data
	// folder /volume/data when Data is set. "" for none (discovery).
	Volume  string
	Data    bool
	Package string // the package's assets; "" when it has none
	Skills  string // a directory whose subdirectories are skills; "" for none
}

// open opens every mount the run sees, in Subako's order, each confined to
// its directory (see sandboxfs). The volume's writes and creations are
// charged to b; stop cuts a huge read or write short when the run ends.
func (m Mounts) open(b *sandboxfs.Budget, stop <-chan struct{}) (mounts []*sandboxfs.Mount, err error) {
	defer func() {
		if err != nil {
			closeMounts(mounts)
			mounts = nil
		}
	}()
	add := func(dir, guest string, writable bool) error {
		mt, err := sandboxfs.Open(dir, guest, writable, b, stop)
		if err != nil {
			return err
		}
		mounts = append(mounts, mt)
		return nil
	}
	if m.Volume != "" {
		for _, v := range sandboxfs.VolumeMounts(m.Data) {
			dir := filepath.Join(m.Volume, v.Sub)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return mounts, err
			}
			if err := add(dir, v.Guest, true); err != nil {
				return mounts, err
			}
		}
	}
	if m.Package != "" {
		if err := add(m.Package, "/package", false); err != nil {
			return mounts, err
		}
	}
	if m.Skills != "" {
		if err := add(m.Skills, "/skills", false); err != nil {
			return mounts, err
		}
		entries, err := os.ReadDir(m.Skills)
		if err != nil {
			return mounts, err
		}
		names := make([]string, 0, len(entries))
		for _, e := range entries {
			if e.IsDir() {
				names = append(names, e.Name())
			}
		}
		if len(names) > MaxSkills {
			return mounts, fmt.Errorf("%s holds %d skills, over the %d a run preopens", m.Skills, len(names), MaxSkills)
		}
		sort.Strings(names)
		for _, n := range names {
			if err := add(filepath.Join(m.Skills, n), "/skills/"+n, false); err != nil {
				return mounts, err
			}
		}
	}
	return mounts, nil
}

func closeMounts(mounts []*sandboxfs.Mount) {
	for _, m := range mounts {
		_ = m.Close()
	}
}

func fsConfig(mounts []*sandboxfs.Mount) wazero.FSConfig {
	fs := wazero.NewFSConfig()
	for _, m := range mounts {
		fs = fs.(sysfs.FSConfig).WithSysFSMount(m.FS(), m.Guest)
	}
	return fs
}

// Line is one line the module wrote to stdout, without its newline.
type Line struct {
	Text []byte
	At   time.Duration // the module's time since the run started (see guestClock)
	// Msg is the line decoded, nil when it is not a JSON-RPC message. The
	// host decodes each line once: when it reads it during the run, or
	// when the run ends.
	Msg     *Message
	decoded bool
}

// decode sets Msg, once.
func (l *Line) decode() {
	if l.decoded {
		return
	}
	if m, ok := ParseMessage(l.Text); ok {
		l.Msg = &m
	}
	l.decoded = true
}

// Record is everything observed in one run. Its times are the module's
// own (see guestClock), but Wall.
type Record struct {
	Sent        [][]byte // the requests written to stdin, in order
	Lines       []Line   // complete stdout lines
	Partial     []byte   // bytes after the last newline, if any
	StdoutBytes int64
	Stderr      []byte // the last StderrShown bytes
	StderrBytes int64

	Exited       bool   // the module returned from _start or called proc_exit
	ExitCode     uint32 // when Exited
	Trap         string // a trap or instantiation failure, when not Exited
	TimedOut     bool   // the run's time ran out
	Overflow     bool   // stdout passed StdoutLimit and the run was stopped
	NoExit       bool   // still running ExitGrace after stdin closed; it was stopped
	Elapsed      time.Duration
	CloseToExit  time.Duration // from stdin close to exit; -1 when not measured
	BytesWritten int64         // to files, charged to the write budget
	// StdinClosed is when stdin was closed, since the run started; -1 when
	// it never was.
	StdinClosed time.Duration
	// Limit is, when TimedOut, the limit of its own time the module met:
	// the host's wait for an answer (a call's timeout), discovery's limit,
	// or the whole run's; when Stalled, the run's. It is the guest clock's
	// decision, the same in every run of the module, where Elapsed also
	// counts the little CPU time it took the run to stop.
	Limit time.Duration
	// WaitedForInput says the host closed stdin because the module waited
	// for more input (blocked reading stdin, or polling it) with a request
	// unanswered: in Subako, which closes stdin only once the answer is
	// in, it would wait until its time ran out.
	WaitedForInput bool
	// Stalled says the run was given up on the wall clock (Backstop
	// times its limit) before the module's own time ran out: the machine
	// is too busy, or the host is stuck. It is the host's condition, not
	// the module's: nothing about the run's time is a finding, and the
	// command says so (StalledError).
	Stalled  bool
	backstop Backstop // the wall time it was given, when Stalled
	// Interrupted says the caller's context ended the run (a budget of the
	// caller's, or a cancellation): like Stalled, not the module's doing.
	Interrupted bool
	// MemoryRefused says a memory.grow failed because the runs of the host
	// held its MemoryBudget (not for the run's own MemoryLimit): the run
	// ran out of memory for others' sake.
	MemoryRefused bool
	Wall          time.Duration // the run's wall-clock time, for reports only
	// StderrTail is "; stderr ends: ..." with the last line of what the
	// module wrote to stderr (at most 200 bytes of it), or "" when it
	// wrote nothing: the reason Subako would show with a crash.
	StderrTail string
	breaks     []Break // see Breaks
}

// StalledError is what a command says of a Stalled run: what was given
// up (what), and why it is not judged.
func (r *Record) StalledError(what string) *StalledError {
	return r.backstop.Stalled(what)
}

// OutOfTime says whether the run ended on a limit of the module's time:
// what an interpreted run says then is no verdict on the module.
func (r *Record) OutOfTime() bool { return r.TimedOut || r.NoExit }

// Unjudged says whether the run ended for the host's reasons (Stalled,
// Interrupted) before the module's: what it did not do in time is no
// finding.
func (r *Record) Unjudged() bool { return r.Stalled || r.Interrupted }

// RunConfig says how to run a module once.
type RunConfig struct {
	Mounts Mounts
	// Timeout is the whole run's limit in the module's own time; 0 means
	// the host's discovery limit.
	Timeout time.Duration
	// HTTP configures this run's subako_http; nil allows no host, as at
	// upload. Its Volume, Data and WriteBudget are set from the run.
	HTTP *subakohttp.Config
	// Limits override what the run may create and write (tests); a zero
	// field keeps sandboxfs.CallLimits' value.
	Limits sandboxfs.Limits
	// OSPipe gives the module an operating-system pipe as stdin instead of
	// an in-process one, as a real runtime does: a read of an empty pipe
	// blocks, or answers EAGAIN once the module made stdin non-blocking.
	OSPipe bool
	// ExitGrace overrides the host's exit grace for this run; 0 keeps it.
	ExitGrace time.Duration
	// Reached, with a Module from CompileCovered, gets the functions the
	// run entered.
	Reached *Reached
	// Profile, with a Module from CompileCovered, gets the run's CPU
	// profile.
	Profile *Profile
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
	wallStart time.Time
	cancel    context.CancelFunc
	in        stdin
	done      chan struct{}
	halted    chan struct{} // closed when the run is stopped

	mu sync.Mutex
	// change is closed and replaced at every change a waiter may want:
	// a line, a read or wait of the guest's, a step of the host's.
	change chan struct{}
	read   int // lines handed out by next
	// hostWaits says the host waits for the module (Answer, Pause, Wait)
	// and will send nothing meanwhile; until then a read of an empty
	// stdin waits for the host, on the wall clock, at no cost to the
	// module.
	hostWaits bool
	// deadline is when, in the module's time, the host's current wait
	// ends; a wait the module asks for (a sleep) is granted up to it.
	// waitLen is that wait's length, the limit a module out of time met.
	deadline, waitLen time.Duration
	// blocked counts the guest's waits for input without a time limit
	// (a read, a poll with no clock); polling those with one.
	blocked, polling int
	closed           bool // stdin was ended
	closedAt         time.Duration
	stopWhy          func() // marks the record with why the run was stopped
	memRefused       atomic.Bool
	iovRefused       uint64 // the errno iovecListener answers the current call with, or 0
	pathRefused      bool   // pathListener moved a path of the current call out of memory
}

// start instantiates the module, which runs _start, and returns at once.
// The run gets its own mounts and subako_http, released when it ends.
func (h *Host) start(ctx context.Context, m *Module, cfg RunConfig) (*session, error) {
	s := &session{budget: sandboxfs.NewBudget(cfg.Limits), rec: &Record{CloseToExit: -1, StdinClosed: -1}, exitGrace: h.exitGrace,
		clock: newGuestClock(), done: make(chan struct{}), halted: make(chan struct{}), change: make(chan struct{}), deadline: noLimit,
		files: newRunFiles(h.files)}
	if cfg.ExitGrace > 0 {
		s.exitGrace = cfg.ExitGrace
	}
	if cfg.OSPipe {
		p, err := newOSPipe(s)
		if err != nil {
			return nil, &SetupError{Err: err}
		}
		s.in = p
	} else {
		s.in = &memPipe{s: s}
	}
	mounts, err := cfg.Mounts.open(s.budget, s.halted)
	if err != nil {
		s.in.abort()
		return nil, &SetupError{Err: err}
	}
	httpCfg := subakohttp.Config{}
	if cfg.HTTP != nil {
		httpCfg = *cfg.HTTP
	}
	httpCfg.WriteBudget = s.budget
	httpCfg.Volume, httpCfg.Data = cfg.Mounts.Volume, cfg.Mounts.Data
	c := m.current()
	httpMod, err := subakohttp.Instantiate(ctx, c.rt, &httpCfg)
	if err != nil {
		closeMounts(mounts)
		s.in.abort()
		return nil, &SetupError{Err: err}
	}
	h.run(experimental.WithImportResolver(ctx, subakohttp.Resolver(httpMod)), c, cfg, s, fsConfig(mounts))
	go func() {
		<-s.done
		_ = httpMod.Close(context.Background())
		closeMounts(mounts)
		s.in.abort()
	}()
	return s, nil
}

// SetupError is a failure of the host to prepare a run (a mount that cannot
// be opened, say): the fault of the host or its user, not of the module.
type SetupError struct{ Err error }

func (e *SetupError) Error() string { return "the host could not set up the run: " + e.Err.Error() }

func (e *SetupError) Unwrap() error { return e.Err }

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
	runCtx, cancel := context.WithCancel(experimental.WithMemoryAllocator(ctx, h.mem.allocator(&s.memRefused)))
	// The listener (cover.go) is handed nothing but the run's context.
	if cfg.Reached != nil {
		runCtx = context.WithValue(runCtx, reachedKey{}, cfg.Reached) // looked up first: the listener runs on every call
	}
	if cfg.Profile != nil {
		runCtx = context.WithValue(runCtx, profileKey{}, cfg.Profile)
	}
	s.wallStart, s.cancel = time.Now(), cancel
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
		h.running.Add(-1)
		s.finish(err, ctx)
	}()
	go s.watch(ctx)
}

// watch stops the run when the module's time passes the run's limit, when
// the wall clock passes its backstop (the host's condition), or when the
// caller's context ends.
func (s *session) watch(ctx context.Context) {
	for {
		now := s.clock.now()
		if now >= s.runLimit {
			s.stop(func() { s.rec.TimedOut, s.rec.Limit = true, s.runLimit })
			return
		}
		wallLeft := time.Until(s.backstop.Deadline)
		if wallLeft <= 0 {
			s.stop(func() { s.rec.Stalled, s.rec.Limit, s.rec.backstop = true, s.runLimit, s.backstop })
			return
		}
		s.mu.Lock()
		ch := s.change
		s.mu.Unlock()
		t := time.NewTimer(max(min(s.runLimit-now, wallLeft), time.Millisecond))
		select {
		case <-s.done:
			t.Stop()
			return
		case <-ctx.Done():
			t.Stop()
			s.stop(func() { s.rec.Interrupted = true })
			return
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
}

// changed wakes every waiter to look again.
func (s *session) changed() {
	s.mu.Lock()
	s.signal()
	s.mu.Unlock()
}

// signal is changed with s.mu held.
func (s *session) signal() {
	close(s.change)
	s.change = make(chan struct{})
}

// nanotime is the module's monotonic clock: its own time.
func (s *session) nanotime() int64 { return int64(s.clock.now()) }

// walltime is the module's wall clock: the run's start on the real one,
// advanced by the module's own time.
func (s *session) walltime() (int64, int32) {
	t := s.wallStart.Add(s.clock.now())
	return t.Unix(), int32(t.Nanosecond())
}

// sleep is the module's clock sleep: granted at once (see grant).
func (s *session) sleep(ns int64) { s.grant(time.Duration(ns)) }

// grant gives the module a wait of d it asked for, at once: its time
// moves on by d, without the wall clock's. A wait past the host's current
// deadline or the run's limit stops there, and the guest waits at it for
// the host to decide (stop the run, or move the deadline on).
func (s *session) grant(d time.Duration) {
	s.grantUntil(d, false)
}

// grantUntil is grant, ending early when stdin becomes ready and forInput
// is set (a poll of stdin with a clock).
//
// Which limit a wait meets is the guest clock's to decide, never a race
// with the host: while the host is still acting (it has not yet sent what
// it will, nor set the deadline of its next wait), the module's clock does
// not move by waits, and a wait waits for the host on the wall clock, at
// no cost to the module, as a read of an empty stdin does. A wait within
// every limit is only added to the clock: no waiter has anything to decide
// until a limit is reached, so none is woken (a loop of 1 ns sleeps costs
// the process what a busy loop of the same module time does).
func (s *session) grantUntil(d time.Duration, forInput bool) {
	for d > 0 {
		s.mu.Lock()
		if !s.hostWaits {
			ch := s.change
			s.mu.Unlock()
			if !s.await(ch) {
				return
			}
			continue
		}
		limit := min(s.deadline, s.runLimit) - s.clock.now()
		if d < limit {
			s.clock.grant(d)
			s.mu.Unlock()
			return
		}
		if limit > 0 {
			s.clock.grant(limit)
			d -= limit
		}
		// The wait stops at the limit: the guest waits there for the host
		// to decide (stop the run, or move the deadline on).
		s.signal()
		ch := s.change
		s.mu.Unlock()
		if !s.await(ch) {
			return
		}
		if forInput && s.in.ready() {
			return
		}
	}
}

// awaitInput is the guest's wait for stdin: a read (timeout < 0), or a
// poll_oneoff with a clock (timeout >= 0). It says whether stdin is
// ready. While the host is still acting (it has not yet sent what it
// will, nor begun to wait for an answer), the guest waits for it on the
// wall clock, at no cost to its time; once the host waits, a read with
// nothing to read blocks until the host acts (the state the host reads as
// waiting for more input), and a poll is granted its timeout at once.
func (s *session) awaitInput(timeout time.Duration) bool {
	for {
		select {
		case <-s.halted:
			return true // the read or poll ends; the run is over
		default:
		}
		s.mu.Lock()
		settled := s.settled()
		if settled && s.in.ready() {
			s.mu.Unlock()
			return true
		}
		if settled && s.hostWaits && timeout >= 0 {
			s.polling++
			s.signal()
			s.mu.Unlock()
			s.grantUntil(timeout, true)
			s.mu.Lock()
			s.polling--
			s.signal()
			s.mu.Unlock()
			return s.in.ready()
		}
		counted := settled && s.hostWaits
		if counted {
			s.blocked++
			s.signal()
		}
		ch := s.change
		s.mu.Unlock()
		s.await(ch)
		if counted {
			s.mu.Lock()
			s.blocked--
			s.mu.Unlock()
		}
	}
}

// settled says whether what the host queued has reached stdin (an OS
// pipe is written by a feeder); s.mu is held.
func (s *session) settled() bool {
	if p, ok := s.in.(*osPipe); ok {
		return p.settled()
	}
	return true
}

// beforeStdinRead is called as the guest calls fd_read on an OS pipe's
// stdin: a blocking read waits as awaitInput says; a non-blocking one
// only for the host's own writes and steps to be done, and then reads
// (EAGAIN when nothing is there).
func (s *session) beforeStdinRead() {
	if _, ok := s.in.(*osPipe); !ok {
		return // an in-process pipe's reads wait in memReader
	}
	if !s.in.nonblocking() {
		s.awaitInput(-1)
		return
	}
	for {
		s.mu.Lock()
		if s.settled() && (s.hostWaits || s.in.ready()) {
			s.mu.Unlock()
			return
		}
		ch := s.change
		s.mu.Unlock()
		if !s.await(ch) {
			return
		}
	}
}

// await waits, as the guest, for the change ch stands for or the run's
// stop; false when the run was stopped.
func (s *session) await(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	case <-s.halted:
		return false
	}
}

// send writes one request line (a newline is added).
func (s *session) send(msg []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rec.Sent = append(s.rec.Sent, msg)
	if !s.closed {
		s.in.write(append(append([]byte{}, msg...), '\n'))
	}
	s.signal()
}

// closeStdin ends stdin after what is queued; the module has its exit
// grace from now.
func (s *session) closeStdin() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed = true
		s.closedAt = s.clock.now()
		s.rec.StdinClosed = s.closedAt
		s.in.end()
		s.hostWaits = true
		s.deadline = s.closedAt + s.exitGrace
		s.signal()
	}
}

// waitOutcome is why a wait of the host's ended.
type waitOutcome int

const (
	gotLine    waitOutcome = iota // a line to read
	ended                         // the module's run is over
	expired                       // the deadline passed in the module's time
	waitsInput                    // the module waits for more input
)

// hostWait waits, as the host, until a line is there to read (when lines
// is set), the run ends, the deadline passes in the module's time, or the module waits for
// more input the host will not send (it is blocked reading stdin, or
// polling it, with nothing to read). The wall clock only paces the checks
// of the module's time.
func (s *session) hostWait(lines bool) waitOutcome {
	for {
		s.mu.Lock()
		if lines && s.read < len(s.rec.Lines) {
			s.mu.Unlock()
			return gotLine
		}
		if s.ended() {
			s.mu.Unlock()
			return ended
		}
		now := s.clock.now()
		if now >= s.deadline {
			s.mu.Unlock()
			return expired
		}
		if !s.closed && s.blocked > 0 && s.settled() && !s.in.ready() {
			s.mu.Unlock()
			return waitsInput
		}
		ch := s.change
		left := s.deadline - now
		s.mu.Unlock()
		t := time.NewTimer(max(left, time.Millisecond))
		select {
		case <-ch:
		case <-s.done:
		case <-t.C:
		}
		t.Stop()
	}
}

// waitFor sets the host waiting for the module, until wait more of its
// time has passed.
func (s *session) waitFor(wait time.Duration) { s.setWait(s.clock.now()+wait, wait) }

// waitUntil sets the host waiting for the module, until its time reaches
// deadline (since the run started).
func (s *session) waitUntil(deadline time.Duration) { s.setWait(deadline, deadline) }

func (s *session) setWait(deadline, length time.Duration) {
	s.mu.Lock()
	s.hostWaits = true
	if !s.closed {
		s.deadline, s.waitLen = deadline, length
	}
	s.signal()
	s.mu.Unlock()
}

// acting ends a wait of the host's: the host is about to send again.
func (s *session) acting() {
	s.mu.Lock()
	if !s.closed {
		s.hostWaits = false
		s.deadline = noLimit
	}
	s.signal()
	s.mu.Unlock()
}

// answer waits up to wait of the module's time for the answer to the
// request with id (its IDKey), stdin held open as Subako holds it, and
// returns it. It gives up early at a line that breaks the call. When the
// module waits for more input with the request unanswered (see hostWait),
// or its time ran out while it polled stdin, stdin is closed and the
// module has its exit grace to answer after all: an answer then is the
// mark of a module that reads to end of input, or buffers stdout until it
// exits (Record.WaitedForInput, then BreakWaitsForEOF); with none, the
// run is stopped as out of time. This is the one home of that diagnosis,
// for subakogo call and the probes alike.
func (s *session) answer(id string, wait time.Duration) (Message, bool) {
	s.waitFor(wait)
	defer s.acting()
	msg, outcome := s.find(id)
	switch outcome {
	case gotLine:
		return msg, true
	case expired, waitsInput:
		s.giveUp(id, outcome)
	}
	return Message{}, false
}

// find reads stdout lines until the answer to id (gotLine), a line that
// breaks the call (ended), the module's end or another outcome of
// hostWait. The ids asked are read once: the caller, who alone sends, is
// waiting.
func (s *session) find(id string) (Message, waitOutcome) {
	s.mu.Lock()
	asked := s.rec.asked()
	s.mu.Unlock()
	for {
		line, outcome := s.nextLine()
		if outcome != gotLine {
			return Message{}, outcome
		}
		if m := line.Msg; m != nil && m.Method == "" && m.HasID() && IDKey(m.ID) == id {
			return *m, gotLine
		}
		if _, broken := breaksLine(line, asked); broken {
			return Message{}, ended // the call is crashed; the record says why
		}
	}
}

// giveUp ends a wait for the answer to id that saw none, the module still running. A module whose time ran
// out while busy (a slow tool, a loop, a long sleep) is stopped as out of
// time. One that waits for more input before it answers would wait for
// ever in Subako: stdin is closed and the module has its exit grace to
// answer after all.
func (s *session) giveUp(id string, why waitOutcome) {
	if s.ended() {
		return
	}
	s.mu.Lock()
	forInput := why == waitsInput || s.polling > 0 || s.blocked > 0
	limit := s.waitLen
	s.mu.Unlock()
	if !forInput {
		s.stop(func() { s.rec.TimedOut, s.rec.Limit = true, limit })
		return
	}
	s.mu.Lock()
	s.rec.WaitedForInput = true
	s.mu.Unlock()
	s.closeStdin()
	if _, outcome := s.find(id); outcome == expired {
		s.stop(func() { s.rec.TimedOut, s.rec.Limit = true, limit+s.exitGrace })
	}
}

// ended reports whether the module's run is over.
func (s *session) ended() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// nextLine hands out the next stdout line, or says why there is none.
func (s *session) nextLine() (Line, waitOutcome) {
	for {
		s.mu.Lock()
		if i := s.read; i < len(s.rec.Lines) {
			l := s.rec.Lines[i]
			s.read++
			s.mu.Unlock()
			if !l.decoded {
				l.decode() // outside the lock, which the module's writes take
				s.mu.Lock()
				s.rec.Lines[i] = l
				s.mu.Unlock()
			}
			return l, gotLine
		}
		s.mu.Unlock()
		if outcome := s.hostWait(true); outcome != gotLine {
			return Line{}, outcome
		}
	}
}

// next waits up to wait of the module's time for the next stdout line. ok
// is false when the module ended, waits for input, or the wait ran out,
// with no further line.
func (s *session) next(wait time.Duration) (Line, bool) {
	s.waitFor(wait)
	defer s.acting()
	l, outcome := s.nextLine()
	return l, outcome == gotLine
}

// pause lets the module run for d of its own time with nothing more sent;
// it ends sooner when the module waits for input or ends. Lines written
// meanwhile are left for the next read.
func (s *session) pause(d time.Duration) {
	s.waitFor(d)
	defer s.acting()
	s.hostWait(false)
}

// wait closes stdin and waits for the module to exit, stopping it when it
// takes longer than its exit grace of its own time. It returns once the
// guest's thread has left the instance and the record is complete: a run's
// end is its instance's end, so what holds a slot for the run (serve's)
// holds it until then. A stopped guest leaves at once, as every host call
// checks the stop (see IOVMax); the one step it may still finish is a bulk
// memory instruction, bounded by the memory it covers.
func (s *session) wait() *Record {
	s.closeStdin()
	if s.hostWait(false) == expired {
		s.stop(func() { s.rec.NoExit = true })
	}
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rec.complete()
	return s.rec
}

// stop ends the run, recording why.
func (s *session) stop(why func()) {
	s.mu.Lock()
	first := s.stopWhy == nil
	if first {
		s.stopWhy = why
		close(s.halted)
	}
	s.mu.Unlock()
	s.cancel()
	s.in.abort()
}

func (s *session) finish(err error, ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rec
	now := s.clock.now()
	r.Elapsed = now
	r.Wall = time.Since(s.wallStart)
	r.BytesWritten = s.budget.Used()
	r.MemoryRefused = s.memRefused.Load()
	r.Stderr = stderrTail(r.Stderr)
	if s.closed {
		r.CloseToExit = now - s.closedAt
	}
	var exit *sys.ExitError
	switch {
	case s.stopWhy != nil:
		s.stopWhy()
		if r.Trap == "" && !r.TimedOut && !r.Overflow && !r.NoExit && !r.Unjudged() {
			r.Trap = "stopped"
		}
	case err == nil:
		r.Exited = true
	case errors.As(err, &exit) && exit.ExitCode() < sys.ExitCodeDeadlineExceeded:
		r.Exited, r.ExitCode = true, exit.ExitCode()
	case ctx.Err() != nil:
		r.Interrupted = true
	default:
		r.Trap = err.Error()
	}
	if r.Exited && !s.closed {
		r.CloseToExit = -1
	}
	s.cancel()
	close(s.done)
	s.signal()
}

type stdoutWriter struct{ s *session }

// Write splits what the module writes into lines. Only p is searched for
// newlines, and the partial line grows by appending, so a module writing
// byte by byte costs linear time.
func (w stdoutWriter) Write(p []byte) (int, error) {
	s := w.s
	n := len(p)
	s.mu.Lock()
	r := s.rec
	r.StdoutBytes += int64(n)
	if r.StdoutBytes > StdoutLimit {
		s.mu.Unlock()
		s.stop(func() { r.Overflow = true })
		return n, nil
	}
	at := s.clock.now()
	lines := len(r.Lines)
	for {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			r.Partial = append(r.Partial, p...)
			break
		}
		// The line takes the partial line's array; p is the module's memory
		// and is copied.
		r.Lines = append(r.Lines, Line{Text: append(r.Partial, p[:i]...), At: at})
		r.Partial = nil
		p = p[i+1:]
	}
	if len(r.Lines) > lines {
		s.signal() // a line for the host to read
	}
	s.mu.Unlock()
	return n, nil
}

type stderrWriter struct{ s *session }

// Write keeps the last StderrShown bytes: of a write longer than that only
// its tail is copied, and the kept bytes are moved down only when twice
// that has piled up.
func (w stderrWriter) Write(p []byte) (int, error) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rec
	r.StderrBytes += int64(len(p))
	if len(p) >= StderrShown {
		r.Stderr = append(r.Stderr[:0], p[len(p)-StderrShown:]...)
		return len(p), nil
	}
	r.Stderr = append(r.Stderr, p...)
	if len(r.Stderr) > 2*StderrShown {
		r.Stderr = append(r.Stderr[:0], r.Stderr[len(r.Stderr)-StderrShown:]...)
	}
	return len(p), nil
}

// tail is what Record.Stderr holds once the run is over.
func stderrTail(b []byte) []byte {
	if len(b) > StderrShown {
		return b[len(b)-StderrShown:]
	}
	return b
}

// randSource is the module's random_get. It hands out at most randChunk
// bytes a read, checking between them that the run goes on, so that one
// huge random_get cannot hold the host past the run's deadline.
type randSource struct{ s *session }

const randChunk = 64 << 10

var errStopped = errors.New("the run was stopped")

func (r randSource) Read(p []byte) (int, error) {
	select {
	case <-r.s.halted:
		return 0, errStopped
	default:
	}
	return rand.Read(p[:min(len(p), randChunk)])
}

package host

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/experimental/sysfs"
	"github.com/tetratelabs/wazero/sys"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/host/sandboxfs"
	"github.com/subako-ai/subako-go/host/subakohttp"
)

// Limits Subako applies to every run.
const (
	StdoutLimit   = abi.StdoutMaxBytes  // bytes of stdout for a whole run
	StderrShown   = abi.StderrTailBytes // the tail of stderr shown when a call crashes
	ExitGrace     = abi.ExitGrace       // to exit after stdin closes
	DiscoverLimit = abi.DiscoverTimeout // for the whole upload discovery
	Argv0         = "function"          // the one entry of argv

	stopWait = 5 * time.Second // for a stopped module to unwind
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
	At   time.Duration // since the run started
}

// Record is everything observed in one run.
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
	// HeldOpen is how long the host held stdin open waiting for an answer
	// before it gave up and closed it (0 when every answer came in time).
	// An answer after that is BreakWaitsForEOF.
	HeldOpen time.Duration
}

// RunConfig says how to run a module once.
type RunConfig struct {
	Mounts  Mounts
	Timeout time.Duration // the whole run; 0 means the host's discovery limit
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
}

// session is one running instance and the pipes around it.
type session struct {
	budget    *sandboxfs.Budget
	rec       *Record
	exitGrace time.Duration // to exit once stdin closes
	start     time.Time
	cancel    context.CancelFunc
	stdinR    io.Reader      // what the module reads
	stdinW    io.WriteCloser // the host's end
	stopStdin func()         // wakes a module blocked reading stdin
	// waiting counts the module's reads of stdin in progress (an
	// in-process pipe's only: an OS pipe is read by wazero directly), and
	// watched says it is counted.
	waiting atomic.Int32
	watched bool
	sendQ   chan []byte
	done    chan struct{}
	halted  chan struct{} // closed when the run is stopped

	mu       sync.Mutex
	notify   chan struct{} // signalled when a line arrives or the module ends
	read     int           // lines handed out by next
	closedAt time.Time
	stopWhy  func() // marks the record with why the run was stopped
}

// start instantiates the module, which runs _start, and returns at once.
// The run gets its own mounts and subako_http, released when it ends.
func (h *Host) start(ctx context.Context, m *Module, cfg RunConfig) (*session, error) {
	s := &session{budget: sandboxfs.NewBudget(cfg.Limits), rec: &Record{CloseToExit: -1, StdinClosed: -1}, exitGrace: h.exitGrace,
		sendQ: make(chan []byte, 16), done: make(chan struct{}), halted: make(chan struct{}), notify: make(chan struct{}, 1)}
	if cfg.ExitGrace > 0 {
		s.exitGrace = cfg.ExitGrace
	}
	if err := s.openStdin(cfg.OSPipe); err != nil {
		return nil, &SetupError{Err: err}
	}
	mounts, err := cfg.Mounts.open(s.budget, s.halted)
	if err != nil {
		s.stopStdin()
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
		s.stopStdin()
		return nil, &SetupError{Err: err}
	}
	h.run(experimental.WithImportResolver(ctx, subakohttp.Resolver(httpMod)), c, cfg, s, fsConfig(mounts))
	go func() {
		<-s.done
		_ = httpMod.Close(context.Background())
		closeMounts(mounts)
		s.stopStdin()
	}()
	return s, nil
}

// openStdin makes the pipe the module reads as stdin: in-process, or an
// operating system's pipe.
func (s *session) openStdin(osPipe bool) error {
	if !osPipe {
		r, w := io.Pipe()
		s.stdinR, s.stdinW, s.watched = watchedReader{r, s}, w, true
		s.stopStdin = func() { _ = r.CloseWithError(io.EOF) }
		return nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	s.stdinR, s.stdinW = r, w
	var once sync.Once
	s.stopStdin = func() { once.Do(func() { _ = w.Close(); _ = r.Close() }) }
	return nil
}

// SetupError is a failure of the host to prepare a run (a mount that cannot
// be opened, say): the fault of the host or its user, not of the module.
type SetupError struct{ Err error }

func (e *SetupError) Error() string { return "the host could not set up the run: " + e.Err.Error() }

func (e *SetupError) Unwrap() error { return e.Err }

// run instantiates the module in a goroutine.
func (h *Host) run(ctx context.Context, c code, cfg RunConfig, s *session, fs wazero.FSConfig) {
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = h.discoverLimit
	}
	runCtx, cancel := context.WithTimeout(context.WithValue(ctx, budgetKey{}, s.budget), timeout)
	s.start, s.cancel = time.Now(), cancel
	mc := wazero.NewModuleConfig().
		WithName("").
		WithArgs(Argv0).
		WithStdin(s.stdinR).
		WithStdout(stdoutWriter{s}).
		WithStderr(stderrWriter{s}).
		WithFSConfig(fs).
		WithSysWalltime().WithSysNanotime().
		WithNanosleep(s.sleep).
		WithRandSource(randSource{s})
	go s.feed()
	go func() {
		mod, err := c.rt.InstantiateModule(runCtx, c.compiled, mc)
		if mod != nil {
			_ = mod.Close(context.Background())
		}
		s.finish(err, runCtx)
	}()
	// A module blocked reading stdin cannot see its context end; closing
	// stdin's reader wakes it.
	go func() {
		select {
		case <-runCtx.Done():
			s.stop(func() {
				if errors.Is(runCtx.Err(), context.DeadlineExceeded) {
					s.rec.TimedOut = true
				}
			})
		case <-s.done:
		}
	}()
}

// feed writes queued requests to stdin in order, without blocking the
// caller, and ends stdin once the queue is closed and written.
func (s *session) feed() {
	broken := false
	for line := range s.sendQ {
		if !broken {
			_, err := s.stdinW.Write(line)
			broken = err != nil
		}
	}
	_ = s.stdinW.Close()
}

// send writes one request line (a newline is added).
func (s *session) send(msg []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rec.Sent = append(s.rec.Sent, msg)
	if s.closedAt.IsZero() {
		s.sendQ <- append(append([]byte{}, msg...), '\n')
	}
}

// closeStdin ends stdin after what is queued.
func (s *session) closeStdin() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closedAt.IsZero() {
		s.closedAt = time.Now()
		s.rec.StdinClosed = s.closedAt.Sub(s.start)
		close(s.sendQ)
	}
}

// answer waits up to wait for the answer to the request with id (its
// IDKey), stdin held open as Subako holds it, and returns it. It gives up
// early at a line that breaks the call. When no answer came in time, it
// closes stdin and gives the module its exit grace to answer after all:
// an answer then is the mark of a module that reads to end of input
// before answering (Record.HeldOpen, then BreakWaitsForEOF); with none,
// the run is stopped as out of time. This is the one home of that
// diagnosis, for subakogo call and the probes alike.
func (s *session) answer(id string, wait time.Duration) (Message, bool) {
	msg, ok, broken := s.find(id, time.Now().Add(wait))
	if !ok && !broken {
		s.giveUp(id, wait)
	}
	return msg, ok
}

// find reads stdout lines until the answer to id (ok), a line that breaks
// the call (broken), the module's end or until.
// The ids asked are read once: the caller, who alone sends, is waiting.
func (s *session) find(id string, until time.Time) (msg Message, ok, broken bool) {
	s.mu.Lock()
	asked := s.rec.asked()
	s.mu.Unlock()
	for {
		line, more := s.next(time.Until(until))
		if !more {
			return Message{}, false, false
		}
		if m, ok := ParseMessage(line.Text); ok && m.Method == "" && m.HasID() && IDKey(m.ID) == id {
			return m, true, false
		}
		if _, broken := breaksLine(line.Text, asked); broken {
			return Message{}, false, true // the call is crashed; the record says why
		}
	}
}

// giveUp ends a wait of waited for the answer to id that saw none, the
// module still running. A module that is not waiting for stdin is busy (a
// slow tool, a loop) and is stopped as out of time. One that waits for
// more input before it answers would wait for ever in Subako: stdin is
// closed and the module has its exit grace to answer after all. An answer
// then confirms it reads to end of input before answering
// (Record.HeldOpen, BreakWaitsForEOF); with none, the run is stopped as
// out of time.
func (s *session) giveUp(id string, waited time.Duration) {
	if s.ended() {
		return
	}
	if s.watched && s.waiting.Load() == 0 {
		s.stop(func() { s.rec.TimedOut = true })
		return
	}
	s.mu.Lock()
	s.rec.HeldOpen = waited
	s.mu.Unlock()
	s.closeStdin()
	if _, late, _ := s.find(id, time.Now().Add(s.exitGrace)); !late && !s.ended() {
		s.stop(func() { s.rec.TimedOut = true })
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

// next waits for the next stdout line. ok is false when the module ended
// (or the wait ran out) with no further line.
func (s *session) next(wait time.Duration) (Line, bool) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		s.mu.Lock()
		if s.read < len(s.rec.Lines) {
			l := s.rec.Lines[s.read]
			s.read++
			s.mu.Unlock()
			return l, true
		}
		s.mu.Unlock()
		select {
		case <-s.notify:
		case <-s.done:
			s.mu.Lock()
			more := s.read < len(s.rec.Lines)
			s.mu.Unlock()
			if !more {
				return Line{}, false
			}
		case <-timer.C:
			return Line{}, false
		}
	}
}

// wait closes stdin and waits for the module to exit, stopping it when it
// takes longer than its exit grace.
func (s *session) wait() *Record {
	s.closeStdin()
	select {
	case <-s.done:
	case <-time.After(s.exitGrace):
		s.stop(func() { s.rec.NoExit = true })
		select {
		case <-s.done:
		case <-time.After(stopWait):
			// The module is stuck where it cannot be interrupted; give up on
			// it rather than hang the host.
			s.mu.Lock()
			s.rec.NoExit = true
			s.mu.Unlock()
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
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
	s.stopStdin()
}

// sleep is the module's clock sleep (poll_oneoff). Unlike wazero's own it
// wakes when the run is stopped: a module asleep in the host would
// otherwise never see its context end.
func (s *session) sleep(ns int64) {
	t := time.NewTimer(time.Duration(ns))
	defer t.Stop()
	select {
	case <-t.C:
	case <-s.halted:
	}
}

func (s *session) finish(err error, runCtx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rec
	now := time.Now()
	r.Elapsed = now.Sub(s.start)
	r.BytesWritten = s.budget.Used()
	r.Stderr = stderrTail(r.Stderr)
	if !s.closedAt.IsZero() {
		r.CloseToExit = now.Sub(s.closedAt)
	}
	var exit *sys.ExitError
	switch {
	case s.stopWhy != nil:
		s.stopWhy()
		if r.Trap == "" && !r.TimedOut && !r.Overflow && !r.NoExit {
			r.Trap = "stopped"
		}
	case err == nil:
		r.Exited = true
	case errors.As(err, &exit) && exit.ExitCode() < sys.ExitCodeDeadlineExceeded:
		r.Exited, r.ExitCode = true, exit.ExitCode()
	case runCtx.Err() != nil:
		r.TimedOut = true
	default:
		r.Trap = err.Error()
	}
	if r.Exited && s.closedAt.IsZero() {
		r.CloseToExit = -1
	}
	s.cancel()
	close(s.done)
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
	at := time.Since(s.start)
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
	s.mu.Unlock()
	select {
	case s.notify <- struct{}{}:
	default:
	}
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

// watchedReader is stdin as the module reads it, counting the reads in
// progress: one that blocks while a request is unanswered means the
// module wants more input before it answers.
type watchedReader struct {
	r *io.PipeReader
	s *session
}

func (w watchedReader) Read(p []byte) (int, error) {
	w.s.waiting.Add(1)
	defer w.s.waiting.Add(-1)
	return w.r.Read(p)
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

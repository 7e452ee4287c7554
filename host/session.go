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
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/experimental/sysfs"
	"github.com/tetratelabs/wazero/sys"

	"github.com/subako-ai/subako-go/abi"
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

func (m Mounts) fsConfig(b *budget) (wazero.FSConfig, error) {
	fs := wazero.NewFSConfig()
	// The volume's writes are charged to the run's budget.
	volume := func(sub, guest string) error {
		dir := filepath.Join(m.Volume, sub)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		fs = fs.(sysfs.FSConfig).WithSysFSMount(budgetFS{FS: sysfs.DirFS(dir), b: b}, guest)
		return nil
	}
	if m.Volume != "" {
		if err := volume("tmp", "/volume/tmp"); err != nil {
			return nil, err
		}
		if m.Data {
			if err := volume("data", "/volume/data"); err != nil {
				return nil, err
			}
		}
	}
	if m.Package != "" {
		fs = fs.WithReadOnlyDirMount(m.Package, "/package")
	}
	if m.Skills != "" {
		fs = fs.WithReadOnlyDirMount(m.Skills, "/skills")
		entries, err := os.ReadDir(m.Skills)
		if err != nil {
			return nil, err
		}
		names := make([]string, 0, len(entries))
		for _, e := range entries {
			if e.IsDir() {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, n := range names {
			fs = fs.WithReadOnlyDirMount(filepath.Join(m.Skills, n), "/skills/"+n)
		}
	}
	return fs, nil
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
}

// RunConfig says how to run a module once.
type RunConfig struct {
	Mounts  Mounts
	Timeout time.Duration // the whole run; 0 means DiscoverLimit
	// HTTP configures this run's subako_http; nil allows no host, as at
	// upload. Its Volume and WriteBudget are set from the run.
	HTTP *subakohttp.Config
	// WriteBudget overrides the bytes the run may write to files (tests).
	WriteBudget int64
}

// session is one running instance and the pipes around it.
type session struct {
	budget *budget
	rec    *Record
	start  time.Time
	cancel context.CancelFunc
	stdinR *io.PipeReader
	stdinW *io.PipeWriter
	sendQ  chan []byte
	done   chan struct{}
	halted chan struct{} // closed when the run is stopped

	mu       sync.Mutex
	notify   chan struct{} // signalled when a line arrives or the module ends
	read     int           // lines handed out by next
	closedAt time.Time
	stopWhy  func() // marks the record with why the run was stopped
}

// start instantiates the module, which runs _start, and returns at once.
// The run gets its own subako_http, released when it ends.
func (h *Host) start(ctx context.Context, m *Module, cfg RunConfig) (*session, error) {
	limit := int64(abi.WriteBudgetBytes)
	if cfg.WriteBudget > 0 {
		limit = cfg.WriteBudget
	}
	b := &budget{Budget: subakohttp.NewBudget(limit)}
	httpCfg := subakohttp.Config{}
	if cfg.HTTP != nil {
		httpCfg = *cfg.HTTP
	}
	httpCfg.WriteBudget = b.Budget
	if cfg.Mounts.Volume != "" {
		httpCfg.Volume = cfg.Mounts.Volume
	}
	httpMod, err := subakohttp.Instantiate(ctx, h.rt, &httpCfg)
	if err != nil {
		return nil, err
	}
	s, err := h.run(experimental.WithImportResolver(ctx, subakohttp.Resolver(httpMod)), m, cfg, b)
	if err != nil {
		_ = httpMod.Close(ctx)
		return nil, err
	}
	go func() { <-s.done; _ = httpMod.Close(context.Background()) }()
	return s, nil
}

// run instantiates the module in a goroutine.
func (h *Host) run(ctx context.Context, m *Module, cfg RunConfig, b *budget) (*session, error) {
	fs, err := cfg.Mounts.fsConfig(b)
	if err != nil {
		return nil, err
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DiscoverLimit
	}
	runCtx, cancel := context.WithTimeout(context.WithValue(ctx, budgetKey{}, b), timeout)
	s := &session{budget: b, rec: &Record{CloseToExit: -1}, start: time.Now(), cancel: cancel,
		sendQ: make(chan []byte, 16), done: make(chan struct{}), halted: make(chan struct{}), notify: make(chan struct{}, 1)}
	s.stdinR, s.stdinW = io.Pipe()
	mc := wazero.NewModuleConfig().
		WithName("").
		WithArgs(Argv0).
		WithStdin(s.stdinR).
		WithStdout(stdoutWriter{s}).
		WithStderr(stderrWriter{s}).
		WithFSConfig(fs).
		WithSysWalltime().WithSysNanotime().
		WithNanosleep(s.sleep).
		WithRandSource(rand.Reader)
	go s.feed()
	go func() {
		mod, err := h.rt.InstantiateModule(runCtx, m.compiled, mc)
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
	return s, nil
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
		close(s.sendQ)
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
// takes longer than ExitGrace.
func (s *session) wait() *Record {
	s.closeStdin()
	select {
	case <-s.done:
	case <-time.After(ExitGrace):
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
	_ = s.stdinR.CloseWithError(io.EOF)
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

func (w stdoutWriter) Write(p []byte) (int, error) {
	s := w.s
	s.mu.Lock()
	r := s.rec
	r.StdoutBytes += int64(len(p))
	if r.StdoutBytes > StdoutLimit {
		s.mu.Unlock()
		s.stop(func() { r.Overflow = true })
		return len(p), nil
	}
	at := time.Since(s.start)
	data := append(r.Partial, p...)
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		r.Lines = append(r.Lines, Line{Text: bytes.Clone(data[:i]), At: at})
		data = data[i+1:]
	}
	r.Partial = bytes.Clone(data)
	s.mu.Unlock()
	select {
	case s.notify <- struct{}{}:
	default:
	}
	return len(p), nil
}

type stderrWriter struct{ s *session }

func (w stderrWriter) Write(p []byte) (int, error) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rec
	r.StderrBytes += int64(len(p))
	r.Stderr = append(r.Stderr, p...)
	if len(r.Stderr) > StderrShown {
		r.Stderr = append(r.Stderr[:0], r.Stderr[len(r.Stderr)-StderrShown:]...)
	}
	return len(p), nil
}

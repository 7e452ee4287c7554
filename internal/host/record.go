package host

import (
	"time"
)

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
	// LinesDropped counts the stdout lines shorter than any message
	// ({"jsonrpc":"2.0"}, 17 bytes) past the run's first ShortLinesKept
	// of them: not kept in Lines, each a not-a-message break all the same
	// (counted in Break.More).
	LinesDropped int
	shortLines   int    // the stdout lines shorter than any message, kept or not
	Stderr       []byte // the last StderrShown bytes
	StderrBytes  int64

	Exited       bool   // the module returned from _start or called proc_exit
	ExitCode     uint32 // when Exited
	Trap         string // a trap or instantiation failure, when not Exited
	TimedOut     bool   // the run's time ran out
	Overflow     bool   // stdout passed StdoutLimit and the run was stopped
	NoExit       bool   // still running its ExitGrace after stdin closed; it was stopped
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
	// HTTPRequest is, when TimedOut or NoExit, the number (from 1) of the
	// subako_http request the module was waiting on when its time ran
	// out, 0 when none: the time a module waits on its requests is its
	// own (httpClock). HTTPUnsent says that request began with none of
	// the time left, and so was never sent.
	HTTPRequest int
	HTTPUnsent  bool
	// ExitGrace is the time the run had to exit once stdin closed (NoExit
	// names it).
	ExitGrace time.Duration
	// HTTPRequests counts the subako_http requests that went to the
	// network, and HTTPWait is the time they waited, part of Elapsed.
	HTTPRequests int
	HTTPWait     time.Duration
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
	// A run interpreted that overflowed the interpreter's call stack is
	// Stalled too, with Depth: wazero's interpreter allows
	// InterpreterDepth nested calls, compiled code far more, so the trap
	// is no verdict on the module (attack pass 41a, row 5).
	Stalled  bool
	Depth    bool
	backstop Backstop // the wall time it was given, when Stalled
	// Interrupted says the caller's context ended the run (a budget of the
	// caller's, or a cancellation): like Stalled, not the module's doing.
	Interrupted bool
	// MemoryRefused says a memory.grow failed because the runs of the host
	// held its MemoryBudget (not for the run's own MemoryLimit): the run
	// ran out of memory for others' sake.
	MemoryRefused bool
	// FilesRefused says an open was refused (ENFILE) because the runs of
	// the host held its FileBudget (not for the run's own MaxOpenFiles):
	// the run ran out of files for others' sake (attack pass 43i, row 3).
	FilesRefused bool
	// HostRefused, when not empty, names the machine's limit an operation
	// of the run met: the host's disk full (ENOSPC, EDQUOT of the host's
	// own quotas) or the process's descriptor limit (EMFILE, ENFILE from
	// the operating system), never the run's own limits nor the volume's
	// quota (sandboxfs.HostRefusal; attack pass 43i, rows 4 and 5).
	HostRefused string
	// CopiedEntries and CopiedBytes are what the host walked and copied
	// for the run's private copies of /package and /skills (a module's
	// first change there): the host's work, not the module's time, which
	// the probes charge to their budget (attack pass 46f).
	CopiedEntries, CopiedBytes int64
	// CopyCharge is their charge (CopyCharge): what the probes' budget
	// counts for them, and a fiftieth of what they grew the run's wall
	// backstop by.
	CopyCharge time.Duration
	// VolumeRefused says a write or a new entry was refused (EDQUOT)
	// because the volume the run shares held its quota
	// (sandboxfs.Limits.Volume), not for the run's own write budget.
	VolumeRefused bool
	Wall          time.Duration // the run's wall-clock time, for reports only
	// WallStart is where the module's wall clock started: the run's start
	// on the real clock, or RunConfig.SeededWall in a seeded run.
	WallStart time.Time
	// StderrTail is "; stderr says why: ..." with StderrCause when there
	// is one, else "; stderr ends: ..." with the last line of what the
	// module wrote to stderr (at most 200 bytes of it), or "" when it
	// wrote nothing: the reason Subako would show with a crash.
	StderrTail string
	// StderrCause is the line of stderr that says why a Go module died
	// ("fatal error: out of memory", "panic: ..."), whatever trace came
	// after it, or "" when it wrote none.
	StderrCause string
	// Memory is the module's linear memory when the run ended, in bytes.
	Memory int64
	breaks []Break // see Breaks
}

// StalledError is what a command says of a Stalled run: what was given
// up (what), and why it is not judged.
func (r *Record) StalledError(what string) *StalledError {
	e := r.backstop.Stalled(what)
	e.Depth = r.Depth
	return e
}

// OutOfTime says whether the run ended on a limit of the module's time:
// what an interpreted run says then is no verdict on the module.
func (r *Record) OutOfTime() bool { return r.TimedOut || r.NoExit }

// Unjudged says whether the run ended for the host's reasons (Stalled,
// Interrupted) before the module's: what it did not do in time is no
// finding.
func (r *Record) Unjudged() bool { return r.Stalled || r.Interrupted }

// CompiledStackMax bounds what one run of compiled code allocates on the
// host's Go heap for its call stack: wazero grows the stack by doubling,
// outside every budget, until it passes 50,000,000 bytes (its
// callStackCeiling, which cannot be set), then traps. A process running n
// calls at once holds at most n times this beside its guest memory
// (docs/serve-limits.md; TestAttack41a_CompiledStackOnHeap measures it).
const CompiledStackMax = 256 << 20

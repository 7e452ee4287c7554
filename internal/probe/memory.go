package probe

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/subako-ai/subako-go/internal/host"
)

// The host's memory budget (host.Options.MemoryBudget, serve's
// --memory-budget) is shared by every run of the host: serve's clients'
// calls, a --watch rebuild's probes, and the probes' own runs beside each
// other (the pause probe, startPause). A memory.grow it refuses because
// other runs hold it (host.Record.MemoryRefused) is no failure of the
// module's: which run got the memory first is the machine's affair. Such a
// run is made again alone among the probes' runs (runGate), with the same
// case and seed, and only that run is judged and charged to the budget;
// when the budget refuses it again (other work of the process holds the
// memory, or the budget is smaller than what the module needs alone), the
// run is not judged (MemoryHeldError, exit 3): a verdict is a function of
// the module, and says when it is not given (attack pass 43c, row 2:
// serve --memory-budget 1024 on a module needing 520 MiB a call exited 1
// with P030 P031 P037, or served it, run to run).

// runGate lets the probes' runs go beside each other (shared) but makes a
// run made again for the memory budget go alone (exclusive): it waits for
// the runs of the probes under way (the pause probe's) to end, and none
// starts until it has.
type runGate struct{ mu sync.RWMutex }

func (g *runGate) enter(alone bool) (leave func()) {
	if alone {
		g.mu.Lock()
		return g.mu.Unlock
	}
	g.mu.RLock()
	return g.mu.RUnlock
}

// MemoryHeldError is Result.NotJudged when a probe run's memory.grow was
// refused by the host's shared memory budget (not by the module's own
// limit) also when the run was made again alone among the probes: other
// work of the process (serve's calls) held the memory, or the budget is
// smaller than what the module needs alone.
type MemoryHeldError struct {
	Run string // "probe on tool"
}

func (e *MemoryHeldError) Error() string {
	return fmt.Sprintf("the probe run %s ran out of memory because the host's memory budget (--memory-budget) was held by other runs of the process, "+
		"also when made again alone among the probes, so it is not judged: a module within its own memory limit is not blamed for others' memory; "+
		"try again when fewer calls run, or with a larger --memory-budget", e.Run)
}

// The host's file budget (host.FileBudget, 4,096 files open at once) is
// shared the same way, and the machine's own limits are no more the
// module's: the host's disk full (ENOSPC) and the process's descriptor
// limit (EMFILE, ulimit -n) refuse whichever run comes first. A probe run
// an operation of which was refused so (host.Record.FilesRefused,
// HostRefused; refusedForOthers) is made again alone as for
// memory, and refused again it is not judged (HostHeldError, exit 3):
// attack pass 43i, rows 3-5 (a rebuild's probes beside serve's calls
// holding 4,000 files found P030 P031; a 2 MiB $TMPDIR, or ulimit -n 1500,
// drew P030, P036 or nothing run to run).

// refusedForOthers says an operation of the run was refused for a reason
// that is not the module's: a shared budget of the host held by other runs
// (MemoryRefused, FilesRefused) or the machine's own limit (HostRefused).
func refusedForOthers(rec *host.Record) bool {
	return rec.MemoryRefused || rec.FilesRefused || rec.HostRefused != ""
}

// heldError is the error of a run refused for others' sake also when made
// again alone (refusedForOthers), or nil.
func heldError(run string, rec *host.Record) error {
	switch {
	case rec.MemoryRefused:
		return &MemoryHeldError{Run: run}
	case rec.FilesRefused:
		return &HostHeldError{Run: run, Cause: "the host's open-file budget (4,096 files open at once across its runs) was held by other runs of the process"}
	case rec.HostRefused != "":
		return &HostHeldError{Run: run, Cause: rec.HostRefused}
	}
	return nil
}

// HostHeldError is Result.NotJudged when an operation of a probe run was
// refused by the host's shared file budget or by the machine's own limit
// (Cause), also when the run was made again alone among the probes.
type HostHeldError struct {
	Run   string // "probe on tool"
	Cause string // the limit, as host.Record.HostRefused names it
}

func (e *HostHeldError) Error() string {
	return fmt.Sprintf("the probe run %s was refused an operation because %s, also when made again alone among the probes, "+
		"so it is not judged: a module within its own limits is not blamed for the machine's; "+
		"try again when fewer calls run, or with room on the disk or a higher open-file limit", e.Run, e.Cause)
}

// probeSeed is the host seed of a probe's own run (not a tools/call
// through the call pipeline, see caseSeed): the case's seed and the
// probe's name, so that what the module reads of randomness, the clock and
// its files is the same for the same probe on every run.
func (r *runner) probeSeed(probe, tool string, args json.RawMessage) []byte {
	return append(append(r.caseSeed(tool, args), 0), probe...)
}

package probe

import (
	"encoding/json"
	"fmt"
	"sync"
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

// probeSeed is the host seed of a probe's own run (not a tools/call
// through the call pipeline, see caseSeed): the case's seed and the
// probe's name, so that what the module reads of randomness, the clock and
// its files is the same for the same probe on every run.
func (r *runner) probeSeed(probe, tool string, args json.RawMessage) []byte {
	return append(append(r.caseSeed(tool, args), 0), probe...)
}

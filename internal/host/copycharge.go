package host

import "time"

// CopyEntryCharge and CopyMiBCharge are what the host's private copy of
// /package or /skills (sandboxfs.Private, made at a module's first change
// there) is charged, by what the copy walked and copied
// (sandboxfs.Budget.Copied: every entry the walk that measures the copy
// and the copy met, and the data copied): the copy is the host's work,
// never the module's time, and a module making one change in /package
// each run had the host copy the whole package in every run, bounded by
// nothing but the wall backstop, so its verdict followed the machine's
// load and $TMPDIR's disk (attack pass 46f, row 1). Fixed, not measured,
// as the probes' RunCharge is; measured (probe's TestPackageCopyCharged,
// 2026-12-07, ext4, two cores shared with other work): about 95 µs of
// the process's CPU time an entry counted, empty files, the copy's
// removal included.
//
// The charge is counted in two places, from this one home: the probes'
// budget (Record.CopyCharge), and the wall backstops of the run and of
// the probes, which grow by BackstopFactor times the charge (Grown; the
// run's as the copy goes, backstopNow).
const (
	CopyEntryCharge = 100 * time.Microsecond
	CopyMiBCharge   = time.Millisecond
)

// CopyCharge is the charge of private copies that walked entries entries
// and copied bytes bytes of data.
func CopyCharge(entries, bytes int64) time.Duration {
	return time.Duration(entries)*CopyEntryCharge + time.Duration(bytes>>20)*CopyMiBCharge
}

// Grown is b given BackstopFactor times charge more of the wall clock,
// the charge of private copies the host made for the work b bounds: the
// copy is the host's work on the wall clock, not the module's time, and
// its cost is the package's size. A backstop that did not grow with it
// let a large package's copy at 3% of a core use it up, so that work was
// given up as "this machine is too busy" where a quiet machine judged it
// (attack pass 46h, row 5: a package of 99,999 files in discovery and
// call; the probes' backstop, 100 s for --probe-time 2s, given up on a
// package of 3,000 files copied at every run). BackstopFactor times the
// charge is what a backstop allows any work: enough for a copy at 2% of
// a core. A backstop of no limit stays so.
func (b Backstop) Grown(charge time.Duration) Backstop {
	grow := BackstopFactor * min(charge, noLimit/BackstopFactor)
	if grow <= 0 || b.Wall > noLimit-grow {
		return b
	}
	b.Wall += grow
	b.Deadline = b.Deadline.Add(grow)
	return b
}

// backstopNow is the run's wall backstop now: the one it started with,
// grown by what the run's private copies have walked and copied so far
// (Grown), as they go.
func (s *session) backstopNow() Backstop {
	return s.backstop.Grown(CopyCharge(s.budget.Copied()))
}

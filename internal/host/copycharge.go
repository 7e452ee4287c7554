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
// budget (Record.CopyCharge), and the run's wall backstop, which grows by
// BackstopFactor times the charge as the copy goes (backstopNow).
const (
	CopyEntryCharge = 100 * time.Microsecond
	CopyMiBCharge   = time.Millisecond
)

// CopyCharge is the charge of private copies that walked entries entries
// and copied bytes bytes of data.
func CopyCharge(entries, bytes int64) time.Duration {
	return time.Duration(entries)*CopyEntryCharge + time.Duration(bytes>>20)*CopyMiBCharge
}

// backstopNow is the run's wall backstop now: the one it started with,
// grown by BackstopFactor times the charge of what the run's private
// copies have walked and copied so far. The copy is the host's work on
// the wall clock, not the module's time, and its cost is the package's
// size: a backstop fixed at the start let a large package's copy at 3% of
// a core use it up, so that a run was given up as "this machine is too
// busy" where a quiet machine judged it (attack pass 46h, row 5: a
// package of 99,999 files in discovery and call). BackstopFactor times
// the charge is what the rest of the backstop allows any work of the
// run's: enough for a copy at 2% of a core.
func (s *session) backstopNow() Backstop {
	b := s.backstop
	grow := BackstopFactor * CopyCharge(s.budget.Copied())
	if grow <= 0 || b.Wall > noLimit-grow {
		return b // nothing copied, or no limit to grow
	}
	b.Wall += grow
	b.Deadline = b.Deadline.Add(grow)
	return b
}

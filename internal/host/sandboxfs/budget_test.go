package sandboxfs

import (
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
)

func TestBudget(t *testing.T) {
	var b *Budget
	if !b.Take(1<<40) || b.Used() != 0 || b.Remaining() != -1 || !b.takeEntry(1000) || b.Refused() {
		t.Error("a nil budget is unlimited")
	}
	b = NewBudget(Limits{Bytes: 10})
	if b.Take(-1) || !b.Take(4) || b.Take(7) || !b.Take(6) || b.Take(1) || b.Remaining() != 0 {
		t.Errorf("budget arithmetic: used %d", b.Used())
	}
	if b.Limits().Entries != CallLimits.Entries || b.Limits().Depth != CallLimits.Depth {
		t.Errorf("zero limits take CallLimits: %+v", b.Limits())
	}
	b = NewBudget(Limits{Entries: 2, Depth: 3})
	if b.takeEntry(4) || !b.takeEntry(3) || !b.takeEntry(1) || b.takeEntry(1) || b.Entries() != 2 {
		t.Errorf("entries: %d", b.Entries())
	}
	b.refuse()
	if !b.Refused() || b.Refused() {
		t.Error("Refused reports a refusal once")
	}
}

func TestSafeTarget(t *testing.T) {
	for target, want := range map[string]bool{
		"a": true, "a/b": true, "./a": true, ".": true,
		"": false, "/etc": false, "..": false, "../a": false, "a/../b": false, "a/..": false, "a\x00": false,
	} {
		if safeTarget(target) != want {
			t.Errorf("safeTarget(%q) = %v", target, !want)
		}
	}
}

// TestVolumeQuota: calls sharing a volume charge its quota as well as their
// own budgets, so two cannot pass it together; a charge the quota refuses
// is given back to the call's budget and marks it VolumeRefused.
func TestVolumeQuota(t *testing.T) {
	q := NewVolumeQuota(100, 3)
	q.Reset(30, 1)
	a, b := NewBudget(Limits{Bytes: 60, Volume: q}), NewBudget(Limits{Bytes: 60, Volume: q})
	if !a.Take(40) || a.VolumeRefused() {
		t.Fatal("a's 40 bytes fit its budget and the quota")
	}
	if b.Take(40) || !b.VolumeRefused() || b.Used() != 0 {
		t.Errorf("b's 40 bytes pass the quota with a's (30+40+40 > 100): used %d, refused %v", b.Used(), b.VolumeRefused())
	}
	if !b.Take(30) || a.Take(1) || !a.VolumeRefused() {
		t.Error("b's 30 bytes fill the quota; then a's next byte is refused")
	}
	if held, _ := q.Held(); held != 100 {
		t.Errorf("the quota holds %d, want 100", held)
	}
	if !a.Take(0) {
		t.Error("nothing written is never refused")
	}
	if !a.takeEntry(1) || !b.takeEntry(1) || b.takeEntry(1) || b.Entries() != 1 {
		t.Errorf("entries: the quota of 3 holds 1, so two fit: b has %d", b.Entries())
	}
	q.Reset(200, 0) // measured past the quota: every byte is refused
	c := NewBudget(Limits{Volume: q})
	if c.Take(1) || c.Limits().Bytes != CallLimits.Bytes || !c.takeEntry(1) {
		t.Error("a volume over its quota refuses every byte, and only the call's own limits stay as they were")
	}
}

// TestHostRefusal (attack pass 43i, rows 4 and 5): an operation the
// machine refused (the host's disk full, the process's descriptor limit)
// is recorded as the machine's, first one kept, so that the host does not
// judge it the module's; the budget's and the filesystem's own refusals,
// and any other error, are not. ENOSPC is injected: a full disk needs a
// mount (the probe package's TestHostDiskFullNotJudged makes one as root).
func TestHostRefusal(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string // in the cause; "" for none
	}{
		{&fs.PathError{Op: "write", Path: "w", Err: syscall.ENOSPC}, "no space left"},
		{&fs.PathError{Op: "open", Path: "h1", Err: syscall.EMFILE}, "ulimit -n"},
		{&os.LinkError{Op: "link", Old: "a", New: "b", Err: syscall.EDQUOT}, "disk quota"},
		{&fs.PathError{Op: "open", Path: "h1", Err: syscall.ENFILE}, "fs.file-max"},
		{ErrTooMany, ""},
		{ErrTooDeep, ""},
		{&fs.PathError{Op: "open", Path: "x", Err: syscall.ENOENT}, ""},
		{nil, ""},
	} {
		b := NewBudget(Limits{})
		b.note(c.err)
		got := b.HostRefused()
		switch {
		case c.want == "" && got != nil:
			t.Errorf("%v: recorded as the machine's: %+v", c.err, got)
		case c.want != "" && (got == nil || !strings.Contains(got.Cause, c.want)):
			t.Errorf("%v: %+v, want a cause naming %q", c.err, got, c.want)
		}
	}
	b := NewBudget(Limits{})
	b.note(syscall.ENOSPC)
	b.note(syscall.EMFILE)
	if got := b.HostRefused(); got == nil || got.Errno != syscall.ENOSPC {
		t.Errorf("the first refusal is kept: %+v", got)
	}
	if (*Budget)(nil).HostRefused() != nil {
		t.Error("a nil budget records nothing")
	}
}

package sandboxfs

import "testing"

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

package sandboxfs

import (
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// mkdirChain makes dir/x, dir/x/x, ... up to n levels through m, stopping
// at the first refusal, and returns how many it made and the refusal.
func mkdirChain(m *Mount, dir string, n int) (int, experimentalsys.Errno) {
	f := m.FS()
	p := dir
	for i := 0; i < n; i++ {
		p = strings.TrimPrefix(p+"/x", "/")
		if e := f.Mkdir(p, 0o755); e != 0 {
			return i, e
		}
	}
	return n, 0
}

// TestSkillMountsCountDepthFromSkills: /skills and each /skills/<name>
// are mounts of one Private copy, and every one of them counts an entry's
// depth from /skills, the copy's top, wherever /skills moved the skill's
// directory: no entry of the copy is more than Depth (64) levels beneath
// /skills. Attack pass 46a, row 4: a skill's mount counted from its own
// directory, so /skills moved skill a 62 levels deep and /skills/a took
// 64 more, and a skill nested into it as many again (a tree 189 levels
// beneath /skills with two skills, ~63 more per skill).
func TestSkillMountsCountDepthFromSkills(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	src := privateTree(t, map[string]string{"a/SKILL.md": "a", "b/SKILL.md": "b", "c/SKILL.md": "c"})
	b := NewBudget(CallLimits)
	p := NewPrivate(src, b, nil)
	ms := map[string]*Mount{}
	for _, sub := range []string{".", "a", "b", "c"} {
		guest := "/skills"
		if sub != "." {
			guest += "/" + sub
		}
		m, err := p.Open(sub, guest)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = m.Close() }()
		ms[sub] = m
	}
	lim := CallLimits.Depth
	// A skill left where it is has the levels beneath /skills less its
	// own: c is at level 1.
	if made, e := mkdirChain(ms["c"], "", lim); made != lim-1 || e != experimentalsys.EIO {
		t.Errorf("/skills/c (level 1) made %d levels beneath it (%v); want %d, then EIO (EDQUOT)", made, e, lim-1)
	}
	// /skills: d/.../d (61 levels), a moved to its bottom (level 62, its
	// SKILL.md 63), b into a (level 63, its SKILL.md 64).
	deep := ""
	for i := 0; i < lim-3; i++ {
		deep = strings.TrimPrefix(deep+"/d", "/")
		if e := ms["."].FS().Mkdir(deep, 0o755); e != 0 {
			t.Fatalf("/skills mkdir level %d: %v", i+1, e)
		}
	}
	if e := ms["."].FS().Rename("a", deep+"/a"); e != 0 {
		t.Fatalf("/skills rename a to level %d: %v", lim-2, e)
	}
	if e := ms["."].FS().Rename("b", deep+"/a/b"); e != 0 {
		t.Fatalf("/skills rename b into a (level %d): %v", lim-1, e)
	}
	// /skills/a, at level 62, has 2 levels left; b (height 1) cannot go
	// beneath them.
	if made, e := mkdirChain(ms["a"], "", lim); made != 2 || e != experimentalsys.EIO {
		t.Errorf("/skills/a (level %d) made %d levels beneath it (%v); want 2, then EIO (EDQUOT)", lim-2, made, e)
	}
	if e := ms["a"].FS().Rename("b", "x/b"); e != experimentalsys.EIO {
		t.Errorf("/skills/a moved b to level %d beneath /skills (its SKILL.md %d): %v, want EIO (EDQUOT)", lim, lim+1, e)
	}
	// /skills/b, at level 63: one level left.
	if made, e := mkdirChain(ms["b"], "", lim); made != 1 || e != experimentalsys.EIO {
		t.Errorf("/skills/b (level %d) made %d levels beneath it (%v); want 1, then EIO (EDQUOT)", lim-1, made, e)
	}
	if e := ms["b"].FS().Symlink("SKILL.md", "x/l"); e != experimentalsys.EIO {
		t.Errorf("/skills/b made a link at level %d beneath /skills: %v, want EIO (EDQUOT)", lim+1, e)
	}
	p.mu.Lock()
	copyDir := p.dir
	p.mu.Unlock()
	if copyDir == "" {
		t.Fatal("no copy was made")
	}
	if got := realDepth(t, copyDir); got > lim {
		t.Errorf("the copy holds a directory %d levels beneath /skills, past the limit of %d", got, lim)
	}
}

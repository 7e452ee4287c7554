package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// The wasmtime figures below are what Subako's runtime (wasmtime's
// preview 1, v39) answered for the modules of testdata/pathforms, with
// /volume/tmp preopened (DIR_READ|DIR_WRITE, FILE_READ|FILE_WRITE), fed
// one ping line (attack pass 45a, rows 2, 3, 9 and 11).

// TestPathFormsAnswerAsSubako: path calls in /volume/tmp whose path has an
// odd form answer as wasmtime does (testdata/pathforms/pathforms.c): ""
// ENOENT (44), "a/." of a file ENOTDIR (54), a name not UTF-8 EILSEQ (25),
// path_remove_directory("z/.") EINVAL (28), path_rename("z", "z/y")
// EINVAL, path_rename("b", "b/") of a file 0. wazero's lexical cleaning
// had the host answer 28, 0 (the file opened), 63, 0 (z removed), 44, 54.
func TestPathFormsAnswerAsSubako(t *testing.T) {
	got, _, ok := pingModule(t, "testdata/pathforms/pathforms.wasm", RunConfig{Mounts: Mounts{Volume: t.TempDir()}})
	const wasmtime = `{"e":"44,54,54,63,63,25,0,0,0,32,32,20,0,28,54,28,0,"}`
	if !ok || got != wasmtime {
		t.Errorf("path calls answered %v\n%s\nwasmtime\n%s", ok, got, wasmtime)
	}
}

// TestDotDotResolvedAfterLink: a path through ".." reaches what Subako's
// runtime reaches (testdata/pathforms/dotdot.c): "s/../f", s a symbolic
// link to sub/deep, opens sub/f ("sub"), as POSIX resolves it; "nope/../f"
// is ENOENT (44) and "f/../f" ENOTDIR (54). Cleaned lexically, all three
// opened f ("top").
func TestDotDotResolvedAfterLink(t *testing.T) {
	got, _, ok := pingModule(t, "testdata/pathforms/dotdot.wasm", RunConfig{Mounts: Mounts{Volume: t.TempDir()}})
	const wasmtime = `{"e":"0:sub,44:,54:"}`
	if !ok || got != wasmtime {
		t.Errorf("answered %v %s; wasmtime %s", ok, got, wasmtime)
	}
}

// TestDotDotResolvedInPackageCopy: in /package, which a run's first change
// copies into a private directory (sandboxfs.Private), paths resolve in
// the copy the mount switched to, not in the person's directory it left
// (dotdot.c run with /package alone mounted, at fd 3).
func TestDotDotResolvedInPackageCopy(t *testing.T) {
	pkg := t.TempDir()
	got, _, ok := pingModule(t, "testdata/pathforms/dotdot.wasm", RunConfig{Mounts: Mounts{Package: pkg}})
	const wasmtime = `{"e":"0:sub,44:,54:"}`
	if !ok || got != wasmtime {
		t.Errorf("answered %v %s; wasmtime %s", ok, got, wasmtime)
	}
	if entries, err := os.ReadDir(pkg); err != nil || len(entries) != 0 {
		t.Errorf("the package directory changed: %v %v", entries, err)
	}
}

// TestPreopenItselfNamedAnswersBusy: calls that name the preopen's own
// directory ("." or "sub/..") answer as Subako's runtime does
// (testdata/pathforms/preopenitself.c): a rename from or onto a path whose
// last component is "." or ".." is EBUSY (10), not the os.Root's EIO (29,
// the errno kept for the machine's refusals) nor EEXIST (20), and
// path_remove_directory("sub/.") is EINVAL (28), not sub removed.
func TestPreopenItselfNamedAnswersBusy(t *testing.T) {
	got, _, ok := pingModule(t, "testdata/pathforms/preopenitself.wasm", RunConfig{Mounts: Mounts{Volume: t.TempDir()}})
	const wasmtime = `{"e":"0,10,10,10,10,20,20,31,28,28,20,"}`
	if !ok || got != wasmtime {
		t.Errorf("answered %v\n%s\nwasmtime\n%s", ok, got, wasmtime)
	}
}

// TestSymlinkToDirectoryNotFollowed: calls on a symbolic link to a
// directory (s -> sub) answer as Subako's runtime does
// (testdata/pathforms/dirlinks.c). Entries 1-4 (links whose target climbs
// with "..") are the host's documented EPERM; the rest is wasmtime's:
// path_filestat_get of "s/" without SYMLINK_FOLLOW the link's own stat
// (entry 12: symlink, 7, where POSIX says directory, as the host answered
// until attack pass 48a), an open of "s" with OFLAGS_DIRECTORY and no
// SYMLINK_FOLLOW is ELOOP (32), path_remove_directory("s/") EINVAL (28),
// path_link with SYMLINK_FOLLOW EINVAL, and path_rename("s/", "s2")
// ENOTDIR (54), leaving the link's target where it is (the host had
// renamed sub to s2).
func TestSymlinkToDirectoryNotFollowed(t *testing.T) {
	v := t.TempDir()
	got, _, ok := pingModule(t, "testdata/pathforms/dirlinks.wasm", RunConfig{Mounts: Mounts{Volume: v}})
	const want = `{"e":"0,63,63,63,63,0,0,32,0,0,7,0,7,0,3,31,54,28,0,28,54,0,"}`
	if !ok || got != want {
		t.Errorf("answered %v\n%s\nwant (wasmtime's, but the documented entries)\n%s", ok, got, want)
	}
	if _, err := os.Stat(filepath.Join(v, "tmp", "sub", "f")); err != nil {
		t.Errorf("the link's target directory is gone: %v", err)
	}
}

// TestPathResolutionStaysInMount: posixFS resolves with the mount's
// os.Root alone and never leaves the mount: a ".." above it, through a
// link or not, and a link to an absolute path are EPERM, a loop of links
// ELOOP; a path relative to a directory the module opened (wazero hands
// the directory's name joined to the cleaned path) resolves beneath that
// directory.
func TestPathResolutionStaysInMount(t *testing.T) {
	top := t.TempDir()
	mnt := filepath.Join(top, "mnt")
	for _, d := range []string{"sub/deep/deeper/d", "sub/x-target"} {
		if err := os.MkdirAll(filepath.Join(mnt, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"up": "..", "abs": "/tmp", "l1": "l2", "l2": "l1", "sub/x": "deep/deeper", "sub/up": "..",
	} {
		if err := os.Symlink(target, filepath.Join(mnt, link)); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(mnt)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, c := range []struct {
		raw, p, want string
		errno        experimentalsys.Errno
	}{
		{"up/x/..", "up", "", experimentalsys.EPERM},
		{"up/.", "up", "", experimentalsys.EPERM},
		{"../mnt/sub", "../mnt/sub", "", experimentalsys.EPERM}, // wazero refuses it first, alike
		{"abs/.", "abs", "", experimentalsys.EPERM},
		{"l1/.", "l1", "", experimentalsys.ELOOP},
		{"x/../f", "sub/f", "sub/deep/f", 0},
		{"sub/x/..", "sub", "sub/deep", 0},
		{"sub/..", ".", ".", 0},
		{"d/../f", "sub/x/f", "sub/x/f", 0},             // relative to a directory the module opened as "sub/x"
		{"up/../f", "sub/f", "", experimentalsys.EPERM}, // a link in it climbing above that directory
		{"sub/deep", "sub/deep", "sub/deep", 0},         // no "." or "..": as wazero made it
	} {
		f := posixFS{dir: fixedRoot{root}, s: &session{paths: pathCall{raw: []string{c.raw}}}}
		name, errno := f.name(0, c.p)
		if name != c.want || errno != c.errno {
			t.Errorf("%q (wazero's %q) resolved to %q, %v; want %q %s", c.raw, c.p, name, errno, c.want, c.errno)
		}
	}
}

// TestStripDirSuffix: a stat's path loses its trailing slashes and "/."
// components, never its first component.
func TestStripDirSuffix(t *testing.T) {
	for raw, want := range map[string]string{
		"f/.": "f", "f/./": "f", "f/././/": "f", "f/": "f", "s/../f/.": "s/../f",
		".": ".", "./": "./", "/": "/", "f/..": "f/..", "a/.b": "a/.b", "./.": "./",
	} {
		if got := stripDirSuffix(raw); got != want {
			t.Errorf("stripDirSuffix(%q) = %q, want %q", raw, got, want)
		}
	}
}

// TestStatOfFileDotAsSubako: path_filestat_get of "f/." for a file is the
// file's stat in Subako's runtime (cap-std's stat drops the "/."), where
// an open of "f/." is ENOTDIR; "s/../f/." through a link to sub/deep is
// sub/f's stat.
func TestStatOfFileDotAsSubako(t *testing.T) {
	mnt := t.TempDir()
	if err := os.MkdirAll(filepath.Join(mnt, "sub", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"f", "sub/f"} {
		if err := os.WriteFile(filepath.Join(mnt, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("sub/deep", filepath.Join(mnt, "s")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(mnt)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, c := range []struct {
		raw, p  string
		lenient bool
		want    string
		errno   experimentalsys.Errno
	}{
		{"f/.", "f", true, "f", 0},
		{"f/.", "f", false, "", experimentalsys.ENOTDIR},
		{"s/../f/.", "f", true, "sub/f", 0},
	} {
		f := posixFS{dir: fixedRoot{root}, s: &session{paths: pathCall{raw: []string{c.raw}}}}
		if name, errno := f.nameAs(0, c.p, c.lenient); name != c.want || errno != c.errno {
			t.Errorf("%q (stat %v) resolved to %q, %v; want %q %v", c.raw, c.lenient, name, errno, c.want, c.errno)
		}
	}
}

// fixedRoot is a mount's directory that never changes, for posixFS.
type fixedRoot struct{ r *os.Root }

func (f fixedRoot) Root() *os.Root { return f.r }

// TestLinkThenClimbBackAsSubako: with s a symbolic link to sub/deep,
// "s/../../f" is f by POSIX (sub/deep/../../f) and "s/../.." the
// preopen's own directory: wasmtime reads f ("top"), opens the directory
// and stats f (testdata/pathforms/linkclimb.c), and so does the host,
// under both engines. Attack pass 45g, row 8: wazero cleaned the paths to
// "../f" and "..", which climb above the preopen, and refused them (EPERM,
// 63) before posixFS resolved them.
func TestLinkThenClimbBackAsSubako(t *testing.T) {
	const wasmtime = `{"e":"0:top,0,0"}`
	wantWasmtimeAnswer(t, "testdata/pathforms/linkclimb.wasm", wasmtime)
}

// TestDirectoryOpenedThroughResolvedPathNamed: a directory opened through
// a path posixFS resolved ("s/..", and "s/../../sub", which climbs when
// cleaned; s a link to sub/deep) is sub, and a file created relative to
// it lands in sub, as in wasmtime (testdata/pathforms/resolveddirname.c,
// measured with subako/testdata/wasmtimerun: sub/x and sub/y). wazero
// named the descriptor by the cleaned path ("." for both) and joined
// later paths to that name: x and y landed in the preopen's directory.
func TestDirectoryOpenedThroughResolvedPathNamed(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0"}`
	for e, r := range runEngines(t, "testdata/pathforms/resolveddirname.wasm", pingLine) {
		if r.answer != wasmtime {
			t.Errorf("%v: answered %s; wasmtime %s", e, r.answer, wasmtime)
		}
		for _, name := range []string{"sub/x", "sub/y"} {
			if _, err := os.Lstat(filepath.Join(r.tmp, name)); err != nil {
				t.Errorf("%v: %s not created: %v", e, name, err)
			}
		}
		for _, name := range []string{"x", "y"} {
			if _, err := os.Lstat(filepath.Join(r.tmp, name)); err == nil {
				t.Errorf("%v: %s created in the preopen's directory", e, name)
			}
		}
	}
}

// TestRenamedDirectoryDescriptorFollowsDirectory: a directory the module
// opened, renamed (sub to sub2) with a link put at its old name (sub ->
// other), takes the paths relative to it in the directory it is, as in
// wasmtime (testdata/pathforms/renameddir.c: x lands in sub2). Attack
// pass 45g, row 9: wazero joined the paths to the name the descriptor
// was opened by, so x landed in other through the link.
func TestRenamedDirectoryDescriptorFollowsDirectory(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,0,sub2/x:0,other/x:44"}`
	wantWasmtimeAnswer(t, "testdata/pathforms/renameddir.wasm", wasmtime)
}

// TestLinkAboveDirectoryDescriptorConfined: relative to a directory the
// module opened (sub), a path through the person's link sub/l -> ../top
// climbs above the descriptor and is EPERM, with a "." component or
// without, as cap-std confines it in Subako's runtime; through the
// preopen both read top/x ("T") (testdata/pathforms/linkabovedir.c, the
// person's /package here, /volume/tmp under wasmtime). Attack pass 45g,
// row 6: "l/x" read top/x (wazero handed the mount "sub/l/x", which
// os.Root follows anywhere in the mount).
func TestLinkAboveDirectoryDescriptorConfined(t *testing.T) {
	const wasmtime = `{"e":"0,63:,63:,0:T,0:T"}`
	dir := t.TempDir()
	for _, d := range []string{"top", "sub"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "top", "x"), []byte("T"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../top", filepath.Join(dir, "sub", "l")); err != nil {
		t.Fatal(err)
	}
	for e, r := range runEnginesMounted(t, "testdata/pathforms/linkabovedir.wasm", pingLine, Mounts{Package: dir}) {
		if r.answer != wasmtime {
			t.Errorf("%v: answered %s (trap %q); wasmtime %s", e, r.answer, r.trap, wasmtime)
		}
	}
}

// TestRenameThroughLinkFollowsDirectory: a directory renamed through a
// link (l/s1 to r1, l -> a, the descriptor opened as a/s1), and a
// directory opened through a link (l/s2) renamed by its own name (a/s2
// to r2), each take the paths relative to their descriptors in the
// directory they are, as in wasmtime: x lands in r1 and y in r2, not in
// the a/s1 and a/s2 made again; and a directory renamed to a name
// through a link (s3 to l/s3), the link then pointed elsewhere, is still
// a/s3: z lands there (testdata/pathforms/renamethroughlink.c, measured
// with subako/testdata/wasmtimerun given /volume/tmp). Attack pass 46e,
// row 1: renameOpenDirs compared the rename's names as the module spelled
// them with the names wazero kept for the descriptors, as text, so
// neither descriptor was renamed and x and y landed in the new a/s1 and
// a/s2 (and z, the descriptor renamed to l/s3, in b/s3).
func TestRenameThroughLinkFollowsDirectory(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,0,0,0,0,0,0,0,r1/x:0,a/s1/x:44,r2/y:0,a/s2/y:44;0,0,0,0,0,0,0,0,a/s3/z:0,b/s3/z:44"}`
	wantWasmtimeAnswer(t, "testdata/pathforms/renamethroughlink.wasm", wasmtime)
}

// TestCanonicalNames: posixFS.canonical resolves every link on a name's
// way (the last one too when asked), a ".." in a link's target from the
// directory the link is in (".." after ".." too, and 800 "../d" in one
// target, 100 deep), and gives up (ok false, the caller keeps
// its name) on a link out of the mount, an absolute one, a loop, and a
// component missing or not a directory (attack pass 46e, row 1: the
// names renameOpenDirs compares).
func TestCanonicalNames(t *testing.T) {
	mnt := t.TempDir()
	for _, d := range []string{"a/s", "b"} {
		if err := os.MkdirAll(filepath.Join(mnt, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(mnt, "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// deep is 100 directories down; its far climbs one and comes back,
	// 800 times (a walk from the mount's top 99 deep each, until the walk
	// held the directories it left: it gave up past 16,384 steps).
	deep := strings.Repeat("d/", 99) + "d"
	if err := os.MkdirAll(filepath.Join(mnt, deep), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		deep + "/x": ".", deep + "/far": strings.Repeat("../d/", 800),
		"l": "a", "a/up": "../b", "a/s/top": "../../b", "m": "a/s/..", "n": "l/s", "out": "..", "abs": "/tmp", "k1": "k2", "k2": "k1", "b/back": "../a/s",
	} {
		if err := os.Symlink(target, filepath.Join(mnt, link)); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(mnt)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	f := posixFS{dir: fixedRoot{root}}
	for _, c := range []struct {
		name       string
		followLast bool
		want       string
		ok         bool
	}{
		{"a/s", true, "a/s", true},
		{"l/s", true, "a/s", true},
		{"l/s", false, "a/s", true},
		{"l", false, "l", true}, // the entry itself: a rename moves the link
		{"l", true, "a", true},
		{"n", true, "a/s", true},
		{"m/s", true, "a/s", true},
		{"a/up/back", true, "a/s", true},
		{"l/up/back/new", false, "a/s/new", true},
		{"l/missing/x", false, "", false},
		{"f/x", false, "", false},
		{"out/x", true, "", false},
		{"abs/x", true, "", false},
		{"k1/x", true, "", false},
		{".", true, ".", true},
		{deep + "/x", true, deep, true},
		{deep + "/far", true, deep, true},
		{"a/s/top/back", true, "a/s", true}, // two ".." in a row: the walk crashed (a nil *os.Root closed)
	} {
		if got, ok := f.canonical(c.name, c.followLast); got != c.want || ok != c.ok {
			t.Errorf("canonical(%q, %v) = %q, %v; want %q, %v", c.name, c.followLast, got, ok, c.want, c.ok)
		}
	}
}

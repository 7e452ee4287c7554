package host

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"
)

// deepMount is a mount whose sub holds a directory tree d/d/.../d depth
// deep, a file f at its bottom, a link sub/lN -> "d/.../d" (N components)
// for each N of links, and its os.Root.
func deepMount(t testing.TB, depth int, links ...int) *os.Root {
	t.Helper()
	mnt := t.TempDir()
	bottom := filepath.Join(mnt, "sub", filepath.FromSlash(strings.TrimSuffix(strings.Repeat("d/", depth), "/")))
	if err := os.MkdirAll(bottom, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bottom, "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, n := range links {
		if err := os.Symlink(dPath(n), filepath.Join(mnt, "sub", fmt.Sprintf("l%d", n))); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(mnt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = root.Close() })
	return root
}

// dPath is "d/d/.../d", n components.
func dPath(n int) string { return strings.TrimSuffix(strings.Repeat("d/", n), "/") }

// TestPathWalkLinear: a path relative to a directory the module opened
// (sub), which posixFS resolves to confine its links, costs a bounded
// number of os.Root look-ups per component, counted (walkCount.names:
// the components named to Lstat, Readlink and OpenRoot): 100 and 1,000
// components down the tree, down and back up with "..", back up with a
// look-up at each level ("../d/.."), and through a link whose target is
// as long, and canonical's walk of the same names.
// Attack pass 46e row 6: each component was looked up from the mount's
// top, so a path of n components named ~n²/2 (500,000 for 1,000). The
// walk holds a bounded number of directory handles (walkWindow and a
// checkpoint every walkWindow levels) and closes every one it opened.
func TestPathWalkLinear(t *testing.T) {
	root := deepMount(t, 1000, 100, 1000)
	type form struct {
		name      string
		raw, want func(n int) string
	}
	forms := []form{
		{"down", func(n int) string { return dPath(n-1) + "/f" }, func(n int) string { return "sub/" + dPath(n-1) + "/f" }},
		{"down and up", func(n int) string { return dPath(n/2) + strings.Repeat("/..", n/2-1) + "/./f" },
			func(int) string { return "sub/d/f" }},
		{"climbing, looking up at each level", func(n int) string { return dPath(n/3) + strings.Repeat("/../d/..", n/3) + "/f" },
			func(int) string { return "sub/f" }},
		{"through a link", func(n int) string { return fmt.Sprintf("l%d/./f", n) }, func(n int) string { return "sub/" + dPath(n) + "/f" }},
	}
	for _, fm := range forms {
		var names [2]int
		for k, n := range []int{100, 1000} {
			var c walkCount
			raw := fm.raw(n)
			f := posixFS{dir: fixedRoot{root}, s: &session{paths: pathCall{raw: []string{raw}}}, count: &c}
			got, errno := f.name(0, path.Join("sub", raw))
			if want := fm.want(n); got != want || errno != 0 {
				t.Fatalf("%s %d: resolved to %q, %v; want %q", fm.name, n, got, errno, want)
			}
			if c.names > 3*n {
				t.Errorf("%s: %d components named %d to the os.Root, more than 3 a component", fm.name, n, c.names)
			}
			if c.held > 2*walkWindow+n/walkWindow+2 || c.open != 0 {
				t.Errorf("%s %d: held %d directories at once, %d left open", fm.name, n, c.held, c.open)
			}
			names[k] = c.names
			t.Logf("%s %d: %d names, %d handles at most", fm.name, n, c.names, c.held)
		}
		if names[1] > 20*names[0] { // ten times, and the reopening 100 components need not: quadratic was 100 times
			t.Errorf("%s: 1,000 components named %d, 100 named %d: not linear", fm.name, names[1], names[0])
		}
	}
	for _, followLast := range []bool{false, true} {
		var c walkCount
		f := posixFS{dir: fixedRoot{root}, count: &c}
		name := "sub/l100/" + dPath(800) + "/" + strings.Repeat("../", 700) + "d"
		got, ok := f.canonical(name, followLast)
		if want := "sub/" + dPath(201); got != want || !ok {
			t.Errorf("canonical(%v) = %q, %v; want %q", followLast, got, ok, want)
		}
		if c.names > 3*4000 || c.open != 0 {
			t.Errorf("canonical(%v) of 1,503 components and a link of 100 named %d, left %d open", followLast, c.names, c.open)
		}
	}
}

// BenchmarkDeepPathResolve: one resolution of a path of 100 or 1,000
// components down a directory tree, relative to a directory the module
// opened (sub), as posixFS resolves it to confine its links (attack pass
// 46e row 6). Linear: the 1,000 take about ten times the 100.
func BenchmarkDeepPathResolve(b *testing.B) {
	root := deepMount(b, 1000)
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			raw := dPath(n-1) + "/f"
			f := posixFS{dir: fixedRoot{root}, s: &session{paths: pathCall{raw: []string{raw}}}}
			for b.Loop() {
				if _, errno := f.name(0, "sub/"+raw); errno != 0 {
					b.Fatal(errno)
				}
			}
		})
	}
}

// openDirModule opens, relative to the preopen at fd 3 and following
// links, the directory name (O_DIRECTORY), and exits with the errno.
func openDirModule(name string) []byte {
	i32, i64 := wasm.ValueTypeI32, wasm.ValueTypeI64
	w := wasmbuild.Command()
	w.TypeSection = append(w.TypeSection,
		&wasm.FunctionType{Params: []wasm.ValueType{i32, i32, i32, i32, i32, i64, i64, i32, i32}, Results: []wasm.ValueType{i32}}, // 2 path_open
		&wasm.FunctionType{Params: []wasm.ValueType{i32}})                                                                         // 3 proc_exit
	imp := func(name string, typ uint32) *wasm.Import {
		return &wasm.Import{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: name, DescFunc: typ}
	}
	w.ImportSection = append(w.ImportSection, imp("path_open", 2), imp("proc_exit", 3))
	const fPathOpen, fExit = 1, 2
	w.ExportSection[0].Index = 3
	w.NameSection.FunctionNames = wasm.NameMap{{Index: 3, Name: "start"}}
	c := func(v int32) []byte { return append([]byte{wasm.OpcodeI32Const}, leb128.EncodeInt32(v)...) }
	w.DataSection = []*wasm.DataSegment{{OffsetExpression: &wasm.ConstantExpression{Opcode: wasm.OpcodeI32Const, Data: leb128.EncodeInt32(64)}, Init: []byte(name)}}
	w.CodeSection[0].Body = joinBytes(
		c(3), c(lookupSymlinkFollow), c(64), c(int32(len(name))), c(2), // O_DIRECTORY
		[]byte{wasm.OpcodeI64Const, 0, wasm.OpcodeI64Const, 0}, c(0), c(16),
		[]byte{wasm.OpcodeCall, fPathOpen, wasm.OpcodeCall, fExit, wasm.OpcodeEnd})
	return wasmbuild.Encode(w)
}

// TestDirectoryOpenedThroughLinkClimbingTwice: a directory opened through
// the person's link l -> a/s/../../b (two ".." in a row) opens b, as
// wasmtime does: errno 0. The walk that named the directory it opened
// (canonical) closed a nil *os.Root at the second "..", a panic that
// ended the run as a trap.
func TestDirectoryOpenedThroughLinkClimbingTwice(t *testing.T) {
	pkg := t.TempDir()
	for _, d := range []string{"a/s", "b"} {
		if err := os.MkdirAll(filepath.Join(pkg, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a/s/../../b", filepath.Join(pkg, "l")); err != nil {
		t.Fatal(err)
	}
	h := newHost(t)
	s, err := h.start(context.Background(), compile(t, h, openDirModule("l")), RunConfig{Timeout: 20 * time.Second, Mounts: Mounts{Package: pkg}})
	if err != nil {
		t.Fatal(err)
	}
	if r := s.wait(); !r.Exited || r.ExitCode != 0 {
		t.Errorf("exited %v with %d (trap %q), want path_open's 0", r.Exited, r.ExitCode, r.Trap)
	}
}

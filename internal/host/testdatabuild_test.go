package host

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTestdataWasmRebuilds: every .wasm beside a C source in testdata is
// what a `// clang ...` line in the head of one of those sources builds,
// byte for byte (Debian's clang 14 and wasi-libc, as in
// testdata/toolchain), so that no module there is a binary the repository
// cannot rebuild. clang runs with a PATH of clang and wasm-ld alone: the
// driver runs any wasm-opt it finds after an optimised link. Skipped
// without clang, wasm-ld or wasi-libc.
func TestTestdataWasmRebuilds(t *testing.T) {
	if _, err := exec.LookPath("clang"); err != nil {
		t.Skip("no clang (apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32)")
	}
	// Debian's clang 14 runs wasm-ld-14, others wasm-ld.
	bin := t.TempDir()
	linkers := 0
	for _, name := range []string{"clang", "wasm-ld", "wasm-ld-14"} {
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		if name != "clang" {
			linkers++
		}
		if err := os.Symlink(path, filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	if linkers == 0 {
		t.Skip("no wasm-ld (apt-get install lld)")
	}
	sources, err := filepath.Glob("testdata/*/*.c")
	if err != nil {
		t.Fatal(err)
	}
	built := map[string]bool{}
	for _, src := range sources {
		text, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(text), "\n") {
			if !strings.HasPrefix(line, "//") {
				break // the head ends at the first line that is not a comment
			}
			args := strings.Fields(strings.TrimPrefix(line, "//"))
			if len(args) == 0 || args[0] != "clang" {
				continue
			}
			out, outPath := "", ""
			for i, a := range args[:len(args)-1] {
				if a == "-o" {
					out = args[i+1]
					outPath = filepath.Join(t.TempDir(), filepath.Base(out))
					args[i+1] = outPath
				}
			}
			want := filepath.Join(filepath.Dir(src), out)
			if out == "" || filepath.Base(out) != out {
				t.Errorf("%s: %q names no output .wasm beside it", src, line)
				continue
			}
			built[want] = true
			cmd := exec.Command(filepath.Join(bin, "clang"), args[1:]...)
			cmd.Dir = filepath.Dir(src)
			cmd.Env = append(os.Environ(), "PATH="+bin)
			if msg, err := cmd.CombinedOutput(); err != nil {
				if bytes.Contains(msg, []byte("wasi/api.h")) || bytes.Contains(msg, []byte("crt1")) {
					t.Skipf("clang has no wasm32-wasi libc: %s", msg)
				}
				t.Errorf("%s: %s: %v\n%s", src, line, err, msg)
				continue
			}
			got, err := os.ReadFile(outPath)
			if err != nil {
				t.Fatal(err)
			}
			old, err := os.ReadFile(want)
			if err != nil {
				t.Errorf("%s: %v", src, err)
				continue
			}
			if !bytes.Equal(got, old) {
				t.Errorf("%s: %q builds %d bytes, not the %d of %s", src, line, len(got), len(old), want)
			}
		}
	}
	dirs := map[string]bool{}
	for _, src := range sources {
		dirs[filepath.Dir(src)] = true
	}
	for dir := range dirs {
		wasms, err := filepath.Glob(filepath.Join(dir, "*.wasm"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wasms {
			if !built[w] {
				t.Errorf("%s: no C source beside it says how to build it", w)
			}
		}
	}
}

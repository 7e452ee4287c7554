package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStdinNamedTwiceRefused (attack pass 42b, row 2): `subakogo lint
// --static - - < m.wasm` read standard input once per "-": the first
// judged the module, the second judged the empty rest of the stream and
// reported "<stdin>@0x0: error W001 not-wasm" for bytes it never
// received. Standard input named twice is a usage error (exit 2), for
// lint as for call (whose `call - t @-` got past the old check, which
// knew only `call - t -`), before anything is read.
func TestStdinNamedTwiceRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.wasm")
	if err := os.WriteFile(path, []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"lint", "--static", "-", "-"},
		{"lint", "--static", "-", path, "-"},
		{"call", "-", "t", "-"},
		{"call", "-", "t", "@-"},
	} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		old := os.Stdin
		os.Stdin = f
		code, out, errs := runCLI(args...)
		os.Stdin = old
		f.Close()
		if code != exitUsage || strings.Contains(out, "W001") || !strings.Contains(errs, "standard input") {
			t.Errorf("subakogo %s < m.wasm: exit %d; want 2, standard input named twice refused:\n%s%s", strings.Join(args, " "), code, out, errs)
		}
	}
}

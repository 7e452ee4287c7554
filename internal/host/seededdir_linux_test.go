//go:build linux

package host

import (
	"context"
	"encoding/json"
	"os"
	"syscall"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestSeededRunSeesHostDirectory (attack pass 43i, row 1): a seeded run
// saw virtual times, inodes and devices, but fd_readdir's order and a
// directory's size and link count were the host file system's: a module
// that makes f0..f7 in /volume/tmp and lists them saw "order=67103254
// size=4096 nlink=2" with its volume on ext4 (the order is the hash seed
// mkfs drew: other ext4s gave 17364052 and 74062153) and "order=76543210
// size=200 nlink=2" on a tmpfs, so the probes' verdict followed the disk
// $TMPDIR is on. One seed, one module: the entries in the order of the
// seed's hash of their names (sorted by name until attack pass 50a, row
// 5: an order ext4 never shows), a directory's size 4096 and link count 2 and one a subdirectory, as
// wasmtime shows an ext4 directory, wherever the volume is (they were 0
// and 1 until attack pass 49c, row 2, itself a tell of the probes).
func TestSeededRunSeesHostDirectory(t *testing.T) {
	h := newHost(t)
	wasm, err := os.ReadFile(subjects.CHooked(t, "DIR_PRINT"))
	if err != nil {
		t.Fatal(err)
	}
	m := compile(t, h, wasm)
	seen := func(volume string) string {
		t.Helper()
		c := h.Call(context.Background(), m, "add", json.RawMessage(`{"a":1,"b":2}`),
			CallConfig{Seed: []byte("case 1"), Mounts: Mounts{Volume: volume}})
		var res struct {
			Content []struct{ Text string }
		}
		if err := json.Unmarshal(c.Result, &res); err != nil || len(res.Content) != 1 {
			t.Fatalf("call: %s, %v", c.Result, err)
		}
		return res.Content[0].Text
	}
	const want = "order=14372560 size=4096 nlink=2"
	if disk := seen(t.TempDir()); disk != want {
		t.Errorf("a seeded run with its volume in %s saw %q; want %q", os.TempDir(), disk, want)
	}
	if shm := tmpfsDir(t); shm != "" {
		if got := seen(shm); got != want {
			t.Errorf("a seeded run with its volume on a tmpfs saw %q; want %q", got, want)
		}
	}
}

// tmpfsDir is a fresh directory on a tmpfs (/dev/shm), or "" when there
// is none or the temporary directory is a tmpfs too.
func tmpfsDir(t *testing.T) string {
	t.Helper()
	const tmpfsMagic = 0x01021994
	var shm, tmp syscall.Statfs_t
	if syscall.Statfs("/dev/shm", &shm) != nil || shm.Type != tmpfsMagic ||
		syscall.Statfs(os.TempDir(), &tmp) != nil || tmp.Type == tmpfsMagic {
		return ""
	}
	d, err := os.MkdirTemp("/dev/shm", "seededfs-")
	if err != nil {
		return ""
	}
	t.Cleanup(func() { _ = os.RemoveAll(d) })
	return d
}

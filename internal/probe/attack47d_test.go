package probe_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

const attack47dDepth = 62

func attack47dCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// attack47dVolume is what a module can leave in /volume/tmp: a chain of
// depth directories "a" with a PNG at its bottom, and tmp/s, a symbolic
// link to that PNG through the chain.
func attack47dVolume(t *testing.T, depth int) string {
	vol := t.TempDir()
	dir := filepath.Join(vol, "tmp")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	fd, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	// mkdirat/openat one level at a time: the chain is past PATH_MAX for a whole path.
	cur := int(fd.Fd())
	for range depth {
		if err := syscall.Mkdirat(cur, "a", 0o755); err != nil {
			t.Fatal(err)
		}
		next, err := syscall.Openat(cur, "a", syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if cur != int(fd.Fd()) {
			syscall.Close(cur)
		}
		cur = next
	}
	png, err := syscall.Openat(cur, "z", syscall.O_CREAT|syscall.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	syscall.Write(png, []byte("\x89PNG\r\n\x1a\n0000"))
	syscall.Close(png)
	syscall.Close(cur)
	fd.Close()
	if err := os.Symlink(strings.Repeat("a/", depth)+"z", filepath.Join(dir, "s")); err != nil {
		t.Fatal(err)
	}
	return vol
}

// Row 2: a resource_link's file is opened through os.Root, which walks its
// path (symbolic links' targets included) a directory at a time, after an
// os.OpenRoot of the volume, link after link: a block of 60 bytes linking
// tmp/s, a symbolic link (relative, no "..": allowed by sandboxfs's
// safeTarget) to a PNG at the bottom of a chain of 62 directories (within
// CallLimits' depth of 64), costs the judging some 64 openat calls,
// charged as 60 bytes of stdout (AnswerKiBCharge). Measured: 3,000 links,
// 180 KB, 0.8 s of CPU for a 90 ms charge (9x); a 1 MiB answer is ~4.5 s
// of the host's CPU charged 0.5 s. The volume is built here as a module
// would build it (path_create_directory, path_symlink, path_open).
func TestAttack47d_row2_LinkThroughDeepSymlinkUndercharged(t *testing.T) {
	if os.Getenv("SUBAKO_ATTACK") != "1" {
		t.Skip("attack kit: SUBAKO_ATTACK=1")
	}
	vol := attack47dVolume(t, attack47dDepth)
	const links = 3000
	block := `{"type":"resource_link","uri":"volume:///tmp/s","name":"a"}`
	result := `{"content":[` + strings.TrimSuffix(strings.Repeat(block+",", links), ",") + `]}`
	if ps := resultcheck.Judge(json.RawMessage(`{"content":[`+block+`]}`), nil, vol, false); len(ps) != 0 {
		t.Fatalf("the link is not clean: %+v", ps)
	}
	start := attack47dCPU()
	resultcheck.JudgeWork(json.RawMessage(result), nil, vol, false)
	cpu := attack47dCPU() - start
	line := len(result) + 64 // the JSON-RPC envelope
	charge := probe.JudgeCharge(&host.Record{StdoutBytes: int64(line)}, json.RawMessage(result), 0) + probe.RunCharge
	t.Logf("%d links, %d bytes of stdout: judged in %v of CPU, charged %v (%.0fx)", links, line, cpu, charge, float64(cpu)/float64(charge))
	if cpu > 3*charge {
		t.Errorf("judging %d links of %d bytes took %v of CPU, charged %v: more than 3 times the charge", links, line, cpu, charge)
	}
}

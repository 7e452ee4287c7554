package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkVersion measures the start of the binary: `subakogo version`,
// which does nothing but start. It reports the CPU time of the process
// (user + system), and from GODEBUG=inittrace=1 the allocations of every
// package initialiser and of this module's own, which are steadier than
// times on a loaded machine.
func BenchmarkVersion(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "subakogo")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	var cpu float64
	var allAllocs, ownAllocs int
	for b.Loop() {
		cmd := exec.Command(bin, "version")
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("version: %v\n%s", err, stderr.Bytes())
		}
		cpu += float64(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()) / 1e6
		all, own := initAllocs(stderr.Bytes())
		allAllocs += all
		ownAllocs += own
	}
	b.ReportMetric(cpu/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(allAllocs)/float64(b.N), "init-allocs/op")
	b.ReportMetric(float64(ownAllocs)/float64(b.N), "own-init-allocs/op")
}

// initAllocs sums the allocations in inittrace lines ("init PKG @T ms, C ms
// clock, B bytes, N allocs"): of all packages, and of this module's.
func initAllocs(trace []byte) (all, own int) {
	s := bufio.NewScanner(bytes.NewReader(trace))
	for s.Scan() {
		f := strings.Fields(s.Text())
		if len(f) != 11 || f[0] != "init" || f[10] != "allocs" {
			continue
		}
		n, err := strconv.Atoi(f[9])
		if err != nil {
			continue
		}
		all += n
		if f[1] == "main" || strings.HasPrefix(f[1], "github.com/subako-ai/subako-go/") {
			own += n
		}
	}
	return all, own
}

package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/host"
)

// The memory budget, tested on serve itself: a serve process of its own
// (this test binary in the role budgetHelperArg), so that its peak
// resident memory (VmHWM, which cannot be reset) is that of serve and of
// nothing else the tests do.
const (
	budgetHelperArg = "serve-budget-helper"
	// servedBudget is the default of subakogo serve --memory-budget.
	servedBudget = 2048 << 20
	// serveOverhead is what serve itself may hold beside its calls' guest
	// memory: the Go runtime and heap, wazero's compiled code, the
	// modules' stacks and the page tables (docs/serve-limits.md).
	serveOverhead = 256 << 20
	growMiB       = 900
)

// budgetHelperMain runs the test binary as serve on stdio when its first
// argument says so: serve-budget-helper MODULE BUDGET, BUDGET in bytes (0
// for none). It reports whether it did.
func budgetHelperMain() bool {
	if len(os.Args) != 4 || os.Args[1] != budgetHelperArg {
		return false
	}
	budget, err := strconv.ParseInt(os.Args[3], 10, 64)
	if err != nil {
		log.Fatal(err)
	}
	s, err := New(Options{Log: os.Stderr, Host: host.Options{MemoryBudget: budget}})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	p, err := s.Load(context.Background(), os.Args[2])
	if err != nil {
		log.Fatal(err)
	}
	s.Use(p)
	if err := s.ServeStdio(context.Background(), os.Stdin, os.Stdout); err != nil {
		log.Fatal(err)
	}
	return true
}

// startServeProcess starts serve on wasm in a process of its own, with
// budget, and returns a client on its stdio and the process.
func startServeProcess(t *testing.T, wasm string, budget int64) (*client, *exec.Cmd) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, budgetHelperArg, wasm, strconv.FormatInt(budget, 10))
	inR, inW := io.Pipe()
	cmd.Stdin = inR
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, in: inW, lines: make(chan []byte, 100), done: make(chan error, 1), modern: true, pending: map[string][]byte{}, methods: map[string]string{}}
	go func() {
		r := bufio.NewReader(out)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				c.lines <- bytes.TrimSuffix(line, []byte("\n"))
			}
			if err != nil {
				close(c.lines)
				c.done <- cmd.Wait()
				return
			}
		}
	}()
	t.Cleanup(func() {
		c.close()
		_ = cmd.Process.Kill() // only when it did not exit with its stdin
		if t.Failed() || testing.Verbose() {
			t.Logf("serve log:\n%s", stderr.String())
		}
	})
	return c, cmd
}

// peakRSS is a process's peak resident memory, in bytes.
func peakRSS(pid int) (int64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("no VmHWM in /proc/" + strconv.Itoa(pid) + "/status")
}

// TestServeMemoryBudget: four concurrent calls that each take 900 MiB
// (3.6 GiB together; the issue measured 5.1 GB of serve for them) leave
// serve within its default 2 GiB budget and its documented overhead. A
// call the budget has no room for waits (its initial memory) or runs out
// of memory (its grow fails): a crashed-call result that says so, never
// the server, which answers the next call.
func TestServeMemoryBudget(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("reads the peak memory from /proc")
	}
	wasm := buildWasm(t, "./testdata/hostile", "-X main.mode=grow")
	c, cmd := startServeProcess(t, wasm, servedBudget)
	if ok, _ := c.call("ok", nil); ok.text() != "fine" {
		t.Fatalf("ok: %+v", ok)
	}
	before, err := peakRSS(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 4 {
		ids = append(ids, c.send("tools/call", map[string]any{"name": "grow", "arguments": map[string]any{"mb": growMiB}}))
	}
	took, outOfMemory := 0, 0
	for _, id := range ids {
		r := c.wait(id)
		var res callResult
		if r.Error != nil || json.Unmarshal(r.Result, &res) != nil {
			t.Errorf("grow: not a call result: %s", r.Raw)
			continue
		}
		switch text := res.text(); {
		case !res.IsError && text == fmt.Sprintf("took %d MiB", growMiB):
			took++
		case res.IsError && strings.HasPrefix(text, "The function crashed: it ran out of memory: a memory.grow was refused because the calls running at the same time held serve's memory budget"):
			outOfMemory++
		default:
			t.Errorf("grow: %s", r.Raw)
		}
	}
	peak, err := peakRSS(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d of 4 calls took %d MiB, %d ran out of memory; serve's peak resident memory: %d MiB before the calls, %d MiB after (budget %d MiB + overhead %d MiB)",
		took, growMiB, outOfMemory, before>>20, peak>>20, servedBudget>>20, serveOverhead>>20)
	if took == 0 {
		t.Error("no call took its memory: the budget was not tested")
	}
	if peak > servedBudget+serveOverhead {
		t.Errorf("serve peaked at %d MiB, over its budget of %d MiB and overhead of %d MiB", peak>>20, servedBudget>>20, serveOverhead>>20)
	}
	if ok, _ := c.call("ok", nil); ok.text() != "fine" {
		t.Errorf("the call after: %+v", ok)
	}
	c.close()
	if cmd.ProcessState == nil || !cmd.ProcessState.Success() {
		t.Errorf("serve did not exit 0 when its stdin closed: %v", cmd.ProcessState)
	}
}

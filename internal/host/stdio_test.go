package host

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// TestAttack43f_StdinFileType (attack pass 43f, row 3): the file type a
// module reads of its stdin, stdout and stderr (fd_fdstat_get) told the
// host's runs from Subako's: wazero says BLOCK_DEVICE for an in-process
// stream (stdout and stderr in every run, stdin but on the OS pipe), a
// pipe is UNKNOWN. Every run must show what a pipe shows: "000".
func TestAttack43f_StdinFileType(t *testing.T) {
	wasm, err := os.ReadFile("testdata/attack43f/filetype.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineCompiler, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, wasm)
	m.WaitCompiled(context.Background())
	got := map[bool]string{}
	for _, osPipe := range []bool{false, true} {
		s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(pingLine))
		l, ok := s.Answer(json.RawMessage(`1`), time.Second)
		rr := s.Wait()
		if !ok {
			t.Fatalf("OS pipe %v: no answer %+v", osPipe, rr)
		}
		got[osPipe] = string(l.Result)
		t.Logf("OS pipe %v: stdin, stdout, stderr file types %s", osPipe, l.Result)
	}
	if got[false] != `{"filetypes":"000"}` {
		t.Errorf("the in-process pipe shows the file types %s; a pipe shows UNKNOWN (000)", got[false])
	}
	if got[false] != got[true] {
		t.Errorf("the in-process pipe shows the module %s, the OS pipe %s: a module tells the linter's runs (discovery, calls, probes) from a real pipe's", got[false], got[true])
	}
}

// TestAttack43f_NonblockingStdinCheck (attack pass 43f, row 4): a server that
// makes stdin non-blocking and, with its request read, reads stdin once
// more (a check for a cancellation while it works) must be run as
// Subako's runtime runs it, on both pipes alike. 43f took NONBLOCK on
// every stream, and that read answered EAGAIN ("00 06"); but wasmtime's
// preview 1, what Subako runs, answers fd_fdstat_set_flags of a stream
// EBADF and reads stdin blocking whatever the flags (attack pass 44d,
// row 1), so there the read waits for input, and the module answers only
// at end of input: "08 00", a module that waits for input with its
// request unanswered, as the host judges it now on both pipes.
func TestAttack43f_NonblockingStdinCheck(t *testing.T) {
	wasm, err := os.ReadFile("testdata/attack43f/nbcheck.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineCompiler, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, wasm)
	m.WaitCompiled(context.Background())
	for _, osPipe := range []bool{false, true} {
		s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(pingLine))
		l, ok := s.Answer(json.RawMessage(`1`), time.Second)
		r := s.Wait()
		t.Logf("OS pipe %v: answered %v %s, WaitedForInput %v, %d lines", osPipe, ok, l.Result, r.WaitedForInput, len(r.Lines))
		if ok || !r.WaitedForInput || len(r.Lines) != 1 || !strings.Contains(string(r.Lines[0].Text), `"errnos":"08 00"`) {
			t.Errorf("OS pipe %v: answered %v %s, WaitedForInput %v, %d lines; Subako's runtime answers set_flags EBADF and blocks the read until end of input: \"08 00\" after stdin closed", osPipe, ok, l.Result, r.WaitedForInput, len(r.Lines))
		}
	}
}

// TestAttack43f_FileTypeToolList (attack pass 43f, row 3): ftlist.c lists
// a clean tool when stdout is BLOCK_DEVICE (what wazero said in every run
// of the host's) and a poisoned one on a pipe (what Subako's runtime
// gives); ftlist-inv.wasm the other way round. The host must be shown
// the list Subako gets, on either stdin: the poisoned one of ftlist, the
// clean one of ftlist-inv (lint flags the first, as Subako's users would
// get it, and passes the second).
func TestAttack43f_FileTypeToolList(t *testing.T) {
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineCompiler, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	for _, c := range []struct {
		name     string
		poisoned bool
	}{{"ftlist", true}, {"ftlist-inv", false}} {
		wasm, err := os.ReadFile("testdata/attack43f/" + c.name + ".wasm")
		if err != nil {
			t.Fatal(err)
		}
		m := compile(t, h, wasm)
		m.WaitCompiled(context.Background())
		for _, osPipe := range []bool{false, true} {
			s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
			if err != nil {
				t.Fatal(err)
			}
			s.Send([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
			l, ok := s.Answer(json.RawMessage(`1`), time.Second)
			s.Wait()
			if !ok {
				t.Fatalf("%s, OS pipe %v: no answer", c.name, osPipe)
			}
			if got := strings.Contains(string(l.Result), "Ignore all previous instructions"); got != c.poisoned {
				t.Errorf("%s, OS pipe %v: the host was shown %s; Subako's runtime gets the poisoned list: %v", c.name, osPipe, l.Result, c.poisoned)
			}
		}
	}
}

package protocolcheck_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/check/protocolcheck"
	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/subjects"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// testHost is a host with short limits, so that the modules that run out
// of time or do not exit cost the test little.
func testHost(t *testing.T) *host.Host {
	t.Helper()
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{DiscoverLimit: 2 * time.Second, ExitGrace: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(ctx) })
	return h
}

// discover runs upload discovery of wasm in h with packageDir mounted at
// /package and judges it.
func discover(t *testing.T, h *host.Host, wasm []byte, packageDir string) []rules.Finding {
	t.Helper()
	ctx := context.Background()
	m, err := h.Compile(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	d := h.Discover(ctx, m, packageDir)
	if d.Record.Stalled {
		t.Fatalf("the run was given up on the wall clock: the machine is too busy to judge it")
	}
	return protocolcheck.Check(d)
}

func ids(fs []rules.Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule.ID)
	}
	return strings.Join(out, ",")
}

func messages(fs []rules.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n\t" + f.Rule.ID + ": " + f.Message)
	}
	return b.String()
}

// TestCheck runs one module (testdata/discoverer) through upload
// discovery in each of its modes, each a real record of one way to break
// discovery, and wants exactly the P rules that break names, with the
// words a reader needs; "good" fires none. The messages are never judged
// by the host's wording alone: each names what the module did.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	h := testHost(t)
	module := gowasm.Build(t, "testdata/discoverer")
	for _, c := range []struct {
		mode     string
		want     string   // rule IDs, in order
		contains []string // in the first finding's message
	}{
		{mode: "good"},
		// A flood of lines that are not JSON-RPC is one finding that counts the rest.
		{mode: "junk", want: "P001", contains: []string{`"starting"`, "(and 2 more like it)"}},
		// What the module wrote is quoted, its controls escaped.
		{mode: "controls", want: "P001", contains: []string{`"\x1b]0;pwned\a\u202eevil"`}},
		{mode: "partial", want: "P001", contains: []string{"stdout ends without a newline"}},
		{mode: "wrong_id", want: "P002", contains: []string{`"nobody-asked"`}},
		{mode: "repeat", want: "P002", contains: []string{`a second answer to id "discover-1"`}},
		{mode: "rpc_error", want: "P003", contains: []string{"JSON-RPC error -32603: internal"}},
		{mode: "no_result_type", want: "P004", contains: []string{`resultType none, not "complete"`}},
		{mode: "request", want: "P005", contains: []string{"sampling/createMessage"}},
		{mode: "old_version", want: "P006", contains: []string{`supportedVersions ["2025-06-18"] does not list 2026-07-28`}},
		{mode: "no_tools", want: "P006", contains: []string{"capabilities do not offer tools"}},
		{mode: "pages_forever", want: "P007", contains: []string{"more than 16 pages"}},
		{mode: "same_cursor", want: "P007", contains: []string{`repeated its cursor "again"`}},
		// An unanswered request is P008 only when nothing else explains it.
		{mode: "silent", want: "P008", contains: []string{`no answer to request "discover-1"`}},
		{mode: "eof", want: "P008", contains: []string{"no answer while stdin stayed open", "flush stdout"}},
		// A crash: the exit, not the unanswered tools/list, with the
		// reason from stderr as Subako shows it (a Go panic's message,
		// not the last frame of its trace).
		{mode: "exit3", want: "P009", contains: []string{"exited with status 3", `stderr ends: "fatal: config.toml is missing"`}},
		{mode: "panic", want: "P009", contains: []string{"exited with status 2", `stderr says why: "panic: boom`}},
		{mode: "no_exit", want: "P010", contains: []string{"did not exit within"}},
		{mode: "loop", want: "P012", contains: []string{"ran out of time after 2s of its own time"}},
		// 64 KiB lines of x's until stdout's limit: the lines are one
		// P001, the limit P013.
		{mode: "flood", want: "P001,P013", contains: []string{"... (65536 bytes)", "more like it"}},
	} {
		t.Run(c.mode, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "mode"), []byte(c.mode), 0o644); err != nil {
				t.Fatal(err)
			}
			fs := discover(t, h, module, dir)
			if got := ids(fs); got != c.want {
				t.Fatalf("rules %q, want %q:%s", got, c.want, messages(fs))
			}
			for _, f := range fs {
				if !strings.HasPrefix(f.Message, "at upload discovery: ") || f.Offset != -1 {
					t.Errorf("%s: message %q, offset %d", f.Rule.ID, f.Message, f.Offset)
				}
				if i := strings.IndexFunc(f.Message, func(r rune) bool { return r < ' ' || r == '\u202e' }); i >= 0 {
					t.Errorf("%s: a control or bidi character reached the message: %q", f.Rule.ID, f.Message)
				}
			}
			for _, s := range c.contains {
				if !strings.Contains(fs[0].Message, s) {
					t.Errorf("%s's message lacks %q:%s", fs[0].Rule.ID, s, messages(fs))
				}
			}
		})
	}
}

// TestTrap: a module that traps in _start before answering is P011, and
// only that: the unanswered server/discover is explained by the trap.
func TestTrap(t *testing.T) {
	m := wasmbuild.Command()
	m.CodeSection[0].Body = []byte{wasm.OpcodeUnreachable, wasm.OpcodeEnd}
	fs := discover(t, testHost(t), wasmbuild.Encode(m), "")
	if ids(fs) != "P011" || !strings.Contains(fs[0].Message, "trapped: ") {
		t.Errorf("%s", messages(fs))
	}
}

// TestSetupFailure: when the host cannot start the module (the package
// directory to mount is missing), the module never ran: there is no
// break, and the one finding says server/discover got no answer and why.
func TestSetupFailure(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "gone")
	fs := discover(t, testHost(t), wasmbuild.Encode(wasmbuild.Command()), missing)
	if ids(fs) != "P006" || !strings.Contains(fs[0].Message, "no answer to server/discover (") || !strings.Contains(fs[0].Message, "gone") {
		t.Errorf("%s", messages(fs))
	}
}

// TestOtherToolchains: the subjects written in C, Rust, AssemblyScript
// and Go without subakogo's help pass discovery, and so do their variants
// that only a call breaks: the check fires on nothing it should not.
func TestOtherToolchains(t *testing.T) {
	h := testHost(t)
	for _, lang := range subjects.Langs {
		for _, v := range []subjects.Variant{subjects.Good, subjects.ReadToEOF, subjects.StringID} {
			t.Run(string(lang)+"/"+string(v), func(t *testing.T) {
				b, err := os.ReadFile(subjects.Module(t, lang, v))
				if err != nil {
					t.Fatal(err)
				}
				if fs := discover(t, h, b, ""); len(fs) > 0 {
					t.Errorf("%s", messages(fs))
				}
			})
		}
	}
}

package modules

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/cmd/subakogo/internal/clitest"
	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestHelloLintsClean builds examples/hello for wasip1 with the real Go
// toolchain and lints it: it must be clean.
func TestHelloLintsClean(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	t.Parallel()
	out := filepath.Join(t.TempDir(), "hello.wasm")
	if err := os.WriteFile(out, gowasm.Build(t, "../../../../examples/hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("lint", "--fail-on", "info", out)
	if code != exitOK || !strings.Contains(stdout, "no findings") {
		t.Fatalf("hello: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestCall runs the runtime's hand-wired hello through subakogo call.
func TestCall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "hello.wasm")
	if err := os.WriteFile(out, gowasm.Build(t, "../../../../subako/testdata/hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := filepath.Join(dir, "args.json")
	if err := os.WriteFile(args, []byte(`{"name":"Bo"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"call", out, "greet", `{"name":"Ada"}`}, exitOK, `"message": "Hello, Ada!"`},
		{[]string{"call", "--json", out, "greet", `{"name":"Ada"}`}, exitOK, `"structuredContent":{"message":"Hello, Ada!"}`},
		{[]string{"call", out, "greet", `{}`}, exitFindings, "tool error: name is required"},
		{[]string{"call", out, "fetch", `{"url":"https://example.com/"}`}, exitFindings, "host_not_allowed"},
		{[]string{"call", out, "greet", `[1]`}, exitUsage, ""},
		{[]string{"call", out, "greet", `null`}, exitUsage, ""},
		{[]string{"call", out, "greet", ` null `}, exitUsage, ""},
		{[]string{"call", out}, exitUsage, ""},
		{[]string{"call", "missing.wasm", "greet"}, exitUnreadable, ""},
		{[]string{"call", out, "greet", "@" + args}, exitOK, `"message": "Hello, Bo!"`},
		{[]string{"call", out, "greet", "-"}, exitOK, `"message": "Hello, Cy!"`},
		{[]string{"call", out, "greet", "@" + filepath.Join(dir, "none.json")}, exitUnreadable, ""},
		// The host's set-up, not the module, is at fault.
		{[]string{"call", "--skills", filepath.Join(dir, "none"), out, "greet", "{}"}, exitUnreadable, ""},
		{[]string{"call", "--package", args, out, "greet", "{}"}, exitUnreadable, ""},
	} {
		stdin = strings.NewReader(`{"name":"Cy"}`)
		code, stdout, stderr := runCLI(c.args...)
		if code != c.code || !strings.Contains(stdout, c.want) || strings.Contains(stdout+stderr, "crashed") {
			t.Errorf("%v: exit %d, want %d; stdout %q stderr %q", c.args, code, c.code, stdout, stderr)
		}
	}
	stdin = nil
	// What the module writes reaches a pipe escaped, as lint escapes it: a
	// pipe (| cat, | tee) leads to a terminal all the same.
	for _, raw := range []bool{false, true} {
		args := []string{"call", out, "greet", `{"name":"\u001b]0;pwned\u0007\u001b[2J\u009b31m"}`}
		if raw {
			args = append([]string{"call", "--json"}, args[1:]...)
		}
		code, stdout, stderr := runCLI(args...)
		if code != exitOK || strings.ContainsAny(stdout+stderr, "\x1b\x07\u009b") || !strings.Contains(stdout, "pwned") {
			t.Errorf("%v: exit %d; controls not escaped: stdout %q stderr %q", args, code, stdout, stderr)
		}
	}
	// The temporary volume is removed; a volume given is kept, and named.
	// In a TMPDIR of its own: other packages' tests, run beside this one,
	// make and remove volumes in the shared one (a count there failed once).
	t.Run("temporary volume removed", func(t *testing.T) {
		tmp := t.TempDir()
		t.Setenv("TMPDIR", tmp)
		runCLI("call", out, "greet", `{"name":"Ada"}`)
		if left, _ := filepath.Glob(filepath.Join(tmp, "subako-volume-*")); len(left) > 0 {
			t.Errorf("temporary volumes left: %v", left)
		}
	})
	vol := filepath.Join(dir, "vol")
	if err := os.Mkdir(vol, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("call", "--volume", vol, out, "greet", `{"name":"Ada"}`); code != exitOK || !strings.Contains(stderr, "the volume is kept at "+vol) {
		t.Errorf("--volume: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(vol, "tmp")); err != nil {
		t.Errorf("the given volume: %v", err)
	}
	// A volume that does not exist yet is made, and said so.
	fresh := filepath.Join(dir, "fresh")
	if code, _, stderr := runCLI("call", "--volume", fresh, out, "greet", `{"name":"Ada"}`); code != exitOK || !strings.Contains(stderr, "--volume "+fresh+": made the directory") {
		t.Errorf("--volume, new: exit %d, stderr %q", code, stderr)
	}
	// Arguments that are not JSON: the error and one hint, not the usage.
	if code, stdout, stderr := runCLI("call", out, "greet", "{bad"); code != exitUsage || stdout != "" ||
		!strings.Contains(stderr, "arguments must be a JSON object") || strings.Count(stderr, "\n") != 2 || strings.Contains(stderr, "-allow-host") {
		t.Errorf("{bad: exit %d, stderr %q", code, stderr)
	}
	// A packed directory is its module.wasm, and a Go main package is built
	// first, as check builds it.
	packed := filepath.Join(dir, "packed")
	if err := os.Mkdir(packed, 0o755); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	if err := os.WriteFile(filepath.Join(packed, "module.wasm"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{packed, "../../../../subako/testdata/hello"} {
		if code, stdout, stderr := runCLI("call", m, "greet", `{"name":"Ada"}`); code != exitOK || !strings.Contains(stdout, `"message": "Hello, Ada!"`) {
			t.Errorf("call %s: exit %d\n%s%s", m, code, stdout, stderr)
		}
	}
}

// TestCallHTTPFixture tries examples/weather offline: its two requests are
// answered from the committed recording, and a city not recorded comes
// back to the model as the connection error that names the fixture.
func TestCallHTTPFixture(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	t.Parallel()
	out := filepath.Join(t.TempDir(), "weather.wasm")
	if err := os.WriteFile(out, gowasm.Build(t, "../../../../examples/weather"), 0o644); err != nil {
		t.Fatal(err)
	}
	const fixture = "../../../../examples/weather/testdata/berlin.json"
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"call", "--http-fixture", fixture, out, "forecast", `{"city":"Berlin"}`}, exitOK,
			[]string{`"city": "Berlin, Germany"`, `"temperature_c": 14.2`, `"summary": "Slight rain"`}},
		{[]string{"call", "--http-fixture", fixture, out, "forecast", `{"city":"Paris"}`}, exitFindings,
			[]string{"tool error: HTTP request failed (connection): the fixture " + fixture + " has no recorded response for GET https://geocoding-api.open-meteo.com/v1/search?name=Paris&"}},
		{[]string{"call", "--http-fixture", "none.json", out, "forecast", `{"city":"Berlin"}`}, exitUnreadable, nil},
	} {
		code, stdout, stderr := runCLI(c.args...)
		ok := code == c.code
		for _, w := range c.want {
			ok = ok && strings.Contains(stdout, w)
		}
		if !ok {
			t.Errorf("%v: exit %d, want %d; stdout %q stderr %q", c.args[1:3], code, c.code, stdout, stderr)
		}
	}
	// serve --http-fixture answers the same way, by the same code.
	code, stdout, stderr := serveWith(t, initialize+"\n"+`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Berlin"}}}`+"\n",
		"--http-fixture", fixture, out)
	if code != exitOK || !strings.Contains(stdout, `"city":"Berlin, Germany"`) {
		t.Errorf("serve --http-fixture: exit %d; stdout %q stderr %q", code, stdout, stderr)
	}
}

// TestEngineCloakColdCache (attack pass 40h, row 2): testdata/enginecloak
// times a fixed loop (some 110 ms of its own time compiled, 430 ms
// interpreted) and lists a plain tool when slow, a poisoned one when fast.
// Under --engine auto a module the compilation cache does not hold was
// interpreted for discovery, so lint on a cold cache (every fresh CI
// runner) judged the plain list and exited 0, while warm, or as Subako
// runs it (compiled), the list draws T034, T036 and T040. Discovery is
// judged, so it now waits for the compiled code (host.Discover), at no
// cost to the module's time: cold and warm give the compiled verdict.
func TestEngineCloakColdCache(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	t.Parallel()
	mod := filepath.Join(t.TempDir(), "cloak.wasm")
	if err := os.WriteFile(mod, gowasm.Build(t, "testdata/enginecloak"), 0o644); err != nil {
		t.Fatal(err)
	}
	lint := func(cache string, args ...string) (int, string) {
		cmd := clitest.Command("", append(append([]string{"lint"}, args...), mod)...)
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), out.String()
	}
	wantCode, want := lint(t.TempDir(), "--probes", "none", "--engine", "compiler")
	for _, rule := range []string{"T034", "T036", "T040"} {
		if wantCode != exitFindings || !strings.Contains(want, rule) {
			t.Fatalf("compiled: exit %d, want 1 with %s:\n%s", wantCode, rule, want)
		}
	}
	cache := t.TempDir()
	for _, run := range []string{"a cold cache", "a warm cache"} {
		if code, got := lint(cache, "--probes", "none"); code != wantCode || got != want {
			t.Errorf("%s: exit %d:\n%s\ncompiled (as Subako runs it): exit %d:\n%s", run, code, got, wantCode, want)
		}
	}
	// With the probes (the default) on a cold cache: the same tool-text
	// errors (the probes do not run on a list with errors).
	if code, got := lint(t.TempDir()); code != wantCode || got != want {
		t.Errorf("default lint on a cold cache: exit %d:\n%s\nwant exit %d:\n%s", code, got, wantCode, want)
	}
}

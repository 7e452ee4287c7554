//go:build !wasip1

package subako

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// buildHello builds testdata/hello, a package written against this
// runtime, for goos/goarch and returns the file's path.
func buildHello(t testing.TB, goos, goarch string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a program")
	}
	out := filepath.Join(t.TempDir(), "hello")
	goCmd(t, goos, goarch, "build", "-o", out, "./testdata/hello")
	return out
}

// The native build prints its manifest, refuses other arguments, and
// serves requests on real pipes, answering before stdin closes and
// exiting 0 when it does.
func TestNativeProgram(t *testing.T) {
	prog := buildHello(t, "", "")

	out, err := exec.Command(prog, "--subako-manifest").Output()
	if err != nil || string(out) != "{\n  \"abi\": 1,\n  \"name\": \"hello\",\n  \"description\": \"Says hello.\"\n}\n" {
		t.Fatalf("--subako-manifest: %q, %v", out, err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(prog, "--help")
	cmd.Stderr = &stderr
	var exit *exec.ExitError
	if err := cmd.Run(); !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.HasPrefix(stderr.String(), "usage: ") {
		t.Fatalf("--help: %v, %q", err, stderr.String())
	}

	cmd = exec.Command(prog)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	answers := bufio.NewReader(stdout)
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(stdin, line); err != nil {
			t.Fatal(err)
		}
	}
	send(call("1", "greet", `{"name":"Ada"}`))
	want := `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"message\":\"Hello, Ada!\"}"}],"structuredContent":{"message":"Hello, Ada!"},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hello","version":"0.0.0","description":"Says hello."}}}}` + "\n"
	if got := readLine(t, answers); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// A native build has no host: Fetch fails, and the model reads why.
	send(call("2", "fetch", `{"url":"https://example.com/"}`))
	if got := readLine(t, answers); !strings.Contains(got, `"isError":true`) || !strings.Contains(got, "no subako_http host in a native build") {
		t.Fatalf("fetch: %s", got)
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v", err)
	}
}

// wasmHost is Subako in miniature for the hello module: wazero with WASI
// preview 1, a directory of its own mounted at /volume/tmp, and a
// subako_http host that records each request and answers every one with
// the same inline body.
type wasmHost struct {
	runtime  wazero.Runtime
	compiled wazero.CompiledModule
	requests []string
	tmp      string // the directory at /volume/tmp
}

func newWasmHost(t testing.TB) *wasmHost {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a program")
	}
	wasm := gowasm.Build(t, "./testdata/hello")
	var err error
	ctx := context.Background()
	h := &wasmHost{runtime: wazero.NewRuntime(ctx), tmp: t.TempDir()}
	t.Cleanup(func() { h.runtime.Close(ctx) })
	wasi_snapshot_preview1.MustInstantiate(ctx, h.runtime)
	var held []byte
	_, err = h.runtime.NewHostModuleBuilder("subako_http").
		NewFunctionBuilder().WithFunc(func(_ context.Context, m api.Module, ptr, size uint32) int32 {
		req, ok := m.Memory().Read(ptr, size)
		if !ok {
			return -1
		}
		h.requests = append(h.requests, string(req))
		held = []byte(`{"ok":{"status":200,"headers":{"content-type":"text/plain"},"body":{"type":"inline","text":"hi ✓"}}}`)
		return int32(len(held))
	}).Export("request").
		NewFunctionBuilder().WithFunc(func(_ context.Context, m api.Module, ptr, size uint32) int32 {
		switch {
		case held == nil:
			return -2
		case int(size) != len(held):
			return -3
		case !m.Memory().Write(ptr, held):
			return -1
		}
		held = nil
		return 0
	}).Export("read_response").
		Instantiate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if h.compiled, err = h.runtime.CompileModule(ctx, wasm); err != nil {
		t.Fatal(err)
	}
	return h
}

// run starts the module as Subako does, with argv of one entry and no
// environment, and returns when it exits; exit status 0 is a nil error.
func (h *wasmHost) run(stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := wazero.NewModuleConfig().WithName("").WithArgs("module.wasm").WithStdin(stdin).WithStdout(stdout).WithStderr(stderr).
		WithFSConfig(wazero.NewFSConfig().WithDirMount(h.tmp, "/volume/tmp"))
	_, err := h.runtime.InstantiateModule(context.Background(), h.compiled, cfg)
	return err
}

// The wasip1 build runs under wazero as Subako runs it, answering requests
// on a stdin held open and calling the subako_http host.
func TestWasmModule(t *testing.T) {
	h := newWasmHost(t)
	for _, f := range h.compiled.ImportedFunctions() {
		module, name, _ := f.Import()
		switch module {
		case "wasi_snapshot_preview1":
		case "subako_http":
			if (name != "request" && name != "read_response") || len(f.ParamTypes()) != 2 ||
				f.ParamTypes()[0] != api.ValueTypeI32 || f.ParamTypes()[1] != api.ValueTypeI32 ||
				len(f.ResultTypes()) != 1 || f.ResultTypes()[0] != api.ValueTypeI32 {
				t.Errorf("import subako_http.%s%v%v does not match the ABI's (i32, i32) -> i32", name, f.ParamTypes(), f.ResultTypes())
			}
		default:
			t.Errorf("import from module %q, which Subako does not provide", module)
		}
	}

	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan error, 1)
	go func() {
		err := h.run(inR, outW, &stderr)
		outW.Close()
		done <- err
	}()
	answers := bufio.NewReader(outR)
	exchange := func(line string) string {
		t.Helper()
		if _, err := io.WriteString(inW, line); err != nil {
			t.Fatal(err)
		}
		return readLine(t, answers)
	}

	validate(t, "DiscoverResultResponse", exchange(request(`"discover-1"`, "server/discover", "")))
	list := exchange(request(`"tools-list-1"`, "tools/list", ""))
	validate(t, "ListToolsResultResponse", list)
	if !strings.Contains(list, `"name":"greet"`) || !strings.Contains(list, `"name":"fetch"`) {
		t.Errorf("tools/list: %s", list)
	}
	if got := exchange(call(`"call-1"`, "greet", `{"name":"Ada"}`)); !strings.Contains(got, `"structuredContent":{"message":"Hello, Ada!"}`) {
		t.Errorf("greet: %s", got)
	}
	if got := exchange(call(`"call-2"`, "greet", `{"name":""}`)); !strings.Contains(got, `"text":"name must not be empty"}],"isError":true`) {
		t.Errorf("greet with an empty name: %s", got)
	}
	// fetch links /volume/tmp/page.png: an answer while the file is there,
	// a tool error once it is gone.
	if err := os.WriteFile(filepath.Join(h.tmp, "page.png"), []byte("\x89PNG\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := exchange(call(`"call-3"`, "fetch", `{"url":"https://example.com/"}`))
	validate(t, "CallToolResultResponse", got)
	if !strings.Contains(got, `"structuredContent":{"status":200,"text":"hi ✓"}`) || !strings.Contains(got, `"uri":"volume:///tmp/page.png"`) {
		t.Errorf("fetch: %s", got)
	}
	if want := `{"method":"GET","url":"https://example.com/","headers":{"accept":"text/plain"}}`; len(h.requests) != 1 || h.requests[0] != want {
		t.Errorf("the host got %q, want %s", h.requests, want)
	}
	if err := os.Remove(filepath.Join(h.tmp, "page.png")); err != nil {
		t.Fatal(err)
	}
	got = exchange(call(`"call-4"`, "fetch", `{"url":"https://example.com/"}`))
	validate(t, "CallToolResultResponse", got)
	if !strings.Contains(got, `"text":"image file \"/volume/tmp/page.png\" does not exist: save the image before returning the answer that links it"}],"isError":true,"_meta":{"ai.subako/fault":"link-missing",`) {
		t.Errorf("fetch without its image: %s", got)
	}

	inW.Close()
	if err := <-done; err != nil {
		t.Fatalf("the module did not exit 0: %v\n%s", err, stderr.String())
	}
	if rest, _ := io.ReadAll(answers); len(rest) != 0 {
		t.Errorf("output after the last answer: %q", rest)
	}
}

// BenchmarkWasmCall measures one call as Subako makes it: instantiate the
// compiled module, answer one tools/call from a stdin that then ends, exit.
func BenchmarkWasmCall(b *testing.B) {
	h := newWasmHost(b)
	line := call(`"call-1"`, "greet", `{"name":"Ada"}`)
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		if err := h.run(strings.NewReader(line), &out, io.Discard); err != nil {
			b.Fatal(err)
		}
		if !strings.Contains(out.String(), "Hello, Ada!") {
			b.Fatalf("answer %q", out.String())
		}
	}
}

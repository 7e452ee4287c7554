package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/pipeline/pkgdir"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/serve"
)

// serveStdin is the client's end of the stdio transport (tests replace it).
var serveStdin io.Reader = os.Stdin

// serveLoad loads the package served and serveParent is the context a
// signal ends (tests replace them).
var (
	serveLoad   = loadServed
	serveParent = context.Background
)

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var allow stringList
	fs.Var(&allow, "allow-host", "a host subako_http may reach (repeatable; none by default)")
	volume := fs.String("volume", "", "directory backing /volume, kept across calls (default: a new temporary one, removed at exit)")
	volumeQuota := fs.Int64("volume-quota", serve.DefaultVolumeQuota>>20, "MiB the volume's files may hold, for all calls together; a write past it answers EDQUOT, as past a call's own write budget")
	data := fs.Bool("data", false, "mount /volume/data as well, as when the agent enables it")
	timeout := fs.Duration("timeout", abi.CallTimeout, "each call's timeout")
	maxConcurrent := fs.Int("max-concurrent", 4, "calls that may run at once, each in its own instance")
	force := fs.Bool("force", false, "serve a package even when lint (the call probes and the tool-text checks included) finds errors")
	probes := probeFlags(fs)
	httpAddr := fs.String("http", "", "serve MCP's Streamable HTTP transport at ADDR (such as 127.0.0.1:8080) instead of stdio")
	httpPublic := fs.Bool("http-public", false, "let --http bind an address other than loopback; every request must then carry a bearer token, $"+httpTokenEnv+" or one made and printed at start")
	keepRunning := fs.Bool("keep-running", false, "with --http, keep serving after stdin closes (by default serve exits when stdin closes, over HTTP as over stdio, so it ends with the process that started it)")
	memBudget := fs.Int("memory-budget", 2048, "MiB of guest memory all calls may hold at once; a call's memory.grow past it fails (the module runs out of memory), never the server")
	maxConns := fs.Int("http-max-conns", 256, "with --http, the open connections allowed; at the cap a new one replaces the oldest idle one")
	engine := engineFlag(fs)
	fixture := httpFixtureFlag(fs)
	watch := fs.Bool("watch", false, "rebuild on a source change (a Go package: regenerate subako_gen.go, build, lint) and tell clients the tool list changed")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo serve [flags] PATH\n\n"+
			"Serves a function package to MCP clients on stdin and stdout, as Subako runs it: the tools from one\n"+
			"discovery run (linted, with the call probes and the tool-text checks; errors refuse to start unless --force), each call in a fresh instance with\n"+
			"Subako's limits. Clients of 2026-07-28 (per-request _meta) and of the initialize handshake\n"+
			"(2025-11-25, 2025-06-18) are both served. PATH is a package directory (module.wasm,\n"+
			"subako-package.json, assets/), a .wasm module, or a Go package, built for wasip1 first as pack does.\n"+
			"With --http, the same over Streamable HTTP at http://ADDR/mcp. serve exits when stdin closes, with\n"+
			"--http too unless --keep-running. The log goes to stderr."+probeUsage)
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if len(pos) != 1 {
		return usageError(stderr, fs, errors.New("want one PATH"))
	}
	if *timeout <= 0 {
		return usageError(stderr, fs, errors.New("--timeout must be positive")) // not silently the default (attack pass 42k)
	}
	if *maxConcurrent < 1 {
		return usageError(stderr, fs, errors.New("--max-concurrent must be at least 1"))
	}
	if *httpPublic && *httpAddr == "" {
		return usageError(stderr, fs, errors.New("--http-public needs --http ADDR"))
	}
	if *keepRunning && *httpAddr == "" {
		return usageError(stderr, fs, errors.New("--keep-running needs --http ADDR (over stdio, stdin is the client)"))
	}
	if *memBudget < host.MemoryLimit>>20 {
		return usageError(stderr, fs, fmt.Errorf("--memory-budget must be at least %d (MiB, one call's memory limit)", host.MemoryLimit>>20))
	}
	if *volumeQuota < 1 || *volumeQuota > math.MaxInt64>>20 {
		return usageError(stderr, fs, fmt.Errorf("--volume-quota must be from 1 to %d (MiB)", int64(math.MaxInt64>>20)))
	}
	if *maxConns < 1 {
		return usageError(stderr, fs, errors.New("--http-max-conns must be at least 1"))
	}
	probeOpt, err := probes()
	if err != nil {
		return usageError(stderr, fs, err)
	}
	httpFixture, err := fixture()
	if err != nil {
		fmt.Fprintf(stderr, "subakogo serve: %v\n", err)
		return exitUnreadable
	}
	token, err := httpToken(*httpPublic, stderr)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	var ln net.Listener
	if *httpAddr != "" {
		// Bind first, before any build: an address refused as written is
		// a usage error; one the machine will not listen on (in use) is
		// its state, 3 (attack pass 42n, row 4).
		if ln, err = serve.Listen(*httpAddr, *httpPublic); err != nil {
			var listen *serve.ListenError
			if errors.As(err, &listen) {
				fmt.Fprintf(stderr, "subakogo serve: %v\n", err)
				return exitUnreadable
			}
			return usageError(stderr, fs, err)
		}
		defer ln.Close()
	}
	ctx, stop := cli.NotifyContext(goBackstop(serveParent()), "subakogo serve", stderr)
	defer stop()
	s, err := serve.New(serve.Options{
		AllowHosts: allow, HTTPFixture: httpFixture, Volume: *volume, VolumeQuota: *volumeQuota << 20, Data: *data, Timeout: *timeout,
		MaxConcurrent: *maxConcurrent, Force: *force, Log: stderr, Probes: probeOpt, Host: host.Options{Engine: *engine, MemoryBudget: int64(*memBudget) << 20},
		HTTPLimits: serve.HTTPLimits{MaxConns: *maxConns}, HTTPToken: token, Name: servedName(pos[0]),
	})
	if err != nil {
		fmt.Fprintf(stderr, "subakogo serve: %v\n", err)
		return exitUnreadable
	}
	defer s.Close()
	// Clients are answered from now on: initialize and server/discover at
	// once, the tools once the package is built, linted and probed.
	s.SetWatching(*watch)
	if ln != nil && !*keepRunning {
		// The process that started serve ends, and stdin with it: so does serve.
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			_, _ = io.Copy(io.Discard, serveStdin)
			fmt.Fprintln(stderr, "subakogo serve: stdin closed (--keep-running serves on)")
			cancel()
		}()
	}
	done := make(chan error, 1)
	go func() {
		if ln != nil {
			done <- s.ServeHTTP(ctx, ln, *httpPublic)
			return
		}
		done <- s.ServeStdio(ctx, serveStdin, stdout)
	}()
	loadCtx, cancelLoad := context.WithCancel(ctx)
	loaded := make(chan loadResult, 1)
	go func() { loaded <- serveLoad(loadCtx, s, pos[0], *watch, stderr) }()
	var cleanup func()
	// On every return path the load is ended and waited for before the
	// server and its host close (s.Close is deferred above, so runs after
	// this): the go commands and the native run it started are killed, and
	// none of its probes finds the host closed. A signal that came after
	// stdin ended while the probes ran closed the host under them (attack
	// pass 42k, row 1: a panic, exit 4, where a signal is exit 0).
	defer func() {
		cancelLoad()
		if loaded != nil {
			cleanup = (<-loaded).cleanup
		}
		if cleanup != nil {
			cleanup()
		}
	}()
wait:
	for {
		select {
		case r := <-loaded:
			cleanup, loaded = r.cleanup, nil
			if r.code != exitOK {
				// The clients are told why (Fail). On stdio, every request
				// until the input ends is answered so, whether it came
				// before the failure or after: a client that sent its
				// first request a moment late is told too.
				if ln == nil {
					select {
					case err := <-done:
						if err != nil {
							fmt.Fprintf(stderr, "subakogo serve: %v\n", err)
						}
					case <-ctx.Done():
					}
				}
				return r.code
			}
		case err = <-done:
			// An error (stdout that cannot be written: a full disk) is
			// said below, and the exit code is 3: stdin did not end.
			if loaded != nil && err == nil {
				// The input ended first: the exit code still says whether
				// the package could be served.
				if ln == nil {
					fmt.Fprintln(stderr, "subakogo serve: stdin ended while the package is loading; the exit code says whether it could be served")
				}
				select {
				case r := <-loaded:
					if cleanup, loaded = r.cleanup, nil; r.code != exitOK {
						return r.code
					}
				case <-ctx.Done():
					fmt.Fprintln(stderr, "subakogo serve: stopped")
				}
			}
			break wait
		case <-ctx.Done():
			fmt.Fprintln(stderr, "subakogo serve: stopped")
			break wait
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "subakogo serve: %v\n", err)
		return exitUnreadable
	}
	return exitOK
}

// httpTokenEnv holds the bearer token of serve --http-public, when the
// person running it chooses it (an environment variable, not a flag: a
// command line is visible to every user of the machine).
const httpTokenEnv = "SUBAKOGO_HTTP_TOKEN"

// httpToken is the bearer token a public server requires: $SUBAKOGO_HTTP_TOKEN,
// or a new one, printed to stderr for the person to give their clients.
func httpToken(public bool, stderr io.Writer) (string, error) {
	if !public {
		return "", nil
	}
	if t := os.Getenv(httpTokenEnv); t != "" {
		if len(t) < serve.MinTokenLength || strings.ContainsAny(t, " \t\r\n") {
			return "", fmt.Errorf("$%s must be at least %d characters, without spaces", httpTokenEnv, serve.MinTokenLength)
		}
		return t, nil
	}
	t := serve.NewToken()
	fmt.Fprintf(stderr, "subakogo serve: --http-public: every request must carry the header\n  Authorization: Bearer %s\n(set $%s to choose the token)\n", t, httpTokenEnv)
	return t, nil
}

type loadResult struct {
	code    int
	cleanup func()
}

// loadServed builds (for a Go package), lints and probes the package at
// path and serves it, watching it with watch; a package that cannot be
// served fails the server, so that waiting clients hear why.
func loadServed(ctx context.Context, s *serve.Server, path string, watch bool, stderr io.Writer) loadResult {
	fail := func(code int, err error) loadResult {
		fmt.Fprintf(stderr, "subakogo serve: %v\n", err)
		s.Fail(err)
		return loadResult{code: code}
	}
	sp, err := resolveServed(ctx, "serve", path)
	if err != nil {
		return fail(exitUnreadable, err)
	}
	// With --watch, the watch is in place before anything is built or
	// listed (the first tools/list is answered while the probes run), so an
	// edit made once serve started is seen however early; a change seen
	// before the first package is served is rebuilt once it is.
	served := make(chan struct{})
	var rebuild func(context.Context) (string, error) // set before served closes
	var discard func(string)                          // set before served closes; nil but for a Go package
	if watch {
		s.Watch(ctx, serve.Watch{Dirs: []string{sp.watchDir()}, Rebuild: func(ctx context.Context) (string, error) {
			select {
			case <-served:
			case <-ctx.Done():
				return "", ctx.Err()
			}
			return rebuild(ctx)
		}, Discard: func(path string) {
			select {
			case <-served:
				if discard != nil {
					discard(path)
				}
			default: // nothing was built for the watch yet
			}
		}})
	}
	preview := func(tools []byte) {
		if err := s.Preview(tools); err != nil {
			fmt.Fprintf(stderr, "subakogo serve: %v\n", err)
		}
	}
	src, build, discardBuild, cleanup, err := serveSource(ctx, sp, watch, preview, stderr)
	var manifestErr *pkgdir.ManifestError
	var special *input.SpecialSourceError
	var stalled *input.GoStalledError
	switch {
	case errors.As(err, &manifestErr) || errors.As(err, &special) || errors.As(err, &stalled) || (err != nil && ctx.Err() != nil):
		return fail(exitUnreadable, err) // its manifest too large, a special file, or not judged; or serve stopped
	case err != nil:
		return fail(exitFindings, err) // a Go package that does not build
	}
	p, err := s.Load(ctx, src)
	switch {
	case errors.Is(err, serve.ErrRefused):
		cleanup()
		return fail(exitFindings, err)
	case err != nil:
		cleanup()
		return fail(exitUnreadable, err)
	}
	rebuild, discard = build, discardBuild
	if rebuild == nil {
		rebuild = func(context.Context) (string, error) { return src, nil } // reload what is there
	}
	s.Use(p)
	close(served)
	return loadResult{code: exitOK, cleanup: cleanup}
}

// servedPath is what serve's PATH names: a module file or a package
// directory, served as they are, or a Go package (goPkg), built first.
type servedPath struct {
	path  string
	goPkg *gobuild.Package
}

// notServableError is a PATH that names nothing serve can serve (exit 3).
type notServableError struct{ path, why string }

func (e *notServableError) Error() string { return e.path + ": " + e.why }

// resolveServed says what path names, before anything is built: a path
// that names no package, or a Go package that is not a function package,
// is a *notServableError. command (serve, diff) is the one its messages
// name (attack pass 42n, row 5: diff's said serve).
func resolveServed(ctx context.Context, command, path string) (servedPath, error) {
	fi, err := os.Stat(path)
	switch {
	case err == nil && (!fi.IsDir() || fileExists(filepath.Join(path, pkgcheck.ModuleName))):
		return servedPath{path: path}, nil // a module file or a package directory
	case err != nil && strings.HasSuffix(path, ".wasm"):
		return servedPath{}, &notServableError{path, "no such module file"}
	}
	// Go packages are those of the module the command runs in, as go tool
	// subakogo runs it.
	p, err := gobuild.List(ctx, path)
	var special *input.SpecialSourceError
	var stalled *input.GoStalledError
	switch {
	case errors.As(err, &special) || errors.As(err, &stalled) || (err != nil && ctx.Err() != nil):
		return servedPath{}, err
	case err != nil && fi != nil:
		return servedPath{}, &notServableError{path, "neither a package directory (it has no " + pkgcheck.ModuleName + ") nor a Go package of the module " + command + " runs in: " + err.Error()}
	case err != nil:
		return servedPath{}, &notServableError{path, "no such package in the module " + command + " runs in: " + err.Error()}
	case !slices.Contains(p.Deps, model.SubakoPath):
		return servedPath{}, &notServableError{path, "the Go package does not import the subako runtime (" + model.SubakoPath + "), so it has no //subako:function handlers and no tools (subakogo init DIR starts a function package)"}
	case p.Name != "main":
		return servedPath{}, &notServableError{path, "package " + p.Name + " is not a command: a function package is package main (subakogo init DIR starts one)"}
	}
	return servedPath{path: path, goPkg: p}, nil
}

// watchDir is what --watch watches: a module file or package directory
// itself, a Go package's directory.
func (sp servedPath) watchDir() string {
	if sp.goPkg != nil {
		return sp.goPkg.Dir
	}
	return sp.path
}

// serveSource is the package directory or module file to serve. A Go
// package is built into a temporary package directory first, as pack
// builds it (with watch, regenerating subako_gen.go first, as pack
// --generate does); rebuild then builds it again into a new directory.
// rebuild is nil for a package directory or module; discard removes one
// build once serve no longer serves it (nil when nothing is built);
// cleanup removes what was built. The first build gives preview the tool list of the
// analyzer's model (sourceTools) before the go command starts: seconds,
// where the build takes a minute or more on a cold build cache.
func serveSource(ctx context.Context, sp servedPath, watch bool, preview func(tools []byte), stderr io.Writer) (src string, rebuild func(context.Context) (string, error), discard func(string), cleanup func(), err error) {
	nothing := func() {}
	if sp.goPkg == nil {
		return sp.path, nil, nil, nothing, nil
	}
	path, dir := sp.path, sp.goPkg.Dir
	root, err := os.MkdirTemp("", "subako-serve-build-")
	if err != nil {
		return "", nil, nil, nothing, err
	}
	cleanup = func() { os.RemoveAll(root) }
	// A build replaced or refused: only this root's own (attack pass 42n,
	// row 1: every build stayed until serve exited).
	discard = func(p string) {
		if filepath.Dir(p) == root {
			os.RemoveAll(p)
		}
	}
	buildWith := func(ctx context.Context, preview func([]byte)) (string, error) {
		// Written when missing, as --watch writes it on every build; a
		// stale one is the author's to regenerate.
		regenerate := watch || !fileExists(filepath.Join(dir, model.GeneratedFile))
		code, a := analyzeGenerated(ctx, path, regenerate, report.Text, stderr, stderr)
		switch code {
		case exitOK:
			if tools := sourceTools(a); tools != nil && preview != nil {
				preview(tools)
			}
		case exitUnreadable:
			return "", fmt.Errorf("%s does not build (see above)", path)
		default:
			return "", fmt.Errorf("%s: %s is stale or cannot be generated (see above): run subakogo generate %s, or serve --watch, which regenerates it", path, model.GeneratedFile, path)
		}
		assets, found, err := pkgcheck.CheckAssets(dir)
		if err != nil {
			return "", err
		}
		if len(found) > 0 {
			return "", fmt.Errorf("%s: %s (%s); nothing is served", path, found[0].Message, found[0].Rule.ID)
		}
		out, err := os.MkdirTemp(root, "build-")
		if err != nil {
			return "", err
		}
		if err := pkgdir.Build(ctx, path, assets, out, stderr, slowNotes(ctx, stderr, "subakogo")); err != nil {
			os.RemoveAll(out)
			return "", err
		}
		return out, nil
	}
	if src, err = buildWith(ctx, preview); err != nil {
		cleanup()
		return "", nil, nil, nothing, err
	}
	return src, func(ctx context.Context) (string, error) { return buildWith(ctx, nil) }, discard, cleanup, nil
}

// sourceTools is the tool list a Go package's module will answer, as the
// analyzer's model renders it (what subako_gen.go holds), when a is a
// package whose subako_gen.go is current (analyzeGenerated passed) and in
// which the analyzer found no error; else nil. The wasip1 build and lint
// have the last word: serve lists it only while they run.
func sourceTools(a *gocheck.Result) []byte {
	if a == nil || a.Model == nil {
		return nil
	}
	for _, d := range a.Diagnostics {
		// A stale subako_gen.go was regenerated (analyzeGenerated refuses it otherwise).
		if d.Category != rules.GoGeneratedStale.ID && isErrorCategory(d.Category) {
			return nil
		}
	}
	tools, err := a.Model.ToolsJSON()
	if err != nil {
		return nil
	}
	return tools
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// servedName is the name serve presents before the package is loaded: the
// module file's or the directory's.
func servedName(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return strings.TrimSuffix(filepath.Base(abs), ".wasm")
}

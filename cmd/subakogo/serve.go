package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/pipeline/pkgdir"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/serve"
)

// serveStdin is the client's end of the stdio transport (tests replace it).
var serveStdin io.Reader = os.Stdin

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var allow stringList
	fs.Var(&allow, "allow-host", "a host subako_http may reach (repeatable; none by default)")
	volume := fs.String("volume", "", "directory backing /volume, kept across calls (default: a new temporary one, removed at exit)")
	data := fs.Bool("data", false, "mount /volume/data as well, as when the agent enables it")
	timeout := fs.Duration("timeout", time.Minute, "each call's timeout")
	maxConcurrent := fs.Int("max-concurrent", 4, "calls that may run at once, each in its own instance")
	force := fs.Bool("force", false, "serve a package even when lint (the call probes and the tool-text checks included) finds errors")
	probes := probeFlags(fs)
	httpAddr := fs.String("http", "", "serve MCP's Streamable HTTP transport at ADDR (such as 127.0.0.1:8080) instead of stdio")
	httpPublic := fs.Bool("http-public", false, "let --http bind an address other than loopback")
	keepRunning := fs.Bool("keep-running", false, "with --http, keep serving after stdin closes (by default serve exits when stdin closes, over HTTP as over stdio, so it ends with the process that started it)")
	memBudget := fs.Int("memory-budget", 2048, "MiB of guest memory all calls may hold at once; a call's memory.grow past it fails (the module runs out of memory), never the server")
	maxConns := fs.Int("http-max-conns", 256, "with --http, the open connections allowed; at the cap a new one replaces the oldest idle one")
	engine := engineFlag(fs)
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
	if *maxConns < 1 {
		return usageError(stderr, fs, errors.New("--http-max-conns must be at least 1"))
	}
	probeOpt, err := probes()
	if err != nil {
		return usageError(stderr, fs, err)
	}
	var ln net.Listener
	if *httpAddr != "" {
		// Bind first: a refused address is a usage error, before any build.
		if ln, err = serve.Listen(*httpAddr, *httpPublic); err != nil {
			return usageError(stderr, fs, err)
		}
		defer ln.Close()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := serve.New(serve.Options{
		AllowHosts: allow, Volume: *volume, Data: *data, Timeout: *timeout,
		MaxConcurrent: *maxConcurrent, Force: *force, Log: stderr, Probes: probeOpt, Host: host.Options{Engine: *engine, MemoryBudget: int64(*memBudget) << 20},
		HTTPLimits: serve.HTTPLimits{MaxConns: *maxConns}, Name: servedName(pos[0]),
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
	loaded := make(chan loadResult, 1)
	go func() { loaded <- loadServed(ctx, s, pos[0], *watch, stderr) }()
	var cleanup func()
	defer func() {
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
				return r.code // the waiting clients were told why (Fail)
			}
		case err = <-done:
			if loaded != nil {
				// The input ended first: the exit code still says whether
				// the package could be served.
				select {
				case r := <-loaded:
					if cleanup = r.cleanup; r.code != exitOK {
						return r.code
					}
				case <-ctx.Done():
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
	src, rebuild, cleanup, err := serveSource(path, watch, stderr)
	if err != nil {
		if errors.Is(err, iofs.ErrNotExist) {
			return fail(exitUnreadable, err)
		}
		return fail(exitFindings, err)
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
	if watch {
		// Watching before the package is in use: an edit made once a
		// client can call it is seen.
		dir := path
		if rebuild == nil {
			rebuild = func(context.Context) (string, error) { return src, nil } // reload what is there
		} else {
			dir = gobuild.Dir(path)
		}
		s.Watch(ctx, serve.Watch{Dirs: []string{dir}, Rebuild: rebuild})
	}
	s.Use(p)
	return loadResult{code: exitOK, cleanup: cleanup}
}

// serveSource resolves PATH to a package directory or module file. A Go
// package is built into a temporary package directory first, as pack
// builds it (with watch, regenerating subako_gen.go first, as pack
// --generate does); rebuild then builds it again into a new directory.
// rebuild is nil for a package directory or module; cleanup removes what
// was built.
func serveSource(path string, watch bool, stderr io.Writer) (src string, rebuild func(context.Context) (string, error), cleanup func(), err error) {
	nothing := func() {}
	fi, err := os.Stat(path)
	if err == nil && !fi.IsDir() {
		return path, nil, nothing, nil // a module file
	}
	if err == nil && fileExists(filepath.Join(path, pkgcheck.ModuleName)) {
		return path, nil, nothing, nil // a package directory
	}
	if err != nil && strings.HasSuffix(path, ".wasm") {
		return "", nil, nothing, err
	}
	root, err := os.MkdirTemp("", "subako-serve-build-")
	if err != nil {
		return "", nil, nothing, err
	}
	cleanup = func() { os.RemoveAll(root) }
	build := func(context.Context) (string, error) {
		// Written when missing, as --watch writes it on every build; a
		// stale one is the author's to regenerate.
		regenerate := watch || !fileExists(filepath.Join(gobuild.Dir(path), model.GeneratedFile))
		if code := ensureGenerated(path, regenerate, report.Text, stderr, stderr); code != exitOK {
			return "", fmt.Errorf("%s: %s is stale or cannot be generated (see above): run subakogo generate %s, or serve --watch, which regenerates it", path, model.GeneratedFile, path)
		}
		assets, found, err := pkgcheck.CheckAssets(gobuild.Dir(path))
		if err != nil {
			return "", err
		}
		if len(found) > 0 {
			return "", fmt.Errorf("%s: %s (%s); nothing is served", path, found[0].Message, found[0].Rule.ID)
		}
		dir, err := os.MkdirTemp(root, "build-")
		if err != nil {
			return "", err
		}
		if err := pkgdir.Build(path, assets, dir, stderr); err != nil {
			os.RemoveAll(dir)
			return "", err
		}
		return dir, nil
	}
	if src, err = build(context.Background()); err != nil {
		cleanup()
		return "", nil, nothing, err
	}
	return src, build, cleanup, nil
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

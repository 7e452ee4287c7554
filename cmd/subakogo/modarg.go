package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
)

// moduleArg resolves what call and size take as the module: a .wasm file,
// a package directory (its module.wasm), or a Go main package (a
// directory without module.wasm, or an import path), built for wasip1
// into a temporary directory that cleanup removes. goPkg is the Go
// package built, "" for none. A build that fails is said on stderr, with
// code the exit code (exitFindings; exitUnreadable for a package with a
// file the go command would block on, input.GoSources); else code is
// exitOK.
func moduleArg(ctx context.Context, cmd, arg string, stderr io.Writer) (wasmPath, goPkg string, cleanup func(), code int) {
	wasmPath, cleanup = arg, func() {}
	if fi, err := os.Stat(arg); err == nil && fi.IsDir() {
		if _, err := os.Stat(filepath.Join(arg, pkgcheck.ModuleName)); err == nil {
			return filepath.Join(arg, pkgcheck.ModuleName), "", cleanup, exitOK
		}
		goPkg = arg
		if !filepath.IsAbs(goPkg) && !strings.HasPrefix(goPkg, ".") {
			goPkg = "./" + goPkg // a directory, not an import path
		}
	} else if err != nil && arg != "-" && !strings.HasSuffix(arg, ".wasm") {
		goPkg = arg
	}
	if goPkg == "" {
		return wasmPath, "", cleanup, exitOK
	}
	tmp, err := os.MkdirTemp("", "subakogo-"+cmd+"-")
	if err != nil {
		fmt.Fprintf(stderr, "subakogo %s: %v\n", cmd, err)
		return "", "", cleanup, exitUnreadable
	}
	cleanup = func() { os.RemoveAll(tmp) }
	wasmPath = filepath.Join(tmp, pkgcheck.ModuleName)
	fmt.Fprintf(stderr, "subakogo %s: building %s for wasip1 (go build, as check does)...\n", cmd, goPkg)
	var out bytes.Buffer
	if err := gobuild.Wasm(ctx, "", goPkg, wasmPath, &out); err != nil {
		fmt.Fprintf(stderr, "subakogo %s: go build %s: %v\n%s", cmd, goPkg, err, out.Bytes())
		cleanup()
		if errors.As(err, new(*input.SpecialSourceError)) || errors.As(err, new(*input.GoStalledError)) || ctx.Err() != nil {
			return "", "", func() {}, exitUnreadable
		}
		return "", "", func() {}, exitFindings
	}
	return wasmPath, goPkg, cleanup, exitOK
}

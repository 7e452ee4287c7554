// Package pkgdir writes the package directory Subako takes (module.wasm,
// subako-package.json, assets/) for a Go package: what pack writes and
// what serve, and serve --watch on every change, serve.
package pkgdir

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/subako-ai/subako-go/internal/check/manifestcheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/pipeline/progress"
)

// Build writes module.wasm, subako-package.json (what the package's
// native build prints for --subako-manifest) and assets/ (a copy of the
// folder assets, checked by pkgcheck.CheckAssets; "" for none) for the Go
// package pkg into dir: the package directory Subako takes. The go
// command's output goes to stderr; each build runs under progress, which
// may say what it does when it takes a while.
func Build(pkg, assets, dir string, stderr io.Writer, progress progress.Reporter) error {
	build := func(what string, b func(dir, pkg, out string, output io.Writer) error, out string) (err error) {
		progress.Run(what, func() { err = b("", pkg, out, stderr) })
		return err
	}
	if err := build(gobuild.Slow(pkg),
		gobuild.Wasm, filepath.Join(dir, pkgcheck.ModuleName)); err != nil {
		return fmt.Errorf("go build for wasip1: %w", err)
	}
	bin := filepath.Join(dir, "native.bin")
	if err := build("building "+pkg+" for this machine, to ask it for its manifest", gobuild.Native, bin); err != nil {
		return fmt.Errorf("go build for this machine: %w", err)
	}
	defer os.Remove(bin)
	var manifest bytes.Buffer
	cmd := exec.Command(bin, "--subako-manifest")
	cmd.Stdout, cmd.Stderr = &manifest, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s --subako-manifest: %w (does the package serve with the subako runtime?)", pkg, err)
	}
	if err := os.WriteFile(filepath.Join(dir, manifestcheck.FileName), manifest.Bytes(), 0o644); err != nil {
		return err
	}
	if assets != "" {
		// A link added since the check is copied as a link, and the lint of
		// the staging directory refuses it.
		return os.CopyFS(filepath.Join(dir, pkgcheck.AssetsDir), os.DirFS(assets))
	}
	return nil
}

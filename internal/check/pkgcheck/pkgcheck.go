// Package pkgcheck judges a whole package the way Subako does at upload:
// the module's binary, the manifest, and what the module answers when it
// is run for discovery (the protocol and the tool list).
package pkgcheck

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/subako-ai/subako-go/internal/check/manifestcheck"
	"github.com/subako-ai/subako-go/internal/check/modulecheck"
	"github.com/subako-ai/subako-go/internal/check/protocolcheck"
	"github.com/subako-ai/subako-go/internal/check/toolcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
)

// The files of a package directory. Subako mounts the assets folder's
// content at /package.
const (
	ModuleName = "module.wasm"
	AssetsDir  = "assets"
)

// Options configure a Checker, once, at New.
type Options struct {
	// Host configures the checker's host (the compilation cache, the
	// engine, the backstop).
	Host host.Options
	// Probes, when set, runs the call probes (package probe) on a module
	// whose discovery passed (no errors at all, tools listed), with the
	// package's assets mounted and the module's bytes as judged (the
	// checker sets Assets and Wasm). nil runs none. New copies it.
	Probes *probe.Options
	// Discovered, when set, hears of a judgement whose discovery passed,
	// before the probes run on it (serve lists the tools meanwhile): its
	// Wasm, Module, Discovery, Manifest and Assets are set, its Files and
	// Probes not yet complete.
	Discovered func(*Result)
}

// Checker judges packages and modules on one host, started on first use.
type Checker struct {
	opt  Options
	host *host.Host
}

// New returns a checker configured by opt.
func New(opt Options) *Checker {
	if opt.Probes != nil {
		probes := *opt.Probes
		opt.Probes = &probes
	}
	return &Checker{opt: opt}
}

// Result is one judgement: the report, and what was judged. A caller
// that runs, serves, packs or compares the package uses these values and
// never reads its files again: a build may have replaced them since.
type Result struct {
	// Files is the report. Dir gives module.wasm, subako-package.json,
	// and assets/ when it has findings; Module gives the module alone,
	// under the name it was given and without a hash (a text report has
	// no use for one).
	Files []report.File
	// Wasm is the module's bytes compiled into Module and run for
	// discovery (and the probes); nil when the module was not run. The
	// host may read them while it compiles: they must not change.
	Wasm []byte
	// Module is Wasm compiled on the checker's host (Host): what the
	// discovery and the probes ran; nil when the module was not run.
	Module *host.Module
	// Discovery is the upload discovery run on Module; nil when the
	// module was not run.
	Discovery *host.Discovery
	// Probes is what the call probes found; nil when they did not run.
	Probes *probe.Result
	// Manifest is subako-package.json's bytes as judged; nil for Module,
	// or when there was none to read.
	Manifest []byte
	// Assets is the folder mounted at /package for discovery and the
	// probes: "" for none, or when assets/ has findings (CheckAssets).
	Assets string
}

// Host is the checker's host, started on first use, for callers that run
// more than discovery on the same module (its compilation is reused).
func (c *Checker) Host(ctx context.Context) (*host.Host, error) {
	if c.host == nil {
		h, err := host.New(ctx, c.opt.Host)
		if err != nil {
			return nil, err
		}
		c.host = h
	}
	return c.host, nil
}

// Close stops the host, if one was started.
func (c *Checker) Close(ctx context.Context) error {
	if c.host == nil {
		return nil
	}
	return c.host.Close(ctx)
}

// Module judges a module's bytes, named name in the report. With
// discover it also runs upload discovery (when the binary has no errors:
// a module Subako refuses is not run) and judges the protocol and the
// tools, then runs the probes when the checker has them. assets is the
// directory mounted at /package, "" for none. The bytes run are a copy
// (Result.Wasm), so wasm may be a memory-mapped file released afterwards.
func (c *Checker) Module(ctx context.Context, name string, wasm []byte, assets string, discover bool) (*Result, error) {
	r := &Result{Files: []report.File{{Path: name, Size: int64(len(wasm)), MIMEType: "application/wasm"}}, Assets: assets}
	if err := c.judge(ctx, r, wasm, false, discover); err != nil {
		return nil, err
	}
	return r, nil
}

// NotJudgedError is a module read whole but not judged: the host could not
// start or set up its runs, the machine was too busy (a host.StalledError),
// or the probes' budget left no verdict. Its message is its cause's; a
// report says "not judged", never that the file "cannot be read" (attack
// pass 44e, row 4).
type NotJudgedError struct{ Err error }

func (e *NotJudgedError) Error() string { return e.Err.Error() }

func (e *NotJudgedError) Unwrap() error { return e.Err }

// judge judges wasm into r.Files[0] and, when it is run, sets what ran;
// an error it answers is a *NotJudgedError.
func (c *Checker) judge(ctx context.Context, r *Result, wasm []byte, owned, discover bool) error {
	if err := c.judgeModule(ctx, r, wasm, owned, discover); err != nil {
		return &NotJudgedError{Err: err}
	}
	return nil
}

// judgeModule is judge.
// A module to run is copied first, unless owned says wasm is the
// checker's already, so the bytes checked are the bytes run.
func (c *Checker) judgeModule(ctx context.Context, r *Result, wasm []byte, owned, discover bool) error {
	if discover && !owned {
		wasm = bytes.Clone(wasm)
	}
	_, findings := modulecheck.Check(wasm)
	defer func() { r.Files[0].Findings, r.Files[0].Waived = splitWaived(findings) }()
	if !discover || hasError(findings) {
		return nil
	}
	h, err := c.Host(ctx)
	if err != nil {
		return err
	}
	// Compiling is limited in CPU time (host.CompileLimit), discovery in
	// the module's own time (Subako's 10 s): neither depends on this
	// machine's load, which shows only as a host.StalledError. A module
	// interpreted first (EngineAuto, a cold cache) is judged on its
	// compilation all the same: one that fails in the background is the
	// finding it is under EngineCompiler.
	m, err := h.Compile(ctx, wasm)
	if err == nil {
		err = m.Compiled(ctx)
	}
	var late *host.CompileTimeoutError
	var stalled *host.StalledError
	switch {
	case errors.As(err, &late):
		findings = append(findings, rules.Finding{Rule: rules.ProtocolTimeout, Offset: -1, Message: err.Error() +
			" (a module this costly to compile is far from what toolchains emit)"})
		return nil
	case errors.As(err, &stalled), ctx.Err() != nil:
		return err // the machine's condition or the caller's, not the module's
	case err != nil:
		findings = append(findings, rules.Finding{Rule: rules.ProtocolTrap, Message: "the host could not compile the module: " + err.Error(), Offset: -1})
		return nil //nolint:nilerr // a module the host cannot compile is a finding, not a failure of the linter
	}
	d := h.Discover(ctx, m, r.Assets)
	switch {
	case d.Err != nil:
		return d.Err // the host's failure, not the module's
	case d.Record.Stalled:
		return d.Record.StalledError("upload discovery")
	case d.Record.Interrupted:
		return fmt.Errorf("upload discovery was interrupted: %w", context.Cause(ctx))
	}
	r.Wasm, r.Module, r.Discovery = wasm, m, d
	findings = append(findings, protocolcheck.Check(d)...)
	switch {
	case d.Stopped == nil:
		findings = append(findings, toolcheck.Check(d.Tools)...)
		findings = append(findings, toolcheck.Server(d.Discover, d.Tools)...)
	case d.Stopped.Kind == host.StopBadToolList:
		findings = append(findings, toolcheck.NotAList("at upload discovery: "+d.Stopped.Detail))
	}
	// The probes only once discovery passes: a package Subako refuses
	// would never be called.
	if c.opt.Probes == nil || d.Stopped != nil || len(d.Tools) == 0 || hasError(findings) {
		return nil
	}
	if c.opt.Discovered != nil {
		c.opt.Discovered(r)
	}
	opt := *c.opt.Probes
	opt.Assets = r.Assets
	opt.Wasm = wasm
	r.Probes = probe.Run(ctx, h, m, d.Tools, opt)
	findings = append(findings, r.Probes.Findings...)
	if r.Probes.Err != nil {
		return fmt.Errorf("the probes: %w", r.Probes.Err) // the host's failure, not the module's
	}
	var budget *probe.BudgetError
	switch {
	case errors.As(r.Probes.NotJudged, &budget):
		// The budget left runs out and those made found no error: which
		// runs fit can move with the module's own time, so a clean
		// record is no verdict (an error found stands, and is not this).
		return budget
	case r.Probes.NotJudged != nil:
		// The machine's condition (or the caller's): what the probes
		// found is not what a quiet machine finds, so no verdict.
		return fmt.Errorf("the probes: %w", r.Probes.NotJudged)
	}
	return nil
}

// Dir judges a package directory: assets/ (CheckAssets), module.wasm
// with discovery, and subako-package.json, each file read once through
// the input reader (nothing is followed, nothing special opened). The
// result holds one report file for each, and the bytes judged.
func (c *Checker) Dir(ctx context.Context, dir string, discover bool) (*Result, error) {
	modPath := filepath.Join(dir, ModuleName)
	manPath := filepath.Join(dir, manifestcheck.FileName)
	r := &Result{Files: []report.File{{Path: modPath, Size: -1, MIMEType: "application/wasm"}, {Path: manPath, Size: -1, MIMEType: "application/json"}}}
	var assetFindings []rules.Finding
	var err error
	if r.Assets, assetFindings, err = CheckAssets(dir); err != nil {
		return nil, err
	}
	// Both files are read before the module runs, so the judgement and
	// the hook that hears of its discovery see the same manifest.
	man, manFound, err := readPackageFile(manPath, input.MaxManifest, rules.ManifestMissing, dir)
	if err != nil {
		return nil, err
	}
	wasm, found, err := readPackageFile(modPath, input.MaxModule, rules.PackageModuleMissing, dir)
	if err != nil {
		return nil, err
	}
	if man != nil {
		r.Manifest = man.Data
	}
	if wasm == nil {
		r.Files[0].Findings = found
	} else {
		r.Files[0].Size = int64(len(wasm.Data))
		r.Files[0].SHA256 = sha256Hex(wasm.Data)
		if err := c.judge(ctx, r, wasm.Data, true, discover); err != nil { // read, not mapped: the checker's own
			return nil, err
		}
	}
	if man == nil {
		r.Files[1].Findings = manFound
	} else {
		r.Files[1].Size = int64(len(man.Data))
		r.Files[1].SHA256 = sha256Hex(man.Data)
		var m *manifestcheck.Manifest
		m, r.Files[1].Findings = manifestcheck.Check(man.Data)
		if m != nil && r.Discovery != nil {
			r.Files[1].Findings = append(r.Files[1].Findings, manifestcheck.SameAsServer(m, r.Discovery.Discover)...)
		}
	}
	if len(assetFindings) > 0 {
		r.Files = append(r.Files, report.File{Path: filepath.Join(dir, AssetsDir), Size: -1, MIMEType: "inode/directory", Findings: assetFindings})
	}
	return r, nil
}

// splitWaived parts the findings the package waived for itself (with a
// Waiver) from the others, for report.File.
func splitWaived(fs []rules.Finding) (kept, waived []rules.Finding) {
	for _, f := range fs {
		if f.Waiver != "" {
			waived = append(waived, f)
		} else {
			kept = append(kept, f)
		}
	}
	return kept, waived
}

func hasError(fs []rules.Finding) bool {
	for _, f := range fs {
		if f.Severity() == rules.Error {
			return true
		}
	}
	return false
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

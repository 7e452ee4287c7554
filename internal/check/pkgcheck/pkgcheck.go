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

// Checker runs discoveries on one host, started on first use.
type Checker struct {
	opt  host.Options
	host *host.Host
	// Probes, when set, runs the call probes (package probe) on a module
	// whose discovery passed (no errors at all, tools listed), with the
	// package's assets mounted. nil runs none.
	Probes *probe.Options
	// Discovered, when set, hears of a discovery that passed before the
	// probes run on it (serve lists the tools meanwhile).
	Discovered func(*host.Discovery)
	// Probed, when set, hears of the probes' result (lint reports the
	// search's coverage).
	Probed func(*probe.Result)
}

// New returns a checker; opt configures its host (the compilation cache).
func New(opt host.Options) *Checker { return &Checker{opt: opt} }

// Host is the checker's host, started on first use, for callers that run
// more than discovery on the same module (its compilation is reused).
func (c *Checker) Host(ctx context.Context) (*host.Host, error) {
	if c.host == nil {
		h, err := host.New(ctx, c.opt)
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

// Module judges a module's bytes. With discover it also runs upload
// discovery (when the binary has no errors: a module Subako refuses is not
// run) and judges the protocol and the tools. assets is the directory
// mounted at /package, "" for none. wasm is copied before it is run, so a
// memory-mapped file may be released afterwards.
func (c *Checker) Module(ctx context.Context, wasm []byte, assets string, discover bool) ([]rules.Finding, *host.Discovery, error) {
	_, findings := modulecheck.Check(wasm)
	if !discover {
		return findings, nil, nil
	}
	if hasError(findings) {
		return findings, nil, nil
	}
	h, err := c.Host(ctx)
	if err != nil {
		return findings, nil, err
	}
	// Compiling is limited in CPU time (host.CompileLimit), discovery in
	// the module's own time (Subako's 10 s): neither depends on this
	// machine's load, which shows only as a host.StalledError.
	m, err := h.Compile(ctx, bytes.Clone(wasm))
	var late *host.CompileTimeoutError
	var stalled *host.StalledError
	switch {
	case errors.As(err, &late):
		findings = append(findings, rules.Finding{Rule: rules.ProtocolTimeout, Offset: -1, Message: err.Error() +
			" (a module this costly to compile is far from what toolchains emit)"})
		return findings, nil, nil
	case errors.As(err, &stalled), ctx.Err() != nil:
		return findings, nil, err // the machine's condition or the caller's, not the module's
	case err != nil:
		findings = append(findings, rules.Finding{Rule: rules.ProtocolTrap, Message: "the host could not compile the module: " + err.Error(), Offset: -1})
		return findings, nil, nil //nolint:nilerr // a module the host cannot compile is a finding, not a failure of the linter
	}
	d := h.Discover(ctx, m, assets)
	switch {
	case d.Err != nil:
		return findings, nil, d.Err // the host's failure, not the module's
	case d.Record.Stalled:
		return findings, nil, d.Record.StalledError("upload discovery")
	case d.Record.Interrupted:
		return findings, nil, fmt.Errorf("upload discovery was interrupted: %w", context.Cause(ctx))
	}
	findings = append(findings, protocolcheck.Check(d)...)
	switch {
	case d.Stopped == nil:
		findings = append(findings, toolcheck.Check(d.Tools)...)
	case d.Stopped.Kind == host.StopBadToolList:
		findings = append(findings, toolcheck.NotAList("at upload discovery: "+d.Stopped.Detail))
	}
	// The probes only once discovery passes: a package Subako refuses
	// would never be called.
	if c.Probes != nil && d.Stopped == nil && len(d.Tools) > 0 && !hasError(findings) {
		if c.Discovered != nil {
			c.Discovered(d)
		}
		opt := *c.Probes
		opt.Assets = assets
		opt.Wasm = wasm
		res := probe.Run(ctx, h, m, d.Tools, opt)
		if c.Probed != nil {
			c.Probed(res)
		}
		findings = append(findings, res.Findings...)
		if res.Err != nil {
			return findings, d, fmt.Errorf("the probes: %w", res.Err) // the host's failure, not the module's
		}
		if res.NotJudged != nil {
			// The machine's condition (or the caller's): what the probes
			// found is not what a quiet machine finds, so no verdict.
			return findings, d, fmt.Errorf("the probes: %w", res.NotJudged)
		}
	}
	return findings, d, nil
}

// Dir judges a package directory: module.wasm with discovery,
// subako-package.json, and assets/ when it holds what must not be
// mounted. It returns one report file for each. Every file is read
// through the input reader: nothing is followed, nothing special opened.
func (c *Checker) Dir(ctx context.Context, dir string, discover bool) ([]report.File, error) {
	files, _, err := c.DirDiscovery(ctx, dir, discover)
	return files, err
}

// DirDiscovery is Dir that also returns the discovery run it judged (nil
// when the module was not run), for callers that serve what it found.
func (c *Checker) DirDiscovery(ctx context.Context, dir string, discover bool) ([]report.File, *host.Discovery, error) {
	modPath := filepath.Join(dir, ModuleName)
	manPath := filepath.Join(dir, manifestcheck.FileName)
	files := []report.File{{Path: modPath, Size: -1, MIMEType: "application/wasm"}, {Path: manPath, Size: -1, MIMEType: "application/json"}}
	assets, assetFindings, err := CheckAssets(dir)
	if err != nil {
		return nil, nil, err
	}
	var d *host.Discovery
	wasm, found, err := readPackageFile(modPath, input.MaxModule, rules.PackageModuleMissing, dir)
	switch {
	case err != nil:
		return nil, nil, err
	case wasm == nil:
		files[0].Findings = found
	default:
		files[0].Size = int64(len(wasm.Data))
		files[0].SHA256 = sha256Hex(wasm.Data)
		if files[0].Findings, d, err = c.Module(ctx, wasm.Data, assets, discover); err != nil {
			return nil, nil, err
		}
	}
	man, found, err := readPackageFile(manPath, input.MaxManifest, rules.ManifestMissing, dir)
	switch {
	case err != nil:
		return nil, nil, err
	case man == nil:
		files[1].Findings = found
	default:
		files[1].Size = int64(len(man.Data))
		files[1].SHA256 = sha256Hex(man.Data)
		var m *manifestcheck.Manifest
		m, files[1].Findings = manifestcheck.Check(man.Data)
		if m != nil && d != nil {
			files[1].Findings = append(files[1].Findings, manifestcheck.SameAsServer(m, d.Discover)...)
		}
	}
	if len(assetFindings) > 0 {
		files = append(files, report.File{Path: filepath.Join(dir, AssetsDir), Size: -1, MIMEType: "inode/directory", Findings: assetFindings})
	}
	return files, d, nil
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

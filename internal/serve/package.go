package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/subako-ai/subako-go/internal/check/manifestcheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// Package is one version of what serve offers: the module lint judged,
// as it compiled it, and the tools its one discovery run listed.
type Package struct {
	Path   string // the package directory or module file it was loaded from
	assets string // mounted at /package, "" for none
	module *host.Module
	sha256 string // hex, of the module's bytes: the ones lint judged and module runs
	sum    [sha256.Size]byte
	// calls counts the calls holding the package (Server.holdPackage),
	// retired says another replaced it: both under Server.pkgMu.
	calls   int
	retired bool
	// loading says Load returned it and Use has not taken it yet
	// (Server.loading), under Server.pkgMu.
	loading bool
	tools   []json.RawMessage
	byName  map[string]int
	// serverInfo is the Implementation serve presents: the module's own
	// serverInfo when it gave one, else the manifest's or file's name.
	serverInfo   *mcp.Implementation
	instructions string
	// Errors and Warnings count lint's findings.
	Errors, Warnings int
	// pending marks a list given while the package is built: none, or its
	// source's (Preview). Such a package has no module: it is never run.
	pending bool
}

// ErrRefused is returned by Load for a package with lint errors, unless
// Options.Force is set.
var ErrRefused = errors.New("the package has lint errors")

// Tools returns the names of the package's tools, in order.
func (p *Package) Tools() []string {
	names := make([]string, len(p.tools))
	for n, i := range p.byName {
		names[i] = n
	}
	return names
}

// Load lints a package directory or module file as lint does, with one
// discovery run, and serves what lint judged: the module compiled from
// the bytes it read, with the tools that module listed and the manifest
// it read. No file is read twice, so a build that replaces one meanwhile
// (--watch) is never served half. Findings go to the log; with errors it
// returns ErrRefused unless Options.Force is set.
func (s *Server) Load(ctx context.Context, path string) (*Package, error) {
	returned := false
	s.pkgMu.Lock()
	s.loading++
	s.pkgMu.Unlock()
	defer func() {
		if !returned { // else Use takes the count over
			s.pkgMu.Lock()
			s.loading--
			s.pkgMu.Unlock()
		}
	}()
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	// Clients hear what this load finds, no longer what the last one did.
	s.beginLog()
	p := &Package{Path: path}
	s.load.path = path // for discovered
	var judged *pkgcheck.Result
	if fi.IsDir() {
		if judged, err = s.checker.Dir(ctx, path, true); err != nil {
			return nil, err
		}
	} else {
		wasm, err := readModule(ctx, path)
		if err != nil {
			return nil, err
		}
		if judged, err = s.checker.Module(ctx, path, wasm, "", true); err != nil {
			return nil, err
		}
	}
	if s.judged != nil {
		s.judged(judged)
	}
	files, d := judged.Files, judged.Discovery
	textErrors := 0
	if d != nil && d.Stopped == nil {
		textErrors = withToolText(files, d.Discover, d.Tools)
	}
	for _, f := range files {
		for _, fd := range f.Findings {
			switch fd.Severity() {
			case rules.Error:
				p.Errors++
			case rules.Warning:
				p.Warnings++
			}
		}
	}
	if p.Errors+p.Warnings > 0 || hasFindings(files) {
		// The log (a terminal) gets the report escaped; clients get it
		// intact, in a notification that is JSON.
		var b, verbatim bytes.Buffer
		_ = report.Write(&b, report.Text, files, report.Options{ToolName: "subakogo", Rules: rules.Catalog})
		_ = report.Write(&verbatim, report.Text, files, report.Options{ToolName: "subakogo", Rules: rules.Catalog, Verbatim: true})
		s.log.block(b.String())
		level := "info" // the report's worst finding
		switch {
		case p.Errors > 0:
			level = "error"
		case p.Warnings > 0:
			level = "warning"
		}
		s.logToClients(level, verbatim.String())
	}
	if judged.Module != nil {
		// Until returned, nothing runs what this load compiled: a load
		// refused, or that fails below, lets it go unless a package
		// served runs the same bytes (attack pass
		// 42n, row 7).
		sum := sha256.Sum256(judged.Wasm)
		defer func() {
			if !returned {
				s.refused(sum)
			}
		}()
	}
	if p.Errors > 0 && !s.opt.Force {
		why := textutil.Plural(p.Errors, "error")
		if textErrors > 0 {
			why += fmt.Sprintf(", %d in its tool text, which clients show the model and the user verbatim", textErrors)
		}
		return nil, fmt.Errorf("%s: %w (%s; --force serves it anyway)", path, ErrRefused, why)
	}
	if d == nil {
		return nil, fmt.Errorf("%s: the module was not run for discovery (its binary has errors)", path)
	}
	p.assets, p.module, p.sha256, p.sum = judged.Assets, judged.Module, sha256Hex(judged.Wasm), sha256.Sum256(judged.Wasm)
	returned, p.loading = true, true
	p.setTools(d.Tools)
	p.describe(d.Discover, judged.Manifest, path)
	return p, nil
}

// setTools keeps the first tool of each name that has one.
func (p *Package) setTools(tools []json.RawMessage) {
	p.byName = map[string]int{}
	for _, t := range tools {
		var head struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(t, &head) != nil || head.Name == "" {
			continue
		}
		if _, dup := p.byName[head.Name]; dup {
			continue
		}
		p.byName[head.Name] = len(p.tools)
		p.tools = append(p.tools, t)
	}
}

// describe sets the identity serve presents, from the module's own
// serverInfo, else the manifest's name (manifest is nil for a module
// file), else the file's.
func (p *Package) describe(discover json.RawMessage, manifest []byte, path string) {
	// A member that is not a string is left out, as json.Unmarshal leaves
	// it zero and reads on.
	var res struct {
		Instructions string         `json:"instructions"`
		Meta         mcp.ResultMeta `json:"_meta"`
	}
	_ = json.Unmarshal(discover, &res)
	p.instructions = res.Instructions
	info := mcp.Implementation{}
	if res.Meta.ServerInfo != nil {
		info = *res.Meta.ServerInfo
	}
	if info.Name == "" && manifest != nil {
		if m, ok := manifestcheck.Read(manifest); ok && m.Name != "" { // its exact keys, as lint reads them
			info.Name = m.Name
			if info.Description == "" {
				info.Description = m.Description
			}
		}
	}
	if info.Name == "" {
		info.Name = strings.TrimSuffix(filepath.Base(path), ".wasm")
	}
	if info.Version == "" {
		info.Version = "0.0.0"
	}
	p.serverInfo = &info
}

func hasFindings(files []report.File) bool {
	for _, f := range files {
		if len(f.Findings) > 0 {
			return true
		}
	}
	return false
}

// readModule reads a module file through the one input reader: a
// regular file of at most input.MaxModule, so no device can stream and no
// FIFO hang. It was named on the command line, so it may be a symbolic
// link to one; "-" is a file of that name, as standard input is serve's
// own channel. The read ends when ctx does.
func readModule(ctx context.Context, path string) ([]byte, error) {
	var f *input.File
	var err error
	if path == "-" {
		f, err = input.Read(path, input.MaxModule)
	} else {
		f, err = input.ReadArg(ctx, path, input.MaxModule) // into memory: the checker copies what it runs
	}
	if err != nil {
		return nil, err
	}
	return f.Data, nil
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

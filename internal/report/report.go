// Package report renders lint results for three readers: Text for a person
// at a terminal, JSON as a stable contract for CI scripts, and SARIF 2.1.0
// for code-scanning services (GitHub and others). It only formats: it knows
// rules and findings, not WebAssembly.
package report

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

// File is the result for one linted input.
type File struct {
	Path     string          // as given on the command line
	Size     int64           // bytes, -1 if unknown (unreadable)
	SHA256   string          // hex, "" if unknown
	MIMEType string          // e.g. "application/wasm"; "" to omit
	Findings []rules.Finding // in the order found; renderers sort stably by offset then rule ID
	Error    string          // why the file could not be read or checked; "" when it was
	// NotJudged says that Error is why the file was not judged (the host
	// or the machine; in check, a module whose build failed), not why it
	// could not be read.
	NotJudged bool
	// Waived are the findings the package waived for itself, each with
	// its Waiver: listed after the others, never counted.
	Waived []rules.Finding
	// Coverage is what the call probes' search reached in the module
	// (--probes=deep); nil when it did not run.
	Coverage *Coverage
	// ProbesWallStart is where the call probes' runs started the module's
	// wall clock (lint --wall-start makes them again); zero when no probe
	// ran.
	ProbesWallStart time.Time
}

// Coverage is how much of a module the call probes' search reached, so an
// author sees what no probe exercised.
type Coverage struct {
	Reached   int // functions some run of the search entered
	Functions int // functions the module defines
	Runs      int // the search's runs
	Kept      int // cases kept for reaching new functions
}

// Format names an output format, as the -format flag spells it.
type Format string

// The supported formats.
const (
	Text  Format = "text"
	JSON  Format = "json"
	SARIF Format = "sarif"
)

// ParseFormat reads a -format flag value (case-insensitive), so that a typo
// fails before any file is linted rather than after.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case Text, JSON, SARIF:
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q (want text, json or sarif)", s)
}

// Options carry what the renderers need besides the files.
type Options struct {
	ToolName string        // "subakogo"
	Version  string        // the tool's version, e.g. "v0.3.1" or "(devel)"
	Rules    []*rules.Rule // catalog to list in SARIF
	Color    bool          // text only: ANSI colours when writing to a terminal
	// Verbatim, text only, writes what a module wrote as it is, for a
	// channel that is not a terminal and keeps text intact (a log
	// notification, which is JSON); by default it is escaped.
	Verbatim bool
}

// Write renders files in format f to w. Findings are sorted stably by offset,
// line and column (text files have lines, binaries offsets), then rule ID,
// so the output does not depend on the order checks ran in;
// the callers' slices are left untouched. The whole report is rendered
// before the one write to w, so a failing writer never gets half a document.
func Write(w io.Writer, f Format, files []File, opt Options) error {
	files = slices.Clone(files)
	for i := range files {
		files[i].Findings = sorted(files[i].Findings)
		files[i].Waived = sorted(files[i].Waived)
	}
	var b bytes.Buffer
	var err error
	switch f {
	case Text:
		writeText(&b, files, opt)
	case JSON:
		err = writeJSON(&b, files)
	case SARIF:
		err = writeSARIF(&b, files, opt)
	default:
		return fmt.Errorf("unknown format %q", f)
	}
	if err != nil {
		return err
	}
	out := b.Bytes()
	if f != Text {
		// JSON and SARIF go to standard output, a terminal unless
		// redirected: a C1 control, a bidi override or an invisible
		// character a module wrote is written as JSON's \u escape,
		// which decodes to the same text (attack pass 48b, row 2:
		// encoding/json writes them raw).
		out = termsafe.JSON(out)
	}
	_, err = w.Write(out)
	return err
}

// sorted is a sorted copy of findings.
func sorted(findings []rules.Finding) []rules.Finding {
	findings = slices.Clone(findings)
	slices.SortStableFunc(findings, func(a, b rules.Finding) int {
		return cmp.Or(cmp.Compare(a.Offset, b.Offset), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column),
			strings.Compare(a.Rule.ID, b.Rule.ID))
	})
	return findings
}

// waived is how many findings the packages waived for themselves.
func waived(files []File) int {
	n := 0
	for _, f := range files {
		n += len(f.Waived)
	}
	return n
}

// counts holds the number of findings per severity, indexed by rules.Severity.
type counts [rules.Error + 1]int

func count(files []File) counts {
	var n counts
	for _, f := range files {
		for _, fd := range f.Findings {
			n[fd.Severity()]++
		}
	}
	return n
}

// unjudgedCause begins the line that says why a file with an Error has no
// findings, in every format.
func unjudgedCause(f File) string {
	if f.NotJudged {
		return "not judged: "
	}
	return "cannot be read: "
}

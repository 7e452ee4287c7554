package report

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/subako-ai/subako-go/internal/rules"
)

// The JSON document is a contract for CI scripts: fields are only ever added.
// Structs (not maps) keep the field order stable; pointers give explicit
// nulls, so a consumer can tell "no offset" from offset 0.
type jsonReport struct {
	Files   []jsonFile  `json:"files"`
	Summary jsonSummary `json:"summary"`
}

type jsonFile struct {
	Path     string        `json:"path"`
	Size     *int64        `json:"size"`   // null when unknown
	SHA256   *string       `json:"sha256"` // null when unknown
	Findings []jsonFinding `json:"findings"`
	Error    *string       `json:"error,omitempty"` // the file could not be read or checked
	// NotJudged: Error says why the file, read, was not judged (the
	// host or the machine, exit 3), not why it could not be read.
	NotJudged bool          `json:"notJudged,omitempty"`
	Coverage  *jsonCoverage `json:"coverage,omitempty"` // the probes' search (--probes=deep)
	// ProbesWallStart is where the call probes started the module's
	// wall clock, RFC 3339 (lint --wall-start takes it back).
	ProbesWallStart string `json:"probesWallStart,omitempty"`
	// Waived are the findings the package waived for itself, each with
	// its waiver: never counted in the summary.
	Waived []jsonFinding `json:"waived,omitempty"`
}

type jsonCoverage struct {
	ReachedFunctions int `json:"reachedFunctions"`
	Functions        int `json:"functions"`
	SearchRuns       int `json:"searchRuns"`
	KeptCases        int `json:"keptCases"`
}

type jsonFinding struct {
	Rule     string  `json:"rule"`
	Slug     string  `json:"slug"`
	Severity string  `json:"severity"`
	Message  string  `json:"message"`
	Offset   *int    `json:"offset"`
	Length   *int    `json:"length"`           // null with offset
	Line     *int    `json:"line,omitempty"`   // text files only
	Column   *int    `json:"column,omitempty"` // with line
	Function *string `json:"function"`
	Feature  *string `json:"feature"`
	Tool     *string `json:"tool,omitempty"`    // a change between tool lists: the tool
	Pointer  *string `json:"pointer,omitempty"` // and the member's JSON pointer inside it
	Waiver   *string `json:"waiver,omitempty"`  // why the package waived it, in Waived
}

type jsonSummary struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Info    int `json:"info"`
}

func writeJSON(b *bytes.Buffer, files []File) error {
	doc := jsonReport{Files: make([]jsonFile, 0, len(files))}
	for _, f := range files {
		jf := jsonFile{Path: f.Path, SHA256: nonEmpty(f.SHA256), Findings: make([]jsonFinding, 0, len(f.Findings)), Error: nonEmpty(f.Error), NotJudged: f.NotJudged}
		if f.Size >= 0 {
			jf.Size = &f.Size
		}
		if !f.ProbesWallStart.IsZero() {
			jf.ProbesWallStart = f.ProbesWallStart.UTC().Format(time.RFC3339Nano)
		}
		if c := f.Coverage; c != nil {
			jf.Coverage = &jsonCoverage{ReachedFunctions: c.Reached, Functions: c.Functions, SearchRuns: c.Runs, KeptCases: c.Kept}
		}
		for _, fd := range f.Findings {
			jf.Findings = append(jf.Findings, jsonFindingOf(fd))
		}
		for _, fd := range f.Waived {
			jf.Waived = append(jf.Waived, jsonFindingOf(fd))
		}
		doc.Files = append(doc.Files, jf)
	}
	n := count(files)
	doc.Summary = jsonSummary{Error: n[rules.Error], Warning: n[rules.Warning], Info: n[rules.Info]}
	return encode(b, doc)
}

func jsonFindingOf(fd rules.Finding) jsonFinding {
	jd := jsonFinding{Rule: fd.Rule.ID, Slug: fd.Rule.Slug, Severity: fd.Severity().String(),
		Message: fd.Message, Function: nonEmpty(fd.Function), Feature: nonEmpty(fd.Feature),
		Tool: nonEmpty(fd.Tool), Pointer: nonEmpty(fd.Pointer), Waiver: nonEmpty(fd.Waiver)}
	if fd.Offset >= 0 {
		jd.Offset, jd.Length = &fd.Offset, &fd.Length
	}
	if fd.Line > 0 {
		line, col := fd.Line, max(fd.Column, 1)
		jd.Line, jd.Column = &line, &col
	}
	return jd
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// encode writes two-space-indented JSON with a trailing newline. HTML
// escaping is off: messages such as "[] -> []" should read as written.
func encode(b *bytes.Buffer, v any) error {
	e := json.NewEncoder(b)
	e.SetEscapeHTML(false)
	e.SetIndent("", "  ")
	return e.Encode(v)
}

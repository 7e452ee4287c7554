// Package rules is the rule catalog: every finding subakogo can report,
// with a stable ID, a slug, a severity, its documentation and the part of
// subakogo that reports it, and the finding type the checks return. The
// checks themselves live in packages named for what they check
// (modulecheck, manifestcheck, toolcheck, protocolcheck, callcheck, the
// analyzers); rules imports nothing outside the standard library, so the
// analyzer and the golangci-lint plugin stay light.
package rules

import (
	"fmt"
	"strings"
)

// Severity says how bad a finding is for an upload.
type Severity int

const (
	// Info is worth knowing and costs nothing to ignore.
	Info Severity = iota
	// Warning will hurt: a client or model suffers, or the module is heavier than it needs to be.
	Warning
	// Error means Subako refuses the upload or the call crashes.
	Error
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	default:
		return "info"
	}
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "error":
		return Error, nil
	case "warning":
		return Warning, nil
	case "info":
		return Info, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// Rule is one entry of the catalog. IDs and slugs are stable: tools and
// suppressions refer to them. The documentation is structured so that
// explain, SARIF and docs/rules.md each render it their own way.
type Rule struct {
	ID       string // e.g. "W003"
	Slug     string // e.g. "feature-not-available"
	Severity Severity
	Since    string // the first release that reports the rule, e.g. "v0.1.0"
	By       Part   // the part of subakogo that reports it
	Title    string // one line
	Why      string // what the rule checks and why it matters: one or more paragraphs
	Example  string // what draws the finding: prose, or code indented four spaces
	Fix      string // how to make the finding go away: prose, or code indented four spaces
}

// ReferenceURL is where the rule reference (docs/rules.md, generated from
// the catalog) is published: the repository's default branch on GitHub,
// the home the module path names.
const ReferenceURL = "https://github.com/subako-ai/subako-go/blob/main/docs/rules.md"

// Anchor is the rule's section in the rule reference ("a016").
func (r *Rule) Anchor() string { return strings.ToLower(r.ID) }

// DocURL is the address of the rule's section in the published rule
// reference; the analyzers put it on their diagnostics (Diagnostic.URL).
func (r *Rule) DocURL() string { return ReferenceURL + "#" + r.Anchor() }

// Doc is the rule's documentation as plain text: why, then "Example:" and
// "Fix:" paragraphs. Code blocks (indented text) start on their own line.
func (r *Rule) Doc() string {
	doc := r.Why
	if r.Example != "" {
		doc += "\n\nExample:" + docSep(r.Example) + r.Example
	}
	if r.Fix != "" {
		doc += "\n\nFix:" + docSep(r.Fix) + r.Fix
	}
	return doc
}

// docSep puts an indented block on the line after its label and prose on
// the same line.
func docSep(s string) string {
	if strings.HasPrefix(s, "    ") || strings.HasPrefix(s, "\t") {
		return "\n"
	}
	return " "
}

// Finding is one thing a check found.
type Finding struct {
	Rule     *Rule
	Message  string
	Offset   int    // byte offset in the file, -1 when the finding has no position
	Length   int    // bytes covered from Offset (0: a point)
	Line     int    // for text files (a manifest, Go source): 1-based line, 0 when none
	Column   int    // 1-based column in bytes, with Line
	Function string // function name (from the name section) or "" when none applies
	Feature  string // feature slug for feature findings, else ""
	// Tool and Pointer place a change between two tool lists (the D
	// rules): the tool's name, and the JSON pointer of the member inside
	// the tool ("" for the tool itself). "" for other findings.
	Tool, Pointer string
	// Waiver is the reason a package gave, in its own text (a tool's
	// _meta), for waiving this finding, a warning; "" for a finding not
	// waived. A waived finding is listed apart (report.File.Waived) and
	// never counted, so a reviewer still sees what the package hid.
	Waiver string
}

// Severity is the finding's rule's severity.
func (f Finding) Severity() Severity { return f.Rule.Severity }

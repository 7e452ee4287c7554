// Package rules holds the rule catalog (every finding subakogo can report,
// with a stable ID, a slug, a severity and a doc) and the checks that turn a
// decoded wasm module into findings.
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
// suppressions refer to them.
type Rule struct {
	ID       string // e.g. "W003"
	Slug     string // e.g. "feature-not-available"
	Severity Severity
	Title    string // one line
	Doc      string // Markdown: why it matters, an example, the fix
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
}

// Severity is the finding's rule's severity.
func (f Finding) Severity() Severity { return f.Rule.Severity }

package rules

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// groupTitles names the catalog's groups by ID letter.
var groupTitles = map[byte]string{
	'W': "The module (W)",
	'M': "The package directory and manifest (M)",
	'T': "The tool list and schemas (T)",
	'P': "The protocol, from running the module (P)",
	'A': "Go source, from the analyzer (A)",
	'D': "Changes between two versions of a tool list, from subakogo diff (D)",
}

// WriteMarkdown writes the rule reference (docs/rules.md) from the catalog,
// so the documentation cannot drift from the rules.
func WriteMarkdown(w io.Writer) error {
	rs := append([]*Rule(nil), Catalog...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].ID < rs[j].ID })
	var b strings.Builder
	b.WriteString("# Rule reference\n\n")
	b.WriteString("Generated from the rule catalog by `go generate ./internal/rules`; do not edit. ")
	b.WriteString("`subakogo explain ID` prints the same text.\n\n")
	b.WriteString("The tool-text rules (T030-T045 on a tool list, A050-A054 on Go source) and every pattern they flag are explained in [tool-text.md](tool-text.md).\n\n")
	b.WriteString("Severities: **error**, Subako refuses the upload or the call crashes; **warning**, a client or the model suffers; **info**, worth knowing. For the D rules, which compare two versions, **error** means the change breaks what callers of the old version do.\n")
	var group byte
	for _, r := range rs {
		if r.ID[0] != group {
			group = r.ID[0]
			title := groupTitles[group]
			if title == "" {
				title = string(group)
			}
			fmt.Fprintf(&b, "\n## %s\n\n| ID | slug | severity | title |\n|---|---|---|---|\n", title)
			for _, g := range rs {
				if g.ID[0] == group {
					fmt.Fprintf(&b, "| [%s](#%s) | `%s` | %s | %s |\n", g.ID, g.Anchor(), g.Slug, g.Severity, escapeCell(g.Title))
				}
			}
		}
	}
	for _, r := range rs {
		fmt.Fprintf(&b, "\n### %s\n\n%s", r.ID, r.Markdown())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Markdown is the rule's documentation as Markdown: the slug, severity,
// release and part that reports it, the title, then why, an example and the
// fix. The texts stay in plain code blocks, since they quote code and
// flags that Markdown would take for formatting.
func (r *Rule) Markdown() string {
	var b strings.Builder
	about := r.Severity.String()
	if r.Since != "" {
		about += ", since " + r.Since
	}
	if r.By != "" {
		about += ", reported by " + string(r.By)
	}
	fmt.Fprintf(&b, "`%s` (%s): %s\n", r.Slug, about, r.Title)
	for _, part := range []struct{ label, text string }{{"Why", r.Why}, {"Example", r.Example}, {"Fix", r.Fix}} {
		if part.text != "" {
			fmt.Fprintf(&b, "\n%s:\n\n```\n%s\n```\n", part.label, strings.TrimRight(part.text, "\n"))
		}
	}
	return b.String()
}

func escapeCell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

package report

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// writeText prints one finding per line, compiler style, then a summary:
//
//	build/app.wasm@0x1a2b: error W006 feature-not-available: message (in func main.worker)
//	build/app.wasm: error W020 start-missing: message
//	1 error, 0 warnings, 1 info in 2 files
//
// The offset follows "@" rather than ":" because editors and terminals read
// "path:N:" as a line number, and a byte offset is not one.
//
// What a module wrote (its names, its tool text, its messages) is escaped
// for the terminal, one line per finding (termsafe.Line), unless
// opt.Verbatim.
func writeText(b *bytes.Buffer, files []File, opt Options) {
	clean := termsafe.Line
	if opt.Verbatim {
		clean = func(s string) string { return s }
	}
	paint := func(sgr, s string) string {
		if !opt.Color {
			return s
		}
		return "\x1b[" + sgr + "m" + s + "\x1b[0m"
	}
	unread := 0
	for _, f := range files {
		if f.Error != "" {
			unread++
			fmt.Fprintf(b, "%s %s\n", paint("1", clean(f.Path)+":"), paint(sevColor[rules.Error], unjudgedCause(f)+clean(f.Error)))
		}
		for _, fd := range slices.Concat(f.Findings, f.Waived) {
			loc := clean(f.Path)
			if fd.Line > 0 {
				loc += fmt.Sprintf(":%d:%d", fd.Line, max(fd.Column, 1))
			} else if fd.Offset >= 0 {
				loc += fmt.Sprintf("@0x%x", fd.Offset)
			}
			sev := fd.Severity()
			level := paint(sevColor[sev], sev.String())
			if fd.Waiver != "" {
				level = "waived " + sev.String()
			}
			fmt.Fprintf(b, "%s %s %s %s: %s", paint("1", loc+":"), level, fd.Rule.ID, fd.Rule.Slug, clean(fd.Message))
			if fd.Function != "" {
				fmt.Fprintf(b, " (in func %s)", clean(fd.Function))
			}
			if fd.Waiver != "" {
				fmt.Fprintf(b, " (waived by the package itself: %s)", clean(strconv.Quote(textutil.Truncate(fd.Waiver, 120))))
			}
			b.WriteByte('\n')
		}
		if c := f.Coverage; c != nil {
			fmt.Fprintf(b, "%s the probes' search reached %d of %d functions (%s, %s kept)\n", paint("1", clean(f.Path)+":"),
				c.Reached, c.Functions, textutil.Plural(c.Runs, "run"), textutil.Plural(c.Kept, "case"))
		}
	}
	n, w := count(files), ""
	if k := waived(files); k > 0 {
		w = "; " + textutil.Plural(k, "finding") + " the package waived for itself, listed above"
	}
	if n == (counts{}) && unread == 0 {
		fmt.Fprintf(b, "no findings in %s%s\n", textutil.Plural(len(files), "file"), w)
		return
	}
	fmt.Fprintf(b, "%s, %s, %d info in %s%s\n", textutil.Plural(n[rules.Error], "error"),
		textutil.Plural(n[rules.Warning], "warning"), n[rules.Info], textutil.Plural(len(files), "file"), w)
}

// sevColor is the SGR code per severity: bold red, bold yellow, bold cyan.
var sevColor = [...]string{rules.Info: "1;36", rules.Warning: "1;33", rules.Error: "1;31"}

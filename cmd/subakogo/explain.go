package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/subako-ai/subako-go/internal/rules"
)

func runExplain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo explain ID-or-slug\n       subakogo explain --list")
		fs.PrintDefaults()
	}
	list := fs.Bool("list", false, "list every rule")
	names, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if *list {
		for _, r := range rules.Catalog {
			fmt.Fprintf(stdout, "%s  %-26s %-7s %s\n", r.ID, r.Slug, r.Severity, r.Title)
		}
		return exitOK
	}
	if len(names) != 1 {
		return usageError(stderr, fs, fmt.Errorf("want exactly one rule ID or slug"))
	}
	r, ok := rules.Lookup(names[0])
	if !ok {
		fmt.Fprintf(stderr, "subakogo explain: no rule %q (subakogo explain --list shows them all)\n", names[0])
		return exitUsage
	}
	fmt.Fprintf(stdout, "%s %s (%s)\n%s\n\n%s\n", r.ID, r.Slug, r.Severity, r.Title, r.Doc())
	return exitOK
}

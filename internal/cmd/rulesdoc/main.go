// Command rulesdoc writes the rule reference from the catalog:
//
//	go run ./internal/cmd/rulesdoc -o docs/rules.md
//
// rules' tests fail when the committed file is stale.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/subako-ai/subako-go/internal/rules"
)

func main() {
	out := flag.String("o", "docs/rules.md", "where to write the reference")
	flag.Parse()
	var b bytes.Buffer
	if err := rules.WriteMarkdown(&b); err != nil {
		fmt.Fprintln(os.Stderr, "rulesdoc:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "rulesdoc:", err)
		os.Exit(1)
	}
}

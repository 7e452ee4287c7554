package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/subako-ai/subako-go/report"
	"github.com/subako-ai/subako-go/rules"
)

// maxModuleSize bounds what lint reads, so a device or a runaway file
// cannot exhaust memory. Subako's own limit is far below it.
const maxModuleSize = 1 << 30

func runLint(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "output format: text, json or sarif")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at or above this severity: error, warning or info")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo lint [--format text|json|sarif] [--fail-on error|warning|info] PATH...\n\nPATH is a .wasm module, a package directory holding module.wasm, or - for standard input.")
		fs.PrintDefaults()
	}
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	f, err := report.ParseFormat(*format)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	threshold, err := rules.ParseSeverity(*failOn)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if len(paths) == 0 {
		return usageError(stderr, fs, errors.New("no PATH given"))
	}
	var files []report.File
	code := exitOK
	for _, p := range paths {
		data, name, err := readModule(p)
		if err != nil {
			fmt.Fprintf(stderr, "subakogo lint: %v\n", err)
			code = exitUnreadable
			continue
		}
		_, findings := rules.CheckModule(data)
		sum := sha256.Sum256(data)
		files = append(files, report.File{Path: name, Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:]), MIMEType: "application/wasm", Findings: findings})
		for _, fd := range findings {
			if fd.Severity() >= threshold && code == exitOK {
				code = exitFindings
			}
		}
	}
	color := f == report.Text && isTerminal(stdout)
	opt := report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: color}
	if err := report.Write(stdout, f, files, opt); err != nil {
		fmt.Fprintf(stderr, "subakogo lint: %v\n", err)
		return exitUnreadable
	}
	return code
}

// readModule reads a module file, a package directory's module.wasm, or
// standard input ("-"), refusing anything larger than maxModuleSize.
func readModule(p string) (data []byte, name string, err error) {
	var r io.Reader
	name = p
	if p == "-" {
		r, name = os.Stdin, "<stdin>"
	} else {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, p, err
		}
		if fi.IsDir() {
			name = filepath.Join(p, "module.wasm")
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, name, err
		}
		defer f.Close()
		r = f
	}
	data, err = io.ReadAll(io.LimitReader(r, maxModuleSize+1))
	if err != nil {
		return nil, name, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxModuleSize {
		return nil, name, fmt.Errorf("%s: larger than %d bytes", name, maxModuleSize)
	}
	return data, name, nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

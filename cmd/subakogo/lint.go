package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/subako-ai/subako-go/report"
	"github.com/subako-ai/subako-go/rules"
)

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
		in, err := readModule(p)
		if err == nil {
			var file report.File
			err = guard(func() { file = lintOne(in, f != report.Text) })
			in.release()
			if err == nil {
				files = append(files, file)
				for _, fd := range file.Findings {
					if fd.Severity() >= threshold && code == exitOK {
						code = exitFindings
					}
				}
				continue
			}
			err = fmt.Errorf("%s: %w", in.name, err)
		}
		fmt.Fprintf(stderr, "subakogo lint: %v\n", err)
		code = exitUnreadable
	}
	color := f == report.Text && isTerminal(stdout)
	opt := report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: color}
	if err := report.Write(stdout, f, files, opt); err != nil {
		fmt.Fprintf(stderr, "subakogo lint: %v\n", err)
		return exitUnreadable
	}
	return code
}

// lintOne checks one module. The hash is only worth its time for the
// formats that carry it.
func lintOne(in input, hash bool) (file report.File) {
	file = report.File{Path: in.name, Size: int64(len(in.data)), MIMEType: "application/wasm"}
	if hash {
		sum := make(chan [32]byte, 1)
		go func() {
			var s [32]byte
			if guard(func() { s = sha256.Sum256(in.data) }) == nil {
				sum <- s
			}
			close(sum)
		}()
		defer func() {
			if s, ok := <-sum; ok {
				file.SHA256 = hex.EncodeToString(s[:])
			}
		}()
	}
	_, file.Findings = rules.CheckModule(in.data)
	return file
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

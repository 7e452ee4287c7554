// Package docs holds the checks of the repository's Markdown: every
// relative link in README.md, docs/ and the other documentation resolves
// to a file of the repository, and every #anchor to a heading of its
// target, so a moved file or a renamed heading fails the tests instead of
// a reader.
package docs_test

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// root is the repository's root, from this package's folder.
const root = "../.."

// markdownFiles lists the repository's Markdown files, test data and
// installed dependencies left out.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "testdata", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("found only %d Markdown files under %s: %v", len(files), root, files)
	}
	return files
}

// linkRE matches an inline link or image, [text](target) with an optional
// "title".
var linkRE = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// page is what the check needs of one Markdown file: its links, each with
// its line, and the anchors of its headings.
type page struct {
	links   []link
	anchors map[string]bool
}

type link struct {
	line   int
	target string
}

// read reads a Markdown file's links and heading anchors, outside fenced
// code blocks and inline code spans.
func read(t *testing.T, path string) page {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := page{anchors: map[string]bool{}}
	seen := map[string]int{}
	fence := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		if strings.HasPrefix(line, "#") {
			if text, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " "); ok {
				a := anchor(text)
				if k := seen[a]; k > 0 {
					p.anchors[a+"-"+itoa(k)] = true
				} else {
					p.anchors[a] = true
				}
				seen[a]++
			}
		}
		for _, m := range linkRE.FindAllStringSubmatchIndex(withoutCode(line), -1) {
			p.links = append(p.links, link{line: n, target: line[m[2]:m[3]]})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return p
}

// withoutCode blanks the inline code spans of a line, keeping its length,
// so that a link written inside backquotes is not taken for one.
func withoutCode(line string) string {
	b := []byte(line)
	in := false
	for i, c := range b {
		if c == '`' {
			in = !in
			continue
		}
		if in {
			b[i] = ' '
		}
	}
	return string(b)
}

// anchor is the fragment GitHub gives a heading: lower case, inline
// markup and punctuation removed, spaces made hyphens.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

func TestAnchor(t *testing.T) {
	for heading, want := range map[string]string{
		"The call probes":                                 "the-call-probes",
		"`subakogo pack` and `subakogo check`":            "subakogo-pack-and-subakogo-check",
		"The host: `internal/host`, `sandboxfs`":          "the-host-internalhost-sandboxfs",
		"Trying HTTP offline: `--http-fixture`":           "trying-http-offline---http-fixture",
		"A call's arguments: every error at once":         "a-calls-arguments-every-error-at-once",
		"The volume in native tests: `subako.VolumePath`": "the-volume-in-native-tests-subakovolumepath",
	} {
		if got := anchor(heading); got != want {
			t.Errorf("anchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

// TestLinksResolve checks every relative link of every Markdown file: its
// file exists inside the repository, and its anchor names a heading there.
func TestLinksResolve(t *testing.T) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]page{}
	get := func(path string) page {
		if p, ok := pages[path]; ok {
			return p
		}
		p := read(t, path)
		pages[path] = p
		return p
	}
	for _, file := range markdownFiles(t) {
		for _, l := range get(file).links {
			target := l.target
			if i := strings.Index(target, "://"); i >= 0 || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
				abs, err := filepath.Abs(dest)
				if err != nil {
					t.Fatal(err)
				}
				if rel, err := filepath.Rel(absRoot, abs); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
					t.Errorf("%s:%d: link %q leads outside the repository", file, l.line, target)
					continue
				}
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s:%d: link %q: no such file %s", file, l.line, target, dest)
					continue
				}
			}
			if frag == "" {
				continue
			}
			if !strings.HasSuffix(dest, ".md") {
				t.Errorf("%s:%d: link %q has an anchor into a file that is not Markdown", file, l.line, target)
				continue
			}
			if !get(dest).anchors[frag] {
				t.Errorf("%s:%d: link %q: %s has no heading with the anchor #%s", file, l.line, target, dest, frag)
			}
		}
	}
}

// TestREADMETestCommand checks that the README's test command is the one
// .ci/run runs, as .ci/run says.
func TestREADMETestCommand(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	const command = "go test -timeout 30m ./..."
	if !bytes.Contains(readme, []byte("Run the tests:\n\n```sh\n"+command+"\n```")) {
		t.Errorf("README.md does not give %q as its test command (after \"Run the tests:\")", command)
	}
	if !bytes.Contains(ci, []byte("\n"+command+"\n")) {
		t.Errorf(".ci/run does not run %q, the README's test command, on a line of its own", command)
	}
}

// TestNoMergeMarkers: a merge conflict left in a page (which renders and
// links fine) fails here instead of in front of a reader.
func TestNoMergeMarkers(t *testing.T) {
	for _, f := range markdownFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "<<<<<<< ") || strings.HasPrefix(line, ">>>>>>> ") || line == "=======" {
				t.Errorf("%s:%d: a merge conflict's marker: %q", f, i+1, line)
			}
		}
	}
}

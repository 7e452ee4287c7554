package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/check/modulecheck"
	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/termsafe"
	"github.com/subako-ai/subako-go/internal/wasmsize"
)

// runSize prints what makes a module big: per section, per Go package, the
// largest data segments, the files a Go package embeds, and what a cold
// call costs here.
func runSize(args []string, stdout, stderr io.Writer) int {
	return cli.Interruptible("subakogo size", "", stderr, func(ctx context.Context, stderr io.Writer) int {
		return sizeCommand(goBackstop(ctx), args, stdout, stderr)
	})
}

// sizeCommand is size; a signal cancels ctx, which ends the go commands
// it runs on a Go package.
func sizeCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("size", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	top := fs.Int("top", 10, "how many packages and data segments to list")
	noRun := fs.Bool("static", false, "do not measure a cold call")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo size [--top N] [--static] [PATH]\n\n"+
			"Shows what makes a module big: each section, the code of each Go package (from the name\n"+
			"section), the largest data segments, the files a Go package embeds (//go:embed), and what a\n"+
			"cold call costs on this machine. PATH is a .wasm file, a package directory (module.wasm) or a\n"+
			"Go package, built for wasip1 first (\".\" by default).")
		fs.PrintDefaults()
	}
	pattern, err := packageArg(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if *top < 1 {
		return usageError(stderr, fs, fmt.Errorf("--top must be at least 1"))
	}
	wasmPath, goPkg, cleanup, code := moduleArg(ctx, "size", pattern, stderr)
	defer cleanup()
	if code != exitOK {
		return code
	}
	in, err := readModule(ctx, wasmPath)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo size: %v\n", err)
		return exitUnreadable
	}
	// The module may be mapped: every read of it is under input.Guard, a
	// file truncated meanwhile "changed while it was read" (3), not a
	// SIGBUS (exit 4; attack pass 43b, row 3). The cold call runs a copy,
	// as call and lint do: compiling reads it on goroutines of wazero's,
	// which no Guard covers.
	var r *wasmsize.Report
	var wasm []byte
	gerr := input.Guard(func() {
		if r, err = wasmsize.Analyze(in.Data, *top); err == nil && !*noRun {
			wasm = bytes.Clone(in.Data)
		}
	})
	in.Release()
	if gerr != nil {
		fmt.Fprintf(stderr, "subakogo size: %s: %v\n", in.Path, gerr)
		return exitUnreadable
	}
	if err != nil {
		fmt.Fprintf(stderr, "subakogo size: %s: %v (subakogo lint %s says more)\n", wasmPath, err, wasmPath)
		return exitFindings
	}
	var pkgs []listedPackage
	if goPkg != "" {
		pkgs = listPackages(ctx, goPkg, stderr)
	}
	shown := wasmPath
	if goPkg != "" {
		shown = goPkg + " (built for wasip1)"
	}
	// Section, package and function names are the module's: a custom
	// section named with ESC could retitle the window or clear the screen.
	out := termsafe.NewWriter(stdout)
	defer out.Flush()
	printSize(out, shown, r, pkgs, *top)
	if !*noRun {
		coldCost(ctx, out, wasm)
	}
	return exitOK
}

// listedPackage is what go list says of a package the module links.
type listedPackage struct {
	ImportPath string
	Dir        string
	EmbedFiles []string
}

// listPackages lists the packages a Go package links for wasip1.
func listPackages(ctx context.Context, pkg string, stderr io.Writer) []listedPackage {
	cmd, err := gobuild.Go(ctx, "", pkg, gobuild.Env, "list", "-deps", "-json=ImportPath,Dir,EmbedFiles", pkg)
	var out []byte
	if err == nil {
		out, err = cmd.Output()
	}
	if err != nil {
		fmt.Fprintf(stderr, "subakogo size: go list %s: %v (packages are shown as the linker names them)\n", pkg, err)
		return nil
	}
	var list []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if dec.Decode(&p) != nil {
			break
		}
		list = append(list, p)
	}
	return list
}

// table prints rows of a name and numbers, the names left-aligned and the
// numbers right-aligned, indented two spaces. Cells are cut to cellMax
// runes and escaped for the terminal (a name is the module's), and
// measured in characters.
type table struct {
	rows [][]string
}

// cellMax is the most runes of a cell a table prints: every row is padded
// to the widest, so an uncut name (a custom section's, the module's)
// would make the output rows times as long as it (attack pass 41i, row 1:
// a 107 KB module printed 400 MB). Cut first, then escaped, a cell is at
// most cellMax escapes long.
const cellMax = 64

func (t *table) add(cells ...string) {
	for i, c := range cells {
		cells[i] = termsafe.Line(termsafe.Clip(c, cellMax))
	}
	t.rows = append(t.rows, cells)
}

func (t *table) print(w io.Writer) {
	widths := map[int]int{}
	for _, r := range t.rows {
		for i, c := range r {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range t.rows {
		line := "  " + r[0] + strings.Repeat(" ", widths[0]-utf8.RuneCountInString(r[0]))
		for i, c := range r[1:] {
			line += "  " + strings.Repeat(" ", widths[i+1]-utf8.RuneCountInString(c)) + c
		}
		fmt.Fprintln(w, line)
	}
	t.rows = nil
}

func mib(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
}

func printSize(w io.Writer, path string, r *wasmsize.Report, pkgs []listedPackage, top int) {
	fmt.Fprintf(w, "%s: %d bytes (%s)", termsafe.Line(path), r.Total, mib(r.Total))
	if r.Total > modulecheck.SizeWarn {
		fmt.Fprintf(w, ", over the %d MiB a module should stay under (W041: every upload sends it, every call loads it)", modulecheck.SizeWarn>>20)
	}
	fmt.Fprintln(w)
	tw := &table{}
	fmt.Fprintln(w, "\nsections:")
	for _, s := range r.Sections {
		tw.add(s.Name, fmt.Sprint(s.Bytes), fmt.Sprintf("%.1f%%", 100*float64(s.Bytes)/float64(r.Total)))
	}
	tw.print(w)
	if len(r.Packages) > 0 {
		real := map[string]string{}
		for _, p := range pkgs {
			real[wasmsize.Mangle(p.ImportPath)] = p.ImportPath
		}
		fmt.Fprintf(w, "\ncode by package (%s of %s of function bodies named):\n", mib(r.Named), mib(r.Code))
		for i, p := range r.Packages {
			if i == top {
				tw.add(fmt.Sprintf("... %d more packages", len(r.Packages)-top))
				break
			}
			name := p.Name
			if rp, ok := real[name]; ok {
				name = rp
			}
			tw.add(name, fmt.Sprint(p.Bytes))
		}
		tw.print(w)
	}
	if len(r.Data) > 0 {
		fmt.Fprintf(w, "\nlargest data segments (%s of data in all):\n", mib(r.DataSize))
		for _, d := range r.Data {
			tw.add(fmt.Sprintf("#%d at 0x%x", d.Index, d.Offset), fmt.Sprint(d.Bytes))
		}
		tw.print(w)
	}
	if linksZoneData(r, pkgs) {
		fmt.Fprintf(w, "\ntime zones: time/tzdata embeds the zone database, %s of the data above; time.LoadLocation needs it\n"+
			"  in a module (A021), and a tool that uses only UTC or fixed offsets (time.FixedZone) can leave it out.\n", zoneDataCost)
	}
	type embedded struct {
		path  string
		bytes int64
	}
	var files []embedded
	var total int64
	for _, p := range pkgs {
		for _, f := range p.EmbedFiles {
			if fi, err := os.Stat(filepath.Join(p.Dir, f)); err == nil {
				files = append(files, embedded{filepath.Join(p.ImportPath, f), fi.Size()})
				total += fi.Size()
			}
		}
	}
	if len(files) > 0 {
		slices.SortFunc(files, func(a, b embedded) int { return int(b.bytes - a.bytes) })
		n := fmt.Sprintf("%d files", len(files))
		if len(files) == 1 {
			n = "1 file"
		}
		fmt.Fprintf(w, "\nembedded files (//go:embed), %s, %s, in the data above:\n", n, mib(int(total)))
		for i, f := range files {
			if i == top {
				tw.add(fmt.Sprintf("... %d more files", len(files)-top))
				break
			}
			tw.add(f.path, fmt.Sprint(f.bytes))
		}
		tw.print(w)
		if total >= largeEmbed {
			fmt.Fprintf(w, "  large files belong in the package's assets/ folder, which Subako mounts at /package:\n"+
				"  read them there at run time (os.ReadFile(\"/package/NAME\")) and the module stays small.\n")
		}
	}
}

// zoneDataCost is about what time/tzdata adds to a module (Go 1.26).
const zoneDataCost = "about 383 KB"

// linksZoneData reports whether the module links time/tzdata: go list
// says so of a Go package, the name section of a module.
func linksZoneData(r *wasmsize.Report, pkgs []listedPackage) bool {
	for _, p := range pkgs {
		if p.ImportPath == "time/tzdata" {
			return true
		}
	}
	for _, p := range r.Packages {
		if p.Name == "time/tzdata" {
			return true
		}
	}
	return false
}

// largeEmbed is how many bytes of embedded files are worth moving to
// assets/.
const largeEmbed = 1 << 20

// coldCost measures, on this machine, what a module costs to compile (once:
// the result is cached) and then to run cold (a fresh instance answering
// discovery), as a call does. A signal (ctx) stops it, the run and the
// compilation with it, and nothing is said of a measure cut short: the
// cold call ran on a context of its own, so SIGTERM left the module
// running until the command's backstop ended the process 10 s later
// without its cleanup (attack pass 43b, row 5).
func coldCost(ctx context.Context, w io.Writer, wasm []byte) {
	h, err := host.New(ctx, host.Options{Engine: host.EngineCompiler})
	if err != nil {
		if ctx.Err() == nil {
			fmt.Fprintf(w, "\ncold call: not measured (the host could not start: %v)\n", err)
		}
		return
	}
	defer h.Close(context.WithoutCancel(ctx))
	start := time.Now()
	m, err := h.Compile(ctx, wasm)
	compiled := time.Since(start)
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		fmt.Fprintf(w, "\ncold call: not measured (%v)\n", err)
		return
	}
	start = time.Now()
	d := h.Discover(ctx, m, "")
	run := time.Since(start)
	if ctx.Err() != nil {
		return
	}
	fmt.Fprintf(w, "\ncold call here: compiling %v (once; a compiled module is cached), then a fresh instance answering discovery %v", compiled.Round(time.Millisecond), run.Round(time.Millisecond))
	if d.Stopped != nil {
		fmt.Fprintf(w, " (it stopped: %s)", d.Stopped)
	}
	fmt.Fprintln(w)
}

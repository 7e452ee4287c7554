// Command runbench runs the whole-process comparison of bench/compare and
// prints it as Markdown: for each benchmark module (bench/benchmods), the
// median wall time and throughput of subakogo lint, wabt's wasm-validate and
// wasmtime-validate, each run as its own process on the same file. It uses
// hyperfine when it is on PATH and times the processes itself otherwise.
// Then it measures the same validators in process (testing.Benchmark).
//
// run.sh builds the tools and starts it; see README.md.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/bench/benchmods"
	"github.com/subako-ai/subako-go/bench/compare"
)

type tool struct {
	name string
	argv func(file string) []string
}

type stats struct {
	runs                 int
	median, mean, stddev float64 // seconds
	min, max             float64
	user, system         float64 // mean seconds per run
}

func main() {
	testing.Init()
	subakogo := flag.String("subakogo", "", "path of the subakogo binary (required)")
	wtv := flag.String("wasmtime-validate", "", "path of the wasmtime-validate binary (required)")
	wv := flag.String("wasm-validate", "wasm-validate", "path of wabt's wasm-validate")
	runsHello := flag.Int("runs-hello", 20, "runs of each tool on the hello module")
	runsBig := flag.Int("runs-big", 5, "runs of each tool on the big module")
	warmup := flag.Int("warmup", 2, "warm-up runs before each measurement")
	timer := flag.String("timer", "auto", "auto (hyperfine if on PATH, else go), hyperfine, or go: runbench's own timer, which interleaves the tools run by run so that a change in the machine's load hits them all alike")
	inproc := flag.Bool("inprocess", true, "also measure the validators in process")
	benchtime := flag.String("benchtime", "1s", "benchtime of each in-process measurement")
	rounds := flag.Int("rounds", 3, "in-process: measure each validator this many times, interleaved, and report the median")
	serial := flag.Bool("serial", true, "also run wasmtime-validate -serial (one thread)")
	flag.Parse()
	if *subakogo == "" || *wtv == "" {
		flag.Usage()
		os.Exit(2)
	}
	hf := ""
	switch *timer {
	case "auto", "hyperfine":
		if p, err := exec.LookPath("hyperfine"); err == nil {
			hf = p
		} else if *timer == "hyperfine" {
			fatal("hyperfine not on PATH")
		}
	case "go":
	default:
		fatal("-timer: want auto, hyperfine or go")
	}
	wvPath, err := exec.LookPath(*wv)
	if err != nil {
		fatal("wasm-validate not found (apt-get install -y wabt): %v", err)
	}
	tools := []tool{
		{"subakogo lint", func(f string) []string { return []string{*subakogo, "lint", "--static", f} }},
		{"wasm-validate", func(f string) []string { return []string{wvPath, f} }},
		{"wasmtime-validate", func(f string) []string { return []string{*wtv, f} }},
	}
	if *serial {
		tools = append(tools, tool{"wasmtime-validate -serial", func(f string) []string { return []string{*wtv, "-serial", f} }})
	}

	type modFile struct {
		name, path string
		size       int64
		runs       int
	}
	var mods []modFile
	for _, m := range benchmods.Mods {
		p, err := benchmods.Path(m.Name)
		if err != nil {
			fatal("%v", err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			fatal("%v", err)
		}
		runs := *runsBig
		if m.Name == "hello" {
			runs = *runsHello
		}
		mods = append(mods, modFile{m.Name, p, fi.Size(), runs})
	}

	fmt.Println("# subakogo lint --static vs wasm-validate vs wasmtime")
	fmt.Println()
	printEnv(hf, wvPath)

	// Sanity: every tool accepts every file, and lint finds nothing.
	fmt.Println("## Sanity (one run each)")
	fmt.Println()
	fmt.Println("| file | tool | exit | note |")
	fmt.Println("| --- | --- | --- | --- |")
	ok := true
	for _, m := range mods {
		for _, t := range tools {
			code, out := runOnce(t.argv(m.path))
			note := oneLine(out)
			if code != 0 {
				ok = false
			}
			fmt.Printf("| %s | %s | %d | %s |\n", m.name, t.name, code, note)
		}
		code, out := runOnce([]string{*subakogo, "lint", "--static", "--format", "json", "--fail-on", "info", m.path})
		var rep struct {
			Summary map[string]int `json:"summary"`
		}
		_ = json.Unmarshal([]byte(out), &rep)
		fmt.Printf("| %s | subakogo lint --format json --fail-on info | %d | summary %v |\n", m.name, code, rep.Summary)
		if code != 0 {
			ok = false
		}
	}
	fmt.Println()
	if !ok {
		fmt.Println("**A tool rejected a file or lint reported findings: the timings below may not compare like with like.**")
		fmt.Println()
	}

	fmt.Println("## Whole process")
	fmt.Println()
	how := "each tool's runs in a row, by hyperfine"
	if hf == "" {
		how = "the tools interleaved run by run, timed by runbench"
	}
	fmt.Printf("Median wall time of N runs (%s) after %d warm-up runs; MB/s is file size (10^6 bytes) / median; CPU is user+system time per run (mean); ratio is the tool's median / subakogo lint's.\n\n", how, *warmup)
	fmt.Println("| file | size | tool | N | median | MB/s | mean ± σ | min … max | CPU | ratio |")
	fmt.Println("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	type key struct{ mod, tool string }
	results := map[key]stats{}
	for _, m := range mods {
		var all []stats
		if hf == "" {
			argvs := make([][]string, len(tools))
			for i, t := range tools {
				argvs[i] = t.argv(m.path)
			}
			var err error
			if all, err = timeInterleaved(argvs, m.runs, *warmup); err != nil {
				fatal("%s: %v", m.name, err)
			}
		}
		for i, t := range tools {
			var s stats
			if hf != "" {
				var err error
				if s, err = hyperfine(hf, t.argv(m.path), m.runs, *warmup); err != nil {
					fatal("%s on %s: %v", t.name, m.name, err)
				}
			} else {
				s = all[i]
			}
			results[key{m.name, t.name}] = s
			base := results[key{m.name, tools[0].name}].median
			fmt.Printf("| %s | %.1f MB | %s | %d | %s | %.1f | %s ± %s | %s … %s | %s | %.2f× |\n",
				m.name, float64(m.size)/1e6, t.name, s.runs, ms(s.median), float64(m.size)/1e6/s.median,
				ms(s.mean), ms(s.stddev), ms(s.min), ms(s.max), ms(s.user+s.system), s.median/base)
		}
	}
	fmt.Println()
	fmt.Println("Aims: subakogo lint at least 5× faster than wasm-validate, and no slower than wasmtime-validate.")
	fmt.Println()
	for _, m := range mods {
		lint := results[key{m.name, "subakogo lint"}].median
		wv := results[key{m.name, "wasm-validate"}].median / lint
		wt := results[key{m.name, "wasmtime-validate"}].median / lint
		fmt.Printf("- %s: %.1f× faster than wasm-validate (%s); %.2f× wasmtime-validate's speed (%s)\n",
			m.name, wv, met(wv >= 5), wt, met(wt >= 1))
	}
	fmt.Println()

	if !*inproc {
		return
	}
	_ = flag.Set("test.benchtime", *benchtime)
	fmt.Println("## In process")
	fmt.Println()
	fmt.Printf("testing.Benchmark, benchtime %s, median of %d interleaved rounds, on the same bytes; subako is wasmparse.Parse, subakolint modulecheck.Check, wasmtime wasmtime_module_validate with the default engine (wasmtime-serial: parallel compilation off); ratio is the time / subako's.\n\n", *benchtime, *rounds)
	fmt.Println("| file | validator | time/op | MB/s | fastest round | B/op | allocs/op | ratio |")
	fmt.Println("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, m := range mods {
		data, err := os.ReadFile(m.path)
		if err != nil {
			fatal("%v", err)
		}
		vs := compare.Validators
		res := make([][]testing.BenchmarkResult, len(vs))
		for round := 0; round < max(1, *rounds); round++ {
			for i, v := range vs {
				check, closeFn := v.Open()
				if err := check(data); err != nil {
					fatal("%s rejects %s: %v", v.Name, m.name, err)
				}
				res[i] = append(res[i], testing.Benchmark(func(b *testing.B) {
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					for b.Loop() {
						_ = check(data)
					}
				}))
				closeFn()
			}
		}
		var base float64
		for i, v := range vs {
			rs := res[i]
			slices.SortFunc(rs, func(a, b testing.BenchmarkResult) int { return int(a.NsPerOp() - b.NsPerOp()) })
			r := rs[len(rs)/2]
			sec := float64(r.NsPerOp()) / 1e9
			if base == 0 {
				base = sec
			}
			fmt.Printf("| %s | %s | %s | %.1f | %s | %d | %d | %.2f× |\n",
				m.name, v.Name, ms(sec), float64(len(data))/1e6/sec, ms(float64(rs[0].NsPerOp())/1e9), r.AllocedBytesPerOp(), r.AllocsPerOp(), sec/base)
		}
	}
	fmt.Println()
	fmt.Printf("Load average after: %s\n", loadavg())
}

func met(b bool) string {
	if b {
		return "aim met"
	}
	return "**aim not met**"
}

func ms(sec float64) string {
	if sec < 0.001 {
		return fmt.Sprintf("%.0f µs", sec*1e6)
	}
	if sec < 0.1 {
		return fmt.Sprintf("%.1f ms", sec*1e3)
	}
	return fmt.Sprintf("%.0f ms", sec*1e3)
}

func runOnce(argv []string) (int, string) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if cmd.ProcessState == nil {
		return -1, err.Error()
	}
	return cmd.ProcessState.ExitCode(), out.String()
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, "|", "\\|")
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	if s == "" {
		s = "(no output)"
	}
	return s
}

func hyperfine(hf string, argv []string, runs, warmup int) (stats, error) {
	dir, err := os.MkdirTemp("", "runbench-")
	if err != nil {
		return stats{}, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "hf.json")
	cmd := exec.Command(hf, "-N", "--style", "none", "--warmup", fmt.Sprint(warmup), "--runs", fmt.Sprint(runs),
		"--export-json", out, "--", shellJoin(argv))
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Run(); err != nil {
		return stats{}, fmt.Errorf("hyperfine: %w", err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return stats{}, err
	}
	var r struct {
		Results []struct {
			Mean, Stddev, Median, User, System, Min, Max float64
			Times                                        []float64
		}
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return stats{}, fmt.Errorf("hyperfine JSON: %w", err)
	}
	if len(r.Results) != 1 {
		return stats{}, fmt.Errorf("hyperfine JSON: %d results, want 1", len(r.Results))
	}
	x := r.Results[0]
	return stats{len(x.Times), x.Median, x.Mean, x.Stddev, x.Min, x.Max, x.User, x.System}, nil
}

func shellJoin(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// timeInterleaved runs the commands round-robin: warm-up rounds, then
// runs rounds, each running every command once. It is the timer when
// hyperfine is missing or -timer go is given.
func timeInterleaved(argvs [][]string, runs, warmup int) ([]stats, error) {
	wall := make([][]float64, len(argvs))
	cpu := make([][2]float64, len(argvs))
	for round := 0; round < warmup+runs; round++ {
		for i, argv := range argvs {
			cmd := exec.Command(argv[0], argv[1:]...)
			start := time.Now()
			if err := cmd.Run(); err != nil {
				return nil, fmt.Errorf("%s: %w", strings.Join(argv, " "), err)
			}
			d := time.Since(start).Seconds()
			if round >= warmup {
				wall[i] = append(wall[i], d)
				cpu[i][0] += cmd.ProcessState.UserTime().Seconds()
				cpu[i][1] += cmd.ProcessState.SystemTime().Seconds()
			}
		}
	}
	out := make([]stats, len(argvs))
	for i, w := range wall {
		out[i] = summarize(w, cpu[i][0], cpu[i][1])
	}
	return out, nil
}

func summarize(wall []float64, user, sys float64) stats {
	slices.Sort(wall)
	n := float64(len(wall))
	var sum, sq float64
	for _, w := range wall {
		sum += w
	}
	mean := sum / n
	for _, w := range wall {
		sq += (w - mean) * (w - mean)
	}
	med := wall[len(wall)/2]
	if len(wall)%2 == 0 {
		med = (wall[len(wall)/2-1] + wall[len(wall)/2]) / 2
	}
	sd := 0.0
	if len(wall) > 1 {
		sd = math.Sqrt(sq / (n - 1))
	}
	return stats{len(wall), med, mean, sd, wall[0], wall[len(wall)-1], user / n, sys / n}
}

func printEnv(hf, wv string) {
	fmt.Printf("- date: %s\n", time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("- machine: %s, %d CPUs, %s/%s\n", cpuModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	fmt.Printf("- load average before: %s\n", loadavg())
	fmt.Printf("- Go: %s\n", runtime.Version())
	_, v := runOnce([]string{wv, "--version"})
	fmt.Printf("- wasm-validate (wabt): %s\n", strings.TrimSpace(v))
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if strings.Contains(d.Path, "wasmtime-go") {
				fmt.Printf("- wasmtime: %s %s\n", d.Path, d.Version)
			}
		}
	}
	if hf != "" {
		_, v := runOnce([]string{hf, "--version"})
		fmt.Printf("- timer: %s (-N, no shell)\n", strings.TrimSpace(v))
	} else {
		fmt.Println("- timer: runbench's own (hyperfine not found)")
	}
	fmt.Println()
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "model name") {
			if _, v, ok := strings.Cut(l, ":"); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return "unknown CPU"
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func fatal(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "runbench: "+format+"\n", a...)
	os.Exit(1)
}

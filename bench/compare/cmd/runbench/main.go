// Command runbench runs the comparison of bench/compare and prints it as
// Markdown: for each benchmark module (bench/benchmods), the CPU time (user +
// system) and wall time of subakogo lint --static --format json, wabt's
// wasm-validate and wasmtime-validate, each run as its own process on the
// same file, the tools interleaved run by run. Then it measures the same
// validators in process.
//
// run.sh builds the tools and starts it pinned to one core (taskset), so
// that every process it starts, and its own in-process measurements, run on
// that core alone; see README.md.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/subako-ai/subako-go/bench/benchmods"
	"github.com/subako-ai/subako-go/bench/compare"
)

type tool struct {
	name string
	argv func(file string) []string
}

// stats are one tool's runs on one file: CPU (user + system) and wall
// time, in seconds.
type stats struct {
	runs                      int
	cpuMedian, cpuMin, cpuMax float64
	wallMedian, wallMin       float64
}

const lintName = "subakogo lint"

func main() {
	subakogo := flag.String("subakogo", "", "path of the subakogo binary (required)")
	wtv := flag.String("wasmtime-validate", "", "path of the wasmtime-validate binary (required)")
	wv := flag.String("wasm-validate", "wasm-validate", "path of wabt's wasm-validate")
	runsHello := flag.Int("runs-hello", 20, "runs of each tool on the hello module")
	runsBig := flag.Int("runs-big", 5, "runs of each tool on the big module")
	warmup := flag.Int("warmup", 2, "warm-up runs of each tool before each measurement")
	inproc := flag.Bool("inprocess", true, "also measure the validators in process")
	minCPU := flag.Duration("mincpu", time.Second, "in-process: CPU time each measurement runs for at least")
	rounds := flag.Int("rounds", 3, "in-process: measure each validator this many times, interleaved, and report the median")
	serial := flag.Bool("serial", false, "also run wasmtime-validate -serial (parallel compilation off)")
	flag.Parse()
	if *subakogo == "" || *wtv == "" {
		flag.Usage()
		os.Exit(2)
	}
	wvPath, err := exec.LookPath(*wv)
	if err != nil {
		fatal("wasm-validate not found (apt-get install -y wabt): %v", err)
	}
	tools := []tool{
		{lintName, func(f string) []string { return []string{*subakogo, "lint", "--static", "--format", "json", f} }},
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
	printEnv(wvPath)

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
			if t.name == lintName {
				var rep struct {
					Summary map[string]int `json:"summary"`
				}
				_ = json.Unmarshal([]byte(out), &rep)
				note = fmt.Sprintf("summary %v", rep.Summary)
				if rep.Summary["error"]+rep.Summary["warning"]+rep.Summary["info"] != 0 {
					ok = false
				}
			}
			if code != 0 {
				ok = false
			}
			fmt.Printf("| %s | %s | %d | %s |\n", m.name, t.name, code, note)
		}
	}
	fmt.Println()
	if !ok {
		fmt.Println("**A tool rejected a file or lint reported findings: the timings below may not compare like with like.**")
		fmt.Println()
	}

	fmt.Println("## Whole process")
	fmt.Println()
	fmt.Printf("Each tool runs N times on the file, the tools interleaved run by run, after %d warm-up runs each. CPU is the process's user + system time (the figure the aims are about: it does not count the time other processes on a shared machine take the core); wall is beside it. MB/s is the file size (10^6 bytes) over the median CPU time; ratio is the tool's median CPU time over wasmtime-validate's.\n\n", *warmup)
	fmt.Println("| file | size | tool | N | CPU median | CPU min … max | MB/s (CPU) | wall median | wall min | ratio to wasmtime |")
	fmt.Println("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	type key struct{ mod, tool string }
	results := map[key]stats{}
	for _, m := range mods {
		argvs := make([][]string, len(tools))
		for i, t := range tools {
			argvs[i] = t.argv(m.path)
		}
		all, err := timeInterleaved(argvs, m.runs, *warmup)
		if err != nil {
			fatal("%s: %v", m.name, err)
		}
		for i, t := range tools {
			results[key{m.name, t.name}] = all[i]
		}
		base := results[key{m.name, "wasmtime-validate"}].cpuMedian
		for i, t := range tools {
			s := all[i]
			fmt.Printf("| %s | %.1f MB | %s | %d | %s | %s … %s | %.1f | %s | %s | %.2f× |\n",
				m.name, float64(m.size)/1e6, t.name, s.runs, ms(s.cpuMedian), ms(s.cpuMin), ms(s.cpuMax),
				float64(m.size)/1e6/s.cpuMedian, ms(s.wallMedian), ms(s.wallMin), s.cpuMedian/base)
		}
	}
	fmt.Println()
	fmt.Println("Aims, by median CPU time: subakogo lint at most 0.7× wasmtime-validate's, and at least 5× faster than wasm-validate.")
	fmt.Println()
	for _, m := range mods {
		lint := results[key{m.name, lintName}].cpuMedian
		wt := lint / results[key{m.name, "wasmtime-validate"}].cpuMedian
		wv := results[key{m.name, "wasm-validate"}].cpuMedian / lint
		fmt.Printf("- %s: %.2f× wasmtime-validate's CPU time (%s); %.1f× faster than wasm-validate (%s)\n",
			m.name, wt, met(wt <= 0.7), wv, met(wv >= 5))
	}
	fmt.Println()

	if !*inproc {
		return
	}
	fmt.Println("## In process")
	fmt.Println()
	fmt.Printf("Each validator runs on the same bytes in this process until it has used at least %s of CPU; the rounds are interleaved and the median round is shown. subako is wasmparse.Parse, subakolint modulecheck.Check, wasmtime wasmtime_module_validate on the 2.0 engine. B/op and allocs/op count Go allocations only, so wasmtime's (made in Rust) show as 0; ratio is the CPU time over wasmtime's.\n\n", *minCPU)
	fmt.Println("| file | validator | CPU/op | MB/s (CPU) | best round | wall/op | B/op | allocs/op | ratio to wasmtime |")
	fmt.Println("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, m := range mods {
		data, err := os.ReadFile(m.path)
		if err != nil {
			fatal("%v", err)
		}
		vs := compare.Validators
		res := make([][]opStats, len(vs))
		for round := 0; round < max(1, *rounds); round++ {
			for i, v := range vs {
				check, closeFn := v.Open()
				if err := check(data); err != nil {
					fatal("%s rejects %s: %v", v.Name, m.name, err)
				}
				res[i] = append(res[i], measure(func() { _ = check(data) }, *minCPU))
				closeFn()
			}
		}
		medians := make([]opStats, len(vs))
		var base float64
		for i, v := range vs {
			rs := res[i]
			slices.SortFunc(rs, func(a, b opStats) int { return int((a.cpu - b.cpu) * 1e12) })
			medians[i] = rs[len(rs)/2]
			if v.Name == "wasmtime" {
				base = medians[i].cpu
			}
		}
		for i, v := range vs {
			r, best := medians[i], res[i][0]
			fmt.Printf("| %s | %s | %s | %.1f | %.1f MB/s | %s | %.0f | %.0f | %.2f× |\n",
				m.name, v.Name, ms(r.cpu), float64(len(data))/1e6/r.cpu, float64(len(data))/1e6/best.cpu, ms(r.wall), r.bytes, r.allocs, r.cpu/base)
		}
	}
	fmt.Println()
	fmt.Printf("Load average after: %s\n", loadavg())
}

// opStats is one in-process measurement, per operation.
type opStats struct {
	cpu, wall     float64 // seconds
	bytes, allocs float64
}

// measure runs f until it has used at least minCPU of the process's CPU
// time and returns the cost of one run.
func measure(f func(), minCPU time.Duration) opStats {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c0, w0 := cpuTime(), time.Now()
	n := 0
	for cpuTime()-c0 < minCPU {
		f()
		n++
	}
	c, w := cpuTime()-c0, time.Since(w0)
	runtime.ReadMemStats(&after)
	per := float64(n)
	return opStats{c.Seconds() / per, w.Seconds() / per,
		float64(after.TotalAlloc-before.TotalAlloc) / per, float64(after.Mallocs-before.Mallocs) / per}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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

// timeInterleaved runs the commands round-robin: warm-up rounds, then runs
// rounds, each running every command once, so that a change in the
// machine's load hits them all alike.
func timeInterleaved(argvs [][]string, runs, warmup int) ([]stats, error) {
	wall := make([][]float64, len(argvs))
	cpu := make([][]float64, len(argvs))
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
				cpu[i] = append(cpu[i], (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds())
			}
		}
	}
	out := make([]stats, len(argvs))
	for i := range argvs {
		slices.Sort(cpu[i])
		slices.Sort(wall[i])
		out[i] = stats{len(cpu[i]), median(cpu[i]), cpu[i][0], cpu[i][len(cpu[i])-1], median(wall[i]), wall[i][0]}
	}
	return out, nil
}

// median of sorted values.
func median(v []float64) float64 {
	if len(v)%2 == 0 {
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return v[len(v)/2]
}

func printEnv(wv string) {
	fmt.Printf("- date: %s\n", time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("- machine: %s, %d CPUs, %s/%s\n", cpuModel(), cpuCount(), runtime.GOOS, runtime.GOARCH)
	fmt.Printf("- pinned to CPU %s (every process runs there; run.sh uses taskset)\n", allowedCPUs())
	fmt.Printf("- load average before: %s\n", loadavg())
	fmt.Printf("- Go: %s\n", runtime.Version())
	_, v := runOnce([]string{wv, "--version"})
	fmt.Printf("- wasm-validate (wabt): %s\n", strings.TrimSpace(v))
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if strings.Contains(d.Path, "wasmtime-go") {
				fmt.Printf("- wasmtime: %s %s, WebAssembly 2.0 features (compare.WasmtimeConfig)\n", d.Path, d.Version)
			}
		}
	}
	fmt.Println()
}

// allowedCPUs is the CPU list this process may run on, from /proc.
func allowedCPUs() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// cpuCount is the machine's number of CPUs, which runtime.NumCPU does not
// tell once the process is pinned.
func cpuCount() int {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.NumCPU()
	}
	n := 0
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "processor") {
			n++
		}
	}
	return max(1, n)
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

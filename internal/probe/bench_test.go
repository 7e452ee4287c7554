package probe_test

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/subjects"
	"github.com/subako-ai/subako-go/internal/toolspkg"
)

// BenchmarkProbes measures the safe probes, end to end, on examples/hello
// (one tool) and internal/toolspkg's package of 64 generated tools, with the
// module compiled and discovered once, as lint has done when the probes
// start (the compilation cache is warm):
//
//	go test ./internal/probe -run '^$' -bench Probes -benchtime 5x
func BenchmarkProbes(b *testing.B) { benchProbes(b, probe.Safe) }

// BenchmarkDeepProbes measures --probes=deep the same way: the argument
// probes with argsgen's reach and the module's dictionary, then the
// search's 600 covered runs (the covered compilation included, as lint's
// first deep run pays it). On tools64 deep's argument probes alone use
// more than 10 minutes of CPU, so only hello makes a figure:
//
//	go test ./internal/probe -run '^$' -bench DeepProbes/hello -benchtime 1x
func BenchmarkDeepProbes(b *testing.B) { benchProbes(b, probe.Deep) }

func benchProbes(b *testing.B, level probe.Level) {
	for _, pkg := range []struct {
		name string
		dir  func(testing.TB) string
		env  []string
	}{
		{"hello", func(testing.TB) string { return "../../examples/hello" }, nil},
		{"tools64", func(tb testing.TB) string { return toolspkg.Dir(tb, 64) }, toolspkg.Env},
	} {
		b.Run(pkg.name, func(b *testing.B) {
			ctx := context.Background()
			h := testHost(b)
			wasm, err := os.ReadFile(gowasm.PathEnv(b, pkg.dir(b), pkg.env))
			if err != nil {
				b.Fatal(err)
			}
			m, d := discovered(b, h, wasm)
			runs := 0
			cpu0 := cputime.Process()
			for b.Loop() {
				opt := probe.Options{Budget: time.Minute}
				if level == probe.Deep {
					opt = probe.Options{Level: level, Budget: 10 * time.Minute, Wasm: wasm}
				}
				res := probe.Run(ctx, h, m, d.Tools, opt)
				if len(res.Findings) > 0 {
					b.Fatalf("%s: %s", pkg.name, res.Findings[0].Message)
				}
				runs = len(res.Runs)
			}
			b.ReportMetric(float64(runs), "runs")
			// The CPU time, user and system, of this process (the host
			// and every instance): what the probes cost whatever else
			// the machine runs, since the wall time on a loaded machine
			// is mostly waiting for a core.
			b.ReportMetric(float64((cputime.Process()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkSlowSubjects measures the safe probes on the probe subjects
// that take their time, as lint runs them: the subject of each language
// that sleeps 2 s once stdin closes (P039), and probe's Go subject that
// does so and the one that reads to end of input (P035).
//
//	go test ./internal/probe -run '^$' -bench SlowSubjects -benchtime 3x
func BenchmarkSlowSubjects(b *testing.B) {
	type slow struct {
		name string
		wasm func(testing.TB) []byte
	}
	var all []slow
	for _, lang := range subjects.Langs {
		all = append(all, slow{string(lang) + "-slow-exit", func(tb testing.TB) []byte {
			w, err := os.ReadFile(subjects.Module(tb, lang, subjects.SlowExit))
			if err != nil {
				tb.Fatal(err)
			}
			return w
		}})
	}
	for _, mode := range []string{"slow-exit", "eof"} {
		all = append(all, slow{"subject-" + mode, func(tb testing.TB) []byte {
			return gowasm.Build(tb, "testdata/subject", "-ldflags=-X main.mode="+mode)
		}})
	}
	for _, s := range all {
		b.Run(s.name, func(b *testing.B) {
			ctx := context.Background()
			h, err := host.New(ctx, host.Options{}) // Subako's limits, as lint's
			if err != nil {
				b.Fatal(err)
			}
			defer h.Close(ctx)
			m, d := discovered(b, h, s.wasm(b))
			m.WaitCompiled(ctx)
			cpu0 := cputime.Process()
			for b.Loop() {
				if res := probe.Run(ctx, h, m, d.Tools, probe.Options{Budget: time.Minute}); len(res.Findings) == 0 {
					b.Fatal("no finding")
				}
			}
			b.ReportMetric(float64((cputime.Process()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkHostWork measures the host's work of one probe run (starting
// it, generating and judging its case): the CPU time of the probes' own
// thread (Result.HostCPU) divided by the runs, on the C and Go subjects
// (the edge schema, MaxTrap: a broken call, its shrinking, the edge
// cases) and probe's Go subject, compiled and discovered once, as lint
// has done when the probes start. It reports the median of the
// iterations' per-run figures, the calibration of probe.RunCharge:
//
//	go test ./internal/probe -run '^$' -bench HostWork -benchtime 20x
func BenchmarkHostWork(b *testing.B) {
	for _, s := range []struct {
		name string
		wasm func(testing.TB) []byte
	}{
		{"c-max-trap", func(tb testing.TB) []byte { return readModule(tb, subjects.Module(tb, subjects.C, subjects.MaxTrap)) }},
		{"go-max-trap", func(tb testing.TB) []byte { return readModule(tb, subjects.Module(tb, subjects.Go, subjects.MaxTrap)) }},
		{"subject-good", func(tb testing.TB) []byte { return gowasm.Build(tb, "testdata/subject") }},
	} {
		b.Run(s.name, func(b *testing.B) {
			ctx := context.Background()
			h, err := host.New(ctx, host.Options{Engine: host.EngineCompiler})
			if err != nil {
				b.Fatal(err)
			}
			defer h.Close(ctx)
			m, d := discovered(b, h, s.wasm(b))
			var per []time.Duration
			runs := 0
			for b.Loop() {
				res := probe.Run(ctx, h, m, d.Tools, probe.Options{Budget: time.Minute})
				runs = len(res.Runs)
				per = append(per, res.HostCPU/time.Duration(runs))
			}
			slices.Sort(per)
			b.ReportMetric(float64(per[len(per)/2].Microseconds()), "host-µs/run")
			b.ReportMetric(float64(per[len(per)-1].Microseconds()), "max-host-µs/run")
			b.ReportMetric(float64(runs), "runs")
		})
	}
}

func readModule(tb testing.TB, path string) []byte {
	tb.Helper()
	w, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return w
}

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// BenchmarkLintDiscovery runs the built `subakogo lint DIR` (a package
// directory: discovery runs) under each --engine, with an empty compilation
// cache (cold, as on a fresh CI machine) and with one an earlier lint filled
// (warm), side by side: ns/op is the wall time of the whole command and
// cpu-ms/op its CPU time (user + system, its supervised child included).
// Under auto a cold lint answers while a worker process compiles the module
// for the cache; that worker outlives the command, is not counted, and is
// waited for between iterations so that it does not slow the next one.
// Each runs without the call probes (discovery alone) and with lint's
// default, --probes safe (11 more runs of hello).
// The modules: examples/hello (2.6 MB) and bench/bigmod (23 MB, which
// answers nothing: its discovery ends when it exits; compiled, it may not
// fit discovery's 10 s on a busy machine, and then is reported so).
func BenchmarkLintDiscovery(b *testing.B) {
	bin := subakogoBinary(b)
	for _, mod := range []struct{ name, pkg string }{{"hello", "../../examples/hello"}, {"big", "../../bench/bigmod"}} {
		dir := filepath.Join(b.TempDir(), mod.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "module.wasm"), gowasm.Build(b, mod.pkg), 0o644); err != nil {
			b.Fatal(err)
		}
		manifest := `{"abi": 1, "name": "hello", "description": "Says hello."}`
		if err := os.WriteFile(filepath.Join(dir, "subako-package.json"), []byte(manifest), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, probes := range []string{"none", "safe"} {
			for _, warm := range []bool{false, true} {
				for _, engine := range []string{"compiler", "auto"} {
					name := fmt.Sprintf("%s/probes=%s/cold/%s", mod.name, probes, engine)
					if warm {
						name = fmt.Sprintf("%s/probes=%s/warm/%s", mod.name, probes, engine)
					}
					b.Run(name, func(b *testing.B) {
						cache := b.TempDir()
						lint := func() time.Duration {
							cmd := exec.Command(bin, "lint", "--engine", engine, "--probes", probes, dir)
							cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
							_ = cmd.Run() // bigmod's discovery finds errors: exit 1
							if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() > 1 {
								b.Fatalf("lint: %v", cmd.ProcessState)
							}
							return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
						}
						if warm { // fill the cache as a first lint does
							cmd := exec.Command(bin, "lint", dir)
							cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
							_ = cmd.Run()
							waitCached(b, cache)
						}
						var cpu time.Duration
						b.ResetTimer()
						for range b.N {
							if !warm {
								b.StopTimer()
								cache = b.TempDir()
								b.StartTimer()
							}
							cpu += lint()
							if engine == "auto" && !warm {
								b.StopTimer()
								waitCached(b, cache)
								b.StartTimer()
							}
						}
						b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
					})
				}
			}
		}
	}
}

// waitCached waits until the compilation cache under cache holds a compiled
// module, as a compile worker writes it after the command has answered.
func waitCached(b *testing.B, cache string) {
	for start := time.Now(); time.Since(start) < 2*time.Minute; time.Sleep(10 * time.Millisecond) {
		if m, _ := filepath.Glob(filepath.Join(cache, "subako-go", "wazero", "compiled-*", "*")); len(m) > 0 {
			return
		}
	}
	b.Fatal("the module never reached the compilation cache")
}

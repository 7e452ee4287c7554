package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/probe"
)

// backstops, when set, force the wall-clock backstops small, so that the
// tests see each command say "not judged" (exit 3) without slowing the
// machine: the host's, of every run and compilation, the probes', and the
// go commands' (input.GoBackstop).
var backstops struct{ host, probes, goCmd time.Duration }

// goBackstop is ctx with the go commands' backstop set, when a test sets
// one.
func goBackstop(ctx context.Context) context.Context {
	if backstops.goCmd > 0 {
		return input.WithGoBackstop(ctx, backstops.goCmd)
	}
	return ctx
}

// probeFlags adds --probes and --probe-time to fs; the function it returns
// reads them once fs is parsed: nil options when --probes=none.
func probeFlags(fs *flag.FlagSet) func() (*probe.Options, error) {
	level := fs.String("probes", "safe", "call probes after discovery passes: none, safe (no network, an empty temporary volume), all (adds HTTP failures) or deep (safe, with many generated cases a tool)")
	budget := fs.Duration("probe-time", probe.DefaultBudget, "the call probes' budget for a package: the module's own time in their runs and "+probe.RunCharge.String()+" a run for the host's work ("+probe.DeepBudget.String()+" with --probes=deep)")
	wall := fs.String("wall-start", "", "where the probes' runs start the module's wall clock, in RFC 3339 (default: now; --format json gives it as probesWallStart, so a verdict that hangs on the date can be made again)")
	return func() (*probe.Options, error) {
		l, err := probe.ParseLevel(*level)
		if err != nil {
			return nil, err
		}
		if *budget <= 0 {
			return nil, errors.New("--probe-time must be positive")
		}
		start, err := parseWallStart(*wall)
		if err != nil {
			return nil, err
		}
		if l == probe.None {
			return nil, nil
		}
		opt := &probe.Options{Level: l, Backstop: backstops.probes, SeededWall: start}
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "probe-time" {
				opt.Budget = *budget // else the level's default (probe.Run)
			}
		})
		return opt, nil
	}
}

// parseWallStart reads --wall-start: "" is the zero time (now, as the
// probes start); a time before 2000 or past 2200 is refused: the seeded
// files of /package show times days before the start, and the host's
// clock (nanoseconds since 1970 in an int64) must hold the start with
// room to run.
func parseWallStart(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("--wall-start: want an RFC 3339 time such as 2026-12-07T18:30:00Z: %q", s)
	}
	// The bound is the instant's, in UTC as probesWallStart reports it, not
	// the zone's the user wrote: 2199-12-31T23:59:59-23:59 is in 2200
	// (attack pass 51a, row 1).
	if y := t.UTC().Year(); y < 2000 || y >= 2200 {
		return time.Time{}, fmt.Errorf("--wall-start: %s (%s) is outside the years 2000-2199 (UTC)", s, t.UTC().Format(time.RFC3339Nano))
	}
	return t, nil
}

// probeUsage is the usage text's paragraph on the probes.
const probeUsage = "\n\nAfter discovery passes, the call probes run the module a few more times as Subako runs a call\n" +
	"(no network, an empty temporary volume): valid and invalid arguments from each tool's inputSchema,\n" +
	"stdin held open until the answer, a pause on a real pipe, a notification first, integer and string\n" +
	"ids, the exit after stdin closes, stdout beyond the answer, the result's content blocks (rules P030-P045),\n" +
	"and each tool at its schema's edges; a broken call is shrunk to the smallest failing arguments and its\n" +
	"finding ends with the subakogo call command that reproduces it. --probes=deep spends the time on many\n" +
	"more generated cases and a search guided by the module's own constants and coverage (60 s of CPU);\n" +
	"--probes=none skips them."

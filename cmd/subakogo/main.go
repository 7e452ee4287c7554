// Command subakogo is the Go toolchain for Subako function packages. This
// file only dispatches to the subcommands; each lives in its own file.
//
// Exit codes, for every subcommand:
//
//	0  nothing at or above the --fail-on severity
//	1  findings at or above it
//	2  usage error
//	3  an input that cannot be read (or a host that cannot be set up), or
//	   work this machine was too busy to finish: not judged; or output
//	   that could not be written (cli.Output)
//	4  subakogo itself crashed (see internal/supervise)
//	129, 130, 131, 143  interrupted by SIGHUP, SIGINT, SIGQUIT or SIGTERM
//	   (128 plus the signal, supervise.StopSignals); the commands that run
//	   modules remove their runs' volumes first (interruptible)
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	_ "github.com/subako-ai/subako-go/cmd/subakogo/internal/early" // the supervisor, from its initialiser
	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/roles"
	"github.com/subako-ai/subako-go/internal/supervise"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

// Exit codes (package cli's, shared with cmd/subakogen).
const (
	exitOK         = cli.OK
	exitFindings   = cli.Findings
	exitUsage      = cli.Usage
	exitUnreadable = cli.Unreadable
)

type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{"lint", "check modules for every reason Subako would refuse them", runLint},
		{"call", "run one tool call the way Subako does", runCall},
		{"pack", "build a Go package into the directory Subako takes, and lint it", runPack},
		{"generate", "write subako_gen.go for a package's handlers (-check: is it current?)", runGenerate},
		{"init", "start a new Go function package", runInit},
		{"serve", "serve a package to MCP clients (stdio or HTTP), each call run as Subako runs it", runServe},
		{"check", "for CI: analyzer, generated code, wasip1 build, lint with discovery, example calls", runCheck},
		{"diff", "compare two versions of a tool list: what breaks the agents built on the old one", runDiff},
		{"schema", "print the tool list a Go package will answer, from its source", runSchema},
		{"size", "show what makes a module big, and what a cold call costs", runSize},
		{"explain", "show a rule's documentation, by ID or slug", runExplain},
		{"version", "print the version", runVersion},
	}
}

// main runs the role internal/roles picks for this process (see
// docs/architecture.md#process-roles). The two that must start before the command's
// dependencies initialise have started already: a supervisor from
// package early's initialiser (it exits with its child's code), a compile
// worker from internal/host's (it compiles and exits). Here go vet's tool,
// or the command: in the supervisor's child, or alone (version, or when
// the supervisor could not start its child).
func main() {
	if code, worker := host.WorkerMain(); worker {
		os.Exit(code) // the host's compile worker (roles.Of kept it from supervising)
	}
	// A reader of stdout or stderr that goes away (an MCP client that
	// crashed, `call ... | head`) must not end the process by SIGPIPE,
	// whose default action skips every deferred cleanup and leaves the
	// runs' temporary volumes behind (attack pass 39): ignored, a write
	// to the closed pipe fails with EPIPE instead, and the command ends
	// as it would.
	signal.Ignore(syscall.SIGPIPE)
	args := os.Args[1:]
	cli.TuneGC(staysUp(args))
	switch roles.Of(args) {
	case roles.Vettool:
		os.Exit(runVet(args)) // go vet -vettool=$(which subakogo)
	case roles.VetChild:
		runVetChild() // exits
		return
	}
	os.Exit(supervise.Child(func() int { return run(args, os.Stdout, os.Stderr) }))
}

// run runs the command args name. Its exit code says whether its output
// was written: a write to stdout that failed (a full disk) makes it 3
// (cli.Output), whatever the command.
func run(args []string, stdout, stderr io.Writer) int {
	out := cli.NewOutput(stdout)
	code := dispatch(args, out, stderr)
	prog := "subakogo"
	if len(args) > 0 {
		prog += " " + args[0]
	}
	return out.Checked(prog, stderr, code)
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	// stderr is for a person at a terminal, whatever the command: the
	// errors, logs and progress it carries quote what a module wrote
	// (names, messages, stopped discoveries), escaped here once for all.
	// stdout carries JSON and SARIF as well, which keep text intact: each
	// command escapes its text output (report's text format, call, size).
	errW := termsafe.NewWriter(stderr)
	defer errW.Flush()
	stderr = errW
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" || args[0] == "help" {
		if len(args) > 1 && args[0] == "help" {
			return dispatch([]string{args[1], "--help"}, stdout, stderr) // subakogo help CMD
		}
		usage(stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			if wantsHelp(args[1:]) {
				// The usage goes to stdout, as asked for; usageError
				// prints it to the writer it is given.
				return c.run([]string{"-h"}, stdout, stdout)
			}
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "subakogo: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

// staysUp reports whether args run serve, the command that stays up until
// stopped: its heap holds each call's module memory, so it keeps Go's
// collector percentage rather than a short command's (cli.TuneGC).
func staysUp(args []string) bool { return len(args) > 0 && args[0] == "serve" }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: subakogo <command> [arguments]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nexit codes: 0 clean, 1 findings at or above --fail-on, 2 usage error, 3 unreadable input, unwritable output or host set-up, 4 subakogo crashed, 128+n stopped by signal n")
}

// parseInterspersed, wantsHelp and usageError are package cli's, for
// subakogo.
var (
	parseInterspersed = cli.Interspersed
	wantsHelp         = cli.WantsHelp
)

func usageError(stderr io.Writer, fs *flag.FlagSet, err error) int {
	return cli.UsageError(stderr, "subakogo", fs, err)
}

// runVersion prints the version; like every command it refuses flags and
// arguments it does not know, with exit 2.
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() { fmt.Fprintln(fs.Output(), "usage: subakogo version\n\nPrints subakogo's version.") }
	pos, err := parseInterspersed(fs, args)
	if err == nil && len(pos) > 0 {
		err = errors.New("takes no arguments")
	}
	if err != nil {
		return usageError(stderr, fs, err)
	}
	fmt.Fprintln(stdout, "subakogo", version())
	return exitOK
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// packageArg parses flags and at most one package pattern ("." by default),
// as generate, schema and check take them.
func packageArg(fs *flag.FlagSet, args []string) (string, error) {
	pos, err := parseInterspersed(fs, args)
	switch {
	case err != nil:
		return "", err
	case len(pos) > 1:
		return "", errors.New("want at most one package")
	case len(pos) == 1:
		return pos[0], nil
	}
	return ".", nil
}

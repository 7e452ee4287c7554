// Package tools is a helper package of the module.
package tools

import (
	"fmt"
	"log"
	"os"
	"syscall"

	"example.com/t/reach/tools/deep"
)

// Log prints, through an unexported helper.
func Log(msg string) { // want Log:"writes to stdout: tools.Log → tools.say → fmt.Println"
	say(msg)
}

func say(msg string) { fmt.Println(msg) }

// Stderr logs where it should: nothing to report.
func Stderr(msg string) { fmt.Fprintln(os.Stderr, msg) }

// Must exits on an error, two packages down.
func Must(err error) { // want Must:"exits: tools.Must → deep.Quit → os.Exit"
	if err != nil {
		deep.Quit(3)
	}
}

// Logger is a type whose method exits.
type Logger struct{ l *log.Logger }

// Fail exits.
func (lg Logger) Fail() { // want Fail:`exits: tools.Logger.Fail → \(\*log.Logger\).Fatal`
	lg.l.Fatal("no")
}

// ToStdout sends the log package's output to stdout.
func ToStdout() { // want ToStdout:"writes to stdout: tools.ToStdout → os.Stdout"
	log.SetOutput(os.Stdout)
}

// Raw writes to file descriptor 1 itself, which no redirection changes.
func Raw() { // want Raw:"writes to fd 1: tools.Raw → tools.raw → syscall.Stdout"
	raw()
}

func raw() { fmt.Println("first"); _, _ = syscall.Write(syscall.Stdout, nil) }

func init() {
	panic("a panic in init is fine") // init is not reached from a handler
}

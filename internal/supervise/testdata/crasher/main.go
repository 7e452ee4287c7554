// Command crasher runs under supervise.Main and ends as its first argument
// says: "usage" (its usage code), "exit3", "panic", "overflow" (a Go
// runtime fatal error: the stack limit is passed), or "flood" (stdout
// without end, for a reader that stops reading) or "deaf" (a stop signal
// never reaches its handler: ignored, it says "ready" and waits; its
// supervisor kills it after 100 ms).
package main

import (
	"os"
	"os/signal"
	"runtime/debug"
	"time"

	"github.com/subako-ai/subako-go/internal/supervise"
)

func deep(n int) int {
	var pad [64]byte
	pad[n%64] = byte(n)
	return deep(n+1) + int(pad[0])
}

func main() {
	supervise.KillGrace = 100 * time.Millisecond
	os.Exit(supervise.Main("crasher", os.Stderr, func() int {
		switch os.Args[1] {
		case "usage":
			return supervise.Usage
		case "exit3":
			return 3
		case "panic":
			panic("boom")
		case "overflow":
			debug.SetMaxStack(1 << 20)
			return deep(0)
		case "deaf":
			signal.Ignore(supervise.StopSignals()...)
			os.Stdout.WriteString("ready\n")
			for {
				time.Sleep(time.Hour)
			}
		case "flood":
			line := []byte("more output than anyone reads\n")
			for {
				os.Stdout.Write(line)
			}
		}
		return 0
	}))
}

package supervise

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// stops routes the stop signals of a process that CatchStops caught from
// its first initialiser on to the channels of NotifyStops (the command's
// cli.NotifyContext), and, while none is listening, ends the process
// with 128 plus the signal, as a shell reports it: a SIGQUIT in a command
// that never listens (explain, version, help) dumped every goroutine and
// exited 2, which the supervisor took for a crash (attack pass 43g, row
// 1). Those commands make nothing, so nothing is left.
var stops struct {
	sync.Mutex
	caught   bool
	stopping bool // a signal went to a listener: later ones are its
	to       []chan<- os.Signal
	name     string
	stderr   io.Writer
	exit     func(int)
}

// CatchStops catches the stop signals in this process from now on (see
// stops); name is the command's, in the line said before exiting.
func CatchStops(name string, stderr io.Writer) {
	IgnoreInherited()
	ch := make(chan os.Signal, 4)
	stops.Lock()
	defer stops.Unlock()
	if stops.caught {
		return
	}
	stops.caught, stops.name, stops.stderr = true, name, stderr
	if stops.exit == nil {
		stops.exit = os.Exit
	}
	signal.Notify(ch, StopSignals()...)
	go func() {
		for s := range ch {
			routeStop(s.(syscall.Signal))
		}
	}()
}

// routeStop hands s to the listeners, or ends the process when there is
// none and none had one before.
func routeStop(s syscall.Signal) {
	stops.Lock()
	defer stops.Unlock()
	if len(stops.to) == 0 {
		if stops.stopping {
			return // the command stopping for an earlier one says how
		}
		fmt.Fprintf(stops.stderr, "%s: interrupted by %s\n", stops.name, SignalName(s))
		stops.exit(128 + int(s))
		return
	}
	stops.stopping = true
	for _, c := range stops.to {
		select {
		case c <- s:
		default:
		}
	}
}

// NotifyStops sends the stop signals to c, as signal.Notify does, until
// StopStops(c): through CatchStops' routing when it caught them.
func NotifyStops(c chan<- os.Signal) {
	stops.Lock()
	defer stops.Unlock()
	if !stops.caught {
		signal.Notify(c, StopSignals()...)
		return
	}
	stops.to = append(stops.to, c)
}

// StopStops ends NotifyStops(c).
func StopStops(c chan<- os.Signal) {
	stops.Lock()
	defer stops.Unlock()
	if !stops.caught {
		signal.Stop(c)
		return
	}
	for i, d := range stops.to {
		if d == c {
			stops.to = append(stops.to[:i], stops.to[i+1:]...)
			break
		}
	}
}

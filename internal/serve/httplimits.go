package serve

import (
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// HTTPLimits bound what clients of the Streamable HTTP transport can hold
// of the server: connections, the time to send a request, and the memory
// of bodies being read. The zero value of a field means its default.
type HTTPLimits struct {
	// HeaderTimeout is the time a client has to send a request's headers
	// (10 s).
	HeaderTimeout time.Duration
	// BodyTimeout is the time a client has to send a request's body (30 s).
	BodyTimeout time.Duration
	// MaxConns bounds open connections (256). At the cap, a new one
	// closes the oldest connection that is doing nothing (still sending
	// its headers, or idle between requests); when every one is busy, the
	// new one gets 503.
	MaxConns int
	// LargeBodies bounds the bodies over smallBody read at once (4): a
	// body past its first smallBody bytes waits for a slot, for as long
	// as its BodyTimeout, so stalled bodies hold at most LargeBodies
	// times maxMessage.
	LargeBodies int
	// WriteTimeout is the time a client has to take an answer (30 s):
	// a call's line waits for its client holding one of the server's
	// --max-concurrent places (conn.go), and a client that does not read
	// loses its connection rather than keep the place.
	WriteTimeout time.Duration
}

// smallBody is read without a slot: every connection may hold this much.
const smallBody = 64 << 10

func (l HTTPLimits) withDefaults() HTTPLimits {
	if l.HeaderTimeout <= 0 {
		l.HeaderTimeout = 10 * time.Second
	}
	if l.BodyTimeout <= 0 {
		l.BodyTimeout = 30 * time.Second
	}
	if l.MaxConns <= 0 {
		l.MaxConns = 256
	}
	if l.LargeBodies <= 0 {
		l.LargeBodies = 4
	}
	if l.WriteTimeout <= 0 {
		l.WriteTimeout = 30 * time.Second
	}
	return l
}

// errBodyTimeout and errBodyBusy say why a body was not read.
var (
	errBodyTimeout = errors.New("the body did not arrive in time")
	errBodyBusy    = errors.New("too many large bodies are being sent at once")
)

// readBody reads a request's body within the body deadline: the first
// smallBody bytes freely, the rest in one of the large-body slots. The
// connection's read deadline is lifted once the body is read, so a long
// call's connection is not cut.
func (h *httpServer) readBody(w http.ResponseWriter, r *http.Request) ([]byte, int, error) {
	rc := http.NewResponseController(w)
	deadline := time.Now().Add(h.limits.BodyTimeout)
	_ = rc.SetReadDeadline(deadline) // unsupported only by test recorders
	defer func() { _ = rc.SetReadDeadline(time.Time{}) }()
	body := http.MaxBytesReader(w, r.Body, maxMessage)
	head, err := io.ReadAll(io.LimitReader(body, smallBody))
	if err == nil && len(head) == smallBody {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		select {
		case h.bodies <- struct{}{}:
			defer func() { <-h.bodies }()
		case <-t.C:
			return nil, http.StatusServiceUnavailable, errBodyBusy
		case <-r.Context().Done():
			return nil, http.StatusServiceUnavailable, r.Context().Err()
		}
		var rest []byte
		rest, err = io.ReadAll(body)
		head = append(head, rest...)
	}
	var maxErr *http.MaxBytesError
	var netErr net.Error
	switch {
	case err == nil:
		return head, 0, nil
	case errors.As(err, &maxErr):
		return nil, http.StatusRequestEntityTooLarge, errors.New("message over " + strconv.Itoa(maxMessage) + " bytes")
	case errors.As(err, &netErr) && netErr.Timeout():
		return nil, http.StatusRequestTimeout, errBodyTimeout
	}
	return nil, http.StatusBadRequest, err
}

// connLimiter caps a listener's open connections. It learns each
// connection's state from the server's ConnState hook, so that at the cap
// a connection that does nothing gives way to a new one.
type connLimiter struct {
	net.Listener
	max int
	log *logger

	mu    sync.Mutex
	conns map[net.Conn]connInfo
}

type connInfo struct {
	state http.ConnState
	since time.Time
}

func newConnLimiter(ln net.Listener, max int, log *logger) *connLimiter {
	return &connLimiter{Listener: ln, max: max, log: log, conns: map[net.Conn]connInfo{}}
}

// Accept returns the next connection, making room for it or refusing it
// when the cap is reached.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		l.mu.Lock()
		var victim net.Conn
		if len(l.conns) >= l.max {
			var oldest time.Time
			for o, in := range l.conns {
				if (in.state == http.StateNew || in.state == http.StateIdle) && (victim == nil || in.since.Before(oldest)) {
					victim, oldest = o, in.since
				}
			}
			if victim != nil {
				delete(l.conns, victim)
			}
		}
		full := len(l.conns) >= l.max
		if !full {
			l.conns[c] = connInfo{state: http.StateNew, since: time.Now()}
		}
		l.mu.Unlock()
		if victim != nil {
			_ = victim.Close()
		}
		if full {
			l.log.printf("http: %d connections are busy: refused one from %s", l.max, c.RemoteAddr())
			_ = c.SetWriteDeadline(time.Now().Add(time.Second))
			_, _ = io.WriteString(c, busyReply)
			_ = c.Close()
			continue
		}
		return c, nil
	}
}

// busyReply answers a connection over the cap.
const busyReply = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\nContent-Length: 26\r\n\r\ntoo many open connections\n"

// track is the server's ConnState hook.
func (l *connLimiter) track(c net.Conn, s http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.conns[c]; !ok {
		return // refused, or already made way
	}
	if s == http.StateClosed || s == http.StateHijacked {
		delete(l.conns, c)
		return
	}
	l.conns[c] = connInfo{state: s, since: time.Now()}
}

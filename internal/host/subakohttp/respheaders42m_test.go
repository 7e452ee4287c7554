package subakohttp

import (
	"bufio"
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// rawHeadServer answers every connection with resp, after reading the
// request's head, over TLS with the env's certificate.
func rawHeadServer(t *testing.T, resp []byte) string {
	t.Helper()
	ln, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{cert(t)}, NextProtos: []string{"http/1.1"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				br := bufio.NewReader(c)
				if _, err := http.ReadRequest(br); err != nil {
					return
				}
				_, _ = c.Write(resp)
			}()
		}
	}()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// manyHeaders is a response head of status and first lines, then distinct
// short headers up to about size bytes.
func manyHeaders(status, first string, size int) string {
	var b strings.Builder
	b.WriteString("HTTP/1.1 " + status + "\r\n" + first + "Connection: close\r\n")
	for i := 0; b.Len() < size; i++ {
		b.WriteString("a" + strconv.Itoa(i) + ": <\r\n")
	}
	return b.String() + "\r\n"
}

// allocated is what f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestResponseHeadersBounded (attack pass 42m, row 3): a server the
// allowlist names answered with just under 1 MiB of headers (~87,000
// short names), which the host maps and re-encodes before the module sees
// one: 35 MiB of the host's heap for one request, outside the call's
// memory budget. A response's headers are now bounded as a request's are,
// 64 KiB: past it the request answers a connection error and costs a few
// MiB; just under it the answer comes whole.
func TestResponseHeadersBounded(t *testing.T) {
	e := newEnv(t)
	big := rawHeadServer(t, []byte(manyHeaders("200 OK", "Content-Length: 1\r\n", (1<<20)-4096)+"x"))
	var raw []byte
	alloc := allocated(func() { raw = e.cfg.Handle(context.Background(), []byte(get("https://api.test:"+big+"/h"))) })
	if !strings.HasPrefix(string(raw), `{"error":{"kind":"connection"`) {
		t.Errorf("1 MiB of response headers: %.200s; want a connection error", raw)
	}
	if alloc > 8<<20 {
		t.Errorf("one response with 1 MiB of headers allocated %d MiB of the host's heap", alloc>>20)
	}
	fits := rawHeadServer(t, []byte(manyHeaders("200 OK", "Content-Length: 1\r\n", maxResponseHeaderBytes-4096)+"x"))
	raw = e.cfg.Handle(context.Background(), []byte(get("https://api.test:"+fits+"/h")))
	if !strings.HasPrefix(string(raw), `{"ok"`) || !strings.Contains(string(raw), `"a1":"<"`) {
		t.Errorf("headers under the bound: %.200s", raw)
	}
}

// TestRedirectHeadersBounded (attack pass 42m, row 3): the same 1 MiB of
// headers on each of the 10 redirects a request follows allocated 160 MiB
// in one call; the first hop is now refused.
func TestRedirectHeadersBounded(t *testing.T) {
	e := newEnv(t)
	port := rawHeadServer(t, []byte(manyHeaders("302 Found", "Location: /h\r\nContent-Length: 0\r\n", (1<<20)-4096)))
	var raw []byte
	alloc := allocated(func() { raw = e.cfg.Handle(context.Background(), []byte(get("https://api.test:"+port+"/h"))) })
	if !strings.HasPrefix(string(raw), `{"error":{"kind":"connection"`) {
		t.Errorf("redirects with 1 MiB of headers: %.200s; want a connection error", raw)
	}
	if alloc > 8<<20 {
		t.Errorf("one request following redirects with 1 MiB of headers allocated %d MiB of the host's heap", alloc>>20)
	}
}

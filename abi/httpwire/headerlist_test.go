package httpwire

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi"
)

// headerList is a request's JSON with n headers "h100000".., each of
// value v.
func headerList(n int, v string) (string, map[string]string) {
	var b strings.Builder
	m := make(map[string]string, n)
	b.WriteString(`{"url":"https://x.test/","headers":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		name := "h" + strconv.Itoa(100000+i) // six bytes each
		m[name] = v
		b.WriteString(`"` + name + `":"` + v + `"`)
	}
	b.WriteString(`}}`)
	return b.String(), m
}

// TestHeaderListBounded (attack pass 42f, row 1): a request's headers
// count as HTTP/2's header list does, name + value + 32 a header, at most
// HeaderListMaxBytes; both the encoder (the module's side) and the decoder
// (the host's) refuse more with invalid_request, and the decoder stops
// there, so one request of 8 MiB of empty headers no longer builds a map of
// 838,856 of them.
func TestHeaderListBounded(t *testing.T) {
	t.Parallel()
	value := strings.Repeat("v", 60) // "h1NNNNN" (7 bytes) + 60 + 32 = 99 a header
	fits := HeaderListMaxBytes / 99
	for _, tc := range []struct {
		n    int
		fits bool
	}{{fits, true}, {fits + 1, false}} {
		raw, headers := headerList(tc.n, value)
		size := 0
		for name, v := range headers {
			size += len(name) + len(v) + 32
		}
		if got := size <= HeaderListMaxBytes; got != tc.fits {
			t.Fatalf("%d headers: %d bytes, the test's sizes are off", tc.n, size)
		}
		_, derr := DecodeRequest([]byte(raw))
		_, eerr := EncodeRequest(&Request{URL: "https://x.test/", Headers: headers})
		for side, err := range map[string]error{"decode": derr, "encode": eerr} {
			var herr *Error
			refused := errors.As(err, &herr) && herr.Kind == abi.HTTPInvalidRequest && strings.Contains(herr.Message, "the headers are over 65536 bytes")
			if refused == tc.fits || !tc.fits && !refused || tc.fits && err != nil {
				t.Errorf("%s of %d headers (%d bytes): %v", side, tc.n, size, err)
			}
		}
	}
}

// TestManyEmptyHeadersCheap: the attack's request, 8 MiB of empty
// four-byte headers, allocates a bounded amount while refused.
func TestManyEmptyHeadersCheap(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"url":"https://x.test/","headers":{`)
	for i := 0; b.Len() < abi.HTTPRequestMaxBytes-16; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"h` + strconv.FormatInt(int64(i)%(36*36*36), 36) + `":""`)
	}
	b.WriteString(`}}`)
	raw := []byte(b.String())
	allocs := testing.AllocsPerRun(1, func() {
		if _, err := DecodeRequest(raw); err == nil || !strings.Contains(err.Error(), "the headers are over") {
			t.Fatalf("8 MiB of headers: %v", err)
		}
	})
	if allocs > 20000 {
		t.Errorf("refusing 8 MiB of headers made %.0f allocations, want the header list's few thousand", allocs)
	}
}

package subako

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcpschema"
)

// FuzzServe feeds the serve loop arbitrary lines and judges each answer by
// an oracle of its own, built on encoding/json: the loop never panics and
// always reaches the end of input without error (Serve would exit 0);
// every answer is one line of UTF-8 JSON valid against MCP's
// JSONRPCResponse; a line that is not JSON is answered with -32700 and no
// id; a request with a findable id (one "id" member, a string or an
// integer) is answered once, with that id; and notifications and
// responses are never answered. The seed corpus is the conformance probes
// (the short ones) and testdata/fuzz/FuzzServe; to fuzz, run for example
//
//	go test ./subako -run '^$' -fuzz '^FuzzServe$' -fuzztime 10m -parallel 1
func FuzzServe(f *testing.F) {
	for _, pr := range probes {
		if len(pr.line) < 4<<10 {
			f.Add([]byte(pr.line))
		}
	}
	f.Add([]byte(request("1", "server/discover", "") + "\n" + call(`"c"`, "echo", `{"a":[1,{"b":null}]}`) + "\r\n\n" + `{"jsonrpc":"2.0","method":"x"}`))
	p := &Package{Name: "fuzz", Tools: testPackage().Tools[:4]} // echo, fail, boom, text: quick ones
	f.Fuzz(func(t *testing.T, input []byte) {
		if bytes.Count(input, []byte("["))+bytes.Count(input, []byte("{")) > 5000 {
			return // encoding/json refuses 10000 levels; the probes test depth
		}
		lines := bytes.Split(input, []byte("\n"))
		wants := make([]expected, len(lines))
		for i, line := range lines {
			if wants[i] = expectAnswer(line); wants[i].unknown {
				return
			}
		}
		out := serveString(t, p, string(input)) // fails unless the loop ends well
		answers := strings.SplitAfter(out, "\n")
		if answers[len(answers)-1] != "" {
			t.Fatalf("the output does not end in a newline: %q", out)
		}
		answers = answers[:len(answers)-1]
		for i, line := range lines {
			want := wants[i]
			if want.none {
				continue
			}
			if len(answers) == 0 {
				t.Fatalf("no answer to %q", line)
			}
			checkAnswer(t, line, answers[0], want)
			answers = answers[1:]
		}
		if len(answers) > 0 {
			t.Fatalf("answers nothing asked for: %q", answers)
		}
	})
}

// expected is what the oracle expects for one line.
type expected struct {
	unknown bool   // the oracle cannot tell: skip the input
	none    bool   // no answer at all
	id      []byte // the id the answer must carry, or nil for none
	code    int    // the error code the answer must have, or 0 for any answer
}

// expectAnswer is the oracle: what the server must answer to line.
func expectAnswer(line []byte) expected {
	if len(bytes.Trim(line, " \t\r")) == 0 {
		return expected{none: true}
	}
	if !json.Valid(line) {
		return expected{code: abi.CodeParseError}
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if tok, _ := dec.Token(); tok != json.Delim('{') {
		return expected{code: abi.CodeInvalidRequest}
	}
	var id json.RawMessage
	ids, hasMethod, isResponse := 0, false, false
	for dec.More() {
		tok, _ := dec.Token()
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			panic("encoding/json found " + err.Error() + " in a line it called valid")
		}
		switch tok {
		case "id":
			ids++
			id = value
		case "method":
			hasMethod = true
		case "result", "error":
			isResponse = true
		}
	}
	switch {
	case ids == 0, ids == 1 && !hasMethod && isResponse:
		return expected{none: true}
	case ids > 1:
		return expected{code: abi.CodeInvalidRequest}
	}
	switch c := id[0]; {
	case c == '"':
		return expected{id: id}
	case c == '-' || '0' <= c && c <= '9':
		if is, ok := integral(string(id)); !ok {
			return expected{unknown: true}
		} else if is {
			return expected{id: id}
		}
	}
	return expected{code: abi.CodeInvalidRequest}
}

// integral reports whether a JSON number's value is an integer, in exact
// rational arithmetic. A huge exponent would take big.Rat too long: ok is
// false then, and the input is left to the probes.
func integral(num string) (is, ok bool) {
	if i := strings.IndexAny(num, "eE"); i >= 0 && len(strings.TrimLeft(num[i+1:], "+-")) > 4 {
		return false, false
	}
	r, _ := new(big.Rat).SetString(num)
	return r.IsInt(), true
}

// checkAnswer judges one answer line against what the oracle expects.
func checkAnswer(t *testing.T, request []byte, answer string, want expected) {
	t.Helper()
	if !utf8.ValidString(answer) || strings.Count(answer, "\n") != 1 {
		t.Fatalf("answer to %q is not one UTF-8 line: %q", request, answer)
	}
	if err := mcpschema.Validate("JSONRPCResponse", []byte(answer)); err != nil {
		t.Fatalf("answer to %q: %s\n%v", request, answer, err)
	}
	var got struct {
		ID    json.RawMessage `json:"id"`
		Error *struct{ Code int }
	}
	if err := json.Unmarshal([]byte(answer), &got); err != nil {
		t.Fatalf("answer to %q: %v", request, err)
	}
	switch {
	case want.id == nil && got.ID != nil:
		t.Fatalf("answer to %q carries an id, %s, though the request has none to find: %s", request, got.ID, answer)
	case want.id != nil && !sameID(want.id, got.ID):
		t.Fatalf("answer to %q has id %s, want %s", request, got.ID, want.id)
	case want.code != 0 && (got.Error == nil || got.Error.Code != want.code):
		t.Fatalf("answer to %q: %s, want error %d", request, answer, want.code)
	}
}

// sameID reports whether an answer's id is the request's: the same text
// when the request's is UTF-8 (ids are echoed as written), and otherwise
// the same string once decoded.
func sameID(req, got json.RawMessage) bool {
	if utf8.Valid(req) || req[0] != '"' {
		return bytes.Equal(req, got)
	}
	var a, b string
	return json.Unmarshal(req, &a) == nil && json.Unmarshal(got, &b) == nil && a == b && got[0] == '"'
}

package tooltext

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/jsonkeys"
	"github.com/subako-ai/subako-go/internal/rules"
)

// toolKeys are the members of an MCP Tool (and of its annotations) whose
// value a client reads: a key that differs from one of them only in case
// is read as that member by a reader that matches keys regardless of case
// (Go's encoding/json into a struct), and ignored by the others.
var toolKeys = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta",
	"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

// repeatedKey finds, in document order, the first object of a tool that
// writes a key twice, anywhere in it, or, at the tool's top level and in
// its annotations, a key that is not one of toolKeys but equals one under
// Unicode case folding, as encoding/json matches a struct's fields ("Name",
// or "nAme" with a Kelvin sign for "k"), alone or beside it. It returns
// the key, the toolKeys spelling ("" for a key written twice) and the JSON
// pointer of the object ("" for the tool).
// JSON leaves a repeated key's meaning open: one reader keeps the first
// value, another the last, a third refuses the document, so the text this
// package reads (the last copy, as encoding/json keeps) need not be what
// a client shows the model. raw is a value encoding/json accepted, so its
// nesting is bounded.
func repeatedKey(raw []byte) (key, other, at string, found bool) {
	type frame struct {
		object  bool
		index   int    // the next element's, in an array
		key     string // the member being read, in an object
		wantKey bool
		seen    map[string]bool
		folds   bool // whether a key in another case is looked for
	}
	// The pointer of the top frame is joined from the frames below it only
	// when a key is found: a string for each level would repeat every key
	// above it, memory growing with depth times key length.
	var stack []*frame
	pointer := func() string {
		var b strings.Builder
		for _, f := range stack[:len(stack)-1] {
			b.WriteByte('/')
			if f.object {
				b.WriteString(escapePointer(f.key))
			} else {
				b.WriteString(strconv.Itoa(f.index))
			}
		}
		return b.String()
	}
	done := func() { // a value of the top frame is read
		if len(stack) == 0 {
			return
		}
		if top := stack[len(stack)-1]; top.object {
			top.wantKey = true
		} else {
			top.index++
		}
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	for {
		tok, err := d.Token()
		if err != nil {
			return "", "", "", false
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '}' || t == ']' {
				if stack = stack[:len(stack)-1]; len(stack) == 0 {
					return "", "", "", false
				}
				done()
				continue
			}
			f := &frame{object: t == '{', wantKey: true}
			if f.object {
				f.seen = map[string]bool{}
				// the tool, and its annotations
				f.folds = len(stack) == 0 || len(stack) == 1 && stack[0].object && stack[0].key == "annotations"
			}
			stack = append(stack, f)
		case string:
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				top := stack[n-1]
				if top.seen[t] {
					return t, "", pointer(), true
				}
				top.seen[t] = true
				if top.folds {
					if k := jsonkeys.Folded(t, toolKeys); k != "" {
						return t, k, pointer(), true
					}
				}
				top.key, top.wantKey = t, false
				continue
			}
			done()
		default:
			done()
		}
	}
}

// keySignal is the signal of a tool (tools[i], named name) that writes a
// key twice, if it does.
func keySignal(i int, name string, raw []byte) []Signal {
	key, other, at, found := repeatedKey(raw)
	if !found {
		return nil
	}
	field := "object"
	msg := (&jsonkeys.KeyError{Key: key, Field: other}).Error()
	return []Signal{{Rule: rules.TextDuplicateKey, Tool: name, Index: i, Pointer: at, Field: field, Match: key,
		Message: place(name, i, at, field) + ": " + msg + "; so the text checked here need not be the text a client shows the model"}}
}

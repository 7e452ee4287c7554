// The request in one string, the secret file in another (attack pass 44f
// row 9): a description asks the model to read "the file named in note's
// default" (or "note's only allowed value", "the file save_path defaults
// to", of another tool of the package) and put it in an argument, while
// the schema value names ~/.ssh/id_rsa. Each string alone is innocuous
// (the value is a mention, T041); the model reads them together, and so
// does this: T040 on the request.

package tooltext

import (
	"encoding/json"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// secretValue is an argument whose schema value (default, enum, const,
// example) names a secret file: its name lower-cased, the tool that has
// it, what the value is and the secret it names.
type secretValue struct {
	arg, tool, field, secret string
}

// valueFields are the Fields of the strings that are schema values.
var valueFields = map[string]bool{
	"default value": true, "enum value": true, "const value": true, "example value": true,
	"default value key": true, "enum value key": true, "const value key": true, "example value key": true,
}

// secretValues are the arguments whose values drew a secret-file signal.
func secretValues(sigs []Signal) []secretValue {
	var out []secretValue
	for _, s := range sigs {
		if s.Rule != rules.TextSecretMention && s.Rule != rules.TextSecretRequest || !valueFields[s.Field] {
			continue
		}
		if arg := argOfPointer(s.Pointer); arg != "" {
			out = append(out, secretValue{arg: strings.ToLower(arg), tool: s.Tool, field: s.Field, secret: strings.ToLower(s.Match)})
		}
	}
	return out
}

// argOfPointer is the property a JSON pointer is in (the segment after
// its last "properties"), "" for none.
func argOfPointer(ptr string) string {
	segs := strings.Split(ptr, "/")
	for k := len(segs) - 2; k >= 0; k-- {
		if segs[k] == "properties" {
			return strings.ReplaceAll(strings.ReplaceAll(segs[k+1], "~1", "/"), "~0", "~")
		}
	}
	return ""
}

var (
	// valueReadRE: a request to read a file, or what a path points to
	valueReadRE = re(`\b(?:read|reads|reading|open|opens|opening|load|loads|loading|cat|fetch|fetches|fetching|get|gets|getting|grab|grabs|take|takes)\b[^.\n]{0,40}?\b(?:files?|contents?|text|whatever|what)\b`)
	// valuePassRE: its content put in an argument: the argument named
	// after as/in/into/to (valueArgRE)
	valuePassRE = re(`\b(?:pass|passes|passing|put|puts|putting|send|sends|sending|include|includes|including|insert|inserts|paste|pastes|copy|copies|attach|attaches|supply|supplies|provide|provides|give|gives|set|sets|fill|fills|place|places|use|uses)\b`)
	valueArgRE  = re(`\b(?:as|in|into|to|for|with)\s+(?:the\s+)?['"\x60]?([\w-]+)`)
)

// splitRequests reads the descriptions of a list whose schema values
// name a secret file (sigs, the list's signals, has them) for a request
// to read that value's file and put it in an argument of the package. It
// decodes each tool again, and only when a value names a secret.
func splitRequests(tools []json.RawMessage, sigs []Signal) []Signal {
	vals := secretValues(sigs)
	if len(vals) == 0 {
		return nil
	}
	args := map[string]bool{}
	decoded := func(raw json.RawMessage) map[string]any {
		var obj map[string]any
		if json.Unmarshal(raw, &obj) != nil {
			return nil
		}
		return obj
	}
	for _, raw := range tools {
		if obj := decoded(raw); obj != nil {
			collectArgs(obj["inputSchema"], args)
		}
	}
	var out []Signal
	for i, raw := range tools {
		obj := decoded(raw)
		if obj == nil {
			continue
		}
		name := toolName(obj)
		if d, ok := obj["description"].(string); ok {
			out = append(out, splitRequestIn(i, name, "/description", "description", d, vals, args)...)
		}
		descriptionsOf(obj["inputSchema"], rootPath("/inputSchema"), func(ptr *path, d string) {
			out = append(out, splitRequestIn(i, name, ptr.String(), "description", d, vals, args)...)
		})
	}
	return out
}

// descriptionsOf calls f with each "description" string of a schema, at
// every depth.
func descriptionsOf(v any, ptr *path, f func(*path, string)) {
	switch s := v.(type) {
	case []any:
		for j, e := range s {
			descriptionsOf(e, ptr.index(j), f)
		}
	case map[string]any:
		for k, e := range s {
			if d, ok := e.(string); ok && k == "description" {
				f(ptr.key(k), d)
			} else {
				descriptionsOf(e, ptr.key(k), f)
			}
		}
	}
}

// splitRequestIn: the sentences of text that name an argument of vals,
// ask to read a file and put it in an argument of the package (args),
// without a negation before the request; one signal a sentence.
func splitRequestIn(i int, tool, ptr, field, text string, vals []secretValue, args map[string]bool) []Signal {
	f := fold(text)
	s := f.s
	var out []Signal
	for start := 0; start < len(s); {
		end := sentenceEnd(s, start)
		sentence := s[start:end]
		if v, ok := splitRequested(tool, sentence, vals, args); ok {
			a, b := f.span(start, end)
			match := strings.TrimSpace(text[a:b])
			out = append(out, Signal{Rule: rules.TextSecretRequest, Tool: tool, Index: i, Pointer: ptr, Field: field,
				Start: a, End: b, Match: match,
				Message: place(tool, i, ptr, field) + ": a request to read the file a schema value names and pass it, " + quote(match) +
					", where " + quote(v.arg) + "'s " + v.field + " (tool " + quote(v.tool) + ") is " + quote(v.secret)})
		}
		start = end
	}
	return out
}

// splitRequested: the sentence names an argument whose value is a secret
// file (not the business of either tool: ownDomain), asks to read a
// file, and to put it in one of the package's arguments after that.
func splitRequested(tool, sentence string, vals []secretValue, args map[string]bool) (secretValue, bool) {
	r := valueReadRE.FindStringIndex(sentence)
	if r == nil || negationRE.MatchString(sentence[:r[0]]) {
		return secretValue{}, false
	}
	for _, v := range vals {
		if ownDomain(tool, v.secret) || ownDomain(v.tool, v.secret) || !wordIn(sentence, v.arg) {
			continue
		}
		// the first request to pass: every argument after it is after it
		p := valuePassRE.FindStringIndex(sentence[r[1]:])
		if p == nil {
			return secretValue{}, false
		}
		for _, m := range valueArgRE.FindAllStringSubmatch(sentence[r[1]+p[1]:], -1) {
			if args[m[1]] {
				return v, true
			}
		}
	}
	return secretValue{}, false
}

// wordIn: word is in s, not inside another word.
func wordIn(s, word string) bool {
	inWord := func(b byte) bool { return wordByte(b) || b == '-' }
	for k := 0; word != ""; {
		j := strings.Index(s[k:], word)
		if j < 0 {
			return false
		}
		a, b := k+j, k+j+len(word)
		if (a == 0 || !inWord(s[a-1])) && (b == len(s) || !inWord(s[b])) {
			return true
		}
		k = a + 1
	}
	return false
}

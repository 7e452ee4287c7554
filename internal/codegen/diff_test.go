package codegen_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/analyzer/model"
)

// The differential test: for each tool's input schema, many JSON
// instances, valid and not, are given both to the generated decoder (the
// package built for this machine, driven over its stdin as Subako drives
// it) and to santhosh-tekuri/jsonschema (draft 2020-12, asserting formats
// and content encoding). Every instance one accepts the other must accept;
// what the decoder accepts, the echo of it must match the output schema.
//
// The decoder is stricter than the schema in documented ways only (see
// package codegen's doc): numbers outside the Go type's range, leap
// seconds, and ISO durations in years or months, which a time.Duration
// cannot hold. Those are counted, not failed.

// intended classifies a rejection the schema does not make: the documented
// differences, or "" for a bug. instance is the arguments, for a look at
// the value the message names.
func intended(msg string, instance []byte) string {
	switch {
	case strings.Contains(msg, "is out of range for"), strings.Contains(msg, "is longer than a time.Duration holds"),
		strings.Contains(msg, "must be at most 9223372036854775807"), strings.Contains(msg, "must be at least -9223372036854775808"),
		strings.Contains(msg, "must be at most 18446744073709551615"):
		return "outside the Go type's range"
	case strings.Contains(msg, "is a leap second"):
		return "leap second"
	case strings.Contains(msg, "has years or months"):
		return "years or months in a time.Duration"
	case strings.Contains(msg, ": is not valid: "):
		return "refused by the type's UnmarshalText"
	case strings.Contains(msg, "URI"):
		// net/url, which the validator uses, takes characters RFC 3986
		// does not (non-ASCII, space, some ASCII punctuation, brackets
		// outside an IPv6 host).
		if s, ok := valueAt(instance, msg).(string); ok && strings.IndexFunc(s, func(r rune) bool {
			return r > 0x7e || r <= ' ' || strings.ContainsRune("\"<>\\^`{|}[]", r)
		}) >= 0 {
			return "URI characters outside RFC 3986"
		}
	}
	return ""
}

// validWithoutNulls reports whether the instance is valid once its object
// members that are null are left out: the decoder reads null for an
// optional member as its absence, which the schema does not say (see
// docs/markers.md), so for a required member the schema still refuses it.
func validWithoutNulls(schema *jsonschema.Schema, instance []byte) bool {
	var v any
	if err := decodeNumbers(instance, &v); err != nil {
		return false
	}
	var drop func(v any) any
	drop = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if x == nil {
					delete(v, k)
				} else {
					v[k] = drop(x)
				}
			}
		case []any:
			for i, x := range v {
				v[i] = drop(x)
			}
		}
		return v
	}
	b, err := json.Marshal(drop(v))
	if err != nil {
		return false
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	return err == nil && schema.Validate(inst) == nil
}

// valueAt finds the value an error message's path (arguments.a[1].b: ...)
// names in the instance, for paths of plain names and indexes.
func valueAt(instance []byte, msg string) any {
	var v any
	if err := decodeNumbers(instance, &v); err != nil {
		return nil
	}
	path, _, _ := strings.Cut(strings.TrimPrefix(msg, "arguments"), ": ")
	for path != "" {
		switch path[0] {
		case '.':
			end := strings.IndexAny(path[1:], ".[")
			if end < 0 {
				end = len(path) - 1
			}
			m, _ := v.(map[string]any)
			v, path = m[path[1:end+1]], path[end+1:]
		case '[':
			end := strings.IndexByte(path, ']')
			i, err := strconv.Atoi(path[1:end])
			a, _ := v.([]any)
			if err != nil || i >= len(a) {
				return nil
			}
			v, path = a[i], path[end+1:]
		default:
			return nil
		}
	}
	return v
}

// compileSchema compiles a schema as a strict client would: draft
// 2020-12, formats and content encodings asserted, but not the formats
// the generated code leaves as annotations.
func compileSchema(t *testing.T, name string, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	for _, f := range []string{"idn-email", "idn-hostname", "iri", "iri-reference", "uri-template", "regex", "period", "semver"} {
		c.RegisterFormat(&jsonschema.Format{Name: f, Validate: func(any) error { return nil }})
	}
	if err := c.AddResource("mem://"+name, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://" + name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// native is a package built for this machine, answering requests on stdin.
type native struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	id  int
}

func startNative(t *testing.T, name string) *native {
	t.Helper()
	cmd := exec.Command(build(t, name, ""))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	n := &native{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	t.Cleanup(func() {
		n.in.Close()
		_ = n.cmd.Wait()
	})
	return n
}

type nativeResult struct {
	rejected bool   // an error result about the arguments
	failed   bool   // any other error result
	text     string // the error's text
	value    json.RawMessage
}

// call makes tools/call requests, one per argument object, and returns the
// results in order. Requests are written while answers are read.
func (n *native) call(t *testing.T, tool string, args [][]byte) []nativeResult {
	t.Helper()
	first := n.id
	go func() {
		w := bufio.NewWriter(n.in)
		for i, a := range args {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`+"\n", first+i, tool, a)
		}
		w.Flush()
	}()
	n.id += len(args)
	out := make([]nativeResult, len(args))
	for i := range args {
		line, err := n.out.ReadBytes('\n')
		if err != nil {
			t.Fatalf("reading answer %d: %v", i, err)
		}
		var msg struct {
			ID     int
			Result *struct {
				Content           []struct{ Text string }
				StructuredContent json.RawMessage
				IsError           bool
			}
			Error *struct{ Message string }
		}
		if err := json.Unmarshal(line, &msg); err != nil || msg.Result == nil || msg.ID != first+i {
			t.Fatalf("answer to %s: %s (%v)", args[i], line, err)
		}
		r := nativeResult{value: msg.Result.StructuredContent}
		if msg.Result.IsError {
			r.text = msg.Result.Content[0].Text
			r.rejected = strings.HasPrefix(r.text, "arguments")
			r.failed = !r.rejected
		}
		out[i] = r
	}
	return out
}

// TestDifferential compares the generated decoders with a JSON Schema
// validator on generated instances.
func TestDifferential(t *testing.T) {
	perTool := 5000
	if testing.Short() {
		perTool = 300
	}
	if n, err := strconv.Atoi(os.Getenv("CODEGEN_DIFF_N")); err == nil {
		perTool = n // a longer hunt: CODEGEN_DIFF_N=100000 go test -run Differential
	}
	type pkg struct {
		name  string
		load  func(*testing.T) (*model.Package, string)
		tools []string
	}
	total := 0
	counts := map[string]int{}
	for _, pk := range []pkg{
		{"everything", everythingPackage, []string{"echo"}},
		{"extra", extraPackage, []string{"formats", "numbers", "shapes", "wide", "report", "trees"}},
	} {
		p, _ := pk.load(t)
		n := startNative(t, pk.name)
		for _, name := range pk.tools {
			var tool *model.Tool
			for _, tl := range p.Tools {
				if tl.Name == name {
					tool = tl
				}
			}
			in, err := tool.InputSchema()
			if err != nil {
				t.Fatal(err)
			}
			out, err := tool.OutputSchema()
			if err != nil {
				t.Fatal(err)
			}
			inSchema := compileSchema(t, name+".in", in)
			outSchema := compileSchema(t, name+".out", out)
			g := &instances{r: rand.New(rand.NewPCG(uint64(len(name)), 7)), seen: map[string]bool{}}
			var args [][]byte
			for len(args) < perTool {
				v := g.value(tool.Input, 0)
				if len(args)%3 != 0 {
					for k := g.r.IntN(3); k >= 0; k-- {
						v = g.mutate(v)
					}
				}
				b, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				if g.seen[string(b)] {
					if g.r.IntN(50) != 0 {
						continue
					}
				}
				g.seen[string(b)] = true
				args = append(args, b)
			}
			results := n.call(t, name, args)
			var bugs []string
			valid := 0
			for i, a := range args {
				inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(a))
				if err != nil {
					t.Fatal(err)
				}
				schemaErr := inSchema.Validate(inst)
				r := results[i]
				total++
				switch {
				case schemaErr == nil && r.rejected:
					if why := intended(r.text, a); why != "" {
						counts[why]++
					} else {
						bugs = append(bugs, fmt.Sprintf("the decoder refuses what the schema accepts: %s\n  %s", a, r.text))
					}
				case schemaErr != nil && !r.rejected && validWithoutNulls(inSchema, a):
					counts["null for an optional member, as absent"]++
				case schemaErr != nil && !r.rejected:
					bugs = append(bugs, fmt.Sprintf("the decoder accepts what the schema refuses: %s\n  %v", a, schemaErr))
				case schemaErr != nil:
					counts["agree (invalid)"]++
				case schemaErr == nil && !r.failed:
					valid++
					outInst, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.value))
					if err == nil {
						err = outSchema.Validate(outInst)
					}
					if err != nil {
						bugs = append(bugs, fmt.Sprintf("the answer does not match the output schema: %s\n  answer %s\n  %v", a, r.value, err))
					} else if tool.Output == tool.Input || fingerprintEq(tool.Output, tool.Input) {
						if d := sameEcho(tool.Input, a, r.value); d != "" {
							bugs = append(bugs, fmt.Sprintf("the echo differs: %s\n  answer %s\n  %s", a, r.value, d))
						} else {
							counts["echoed back the same"]++
						}
					}
				}
			}
			counts["agree (valid)"] += valid
			t.Logf("%s: %d instances, %d valid", name, len(args), valid)
			for i, b := range bugs {
				if i == 10 {
					t.Errorf("%s: ... and %d more", name, len(bugs)-10)
					break
				}
				t.Errorf("%s: %s", name, b)
			}
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var summary []string
	for _, k := range keys {
		summary = append(summary, fmt.Sprintf("%s %d", k, counts[k]))
	}
	t.Logf("%d instances compared; %s", total, strings.Join(summary, ", "))
}

// instances makes JSON values for a model type: valid ones, and mutations
// of them that break one thing or another.
type instances struct {
	r    *rand.Rand
	seen map[string]bool
}

func (g *instances) pick(list []string) string { return list[g.r.IntN(len(list))] }

func (g *instances) value(t *model.Type, depth int) any {
	switch t.Kind {
	case model.KindRef:
		return g.value(t.Target.Type, depth)
	case model.KindOptional:
		return g.value(t.Elem, depth)
	case model.KindObject:
		m := map[string]any{}
		for _, f := range t.Fields {
			switch {
			case !f.Required && g.r.IntN(60) == 0:
				m[f.JSONName] = nil // as models send an optional argument they leave out
			case f.Required || g.r.IntN(3) != 0 && depth < 4:
				m[f.JSONName] = g.value(f.Type, depth+1)
			}
		}
		return m
	case model.KindString, model.KindText:
		return g.str(t)
	case model.KindEnum:
		v := t.Enum[g.r.IntN(len(t.Enum))].Value
		if t.Basic == "string" {
			return v
		}
		return json.Number(v)
	case model.KindInteger:
		return g.integer(t.Bits, t.Signed, t.Limits)
	case model.KindNumber:
		return g.number(t)
	case model.KindBoolean:
		return g.r.IntN(2) == 0
	case model.KindBytes:
		b := make([]byte, g.r.IntN(12))
		for i := range b {
			b[i] = byte(g.r.IntN(256))
		}
		return base64.StdEncoding.EncodeToString(b)
	case model.KindTime:
		if t.Format == "date" {
			return g.pick(formatPools["date"].valid)
		}
		return g.pick(formatPools["date-time"].valid)
	case model.KindDuration:
		if t.Format == "duration" {
			return g.pick(formatPools["duration"].valid)
		}
		return g.integer(32, true, nil)
	case model.KindArray:
		lo, hi := 0, 4
		if t.Fixed {
			lo, hi = t.Len, t.Len
		} else if l := t.Limits; l != nil {
			if l.MinItems != nil {
				lo = *l.MinItems
			}
			if l.MaxItems != nil && *l.MaxItems < hi {
				hi = *l.MaxItems
			}
		}
		if depth > 3 {
			hi = lo
		}
		a := []any{}
		for n := lo + g.r.IntN(hi-lo+1); len(a) < n; {
			a = append(a, g.value(t.Elem, depth+1))
		}
		return a
	case model.KindMap:
		lo, hi := 0, 3
		if l := t.Limits; l != nil {
			if l.MinProperties != nil {
				lo = *l.MinProperties
			}
			if l.MaxProperties != nil && *l.MaxProperties < hi {
				hi = *l.MaxProperties
			}
		}
		m := map[string]any{}
		for n := lo + g.r.IntN(hi-lo+1); len(m) < n; {
			key := g.pick([]string{"a", "b", "c d", "é", "x\"y", "k" + strconv.Itoa(g.r.IntN(9))})
			if t.Key != nil && t.Key.Kind == model.KindEnum {
				key = t.Key.Enum[g.r.IntN(len(t.Key.Enum))].Value
			}
			m[key] = g.value(t.Elem, depth+1)
		}
		return m
	case model.KindAny:
		return g.anyValue(depth)
	}
	panic("no instances of " + string(t.Kind))
}

func (g *instances) anyValue(depth int) any {
	switch g.r.IntN(7) {
	case 0:
		return nil
	case 1:
		return g.r.IntN(2) == 0
	case 2:
		return json.Number(g.pick([]string{"0", "-1.5", "1e3", "12345678901234567890"}))
	case 3:
		return g.pick([]string{"", "x", "日本"})
	case 4:
		if depth < 3 {
			return []any{g.anyValue(depth + 1), g.anyValue(depth + 1)}
		}
	case 5:
		if depth < 3 {
			return map[string]any{"k": g.anyValue(depth + 1)}
		}
	}
	return "s"
}

// runes to build strings from: ASCII, accented, CJK, an emoji (one code
// point, four bytes).
var alphabets = []string{"abcxyz", "ABCXYZ", "0123456789", "éüß", "日本語", "😀", " -_.~"}

func (g *instances) str(t *model.Type) string {
	if pool, ok := formatPools[t.Format]; ok {
		if g.r.IntN(15) == 0 {
			return g.pick(pool.invalid)
		}
		return g.pick(pool.valid)
	}
	lo, hi := 0, 12
	var re *regexp.Regexp
	if l := t.Limits; l != nil {
		if l.MinLength != nil {
			lo = *l.MinLength
		}
		if l.MaxLength != nil && *l.MaxLength < hi {
			hi = *l.MaxLength
		}
		if lo > hi {
			hi = lo
		}
		if l.Pattern != "" {
			re = regexp.MustCompile(l.Pattern)
		}
	}
	var s string
	for try := 0; try < 50; try++ {
		alphabet := []rune(g.pick(alphabets))
		n := lo + g.r.IntN(hi-lo+1)
		rs := make([]rune, n)
		for i := range rs {
			rs[i] = alphabet[g.r.IntN(len(alphabet))]
		}
		s = string(rs)
		if re == nil || re.MatchString(s) {
			break
		}
	}
	return s
}

// integer is an integer within the type's range and the bounds, often at
// an edge, written in one of JSON's spellings.
func (g *instances) integer(bits int, signed bool, l *model.Limits) any {
	loText, hiText := model.IntRange(bits, signed)
	lo, _ := new(big.Int).SetString(loText, 10)
	hi, _ := new(big.Int).SetString(hiText, 10)
	if l != nil {
		if l.Minimum != "" {
			lo.SetString(l.Minimum, 10)
		}
		if l.ExclusiveMinimum != "" {
			lo.SetString(l.ExclusiveMinimum, 10)
			lo.Add(lo, big.NewInt(1))
		}
		if l.Maximum != "" {
			hi.SetString(l.Maximum, 10)
		}
		if l.ExclusiveMaximum != "" {
			hi.SetString(l.ExclusiveMaximum, 10)
			hi.Sub(hi, big.NewInt(1))
		}
	}
	var v *big.Int
	switch g.r.IntN(6) {
	case 0:
		v = lo
	case 1:
		v = hi
	default:
		span := new(big.Int).Sub(hi, lo)
		span.Add(span, big.NewInt(1))
		if span.Cmp(big.NewInt(1000)) > 0 && g.r.IntN(2) == 0 {
			span = big.NewInt(1000) // small numbers are common
		}
		off := new(big.Int).SetUint64(g.r.Uint64())
		v = new(big.Int).Add(lo, off.Mod(off, span))
	}
	if l != nil && l.MultipleOf != "" {
		m, _ := new(big.Int).SetString(l.MultipleOf, 10)
		v = new(big.Int).Mul(new(big.Int).Quo(v, m), m)
		if v.Cmp(lo) < 0 {
			v.Add(v, m)
		}
	}
	text := v.String()
	switch g.r.IntN(8) {
	case 0:
		text += ".0"
	case 1:
		text += "e0"
	}
	return json.Number(text)
}

func (g *instances) number(t *model.Type) any {
	lo, hi := -1e6, 1e6
	l := t.Limits
	if l == nil {
		l = &model.Limits{}
	}
	if l.Minimum != "" {
		lo, _ = strconv.ParseFloat(l.Minimum, 64)
	}
	if l.Maximum != "" {
		hi, _ = strconv.ParseFloat(l.Maximum, 64)
	}
	// Exclusive bounds: just inside.
	if l.ExclusiveMinimum != "" {
		lo, _ = strconv.ParseFloat(l.ExclusiveMinimum, 64)
		lo += 1e-3
	}
	if l.ExclusiveMaximum != "" {
		hi, _ = strconv.ParseFloat(l.ExclusiveMaximum, 64)
		hi -= 1e-3
	}
	if l.MultipleOf != "" {
		m, _ := strconv.ParseFloat(l.MultipleOf, 64)
		k := int(math.Ceil(lo/m)) + g.r.IntN(int((hi-lo)/m)+1)
		if float64(k)*m > hi {
			k--
		}
		return json.Number(strconv.FormatFloat(float64(k)*m, 'f', -1, 64))
	}
	switch g.r.IntN(5) {
	case 0:
		return json.Number(strconv.FormatFloat(lo, 'g', -1, 64))
	case 1:
		return json.Number(strconv.FormatFloat(hi, 'g', -1, 64))
	case 2:
		return json.Number(strconv.Itoa(int(math.Ceil(lo)) + g.r.IntN(int(hi-lo)+1)))
	}
	f := lo + (hi-lo)*g.r.Float64()
	if t.Bits == 32 || t.Basic == "float32" {
		return json.Number(strconv.FormatFloat(float64(float32(f)), 'g', -1, 32))
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// mutate changes one thing somewhere in v, returning a new value.
func (g *instances) mutate(v any) any {
	// Collect the places: pointers to each value in the tree.
	type slot struct {
		get func() any
		set func(any)
		del func() // nil when the value cannot be removed
	}
	var slots []slot
	var walk func(v any, set func(any), del func())
	walk = func(v any, set func(any), del func()) {
		slots = append(slots, slot{func() any { return v }, set, del})
		switch x := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(x) {
				walk(x[k], func(n any) { x[k] = n }, func() { delete(x, k) })
			}
		case []any:
			for i := range x {
				walk(x[i], func(n any) { x[i] = n }, nil)
			}
		}
	}
	root := deepCopy(v)
	walk(root, nil, nil)
	s := slots[g.r.IntN(len(slots))]
	cur := s.get()
	switch x := cur.(type) {
	case map[string]any:
		switch g.r.IntN(3) {
		case 0:
			if keys := sortedKeys(x); len(keys) > 0 {
				delete(x, keys[g.r.IntN(len(keys))])
				return root
			}
		case 1:
			if keys := sortedKeys(x); len(keys) > 0 {
				k := keys[g.r.IntN(len(keys))]
				x[strings.ToUpper(k[:1])+k[1:]] = x[k]
				return root
			}
		}
		x[g.pick([]string{"zz", "extra", "name", "x", "é"})] = g.anyValue(2)
		return root
	case []any:
		if s.set != nil {
			switch g.r.IntN(3) {
			case 0:
				s.set([]any{})
			case 1:
				if len(x) > 0 {
					s.set(append(x, x[0], deepCopy(x[len(x)-1])))
				} else {
					s.set(append(x, g.anyValue(2)))
				}
			default:
				if len(x) > 0 {
					s.set(x[:len(x)-1])
				}
			}
			return root
		}
	case string:
		if s.set != nil {
			switch g.r.IntN(6) {
			case 0:
				s.set(x + strings.Repeat(g.pick([]string{"é", "日本", "😀", "a"}), 1+g.r.IntN(40)))
			case 1:
				s.set("")
			case 2:
				s.set(strings.ToUpper(x))
			case 3:
				if len(x) > 1 {
					s.set(x[:len(x)/2])
				}
			case 4:
				var pools []string
				for name := range formatPools {
					pools = append(pools, name)
				}
				slices.Sort(pools)
				p := formatPools[g.pick(pools)]
				s.set(g.pick(append(p.valid, p.invalid...)))
			default:
				s.set(json.Number("1"))
			}
			return root
		}
	case json.Number:
		if s.set != nil {
			f, _ := new(big.Rat).SetString(string(x))
			if f == nil {
				f = new(big.Rat)
			}
			switch g.r.IntN(9) {
			case 0:
				f.Add(f, big.NewRat(1, 1))
			case 1:
				f.Sub(f, big.NewRat(1, 1))
			case 2:
				f.Neg(f)
			case 3:
				f.Mul(f, big.NewRat(1000, 1))
			case 4:
				f.Add(f, big.NewRat(1, 2))
			case 5:
				s.set(json.Number(g.pick([]string{"1e20", "-1e20", "18446744073709551616", "1e400", "-0", "0.1", "2.5e-3"})))
				return root
			case 6:
				s.set(string(x))
				return root
			case 7:
				if !strings.ContainsAny(string(x), ".eE") {
					s.set(json.Number(string(x) + ".5"))
					return root
				}
				f.Add(f, big.NewRat(1, 4))
			default:
				s.set(nil)
				return root
			}
			text := f.FloatString(3)
			text = strings.TrimRight(strings.TrimRight(text, "0"), ".")
			s.set(json.Number(text))
			return root
		}
	}
	if s.set != nil {
		s.set(g.pick2([]any{nil, true, "s", json.Number("1"), []any{}, map[string]any{}}))
	} else if s.del != nil {
		s.del()
	}
	return root
}

func fingerprintEq(a, b *model.Type) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func (g *instances) pick2(list []any) any { return list[g.r.IntN(len(list))] }

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = deepCopy(e)
		}
		return a
	}
	return v
}

// formatPools are strings of each format the generated code checks, valid
// and not, with the edges validators disagree on.
var formatPools = map[string]struct{ valid, invalid []string }{
	"email": {
		[]string{"a@b.co", "first.last@example.com", `"quoted name"@example.com`, "x@[192.0.2.1]", "x@[IPv6:2001:db8::1]", "a+b@sub.example.org", "ada@example.com"},
		[]string{"plain", "a@", ".a@b.com", "a..b@c.com", "a@-b.com", "a b@c.com", "a@b_c.com", "é@x.com", "a@[300.1.1.1]", "a@b@c"},
	},
	"uri": {
		[]string{"https://example.com", "http://[::1]:8080/x?y#z", "mailto:a@b.c", "urn:isbn:0451450523", "ftp://user:pw@host/%20x", "a:b", "http:", "https://example.com/a?b#c", "file:///etc/hosts"},
		[]string{"/relative", "example.com", "http://exa mple.com", "http://x/%zz", "://x", "1http://x", "http://[::1/x", ""},
	},
	"uri-reference": {
		[]string{"", "/a/b", "a/b?c", "#frag", "//host/x", "../x", "https://x", "?q=1"},
		[]string{"%zz", "http://x/%zz", "http://[::1/x", `\x`},
	},
	"uuid": {
		[]string{"123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000", "ABCDEF01-2345-6789-ABCD-EF0123456789"},
		[]string{"123", "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "123e4567-e89b-12d3-a456-4266141740000"},
	},
	"hostname": {
		[]string{"example.com", "a", "a-b.c", "x.", "xn--bcher-kva.example", strings.Repeat("a", 63) + ".com"},
		[]string{"-a.com", "a-.com", "a..b", "", "a_b.com", strings.Repeat("a", 64) + ".com", "é.com"},
	},
	"ipv4": {
		[]string{"192.0.2.1", "0.0.0.0", "255.255.255.255", "10.0.0.1"},
		[]string{"256.1.1.1", "1.2.3", "01.2.3.4", "1.2.3.4.5", "example.com", "::1", ""},
	},
	"ipv6": {
		[]string{"::", "::1", "2001:db8::1", "1:2:3:4:5:6:7:8", "::ffff:192.0.2.1", "1:2:3:4:5:6:7::", "fe80::1:2"},
		[]string{"1:2:3:4:5:6:7:8:9", "1::2::3", ":1", "1:", "12345::", "fe80::1%eth0", "192.0.2.1", "::ffff:01.2.3.4", "g::1"},
	},
	"date-time": {
		[]string{"2026-07-28T12:00:00Z", "2026-07-28t12:00:00z", "2026-07-28T12:00:00.123456789+05:30", "2026-02-28T00:00:00-00:00", "1990-12-31T23:59:60Z", "2000-02-29T23:59:59.5-12:00"},
		[]string{"2026-02-30T00:00:00Z", "2026-07-28 12:00:00Z", "2026-07-28T12:00:00", "2026-07-28T24:00:00Z", "2026-07-28T12:00:00+24:00", "2026-07-28T12:00:00.Z", "2026-7-28T12:00:00Z", "2026-07-28T12:00:60Z"},
	},
	"date": {
		[]string{"2026-07-28", "2000-02-29", "0001-01-01"},
		[]string{"2026-02-30", "2026-7-28", "26-07-28", "2026-07-28T00:00:00Z", "1900-02-29"},
	},
	"time": {
		[]string{"12:00:00Z", "23:59:60Z", "00:00:00.5+01:00", "08:30:00-04:00", "22:59:60-01:00"},
		[]string{"24:00:00Z", "12:00:00", "12:60:00Z", "12:00:00+25:00", "12:00:60Z", "1:00:00Z"},
	},
	"duration": {
		[]string{"P1D", "PT1H30M", "P1W", "PT0S", "P0D", "PT36H", "P2DT3H4M5S", "P1Y2M3DT4H5M6S", "P1M"},
		[]string{"P", "PT", "P1H", "1D", "P1.5D", "PT1H1H", "P1W1D", "P-1D", "PT1M1H", "P1DT"},
	},
	"json-pointer": {
		[]string{"", "/", "/a/b", "/a~0b/c~1d", "/0"},
		[]string{"a", "/a~2", "/a~"},
	},
	"relative-json-pointer": {
		[]string{"0", "1/a", "2#", "0/"},
		[]string{"", "01", "-1", "a", "1a"},
	},
}

package analyzer

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
)

// The formats //subako:format takes, by the kind of value.
var (
	// JSON Schema 2020-12's formats, for strings. They annotate; the
	// generated code may check the common ones.
	stringFormats = []string{
		"date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname",
		"ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template",
		"json-pointer", "relative-json-pointer", "regex",
	}
	timeFormats     = []string{"date-time", "date"}
	durationFormats = []string{"nanoseconds", "milliseconds", "seconds", "duration"}
)

// applyMarkers applies a field's markers to its type (a copy of the path
// they reach), in the order of their specs' stages, reporting markers that
// do not fit (A010, A011). It returns the type, the default as compact
// JSON, and whether the field is required.
func (b *builder) applyMarkers(dirs []*directive, t *model.Type, required bool) (*model.Type, string, bool) {
	t = b.cloneChain(t)
	var ordered []*directive
	for _, d := range dirs {
		if isFieldMarker(d.name) { // function and package were reported as misplaced
			ordered = append(ordered, d)
		}
	}
	slices.SortStableFunc(ordered, func(x, y *directive) int { return markerByName[x.name].Stage - markerByName[y.name].Stage })
	seen := map[string]*directive{}
	for _, d := range ordered {
		spec := markerByName[d.name]
		if seen[d.name] != nil {
			b.report(rules.GoMarkerValue, d.at(), nil, "//subako:%s is given twice", d.name)
			continue
		}
		seen[d.name] = d
		if !b.checkSyntax(spec, d) {
			delete(seen, d.name)
			continue
		}
		switch spec.Target {
		case targetArray:
			arr := findKind(t, model.KindArray)
			switch {
			case arr == nil:
				b.report(rules.GoMarkerMisplaced, d.at(), nil, "//subako:%s applies to %s, not %s", d.name, spec.AppliesTo, describeKind(valueTarget(t)))
			case arr.Fixed:
				b.report(rules.GoMarkerMisplaced, d.at(), nil, "//subako:%s does not apply to an array: [%d] fixes its length", d.name, arr.Len)
			default:
				spec.apply(b, d, arr)
			}
		case targetMap:
			if m := findKind(t, model.KindMap); m != nil {
				spec.apply(b, d, m)
			} else {
				b.report(rules.GoMarkerMisplaced, d.at(), nil, "//subako:%s applies to %s, not %s", d.name, spec.AppliesTo, describeKind(valueTarget(t)))
			}
		case targetValue:
			leaf := valueTarget(t)
			switch {
			case leaf == nil:
			case spec.fits != nil && !spec.fits(leaf):
				b.report(rules.GoMarkerMisplaced, d.at(), nil, "//subako:%s applies to %s, not %s", d.name, spec.AppliesTo, describeKind(leaf))
			default:
				spec.apply(b, d, leaf)
			}
		}
	}
	b.checkRanges(t, seen)
	optional, req, def := seen["optional"], seen["required"], seen["default"]
	if optional != nil && req != nil {
		b.report(rules.GoMarkerValue, req.at(), nil, "a field cannot be both //subako:optional and //subako:required")
	}
	var defJSON string
	if def != nil {
		if req != nil {
			b.report(rules.GoMarkerValue, def.at(), nil, "a field with a default is optional: drop //subako:required")
		}
		if v, ok := b.defaultValue(def, t); ok {
			defJSON = v
			required = false
		}
	}
	switch {
	case req != nil && optional == nil:
		required = true
	case optional != nil && req == nil:
		required = false
	}
	return t, defJSON, required
}

// checkSyntax reports a marker value that does not have the form its spec
// takes, whatever the field's type: a value where none is taken, none
// where one is needed, a list written with another separator.
func (b *builder) checkSyntax(spec *markerSpec, d *directive) bool {
	switch {
	case spec.Value == valueNone && d.hasValue:
		b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:%s takes no value", d.name)
		return false
	case spec.Value != valueNone && (!d.hasValue || d.value == ""):
		example := "..."
		if spec.Value == valueCount {
			example = "N"
		}
		b.report(rules.GoMarkerValue, d.at(), nil, "//subako:%s needs a value: //subako:%s=%s", d.name, d.name, example)
		return false
	case spec.Value == valueList:
		if fixed, ok := wrongSeparator(d.value); ok {
			var fix *analysis.SuggestedFix
			if d.site == nil {
				fix = b.replaceFix("separate the values with "+ListSeparator, d.valueRange(), fixed)
			}
			b.report(rules.GoMarkerValue, d.valueRange(), fix, "//subako:%s=%s looks like a list, but list values are separated by %q: write //subako:%s=%s (or, for one value with a comma in it, a JSON string: %s)", d.name, d.value, ListSeparator, d.name, fixed, quoteJSON(d.value))
			return false
		}
		if _, why := splitList(d.value); why != "" {
			b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:%s=%s %s", d.name, d.value, why)
			return false
		}
	}
	return true
}

// limitCount applies a length or count marker to its node.
func limitCount(b *builder, d *directive, n *model.Type) {
	if c, ok := b.count(d); ok {
		setCount(limits(n), d.name, c)
	}
}

// limitNumber applies a numeric bound to the limit field it names.
func limitNumber(field func(*model.Limits) *string) func(*builder, *directive, *model.Type) {
	return func(b *builder, d *directive, leaf *model.Type) {
		v, ok := b.number(d, leaf, d.value)
		if !ok {
			return
		}
		if d.name == "multipleOf" {
			if r, _ := new(big.Rat).SetString(v); r.Sign() <= 0 {
				b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:multipleOf=%s: want a number above 0", d.value)
				return
			}
		}
		*field(limits(leaf)) = v
	}
}

// cloneChain copies the nodes markers can reach (through pointers,
// slices and maps) so that marking them leaves shared nodes alone.
func (b *builder) cloneChain(t *model.Type) *model.Type {
	if t == nil {
		return nil
	}
	c := *t
	if t.Limits != nil {
		l := *t.Limits
		c.Limits = &l
	}
	if r, ok := b.pending[t]; ok {
		b.pending[&c] = r
	}
	switch t.Kind {
	case model.KindOptional, model.KindArray, model.KindMap:
		c.Elem = b.cloneChain(t.Elem)
	}
	return &c
}

// valueTarget is the value a field's value markers constrain: the
// element of its pointers, slices and maps.
func valueTarget(t *model.Type) *model.Type {
	for t != nil && (t.Kind == model.KindOptional || t.Kind == model.KindArray || t.Kind == model.KindMap) {
		t = t.Elem
	}
	return t
}

// findKind finds the first node of kind k through pointers, slices and
// maps.
func findKind(t *model.Type, k model.Kind) *model.Type {
	for ; t != nil; t = t.Elem {
		if t.Kind == k {
			return t
		}
		if t.Kind != model.KindOptional && t.Kind != model.KindArray && t.Kind != model.KindMap {
			return nil
		}
	}
	return nil
}

func limits(t *model.Type) *model.Limits {
	if t.Limits == nil {
		t.Limits = &model.Limits{}
	}
	return t.Limits
}

func setCount(l *model.Limits, name string, n int) {
	p := &n
	switch name {
	case "minItems":
		l.MinItems = p
	case "maxItems":
		l.MaxItems = p
	case "minProperties":
		l.MinProperties = p
	case "maxProperties":
		l.MaxProperties = p
	case "minLength":
		l.MinLength = p
	case "maxLength":
		l.MaxLength = p
	}
}

// describeKind names a node's type for messages.
func describeKind(t *model.Type) string {
	if t == nil {
		return "nothing"
	}
	switch t.Kind {
	case model.KindRef:
		return "recursive type " + t.Ref + " (markers do not reach inside it)"
	case model.KindEnum:
		if t.Named != nil {
			return "enum " + t.Named.Name
		}
		return "an enum"
	case model.KindTime:
		return "time.Time"
	case model.KindDuration:
		return "time.Duration"
	case model.KindBytes:
		return "[]byte"
	case model.KindAny:
		return "any JSON value"
	case model.KindText:
		return t.Named.Name + " (text)"
	}
	name := t.GoString()
	if t.Named != nil {
		name = t.Named.Name
	}
	return name
}

// count parses a length or count marker's value.
func (b *builder) count(d *directive) (int, bool) {
	if !d.hasValue || d.value == "" {
		b.report(rules.GoMarkerValue, d.at(), nil, "//subako:%s needs a value: //subako:%s=N", d.name, d.name)
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(d.value))
	if err != nil || n < 0 {
		b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:%s=%s: want a whole number, 0 or more", d.name, d.value)
		return 0, false
	}
	return n, true
}

func (b *builder) applyPattern(d *directive, leaf *model.Type) {
	if _, err := regexp.Compile(d.value); err != nil {
		b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:pattern does not compile with Go's regexp (RE2), which the generated code checks it with: %v", err)
		return
	}
	limits(leaf).Pattern = d.value
}

func (b *builder) applyFormat(d *directive, leaf *model.Type) {
	allowed := stringFormats
	switch leaf.Kind {
	case model.KindTime:
		allowed = timeFormats
	case model.KindDuration:
		allowed = durationFormats
	}
	if !slices.Contains(allowed, d.value) {
		b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:format=%s: unknown format for %s (want one of %s)", d.value, describeKind(leaf), strings.Join(allowed, ", "))
		return
	}
	leaf.Format = d.value
	if leaf.Kind == model.KindDuration {
		delete(b.pending, leaf)
	}
}

func (b *builder) applyEnum(d *directive, leaf *model.Type) {
	if leaf.Kind == model.KindEnum {
		b.report(rules.GoMarkerMisplaced, d.at(), nil, "//subako:enum: %s is an enum already, from its constants", describeKind(leaf))
		return
	}
	items, _ := splitList(d.value) // checkSyntax has checked it
	var values []model.EnumValue
	seen := map[string]bool{}
	for _, v := range items {
		if leaf.Kind == model.KindInteger {
			n, ok := b.number(d, leaf, v)
			if !ok {
				return
			}
			v = n
		}
		if seen[v] {
			b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:enum lists %s twice", v)
			return
		}
		seen[v] = true
		values = append(values, model.EnumValue{Value: v})
	}
	leaf.Kind, leaf.Enum = model.KindEnum, values
}

func (b *builder) applyAny(d *directive, leaf *model.Type) {
	if _, ok := b.pending[leaf]; !ok || (leaf.Kind != model.KindAny) {
		b.report(rules.GoMarkerMisplaced, d.at(), nil, "//subako:any is for an interface{} or a type with its own MarshalJSON; %s has a schema already", describeKind(leaf))
		return
	}
	delete(b.pending, leaf)
}

// number parses a bound for an integer or number node: an integer within
// the Go type's range, or a finite float (within float32's range for a
// float32). It returns the canonical JSON number.
func (b *builder) number(d *directive, leaf *model.Type, text string) (string, bool) {
	text = strings.TrimSpace(text)
	if leaf.Kind == model.KindInteger || leaf.Kind == model.KindEnum {
		z, ok := new(big.Int).SetString(text, 10)
		if !ok {
			b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:%s: %q is not an integer, and %s is an integer type", d.name, text, leaf.Basic)
			return "", false
		}
		lo, hi := model.IntRange(leaf.Bits, leaf.Signed)
		l, _ := new(big.Int).SetString(lo, 10)
		h, _ := new(big.Int).SetString(hi, 10)
		if z.Cmp(l) < 0 || z.Cmp(h) > 0 {
			b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:%s: %s is out of range for %s (%s..%s)", d.name, text, leaf.Basic, lo, hi)
			return "", false
		}
		return z.String(), true
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:%s: %q is not a finite number", d.name, text)
		return "", false
	}
	if leaf.Bits == 32 && math.Abs(f) > math.MaxFloat32 {
		b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:%s: %s is out of range for float32", d.name, text)
		return "", false
	}
	return formatFloat(f), true
}

// formatFloat writes f as JSON, the way JavaScript would: plain decimals
// from 1e-6 to 1e21, exponents outside.
func formatFloat(f float64) string {
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		return strconv.FormatFloat(f, 'e', -1, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// checkRanges reports bounds that leave no value: a minimum above a
// maximum, a minLength above a maxLength, and so on.
func (b *builder) checkRanges(t *model.Type, seen map[string]*directive) {
	for n := t; n != nil; n = n.Elem {
		if l := n.Limits; l != nil {
			type bound struct {
				name, value string
				exclusive   bool
			}
			lows := []bound{{"minimum", l.Minimum, false}, {"exclusiveMinimum", l.ExclusiveMinimum, true}}
			highs := []bound{{"maximum", l.Maximum, false}, {"exclusiveMaximum", l.ExclusiveMaximum, true}}
			for _, lo := range lows {
				for _, hi := range highs {
					if lo.value == "" || hi.value == "" {
						continue
					}
					a, _ := new(big.Rat).SetString(lo.value)
					c, _ := new(big.Rat).SetString(hi.value)
					cmp := a.Cmp(c)
					if cmp > 0 || cmp == 0 && (lo.exclusive || hi.exclusive) {
						b.report(rules.GoMarkerValue, seen[hi.name].valueRange(), nil, "//subako:%s=%s and //subako:%s=%s leave no value", lo.name, lo.value, hi.name, hi.value)
					}
				}
			}
			for _, p := range []struct {
				lo, hi string
				a, c   *int
			}{
				{"minLength", "maxLength", l.MinLength, l.MaxLength},
				{"minItems", "maxItems", l.MinItems, l.MaxItems},
				{"minProperties", "maxProperties", l.MinProperties, l.MaxProperties},
			} {
				if p.a != nil && p.c != nil && *p.a > *p.c {
					b.report(rules.GoMarkerValue, seen[p.hi].valueRange(), nil, "//subako:%s=%d is above //subako:%s=%d", p.lo, *p.a, p.hi, *p.c)
				}
			}
		}
		if n.Kind != model.KindOptional && n.Kind != model.KindArray && n.Kind != model.KindMap {
			return
		}
	}
}

// isoDuration matches an ISO 8601 duration as JSON Schema's "duration"
// format takes it (RFC 3339 appendix A).
var isoDuration = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^P(?:\d+W|(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+S)?)?)$`)
})

// defaultValue checks //subako:default against the field's type and its
// other markers, and returns it as compact JSON. A string field's default
// may be written bare (red) or as a JSON string ("red").
func (b *builder) defaultValue(d *directive, t *model.Type) (string, bool) {
	if !d.hasValue {
		b.report(rules.GoMarkerValue, d.at(), nil, "//subako:default needs a value: //subako:default=...")
		return "", false
	}
	leaf := t
	for leaf != nil && leaf.Kind == model.KindOptional {
		leaf = leaf.Elem
	}
	bad := func(format string, args ...any) (string, bool) {
		b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:default=%s: "+format, append([]any{d.value}, args...)...)
		return "", false
	}
	l := leaf.Limits
	if l == nil {
		l = &model.Limits{}
	}
	str := func() (string, bool) {
		s := d.value
		if strings.HasPrefix(s, `"`) {
			if err := json.Unmarshal([]byte(s), &s); err != nil {
				return "", false
			}
		}
		return s, true
	}
	switch leaf.Kind {
	case model.KindString, model.KindText:
		s, ok := str()
		if !ok {
			return bad("not a valid JSON string")
		}
		n := utf8.RuneCountInString(s)
		if l.MinLength != nil && n < *l.MinLength || l.MaxLength != nil && n > *l.MaxLength {
			return bad("its length %d is outside the field's minLength/maxLength", n)
		}
		if l.Pattern != "" {
			if re, err := regexp.Compile(l.Pattern); err == nil && !re.MatchString(s) {
				return bad("does not match the field's pattern %s", l.Pattern)
			}
		}
		return quoteJSON(s), true
	case model.KindEnum:
		v := d.value
		if leaf.Basic == "string" {
			s, ok := str()
			if !ok {
				return bad("not a valid JSON string")
			}
			v = s
		} else {
			v = strings.TrimSpace(v)
		}
		for _, e := range leaf.Enum {
			if e.Value == v {
				if leaf.Basic == "string" {
					return quoteJSON(v), true
				}
				return v, true
			}
		}
		values := make([]string, len(leaf.Enum))
		for i, e := range leaf.Enum {
			values[i] = e.Value
		}
		return bad("not one of the enum's values (%s)", strings.Join(values, ", "))
	case model.KindInteger, model.KindNumber:
		v, ok := b.number(d, leaf, d.value)
		if !ok {
			return "", false
		}
		r, _ := new(big.Rat).SetString(v)
		check := func(bound string, ok func(c int) bool, what string) bool {
			if bound == "" {
				return true
			}
			x, _ := new(big.Rat).SetString(bound)
			if !ok(r.Cmp(x)) {
				bad("not %s %s", what, bound)
				return false
			}
			return true
		}
		if !check(l.Minimum, func(c int) bool { return c >= 0 }, "at least") ||
			!check(l.ExclusiveMinimum, func(c int) bool { return c > 0 }, "above") ||
			!check(l.Maximum, func(c int) bool { return c <= 0 }, "at most") ||
			!check(l.ExclusiveMaximum, func(c int) bool { return c < 0 }, "below") {
			return "", false
		}
		if l.MultipleOf != "" {
			m, _ := new(big.Rat).SetString(l.MultipleOf)
			if !new(big.Rat).Quo(r, m).IsInt() {
				return bad("not a multiple of %s", l.MultipleOf)
			}
		}
		return v, true
	case model.KindBoolean:
		v := strings.TrimSpace(d.value)
		if v != "true" && v != "false" {
			return bad("want true or false")
		}
		return v, true
	case model.KindTime:
		s, ok := str()
		layout, what := time.RFC3339, "an RFC 3339 date-time such as 2026-07-28T12:00:00Z"
		if leaf.Format == "date" {
			layout, what = time.DateOnly, "a date such as 2026-07-28"
		}
		if _, err := time.Parse(layout, s); !ok || err != nil {
			return bad("want %s", what)
		}
		return quoteJSON(s), true
	case model.KindDuration:
		if leaf.Format == "duration" {
			s, ok := str()
			if !ok || !isoDuration().MatchString(s) || s == "P" || strings.HasSuffix(s, "T") {
				return bad("want an ISO 8601 duration such as PT1M30S")
			}
			return quoteJSON(s), true
		}
		v := strings.TrimSpace(d.value)
		if _, err := strconv.ParseInt(v, 10, 64); err != nil {
			return bad("want a whole number of %s", leaf.Format)
		}
		return v, true
	}
	b.report(rules.GoMarkerMisplaced, d.at(), nil, "//subako:default applies to strings, numbers, booleans, enums, times and durations, not %s", describeKind(leaf))
	return "", false
}

// quoteJSON writes s as a JSON string, leaving <, > and & alone.
func quoteJSON(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(buf.String(), "\n")
}

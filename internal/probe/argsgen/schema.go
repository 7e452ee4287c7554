package argsgen

import (
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// node is one schema as the document holds it: an *object or a bool, and
// its location in the document as a URI fragment ("#", "#/properties/a"),
// by which the verifier compiles it.
type node struct {
	v   any
	loc string
}

// patternNode is one entry of patternProperties.
type patternNode struct {
	pattern string
	n       node
}

// schema is what several nodes say together (their allOf): the keywords the
// generator acts on, with each list of nodes read as an allOf too.
type schema struct {
	nodes []node // where it came from; a value is valid if every one accepts it
	never string // when set, no value can be valid, and why

	types    []string // allowed types; nil means any
	constV   any
	hasConst bool
	enum     []any
	hasEnum  bool
	examples []any // default, then examples: the author's own values

	min, max     *big.Rat
	exMin, exMax bool
	multipleOf   []*big.Rat

	minLen, maxLen            int // maxLen < 0: none
	patterns                  []string
	format                    string
	contentEnc, contentMedia  string
	minItems, maxItems        int // maxItems < 0: none
	prefix                    [][]node
	items                     []node
	itemsFalse                bool
	unique                    bool
	contains                  []node
	propOrder                 []string
	props                     map[string][]node
	required                  []string
	additional                []node
	additionalFalse           bool
	patternProps              []patternNode
	propertyNames             []node
	minProps, maxProps        int // maxProps < 0: none
	dependentRequired         map[string][]string
	anyOf, oneOf              [][]node // each: the alternatives
	hasNot, hasIf, unevalProp bool
	thenElse                  [][2][]node // per if: then, else
}

func newSchema() *schema {
	return &schema{maxLen: -1, maxItems: -1, maxProps: -1, props: map[string][]node{}}
}

// doc is the input schema with what resolving $ref needs.
type doc struct {
	root    any
	ids     map[string]string  // $id and $anchor values to their locations
	schemas map[string]*schema // read's schemas, by their nodes' locations
	// charged, when set, counts read's own work into Work.Values: a step
	// for each KiB of the key it hashes (a location's length is the
	// schema's choice: a member named with 60,000 bytes cost each value
	// made under it some 55 µs) and one for each subschema a schema not
	// read before merges.
	charged *Work
}

// maxRead bounds the schemas doc.read keeps.
const maxRead = 2000

func newDoc(root any) *doc {
	d := &doc{root: root, ids: map[string]string{}, schemas: map[string]*schema{}}
	budget := 100000
	d.walk(root, "#", "", &budget)
	return d
}

// walk records every $id and $anchor with its location.
func (d *doc) walk(v any, loc, base string, budget *int) {
	if *budget <= 0 {
		return
	}
	*budget--
	switch v := v.(type) {
	case *object:
		if id, ok := v.vals["$id"].(string); ok {
			if strings.HasPrefix(id, "#") {
				d.ids[id] = loc // draft-07 anchors
			} else {
				base = resolveURL(base, id)
				d.ids[base] = loc
			}
		}
		if a, ok := v.vals["$anchor"].(string); ok {
			d.ids[base+"#"+a] = loc
		}
		for _, k := range v.keys {
			if k == "enum" || k == "const" || k == "default" || k == "examples" {
				continue
			}
			d.walk(v.vals[k], loc+"/"+escapeToken(k), base, budget)
		}
	case []any:
		for i, e := range v {
			d.walk(e, fmt.Sprintf("%s/%d", loc, i), base, budget)
		}
	}
}

func resolveURL(base, ref string) string {
	b, err1 := url.Parse(base)
	r, err2 := url.Parse(ref)
	if err1 != nil || err2 != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}

func escapeToken(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

// resolve finds the node a $ref names, or says why it cannot.
func (d *doc) resolve(ref string) (node, error) {
	frag := ref
	base := ""
	if i := strings.IndexByte(ref, '#'); i >= 0 {
		base, frag = ref[:i], ref[i:]
	} else {
		base, frag = ref, "#"
	}
	start := "#"
	if base != "" {
		loc, ok := d.ids[base]
		if !ok {
			for id, l := range d.ids {
				if strings.HasSuffix(id, "/"+base) {
					loc, ok = l, true
					break
				}
			}
		}
		if !ok {
			return node{}, fmt.Errorf("$ref %q names a schema outside this one", ref)
		}
		start = loc
	}
	if frag != "#" && !strings.HasPrefix(frag, "#/") {
		if loc, ok := d.ids[base+frag]; ok {
			return d.at(loc)
		}
		if loc, ok := d.ids[frag]; ok {
			return d.at(loc)
		}
		// An anchor under the document's $id: refs are not resolved
		// against their base here, so any base will do.
		for id, loc := range d.ids {
			if strings.HasSuffix(id, frag) && !strings.HasPrefix(id, "#") {
				return d.at(loc)
			}
		}
		return node{}, fmt.Errorf("$ref %q: no such anchor", ref)
	}
	p, err := url.PathUnescape(frag[1:])
	if err != nil {
		return node{}, fmt.Errorf("$ref %q: %w", ref, err)
	}
	n, err := d.at(start)
	if err != nil || p == "" {
		return n, err
	}
	v := n.v
	loc := start
	for _, tok := range strings.Split(p[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		next, ok := child(v, tok)
		if !ok {
			return node{}, fmt.Errorf("$ref %q: nothing at %q", ref, p)
		}
		v, loc = next, loc+"/"+escapeToken(tok)
	}
	return node{v: v, loc: loc}, nil
}

// at is the node at a location this package wrote.
func (d *doc) at(loc string) (node, error) {
	v := d.root
	if loc != "#" {
		for _, tok := range strings.Split(loc[2:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			next, ok := child(v, tok)
			if !ok {
				return node{}, fmt.Errorf("no schema at %s", loc)
			}
			v = next
		}
	}
	return node{v: v, loc: loc}, nil
}

func child(v any, tok string) (any, bool) {
	switch v := v.(type) {
	case *object:
		c, ok := v.vals[tok]
		return c, ok
	case []any:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(v) || strconv.Itoa(i) != tok {
			return nil, false
		}
		return v[i], true
	}
	return nil, false
}

// sub is the node under a keyword of n.
func sub(n node, path ...string) node {
	v, loc := n.v, n.loc
	for _, p := range path {
		v, _ = child(v, p)
		loc += "/" + escapeToken(p)
	}
	return node{v: v, loc: loc}
}

// maxRefChain bounds the $ref, allOf and anyOf levels one schema is read
// through before a value is made (a schema that is only {"$ref": "#"} loops).
const maxRefChain = 32

// read turns nodes into one schema: each node's keywords, its $ref's and
// its allOf's, merged. Each set of nodes is read once (a node is known by
// its location): the items of an array of 1,000 whose schema is an anyOf
// of 500 were read item by item, 2.1 GB a call (attack pass 43f, row 7).
// The caller gets its own copy of the schema's fields to set; the lists
// and maps it holds are shared and never written.
func (d *doc) read(nodes []node) *schema {
	var key strings.Builder
	for _, n := range nodes {
		key.WriteString(n.loc)
		key.WriteByte(0)
	}
	d.count(key.Len() >> 10)
	s, ok := d.schemas[key.String()]
	if !ok {
		if len(d.schemas) >= maxRead {
			clear(d.schemas)
		}
		s = d.readNodes(nodes)
		d.schemas[key.String()] = s
	}
	c := *s
	return &c
}

// count adds n steps to the Work read is charged to, if any.
func (d *doc) count(n int) {
	if d.charged != nil {
		d.charged.Values += n
	}
}

func (d *doc) readNodes(nodes []node) *schema {
	s := newSchema()
	seen := 0
	var add func(n node, depth int)
	add = func(n node, depth int) {
		if s.never != "" {
			return
		}
		if depth > maxRefChain {
			s.never = fmt.Sprintf("the $ref and allOf chain at %s is longer than %d (a loop?)", n.loc, maxRefChain)
			return
		}
		seen++
		d.count(1)
		if seen > 4096 {
			s.never = "the schema merges more than 4096 subschemas"
			return
		}
		switch v := n.v.(type) {
		case bool:
			if !v {
				s.never = "the schema at " + n.loc + " is false"
			}
			return
		case *object:
			s.nodes = append(s.nodes, n)
			s.addKeywords(v, n)
			if ref, ok := v.vals["$ref"].(string); ok {
				t, err := d.resolve(ref)
				if err != nil {
					s.never = err.Error()
					return
				}
				add(t, depth+1)
			}
			if ref, ok := v.vals["$dynamicRef"].(string); ok {
				if t, err := d.resolve(ref); err == nil {
					add(t, depth+1)
				}
			}
			if all, ok := v.vals["allOf"].([]any); ok {
				for i := range all {
					add(sub(n, "allOf", fmt.Sprint(i)), depth+1)
				}
			}
		default:
			s.never = "the schema at " + n.loc + " is not an object or a boolean"
		}
	}
	for _, n := range nodes {
		add(n, 0)
	}
	return s
}

// addKeywords merges one node's own keywords into s.
func (s *schema) addKeywords(o *object, n node) {
	if t, ok := o.vals["type"]; ok {
		var ts []string
		switch t := t.(type) {
		case string:
			ts = []string{t}
		case []any:
			for _, e := range t {
				if e, ok := e.(string); ok {
					ts = append(ts, e)
				}
			}
		}
		s.types = intersectTypes(s.types, ts)
		if len(s.types) == 0 {
			s.never = "the types at " + n.loc + " and the schemas it is combined with leave none"
		}
	}
	if c, ok := o.vals["const"]; ok {
		if s.hasConst && !equal(s.constV, c) {
			s.never = "two different const values at " + n.loc
		}
		s.constV, s.hasConst = c, true
	}
	if e, ok := o.vals["enum"].([]any); ok {
		if s.hasEnum {
			var both []any
			for _, x := range s.enum {
				if slices.ContainsFunc(e, func(y any) bool { return equal(x, y) }) {
					both = append(both, x)
				}
			}
			e = both
		}
		s.enum, s.hasEnum = e, true
		if len(e) == 0 {
			s.never = "the enum at " + n.loc + " (with the schemas it is combined with) allows no value"
		}
	}
	if v, ok := o.vals["default"]; ok {
		s.examples = append(s.examples, v)
	}
	if ex, ok := o.vals["examples"].([]any); ok {
		s.examples = append(s.examples, ex...)
	}
	s.addNumbers(o)
	s.minLen = max(s.minLen, intKw(o, "minLength", 0))
	s.maxLen = minLimit(s.maxLen, intKw(o, "maxLength", -1))
	if p, ok := o.vals["pattern"].(string); ok {
		s.patterns = append(s.patterns, p)
	}
	if f, ok := o.vals["format"].(string); ok && s.format == "" {
		s.format = f
	}
	if f, ok := o.vals["contentEncoding"].(string); ok {
		s.contentEnc = f
	}
	if f, ok := o.vals["contentMediaType"].(string); ok {
		s.contentMedia = f
	}
	s.addArrays(o, n)
	s.addObjects(o, n)
	for _, k := range []string{"anyOf", "oneOf"} {
		alts, ok := o.vals[k].([]any)
		if !ok {
			continue
		}
		var ns []node
		for i := range alts {
			ns = append(ns, sub(n, k, fmt.Sprint(i)))
		}
		if k == "anyOf" {
			s.anyOf = append(s.anyOf, ns)
		} else {
			s.oneOf = append(s.oneOf, ns)
		}
	}
	if _, ok := o.vals["not"]; ok {
		s.hasNot = true
	}
	if _, ok := o.vals["if"]; ok {
		s.hasIf = true
		var te [2][]node
		if _, ok := o.vals["then"]; ok {
			te[0] = []node{sub(n, "if"), sub(n, "then")}
		}
		if _, ok := o.vals["else"]; ok {
			te[1] = []node{sub(n, "else")}
		}
		s.thenElse = append(s.thenElse, te)
	}
}

func (s *schema) addNumbers(o *object) {
	lower := func(k string) (*big.Rat, bool) {
		n, ok := o.vals[k].(json.Number)
		if !ok {
			return nil, false
		}
		r, ok := rat(n)
		return r, ok
	}
	tighten := func(r *big.Rat, ex bool, isMin bool) {
		cur, curEx := s.max, s.exMax
		if isMin {
			cur, curEx = s.min, s.exMin
		}
		switch {
		case cur == nil:
			cur, curEx = r, ex
		case r.Cmp(cur) == 0:
			curEx = curEx || ex
		case (r.Cmp(cur) > 0) == isMin:
			cur, curEx = r, ex
		}
		if isMin {
			s.min, s.exMin = cur, curEx
		} else {
			s.max, s.exMax = cur, curEx
		}
	}
	// Draft 4 writes exclusiveMinimum as a boolean beside minimum.
	exMinBool, _ := o.vals["exclusiveMinimum"].(bool)
	exMaxBool, _ := o.vals["exclusiveMaximum"].(bool)
	if r, ok := lower("minimum"); ok {
		tighten(r, exMinBool, true)
	}
	if r, ok := lower("exclusiveMinimum"); ok {
		tighten(r, true, true)
	}
	if r, ok := lower("maximum"); ok {
		tighten(r, exMaxBool, false)
	}
	if r, ok := lower("exclusiveMaximum"); ok {
		tighten(r, true, false)
	}
	if r, ok := lower("multipleOf"); ok && r.Sign() > 0 {
		s.multipleOf = append(s.multipleOf, r)
	}
}

func (s *schema) addArrays(o *object, n node) {
	s.minItems = max(s.minItems, intKw(o, "minItems", 0))
	s.maxItems = minLimit(s.maxItems, intKw(o, "maxItems", -1))
	if u, _ := o.vals["uniqueItems"].(bool); u {
		s.unique = true
	}
	prefixKw, itemsKw := "prefixItems", "items"
	if _, ok := o.vals["items"].([]any); ok {
		prefixKw, itemsKw = "items", "additionalItems" // before 2020-12
	}
	if p, ok := o.vals[prefixKw].([]any); ok {
		for i := range p {
			if i >= len(s.prefix) {
				s.prefix = append(s.prefix, nil)
			}
			s.prefix[i] = append(s.prefix[i], sub(n, prefixKw, fmt.Sprint(i)))
		}
	}
	switch it := o.vals[itemsKw].(type) {
	case bool:
		if !it {
			s.itemsFalse = true
		}
	case *object:
		s.items = append(s.items, sub(n, itemsKw))
	}
	if _, ok := o.vals["contains"]; ok {
		s.contains = append(s.contains, sub(n, "contains"))
	}
}

func (s *schema) addObjects(o *object, n node) {
	if p, ok := o.vals["properties"].(*object); ok {
		for _, k := range p.keys {
			if _, seen := s.props[k]; !seen {
				s.propOrder = append(s.propOrder, k)
			}
			s.props[k] = append(s.props[k], sub(n, "properties", k))
		}
	}
	if r, ok := o.vals["required"].([]any); ok {
		for _, k := range r {
			if k, ok := k.(string); ok && !slices.Contains(s.required, k) {
				s.required = append(s.required, k)
			}
		}
	}
	switch a := o.vals["additionalProperties"].(type) {
	case bool:
		if !a {
			s.additionalFalse = true
		}
	case *object:
		s.additional = append(s.additional, sub(n, "additionalProperties"))
	}
	if u, ok := o.vals["unevaluatedProperties"].(bool); ok && !u {
		s.unevalProp = true
	}
	if p, ok := o.vals["patternProperties"].(*object); ok {
		for _, k := range p.keys {
			s.patternProps = append(s.patternProps, patternNode{k, sub(n, "patternProperties", k)})
		}
	}
	if _, ok := o.vals["propertyNames"]; ok {
		s.propertyNames = append(s.propertyNames, sub(n, "propertyNames"))
	}
	s.minProps = max(s.minProps, intKw(o, "minProperties", 0))
	s.maxProps = minLimit(s.maxProps, intKw(o, "maxProperties", -1))
	deps := map[string][]any{}
	if dr, ok := o.vals["dependentRequired"].(*object); ok {
		for _, k := range dr.keys {
			deps[k], _ = dr.vals[k].([]any)
		}
	}
	if dr, ok := o.vals["dependencies"].(*object); ok {
		for _, k := range dr.keys {
			if l, ok := dr.vals[k].([]any); ok {
				deps[k] = l
			}
		}
	}
	for k, l := range deps {
		if s.dependentRequired == nil {
			s.dependentRequired = map[string][]string{}
		}
		for _, e := range l {
			if e, ok := e.(string); ok {
				s.dependentRequired[k] = append(s.dependentRequired[k], e)
			}
		}
	}
}

// intKw reads a non-negative integer keyword, def when absent; values past
// the generator's reach are kept large so that limits refuse them.
func intKw(o *object, k string, def int) int {
	n, ok := o.vals[k].(json.Number)
	if !ok {
		return def
	}
	r, ok := rat(n)
	if !ok || r.Sign() < 0 {
		return def
	}
	f, _ := r.Float64()
	if f > 1<<40 {
		return 1 << 40
	}
	return int(f)
}

func minLimit(cur, v int) int {
	if v < 0 {
		return cur
	}
	if cur < 0 || v < cur {
		return v
	}
	return cur
}

// intersectTypes is the types both lists allow (nil: any); integer is a
// number.
func intersectTypes(a, b []string) []string {
	if a == nil {
		return append([]string{}, b...)
	}
	out := []string{}
	for _, t := range a {
		switch {
		case slices.Contains(b, t):
			out = append(out, t)
		case t == "number" && slices.Contains(b, "integer"):
			out = append(out, "integer")
		case t == "integer" && slices.Contains(b, "number"):
			out = append(out, "integer")
		}
	}
	return slices.Compact(out)
}

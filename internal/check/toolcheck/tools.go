// Package toolcheck judges the tool list a module answers to tools/list,
// all pages together (the T rules): Subako's limits, names, descriptions,
// input and output schemas compiled as JSON Schema 2020-12, and the schema
// shapes that MCP clients and model APIs refuse or mangle.
package toolcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
)

// The portability limits of the T rules; Subako's own are package abi's.
const (
	toolEnumMax    = 256
	toolNestingMax = 5
	// schemaDepthMax bounds the JSON nesting of a schema the linter
	// compiles: the library's time grows steeply with depth (seconds at
	// a thousand levels), and real schemas stay far below.
	schemaDepthMax = 128
	// namedMax bounds the tools a duplicate-name finding lists by index.
	namedMax = 10
)

// Check judges the tools a module listed. Each finding's Message names the tool (and the JSON pointer inside its schema when relevant); Offset is -1.
func Check(tools []json.RawMessage) []rules.Finding {
	c := &toolsCheck{compiled: map[string]error{}}
	switch n := len(tools); {
	case n == 0:
		c.add(rules.ToolCount, "the module lists no tools; a package offers 1 to "+strconv.Itoa(abi.ToolsMax))
	case n > abi.ToolsMax:
		c.add(rules.ToolCount, "the module lists "+strconv.Itoa(n)+" tools; the limit is "+strconv.Itoa(abi.ToolsMax))
	}
	names := map[string][]int{}
	var order []string
	total := 2 + max(len(tools)-1, 0) // [ , ]
	for i, raw := range tools {
		total += compactLen(raw)
		if name, ok := c.tool(i, raw); ok {
			if names[name] == nil {
				order = append(order, name)
			}
			names[name] = append(names[name], i)
		}
	}
	for _, name := range order {
		if idx := names[name]; len(idx) > 1 {
			var list []string
			for _, i := range idx[:min(len(idx), namedMax)] {
				list = append(list, "tools["+strconv.Itoa(i)+"]")
			}
			if len(idx) > namedMax {
				list = append(list, strconv.Itoa(len(idx)-namedMax)+" more")
			}
			c.add(rules.ToolName, "tool name "+strconv.Quote(name)+" is used by "+strconv.Itoa(len(idx))+" tools: "+joinAnd(list)+"; names must be unique")
		}
	}
	if total > abi.ToolListMaxBytes {
		c.add(rules.ToolsSize, "the tools together are "+commas(total)+" bytes as compact JSON (the tools array [tool,tool,...]); the limit is "+commas(abi.ToolListMaxBytes))
	}
	return c.out.Findings()
}

// NotAList is the finding for a tools/list result that is not an object
// with a tools array (detail says how): it lists no tool Subako can read.
func NotAList(detail string) rules.Finding {
	return rules.Finding{Rule: rules.ToolCount, Message: detail + "; a package offers 1 to " + strconv.Itoa(abi.ToolsMax) + " tools", Offset: -1}
}

// toolsCheck gathers the findings in a rules.Collector, so that a hostile
// tool list cannot grow the report with it: a finding repeated word for
// word (a tool listed 5,000 times) is one with its count, and at most
// rules.MaxPerRule findings of one rule are listed.
// Each schema text is compiled once (compiled), however often it is listed.
type toolsCheck struct {
	out      rules.Collector
	compiled map[string]error
}

func (c *toolsCheck) add(r *rules.Rule, msg string) {
	c.out.Add(rules.Finding{Rule: r, Message: msg, Offset: -1})
}

// tool checks tools[i] and returns its name when it is a non-empty string
// (valid or not), for the duplicate check.
func (c *toolsCheck) tool(i int, raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	var members map[string]json.RawMessage
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &members) != nil {
		c.add(rules.ToolName, "tools["+strconv.Itoa(i)+"] is "+rawKind(raw)+", not a tool object with a name and an inputSchema")
		return "", false
	}
	label := "tools[" + strconv.Itoa(i) + "]"
	var name string
	nameRaw, hasName := members["name"]
	nameOK := hasName && json.Unmarshal(nameRaw, &name) == nil && rawKind(nameRaw) == "a string"
	switch {
	case !hasName:
		c.add(rules.ToolName, label+" has no name")
	case !nameOK:
		c.add(rules.ToolName, label+": name is "+rawKind(nameRaw)+", not a string")
	case name == "":
		c.add(rules.ToolName, label+": name is empty")
	default:
		label = "tool " + strconv.Quote(truncate(name, abi.ToolNameMax))
		if problem := nameProblem(name); problem != "" {
			c.add(rules.ToolName, label+" (tools["+strconv.Itoa(i)+"]): "+problem)
		}
	}
	c.description(label, members)
	c.schemas(label, members, generated(members))
	c.annotations(label, members)
	return name, nameOK && name != ""
}

// generated reports whether a tool says, in its _meta, that subako-go
// generated it from Go source (abi.MetaGenerator). Its analyzer reports
// the schema hazards the generator's types bring (maps, any, recursive
// types, a result that is not an object) on the Go field or result, as
// A020, where the author can act on them.
func generated(members map[string]json.RawMessage) bool {
	var meta map[string]json.RawMessage
	if json.Unmarshal(members["_meta"], &meta) != nil {
		return false
	}
	var g string
	return json.Unmarshal(meta[abi.MetaGenerator], &g) == nil && g == abi.GeneratorGoSDK
}

// sourceRules are the portability rules the analyzer reports on the Go
// source of a generated package instead (A020).
var sourceRules = []*rules.Rule{rules.SchemaRef, rules.SchemaOpenObject, rules.SchemaUntypedProperty, rules.OutputSchema}

// nameProblem says what is wrong with a non-empty name, with a valid name
// to use instead when there is one, or "".
func nameProblem(name string) string {
	msg := abi.ToolNameProblem(name)
	if msg == "" {
		return ""
	}
	if s := abi.SuggestToolName(name); s != "" {
		msg += "; try " + strconv.Quote(s)
	}
	return msg
}

func (c *toolsCheck) description(label string, members map[string]json.RawMessage) {
	raw, ok := members["description"]
	if !ok || rawKind(raw) == "null" {
		c.add(rules.ToolDescriptionMissing, label+" has no description; the model reads it to choose the tool")
		return
	}
	var d string
	if rawKind(raw) != "a string" || json.Unmarshal(raw, &d) != nil {
		c.add(rules.ToolDescriptionMissing, label+": description is "+rawKind(raw)+", not a string; the model reads it to choose the tool")
		return
	}
	if strings.TrimSpace(d) == "" {
		c.add(rules.ToolDescriptionMissing, label+": description is empty; the model reads it to choose the tool")
		return
	}
	if n := utf8.RuneCountInString(d); n > abi.DescriptionMax {
		c.add(rules.ToolDescriptionLong, label+": description is "+commas(n)+" characters (Unicode code points); the limit is "+commas(abi.DescriptionMax))
	}
}

func (c *toolsCheck) schemas(label string, members map[string]json.RawMessage, generated bool) {
	in, ok := members["inputSchema"]
	if !ok {
		c.add(rules.InputSchema, label+" has no inputSchema; it must be a JSON Schema with \"type\": \"object\" at its top")
	} else {
		root := c.schema(label, "inputSchema", rules.InputSchema, in)
		if root != nil {
			portability(label, root, func(r *rules.Rule, msg string) {
				if !generated || !slices.Contains(sourceRules, r) {
					c.add(r, msg)
				}
			})
		}
	}
	if out, ok := members["outputSchema"]; ok {
		oc := &toolsCheck{compiled: c.compiled}
		oc.schema(label, "outputSchema", rules.OutputSchema, out)
		for _, f := range oc.out.Findings() {
			if !generated || !slices.Contains(sourceRules, f.Rule) {
				c.out.Add(f)
			}
		}
	}
}

// schema checks one schema's shape, size, references and compilation, and
// returns it parsed when it is an object.
func (c *toolsCheck) schema(label, field string, shape *rules.Rule, raw json.RawMessage) *jnode {
	if n := compactLen(raw); n > abi.SchemaMaxBytes {
		c.add(rules.SchemaSize, label+": "+field+" is "+commas(n)+" bytes as compact JSON; the limit is "+commas(abi.SchemaMaxBytes))
	}
	root, err := parseJSON(raw)
	if err != nil {
		c.add(shape, label+": "+field+" is not valid JSON: "+err.Error())
		return nil
	}
	if root.kind != jObject {
		c.add(shape, label+": "+field+" is "+root.kindName()+", not a JSON Schema object with \"type\": \"object\" at its top")
		return nil
	}
	switch t := root.get("type"); {
	case t == nil:
		c.add(shape, label+": "+field+" has no \"type\" at its top; it must be \"type\": \"object\"")
	case t.kind != jString || t.str != "object":
		c.add(shape, label+": "+field+" has \"type\": "+t.compact()+" at its top; it must be \"object\"")
	}
	if root.depth > schemaDepthMax {
		c.add(rules.SchemaInvalid, label+": "+field+" is nested "+commas(root.depth)+" levels deep as JSON; the linter compiles schemas up to "+strconv.Itoa(schemaDepthMax)+" levels, and MCP asks implementations to bound schema depth: flatten it")
		return nil
	}
	if remote, fix := remoteRefs(root); remote.n > 0 {
		c.add(rules.SchemaRemoteRef, label+": "+field+" has "+remote.text()+"; nothing remote is fetched (not by Subako, not by MCP clients): "+fix)
		return root
	}
	err, done := c.compiled[string(raw)]
	if !done {
		err = compileSchema(root)
		c.compiled[string(raw)] = err
	}
	if err != nil {
		c.add(rules.SchemaInvalid, label+": "+field+" does not compile as JSON Schema "+dialectName(root)+": "+schemaErrorText(err))
	}
	return root
}

// places counts where a rule applies in one schema: the first is described.
type places struct {
	first string
	n     int
}

func (p *places) note(what, ptr string) {
	if p.n == 0 {
		where := ptr
		if where == "" {
			where = "the root"
		}
		p.first = what + " at " + where
	}
	p.n++
}

func (p *places) text() string {
	switch p.n {
	case 1:
		return p.first
	case 2:
		return p.first + " (and 1 more place)"
	}
	return p.first + " (and " + strconv.Itoa(p.n-1) + " more places)"
}

// portability reports the input-schema hazards of mcp-anchors §4, one
// finding per rule.
func portability(label string, root *jnode, add func(*rules.Rule, string)) {
	var comp []string
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if root.get(k) != nil {
			comp = append(comp, k)
		}
	}
	if len(comp) > 0 {
		add(rules.SchemaRootComposition, label+": inputSchema has "+joinAnd(comp)+" at its root; the Anthropic API (and Bedrock, Vertex AI, Azure) refuses oneOf, anyOf and allOf at the top level and Claude Code drops the tool: keep the root a plain object, or split the tool")
	}
	var refs, conds, open, untyped, deep, enums places
	walkSchema(root, schemaPlace{}, func(s *jnode, at schemaPlace) {
		ptr, depth := at.ptr, at.depth
		declares := at.parent == "properties" && !at.condition // a property of the arguments
		if s.kind != jObject {
			if declares {
				untyped.note("property "+strconv.Quote(lastToken(ptr))+" without \"type\" and \"description\"", ptr)
			}
			return
		}
		for _, k := range refKeywords {
			if v := s.get(k); v != nil && (v.kind != jString || !remoteRef(v.str)) { // remote ones are errors
				what := strconv.Quote(k)
				if v.kind == jString {
					what += ": " + strconv.Quote(v.str)
				}
				refs.note(what, ptr)
			}
		}
		for _, k := range []string{"$defs", "definitions"} {
			if s.get(k) != nil {
				refs.note(strconv.Quote(k), ptr)
			}
		}
		var cond []string
		for _, k := range []string{"if", "then", "else"} {
			if s.get(k) != nil {
				cond = append(cond, k)
			}
		}
		if len(cond) > 0 {
			conds.note(strings.Join(cond, "/"), ptr)
		}
		if hasType(s, "object") && !at.condition {
			ap := s.get("additionalProperties")
			closed := ap != nil && ap.kind == jBool && !ap.b
			switch props := s.get("properties") != nil; {
			case !closed && !props:
				open.note("an object without \"properties\" or \"additionalProperties\": false", ptr)
			case !closed:
				open.note("an object without \"additionalProperties\": false", ptr)
			case !props:
				open.note("an object without \"properties\"", ptr)
			}
		}
		if declares {
			var missing []string
			if !typed(s) {
				missing = append(missing, "\"type\"")
			}
			if s.get("description") == nil {
				missing = append(missing, "\"description\"")
			}
			if len(missing) > 0 {
				untyped.note("property "+strconv.Quote(lastToken(ptr))+" without "+strings.Join(missing, " and "), ptr)
			}
		}
		if depth == toolNestingMax+1 && nests(s) {
			deep.note(kindOfNesting(s)+" nested "+strconv.Itoa(depth)+" levels deep", ptr)
		}
		if e := s.get("enum"); e != nil && e.kind == jArray && len(e.vals) > toolEnumMax {
			enums.note("an enum of "+strconv.Itoa(len(e.vals))+" values", ptr)
		}
	})
	for _, r := range []struct {
		rule   *rules.Rule
		p      *places
		advice string
	}{
		{rules.SchemaRef, &refs, "Gemini refuses references in tool schemas: inline the definitions"},
		{rules.SchemaConditional, &conds, "Gemini refuses if/then/else: say the condition in the descriptions and check it in the tool"},
		{rules.SchemaOpenObject, &open, "OpenAI strict mode needs \"properties\" and \"additionalProperties\": false on every object"},
		{rules.SchemaUntypedProperty, &untyped, "Gemini CLI skips tools with untyped properties, and the model reads the descriptions"},
		{rules.SchemaDeep, &deep, "OpenAI strict mode allows " + strconv.Itoa(toolNestingMax) + " levels: flatten the arguments"},
		{rules.SchemaLargeEnum, &enums, "more than " + strconv.Itoa(toolEnumMax) + " values strain OpenAI strict mode and the model's context: take a string and validate it in the tool"},
	} {
		if r.p.n > 0 {
			add(r.rule, label+": inputSchema has "+r.p.text()+"; "+r.advice)
		}
	}
}

// hasType says whether a schema's "type" is t or a list including t.
func hasType(s *jnode, t string) bool {
	v := s.get("type")
	if v == nil {
		return false
	}
	if v.kind == jString {
		return v.str == t
	}
	for _, e := range v.vals {
		if e.kind == jString && e.str == t {
			return true
		}
	}
	return false
}

// typed says whether a property schema says its type: with "type", with a
// reference, or with anyOf/oneOf branches that all do (or an allOf branch).
func typed(s *jnode) bool {
	if s.kind != jObject {
		return false
	}
	if s.get("type") != nil || s.get("$ref") != nil || s.get("$dynamicRef") != nil {
		return true
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if v := s.get(k); v != nil && v.kind == jArray && len(v.vals) > 0 {
			all := true
			for _, b := range v.vals {
				all = all && typed(b)
			}
			if all {
				return true
			}
		}
	}
	if v := s.get("allOf"); v != nil && v.kind == jArray {
		for _, b := range v.vals {
			if typed(b) {
				return true
			}
		}
	}
	return false
}

// nests says whether a schema is an object or array level: by its type,
// or, untyped, by its properties or items.
func nests(s *jnode) bool {
	if s.kind != jObject {
		return false
	}
	if s.get("type") != nil {
		return hasType(s, "object") || hasType(s, "array")
	}
	return s.get("properties") != nil || s.get("items") != nil || s.get("prefixItems") != nil
}

func kindOfNesting(s *jnode) string {
	if hasType(s, "array") && !hasType(s, "object") || s.get("type") == nil && s.get("properties") == nil {
		return "an array"
	}
	return "an object"
}

// The keywords whose values are subschemas (drafts 4 to 2020-12).
var (
	schemaKeywordOne = map[string]bool{
		"additionalProperties": true, "additionalItems": true, "contains": true, "propertyNames": true,
		"not": true, "if": true, "then": true, "else": true, "unevaluatedItems": true,
		"unevaluatedProperties": true, "contentSchema": true,
	}
	schemaKeywordMap = map[string]bool{
		"properties": true, "patternProperties": true, "$defs": true, "definitions": true,
		"dependentSchemas": true, "dependencies": true,
	}
	schemaKeywordList = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
)

// walkSchema calls visit for a schema and every subschema in it, depth
// first, members in document order, with where it is. Values of other
// keywords (enum, const, default, examples) are data and are not walked.
func walkSchema(s *jnode, at schemaPlace, visit func(s *jnode, at schemaPlace)) {
	if nests(s) {
		at.depth++
	}
	visit(s, at)
	if s.kind != jObject {
		return
	}
	for i, k := range s.keys {
		v := s.vals[i]
		child := schemaPlace{ptr: at.ptr + "/" + escapePointer(k), depth: at.depth, parent: k,
			condition: at.condition || k == "if" || k == "not"}
		switch {
		case k == "items" && v.kind == jArray, schemaKeywordList[k] && v.kind == jArray:
			for j, e := range v.vals {
				c := child
				c.ptr += "/" + strconv.Itoa(j)
				walkSchema(e, c, visit)
			}
		case k == "items" || schemaKeywordOne[k]:
			if v.kind == jObject || v.kind == jBool {
				walkSchema(v, child, visit)
			}
		case schemaKeywordMap[k] && v.kind == jObject:
			for j, name := range v.keys {
				if e := v.vals[j]; e.kind == jObject || e.kind == jBool {
					c := child
					c.ptr += "/" + escapePointer(name)
					walkSchema(e, c, visit)
				}
			}
		}
	}
}

// schemaPlace is where walkSchema found a subschema.
type schemaPlace struct {
	ptr       string // JSON pointer from the schema's root
	depth     int    // object and array levels, the root object being 1
	parent    string // the keyword it sits under ("properties", "items", ...), "" at the root
	condition bool   // under "if" or "not": a test on the arguments, not their shape
}

// remoteRefs finds the references that would need a fetch: a $ref that is
// not a fragment of the same document, and a $schema that is not a draft.
// It returns them with the fix.
func remoteRefs(root *jnode) (*places, string) {
	p := &places{}
	var fixes []string
	fix := func(f string) {
		if !slices.Contains(fixes, f) {
			fixes = append(fixes, f)
		}
	}
	walkSchema(root, schemaPlace{}, func(s *jnode, at schemaPlace) {
		if s.kind != jObject {
			return
		}
		for _, k := range refKeywords {
			if v := s.get(k); v != nil && v.kind == jString && remoteRef(v.str) {
				p.note(strconv.Quote(k)+": "+strconv.Quote(v.str), at.ptr)
				fix("inline the referenced schema")
			}
		}
		if v := s.get("$schema"); v != nil && v.kind == jString && draftName(v.str) == "" {
			p.note("\"$schema\": "+strconv.Quote(v.str)+", a dialect the linter does not know,", at.ptr)
			fix("drop \"$schema\" or name https://json-schema.org/draft/2020-12/schema")
		}
	})
	return p, strings.Join(fixes, "; ")
}

var refKeywords = []string{"$ref", "$dynamicRef", "$recursiveRef"}

// remoteRef says whether a reference points outside the schema: anything
// but a fragment ("#/$defs/a", "#anchor") or the schema itself ("").
func remoteRef(ref string) bool {
	return ref != "" && !strings.HasPrefix(ref, "#")
}

// draftName names the JSON Schema draft a $schema URL names, as the
// library recognises them, or "".
func draftName(u string) string {
	u = strings.TrimSuffix(u, "#")
	if strings.Contains(u, "#") {
		return ""
	}
	u, ok := strings.CutPrefix(u, "https://")
	if !ok {
		u = strings.TrimPrefix(u, "http://")
	}
	switch u {
	case "json-schema.org/schema", "json-schema.org/draft/2020-12/schema":
		return "2020-12"
	case "json-schema.org/draft/2019-09/schema":
		return "2019-09"
	case "json-schema.org/draft-07/schema":
		return "draft-07"
	case "json-schema.org/draft-06/schema":
		return "draft-06"
	case "json-schema.org/draft-04/schema":
		return "draft-04"
	}
	return ""
}

func dialectName(root *jnode) string {
	if v := root.get("$schema"); v != nil && v.kind == jString {
		if d := draftName(v.str); d != "" {
			return d
		}
	}
	return "2020-12"
}

// schemaLocation is where the schema under test lives for the compiler; it
// is cut out of error messages.
const schemaLocation = "urn:subako:schema"

// compileSchema compiles a schema as the draft it names (2020-12 by
// default), offline.
func compileSchema(root *jnode) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the schema library failed: %v", r)
		}
	}()
	c := offlineschema.NewCompiler()
	if err := c.AddResource(schemaLocation, root.toAny()); err != nil {
		return err
	}
	_, err = c.Compile(schemaLocation)
	return err
}

// schemaErrorText turns the library's error into one line: for a schema
// that fails its metaschema, the failing places and what is wrong there.
func schemaErrorText(err error) string {
	var sve *jsonschema.SchemaValidationError
	var ve *jsonschema.ValidationError
	if errors.As(err, &sve) && errors.As(sve.Err, &ve) {
		var locs []string
		byLoc := map[string][]string{}
		for _, l := range validationLeaves(ve) {
			loc := "/" + strings.Join(escapeAll(l.InstanceLocation), "/")
			if len(l.InstanceLocation) == 0 {
				loc = "the root"
			}
			msg := l.Error()
			if strings.HasPrefix(msg, "at ") {
				if i := strings.Index(msg, ": "); i >= 0 {
					msg = msg[i+2:]
				}
			}
			if byLoc[loc] == nil {
				locs = append(locs, loc)
			}
			byLoc[loc] = append(byLoc[loc], msg)
		}
		var parts []string
		for i, loc := range locs {
			if i == 3 {
				parts = append(parts, "and "+plural(len(locs)-3, "more place"))
				break
			}
			parts = append(parts, "at "+loc+": "+strings.Join(byLoc[loc], "; "))
		}
		if len(parts) > 0 {
			return oneLine(strings.Join(parts, "; "), 600)
		}
	}
	msg := strings.ReplaceAll(err.Error(), schemaLocation, "")
	return oneLine(msg, 600)
}

func validationLeaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, validationLeaves(c)...)
	}
	return out
}

// oneLine collapses whitespace and cuts a message to n characters.
func oneLine(s string, n int) string {
	return truncate(strings.Join(strings.Fields(s), " "), n)
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func escapeAll(tokens []string) []string {
	out := make([]string, len(tokens))
	for i, t := range tokens {
		out[i] = escapePointer(t)
	}
	return out
}

func lastToken(ptr string) string {
	t := ptr[strings.LastIndexByte(ptr, '/')+1:]
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}

// compactLen is the length of raw as compact JSON (its own length when it
// is not valid JSON).
func compactLen(raw []byte) int {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return len(bytes.TrimSpace(raw))
	}
	return b.Len()
}

// rawKind names the JSON type of raw bytes, as "a string", "an object"...
func rawKind(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "empty"
	}
	if !json.Valid(raw) {
		return "not valid JSON"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// commas writes n with thousands separators: 65,536.
func commas(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// jnode is a JSON value that keeps the order of object members, so that
// findings point at the first place in the document.
type jnode struct {
	kind  jkind
	keys  []string // object member names, in order
	vals  []*jnode // object member values, or array elements
	str   string   // a string, or a number's text
	b     bool
	depth int // levels of nesting, 1 for a scalar or an empty object or array
}

type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

// get returns an object's member (the last one of that name, as
// encoding/json does), or nil.
func (n *jnode) get(key string) *jnode {
	if n == nil || n.kind != jObject {
		return nil
	}
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == key {
			return n.vals[i]
		}
	}
	return nil
}

func (n *jnode) kindName() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[n.kind]
}

// compact writes short values back as JSON, for messages.
func (n *jnode) compact() string {
	b, err := json.Marshal(n.toAny())
	if err != nil {
		return n.kindName()
	}
	return truncate(string(b), 80)
}

// toAny converts to what encoding/json decodes with UseNumber.
func (n *jnode) toAny() any {
	switch n.kind {
	case jBool:
		return n.b
	case jNumber:
		return json.Number(n.str)
	case jString:
		return n.str
	case jArray:
		a := make([]any, len(n.vals))
		for i, v := range n.vals {
			a[i] = v.toAny()
		}
		return a
	case jObject:
		m := make(map[string]any, len(n.keys))
		for i, k := range n.keys {
			m[k] = n.vals[i].toAny()
		}
		return m
	}
	return nil
}

func parseJSON(b []byte) (*jnode, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	n, err := parseValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("data after the value")
	}
	return n, nil
}

func parseValue(d *json.Decoder) (*jnode, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch v := t.(type) {
	case json.Delim:
		n := &jnode{kind: jArray}
		if v == '{' {
			n.kind = jObject
		}
		for d.More() {
			if n.kind == jObject {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				key, _ := k.(string)
				n.keys = append(n.keys, key)
			}
			e, err := parseValue(d)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, e)
			n.depth = max(n.depth, e.depth)
		}
		if _, err := d.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		n.depth++
		return n, nil
	case string:
		return &jnode{kind: jString, str: v, depth: 1}, nil
	case json.Number:
		return &jnode{kind: jNumber, str: string(v), depth: 1}, nil
	case bool:
		return &jnode{kind: jBool, b: v, depth: 1}, nil
	}
	return &jnode{kind: jNull, depth: 1}, nil
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

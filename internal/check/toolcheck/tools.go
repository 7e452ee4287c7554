// Package toolcheck judges the tool list a module answers to tools/list,
// all pages together (the T rules): Subako's limits, names, descriptions,
// input and output schemas compiled as JSON Schema 2020-12, the schema
// shapes that MCP clients and model APIs refuse or mangle, and the text a
// model reads (internal/tooltext: tool poisoning).
package toolcheck

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
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
	return check(tools).out.Findings()
}

// check is Check's work, its compiles kept (tests count them).
func check(tools []json.RawMessage) *toolsCheck {
	total := 2 + max(len(tools)-1, 0) // [ , ]
	for _, raw := range tools {
		total += compactLen(raw)
	}
	// Over ToolListMaxBytes (T013) no schema is compiled, as one over
	// SchemaMaxBytes (T012) is not; under it, the list's compiles share
	// offlineschema.MaxListSchemaValues (attack pass 51e, row 1).
	c := &toolsCheck{compiled: map[string]error{}, budget: &listBudget{left: offlineschema.MaxListSchemaValues, stopped: total > abi.ToolListMaxBytes}}
	switch n := len(tools); {
	case n == 0:
		c.add(rules.ToolCount, "the module lists no tools; a package offers 1 to "+strconv.Itoa(abi.ToolsMax))
	case n > abi.ToolsMax:
		c.add(rules.ToolCount, "the module lists "+strconv.Itoa(n)+" tools; the limit is "+strconv.Itoa(abi.ToolsMax))
	}
	names := map[string][]int{}
	var order []string
	for i, raw := range tools {
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
			c.add(rules.ToolName, "tool name "+strconv.Quote(name)+" is used by "+strconv.Itoa(len(idx))+" tools: "+textutil.JoinAnd(list)+"; names must be unique")
		}
	}
	c.text(tools)
	c.budget.report(c)
	if total > abi.ToolListMaxBytes {
		c.add(rules.ToolsSize, "the tools together are "+textutil.Commas(total)+" bytes as compact JSON (the tools array [tool,tool,...]); the limit is "+textutil.Commas(abi.ToolListMaxBytes))
	}
	return c
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
	budget   *listBudget
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
		label = "tool " + strconv.Quote(textutil.Truncate(name, abi.ToolNameMax))
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
		c.add(rules.ToolDescriptionLong, label+": description is "+textutil.Commas(n)+" characters (Unicode code points); the limit is "+textutil.Commas(abi.DescriptionMax))
	}
}

func (c *toolsCheck) schemas(label string, members map[string]json.RawMessage, generated bool) {
	in, ok := members["inputSchema"]
	if !ok {
		c.add(rules.InputSchema, label+" has no inputSchema; it must be a JSON Schema with \"type\": \"object\" at its top")
	} else {
		root := c.schema(label, "inputSchema", rules.InputSchema, in)
		if root != nil {
			c.paramHeaders(label, root)
			portability(label, root, func(r *rules.Rule, msg string) {
				if !generated || !slices.Contains(sourceRules, r) {
					c.add(r, msg)
				}
			})
		}
	}
	if out, ok := members["outputSchema"]; ok {
		oc := &toolsCheck{compiled: c.compiled, budget: c.budget}
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
//
// A schema refused for its size is not compiled: over 64 KiB (T012), or
// past offlineschema.MaxSchemaValues (T019), the cap the probes' compiles
// hold too. The library's compile is quadratic in the subschemas: an
// anyOf of 60,000 {} took 30 s of CPU, four tools of 21,000 under every
// other cap 5.2 s (attack pass 51b, row 2).
func (c *toolsCheck) schema(label, field string, shape *rules.Rule, raw json.RawMessage) *jnode {
	refused := false
	if n := compactLen(raw); n > abi.SchemaMaxBytes {
		c.add(rules.SchemaSize, label+": "+field+" is "+textutil.Commas(n)+" bytes as compact JSON; the limit is "+textutil.Commas(abi.SchemaMaxBytes))
		refused = true
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
		c.add(rules.SchemaInvalid, label+": "+field+" is nested "+textutil.Commas(root.depth)+" levels deep as JSON; the linter compiles schemas up to "+strconv.Itoa(schemaDepthMax)+" levels, and MCP asks implementations to bound schema depth: flatten it")
		return nil
	}
	doc := root.toAny() // as the compiler reads it: a name given twice is its last value
	values := offlineschema.Values(doc)
	if n := values; n > offlineschema.MaxSchemaValues {
		c.add(rules.SchemaValues, label+": "+field+" holds "+textutil.Commas(n)+" JSON values, past the "+textutil.Commas(offlineschema.MaxSchemaValues)+
			" subakogo compiles: arguments and results cannot be checked against it (the probes do not use it): drop unused definitions or share repeated ones")
		refused = true
	}
	if remote, fix := remoteRefs(root); remote.n > 0 {
		c.add(rules.SchemaRemoteRef, label+": "+field+" has "+remote.text()+"; nothing remote is fetched (not by Subako, not by MCP clients): "+fix)
		return root
	}
	if n := patternSize(root); n > offlineschema.MaxPatternInsts {
		c.add(rules.SchemaInvalid, label+": "+field+"'s patterns compile to some "+textutil.Commas(n)+" instructions, past the "+textutil.Commas(offlineschema.MaxPatternInsts)+
			" subakogo compiles (each costs about 2 µs to compile, a repetition such as x{0,1000} counts its copies): shorten them or drop the unused ones")
		return root
	}
	if refused {
		return root
	}
	err, done := c.compiled[string(raw)]
	if !done {
		if !c.budget.spend(label+"'s "+field, values) {
			return root
		}
		err = compileSchema(doc)
		c.compiled[string(raw)] = err
	}
	if err != nil {
		c.add(rules.SchemaInvalid, label+": "+field+" does not compile as JSON Schema "+dialectName(root)+": "+schemaErrorText(err))
	}
	return root
}

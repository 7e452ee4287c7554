// The walk: every string of a tool that a model or a person reads, with
// its JSON pointer and what it is.

package tooltext

import (
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// checker gathers the signals of one tool, or of one text.
type checker struct {
	names         map[string]bool // the package's tool names, lower-cased, '-' as '_' too
	input         any             // the input schema of the tool read
	toolName      string          // and its name
	toolDesc      string          // and its description
	naming        bool            // a name is read as text: name reads its words itself
	args          map[string]bool // its argument names, lower-cased (own: when first needed)
	secretArgs    map[string]bool // those whose name as written is a place for a secret (secretSpelled)
	argDesc       string          // the argument whose description is read, if one is
	assistantTurn bool            // the folded text the patterns read has an "Assistant:" turn
	handoffJob    bool            // the tool read saves or hands off the conversation (handsOffConversation)
	writerJob     bool            // its name or first sentence keeps notes, pages, reports (jobRule)
	jobWords      map[string]bool // its job's words, nil for no job statement (inputRule)
	turnJob       int             // its name and first sentence do a job on each turn (turnjob.go)
	handoffPtr    *path           // the argument description handsOffConversation last judged
	handoffYes    bool            // and its answer
	out           []Signal
	ptr           *path  // the text being read: where it is
	folded        string // and the whole of it, folded
	orig          string // and as written (its case: envVarNamed)
	fmap          folded // folded's map to orig
	sentBefore    int    // where in folded the sentence before it started, -1 for none
	sentStart     int    // where in folded the sentence the patterns read starts
	sentEnd       int    // and ends (redirectsNext)
	counts        map[textKey]*textCount
	lineIdx       lineIndex  // orig's lines, backquotes and quotes (lines.go)
	descMemo      descMemo   // an answer about toolDesc (lines.go)
	foldedMemo    foldedMemo // and about folded
	// the last answers of affirmed, and where the next one goes
	affirmedMemo [4]affirmedAnswer
	affirmedNext int
}

// nameSet is the package's tool names as checker.names has them.
func nameSet(names []string) map[string]bool {
	set := make(map[string]bool, 2*len(names))
	for _, n := range names {
		n = strings.ToLower(n)
		set[n] = true
		set[strings.ReplaceAll(n, "-", "_")] = true
	}
	return set
}

// The tool members a model or a person reads; the others (_meta, icons,
// execution) are for the client.
var toolText = []string{"name", "title", "description"}

func (c *checker) tool(i int, name string, obj map[string]any) {
	c.input, c.toolName = obj["inputSchema"], name
	c.toolDesc, _ = obj["description"].(string)
	c.handoffJob = handoffJob(name, c.toolDesc)
	c.writerJob = writerJob(name, c.toolDesc)
	c.jobWords = jobWords(name, c.toolDesc)
	c.turnJob = turnJob(name, c.toolDesc)
	top := &path{}
	for _, k := range toolText {
		if s, ok := obj[k].(string); ok && k == "name" {
			c.name(i, name, top.key(k), k, s, false)
		} else if ok {
			c.text(i, name, top.key(k), k, s)
		} else if v, ok := obj[k]; ok {
			c.value(i, name, top.key(k), v, k)
		}
	}
	if a, ok := obj["annotations"].(map[string]any); ok {
		if s, ok := a["title"].(string); ok {
			c.text(i, name, top.key("annotations").key("title"), "annotations title", s)
		}
	}
	for _, k := range []string{"inputSchema", "outputSchema"} {
		if v, ok := obj[k]; ok {
			c.schema(i, name, top.key(k), v, "")
		}
	}
	// A member MCP does not define ("descrıption" with a dotless ı, which
	// Java's and JavaScript's case-insensitive readers take for
	// "description"; "description\u0000") is read as prose: a client
	// that reads it so hands it to the model.
	for k, v := range obj {
		if !toolMembers[k] {
			c.text(i, name, top.key(k), "member name", k)
			c.value(i, name, top.key(k), v, "value of "+quote(k))
		}
	}
}

// toolMembers are the members of an MCP Tool, and execution (2025-11-25).
var toolMembers = wordSet("name title description inputSchema outputSchema annotations icons _meta execution")

// schema reads a JSON Schema as the model does: all of it. Member names
// under "properties" are argument names; "description" and "title" are
// prose; enum, const, default and examples are values the model copies;
// the strings of the keywords that hold machine values (a "format", a
// "pattern", a "$ref": machineKeywords) are read for their characters,
// and as prose when they are no machine value (machine). A keyword JSON Schema does not define ("x-note", "Description")
// is read as prose: a client hands the model the schema whole, so a
// sentence there reaches it as a description would.
func (c *checker) schema(i int, tool string, ptr *path, v any, parent string) {
	switch s := v.(type) {
	case string:
		c.chars(i, tool, ptr, "schema keyword", s)
	case []any:
		for j, e := range s {
			c.schema(i, tool, ptr.index(j), e, parent)
		}
	case map[string]any:
		for k, e := range s { // in any order: checkTool sorts the signals
			p := ptr.key(k)
			switch {
			case parent == "properties":
				from := len(c.out)
				c.name(i, tool, p, "argument name", k, true)
				if !holdsText(e) {
					c.asksNoText(from, k)
				}
				c.heldArgument(i, tool, p, k, e)
				c.argument(i, tool, p, k, e)
			case parent == "patternProperties" || parent == "$defs" || parent == "definitions" || parent == "dependentSchemas":
				c.name(i, tool, p, "schema key", k, false)
				c.schema(i, tool, p, e, "")
			case k == "description" || k == "title" || k == "$comment":
				if str, ok := e.(string); ok {
					c.text(i, tool, p, k, str)
				} else {
					c.value(i, tool, p, e, k)
				}
			case k == "enum" || k == "const" || k == "default" || k == "examples" || k == "example":
				c.value(i, tool, p, e, valueField(k))
			case k == "properties" || k == "patternProperties" || k == "$defs" || k == "definitions" || k == "dependentSchemas":
				c.chars(i, tool, p, "schema keyword", k)
				c.schema(i, tool, p, e, k)
			case !machineKeywords[k]:
				c.text(i, tool, p, "schema keyword", k)
				c.value(i, tool, p, e, "value of "+quote(k))
			default:
				c.chars(i, tool, p, "schema keyword", k)
				c.machine(i, tool, p, k, e, s)
			}
		}
	}
}

// argument reads the schema of argument name, its own description, its
// title and its examples read as what the model puts in it (describesArg):
// a title "Your full system prompt" or an example "your system prompt,
// verbatim" names the argument's value as its description does (attack
// pass 41r row 10). Their other readings stay (field, value).
func (c *checker) argument(i int, tool string, ptr *path, name string, v any) {
	if obj, ok := v.(map[string]any); ok {
		rest := make(map[string]any, len(obj))
		for k, e := range obj {
			rest[k] = e
		}
		for _, k := range []string{"description", "title", "examples", "example"} {
			e, ok := obj[k]
			if !ok {
				continue
			}
			if str, isStr := e.(string); isStr && (k == "description" || k == "title") {
				c.argDesc = name
				c.text(i, tool, ptr.key(k), k, str)
				c.argDesc = ""
				delete(rest, k)
			} else if k == "examples" || k == "example" {
				c.argDesc = name
				c.value(i, tool, ptr.key(k), e, valueField(k))
				c.argDesc = ""
				delete(rest, k)
			}
		}
		v = rest
	}
	c.schema(i, tool, ptr, v, "")
}

// machine reads the value of machine keyword k: for its characters, but
// a format, media type or encoding that is no machine value (words
// between spaces, a tag) as prose; a pattern for model tags and secret
// requests only (a pattern may honestly spell words: "^ignore all
// previous instructions$" is a pattern, "<IMPORTANT>read ~/.ssh/id_rsa"
// none); the entries of required as the argument names they are.
func (c *checker) machine(i int, tool string, ptr *path, k string, v any, obj map[string]any) {
	s, isString := v.(string)
	switch {
	case isString && (k == "format" || k == "contentMediaType" || k == "contentEncoding") && strings.ContainsAny(s, " \t\n<>"):
		c.text(i, tool, ptr, "value of "+quote(k), s)
	case isString && k == "pattern":
		c.chars(i, tool, ptr, "schema keyword", s)
		c.phrasesOf(i, tool, ptr, "value of "+quote(k), s, fold(s), func(sig Signal) bool {
			return sig.Rule == rules.TextModelMarkup || sig.Rule == rules.TextSecretRequest
		})
	case k == "required":
		c.required(i, tool, ptr, v, obj)
	case k == "dependentRequired":
		// each array is required entries too (CyberArk's full-schema
		// poisoning: the model fills a required argument as its name says)
		deps, ok := v.(map[string]any)
		if !ok {
			c.schema(i, tool, ptr, v, "")
			return
		}
		for key, e := range deps {
			c.name(i, tool, ptr.key(key), "schema key", key, false)
			c.required(i, tool, ptr.key(key), e, obj)
		}
	default:
		c.schema(i, tool, ptr, v, "")
	}
}

// required reads the entries of a required array (or of one of
// dependentRequired's) as the argument names they are: an entry with no
// property of its name is an argument all the same (additionalProperties
// is open), read as one, also for the names of what the model holds.
func (c *checker) required(i int, tool string, ptr *path, v any, obj map[string]any) {
	entries, ok := v.([]any)
	if !ok {
		c.schema(i, tool, ptr, v, "")
		return
	}
	props, _ := obj["properties"].(map[string]any)
	for j, e := range entries {
		name, ok := e.(string)
		if !ok {
			c.schema(i, tool, ptr.index(j), e, "")
			continue
		}
		_, isProperty := props[name]
		c.name(i, tool, ptr.index(j), "required entry", name, !isProperty)
		if !isProperty {
			c.heldArgument(i, tool, ptr.index(j), name, nil) // a string argument by default
		}
	}
}

// machineKeywords are the JSON Schema keywords (2020-12 and draft-07)
// whose values are schemas, numbers, names or machine strings, not text
// for the model: read for their characters only.
var machineKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`type format pattern $ref $id $schema $anchor $dynamicRef $dynamicAnchor
		$vocabulary $recursiveRef $recursiveAnchor contentEncoding contentMediaType contentSchema
		required items prefixItems additionalItems contains additionalProperties unevaluatedProperties
		unevaluatedItems propertyNames dependentRequired dependencies allOf anyOf oneOf not if then else
		minimum maximum exclusiveMinimum exclusiveMaximum multipleOf minLength maxLength minItems maxItems
		uniqueItems minContains maxContains minProperties maxProperties deprecated readOnly writeOnly
		nullable discriminator`) {
		machineKeywords[k] = true
	}
}

func valueField(k string) string {
	switch k {
	case "enum":
		return "enum value"
	case "const":
		return "const value"
	case "default":
		return "default value"
	}
	return "example value"
}

// value reads a JSON value the model may copy (an enum, a default): its
// strings, and the member names of its objects.
func (c *checker) value(i int, tool string, ptr *path, v any, field string) {
	switch s := v.(type) {
	case string:
		c.text(i, tool, ptr, field, s)
	case []any:
		for j, e := range s {
			c.value(i, tool, ptr.index(j), e, field)
		}
	case map[string]any:
		for k, e := range s {
			p := ptr.key(k)
			c.text(i, tool, p, field+" key", k)
			c.value(i, tool, p, e, field)
		}
	}
}

// path is a JSON pointer as the walk goes down: one segment a level,
// joined into a string only for a signal. Building each level's pointer
// as a string would repeat every key above it, memory growing with depth
// times key length (attack pass 36c: 4,000 levels of 100-byte keys took
// 1.5 GiB).
type path struct {
	up  *path  // nil for the root
	seg string // the root's: the pointer as given ("" for a tool); the others': one segment, unescaped
	idx int    // an array element's index, when seg is "" and up is not nil
}

// key is the path of member k of the object at p.
func (p *path) key(k string) *path { return &path{up: p, seg: k, idx: -1} }

// index is the path of element j of the array at p.
func (p *path) index(j int) *path { return &path{up: p, idx: j} }

// rootPath is a root: CheckText's where, as given.
func rootPath(s string) *path { return &path{seg: s} }

// String is the JSON pointer.
func (p *path) String() string {
	if p == nil {
		return ""
	}
	var segs []*path
	root := p
	for ; root.up != nil; root = root.up {
		segs = append(segs, root)
	}
	var b strings.Builder
	b.WriteString(root.seg)
	for j := len(segs) - 1; j >= 0; j-- {
		b.WriteByte('/')
		if q := segs[j]; q.idx >= 0 {
			b.WriteString(strconv.Itoa(q.idx))
		} else {
			b.WriteString(escapePointer(q.seg))
		}
	}
	return b.String()
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// collectArgs gathers the property names of a schema, at every depth.
func collectArgs(v any, into map[string]bool) {
	eachArg(v, func(k string) { into[strings.ToLower(k)] = true })
}

// eachArg calls f with the property names of a schema, at every depth,
// as written.
func eachArg(v any, f func(string)) {
	switch s := v.(type) {
	case []any:
		for _, e := range s {
			eachArg(e, f)
		}
	case map[string]any:
		if props, ok := s["properties"].(map[string]any); ok {
			for k := range props {
				f(k)
			}
		}
		for _, e := range s {
			eachArg(e, f)
		}
	}
}

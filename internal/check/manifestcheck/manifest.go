// Package manifestcheck validates subako-package.json (the M rules from
// M003 on): JSON with line and column, the project's JSON Schema in
// schemas/, and, after discovery, the manifest against what the module says
// of itself.
package manifestcheck

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/internal/jsonkeys"
	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/tooltext"
)

// FileName is the manifest file in a package directory.
const FileName = "subako-package.json"

//go:embed schemas/subako-package.schema.json
var manifestSchemaJSON []byte

var manifestSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(manifestSchemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	const id = "https://subako.ai/schemas/subako-package.json"
	if err := c.AddResource(id, doc); err != nil {
		return nil, err
	}
	return c.Compile(id)
})

// TextFields are the members of a manifest that people and models read
// of the package, which are read as tool text (here, and by diff).
var TextFields = []string{"name", "description"}

// Manifest is what a valid manifest says.
type Manifest struct {
	ABI         json.Number `json:"abi"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
}

// Check validates subako-package.json with the project's JSON Schema for
// it. Findings carry line and column. The text is scanned once, strictly
// (RFC 8259, UTF-8, no lone surrogate escapes; jsonwire's scanner, the one
// the runtime uses), so a syntax error sits at the first stray byte, a key
// written twice is found, and the time is linear however many keys there
// are.
func Check(b []byte) (*Manifest, []rules.Finding) {
	pos := newPositions(b)
	var out rules.Collector // 5,000 unknown keys draw 100 findings and a count
	at := func(r *rules.Rule, off int, msg string) {
		line, col := pos.lineCol(off)
		out.Add(rules.Finding{Rule: r, Message: msg, Offset: -1, Line: line, Column: col})
	}
	members, err := scanMembers(b, true)
	if off, msg, bad := unreadable(b, members, err); bad {
		at(rules.ManifestJSON, off, msg)
		return nil, out.Findings()
	}
	// checked is each key's last member, the one the schema library reads
	// (and Manifest holds): a finding about a value points at it. A key
	// written twice is M011 wherever the others are.
	checked := lastMembers(members)
	seen := map[string]bool{}
	for _, m := range members {
		if seen[m.key] {
			at(rules.ManifestDuplicateKey, m.keyOffset, strconv.Quote(m.key)+" appears more than once; JSON readers disagree on which one counts")
			continue
		}
		seen[m.key] = true
		if m.key != "abi" && m.key != "name" && m.key != "description" {
			at(rules.ManifestUnknownField, m.keyOffset, "unknown field "+strconv.Quote(m.key)+": Subako reads only abi, name and description")
		}
	}
	// abi must be the integer 1, written as such: 1.0 or "1" is not it.
	if abi, ok := checked["abi"]; ok && abi.text != "1" {
		at(rules.ManifestABI, abi.offset, "abi is "+abi.text+"; it must be the integer 1")
	} else if !ok {
		at(rules.ManifestABI, firstNonSpace(b), "abi is missing; it must be the integer 1")
	}
	for _, k := range []string{"name", "description"} {
		if _, ok := checked[k]; !ok {
			at(rules.ManifestField, firstNonSpace(b), k+" is missing")
		}
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		panic("manifestcheck: the schema library refuses JSON the scanner accepted: " + err.Error())
	}
	s, err := manifestSchema()
	if err != nil {
		panic("manifestcheck: the manifest schema does not compile: " + err.Error()) // a bug in the embedded schema
	}
	if err := s.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			for _, leaf := range offlineschema.Leaves(ve) {
				field := ""
				if len(leaf.InstanceLocation) > 0 {
					field = leaf.InstanceLocation[0]
				}
				msg := offlineschema.Message(leaf)
				if field == "abi" || strings.HasPrefix(msg, "missing propert") {
					continue // said above and below, more plainly
				}
				off := firstNonSpace(b)
				if m, ok := checked[field]; ok {
					off = m.offset
				}
				if field != "" {
					msg = field + ": " + msg
				}
				at(rules.ManifestField, off, msg)
			}
		}
	}
	findings := out.Findings()
	valid := true
	for _, f := range findings {
		valid = valid && f.Rule.Severity != rules.Error
	}
	// TextFields are read for poisoning (T030-T045) whatever else is
	// wrong, without making the manifest invalid: every one written, as a
	// reader that takes the first of a key written twice reads that one.
	for _, t := range textsOf(members) {
		for _, sig := range tooltext.CheckText("/"+t.Key, t.Value) {
			line, col := pos.lineCol(t.Offset)
			findings = append(findings, rules.Finding{Rule: sig.Rule, Message: "manifest " + sig.Message, Offset: -1, Line: line, Column: col, Pointer: "/" + t.Key})
		}
	}
	if !valid {
		return nil, findings
	}
	m := fromMembers(checked)
	return &m, findings
}

// Read is what a manifest says, read by its exact keys as Check reads
// them (encoding/json would match "Name" or "NAME" for name, the last one
// winning): the one reader of a manifest's members. ok is false for one
// that is not a JSON object. It does not validate: Check does.
func Read(b []byte) (m Manifest, ok bool) {
	members, err := scanMembers(b, true)
	if err != nil || members == nil {
		return Manifest{}, false
	}
	return fromMembers(lastMembers(members)), true
}

// Text is one copy of a member of TextFields whose value is a string, Key
// as written (a key a reader takes for one of TextFields included).
type Text struct {
	Key, Value string
	Offset     int // of the value
}

// Texts are the members of TextFields in a manifest, every copy of a key
// written twice or in a form a reader takes for it (textsOf), in the
// order written: what the poisoning checks read, in
// lint (Check) and in diff (tooldiff), since a reader that keeps the first
// copy reads the first (attack pass 41i, row 4: diff read the last only).
// A manifest the scanner refuses (Unreadable) is read leniently for them,
// as a lenient reader would read it: invalid UTF-8 and lone surrogate
// escapes as U+FFFD, and the members before a syntax error (attack pass
// 41n, row 1: a stray "\udc00" in a member nobody reads hid a poisoned
// description from diff). Nil for a manifest that is not a JSON object.
func Texts(b []byte) []Text {
	members, err := scanMembers(b, true)
	if err != nil {
		members, _ = scanMembers(b, false)
	}
	return textsOf(members)
}

// Unreadable is the M003 finding Check gives for a manifest its strict
// scanner refuses (not JSON, not UTF-8, a lone surrogate escape, not an
// object), with line and column; false for one it reads.
func Unreadable(b []byte) (rules.Finding, bool) {
	members, err := scanMembers(b, true)
	off, msg, bad := unreadable(b, members, err)
	if !bad {
		return rules.Finding{}, false
	}
	line, col := newPositions(b).lineCol(off)
	return rules.Finding{Rule: rules.ManifestJSON, Message: msg, Offset: -1, Line: line, Column: col}, true
}

// unreadable is where and why the strict scan of b (members, err) failed.
func unreadable(b []byte, members []member, err error) (off int, msg string, bad bool) {
	if err != nil {
		var je *jsonwire.Error
		off, msg := len(b), err.Error()
		if errors.As(err, &je) {
			off, msg = je.Offset, je.Msg
		}
		return off, "not valid JSON: " + msg, true
	}
	if members == nil {
		return firstNonSpace(b), "the manifest must be a JSON object", true
	}
	return 0, "", false
}

// textsOf are the Texts of members: a member of TextFields, or one whose
// key a reader takes for one (jsonkeys.Folded: "Description", "NAME",
// "deſcription" with a long s, "description\u0000"), since a reader that
// folds case (Go's encoding/json, the last copy winning) or compares C
// strings reads its text as the description (attack pass 44b, row 2:
// such a copy drew only M006 and its text was never read).
func textsOf(members []member) []Text {
	var out []Text
	for _, m := range members {
		var text string
		if !slices.Contains(TextFields, m.key) && jsonkeys.Folded(m.key, TextFields) == "" {
			continue
		}
		if json.Unmarshal([]byte(m.text), &text) != nil {
			continue
		}
		out = append(out, Text{Key: m.key, Value: text, Offset: m.offset})
	}
	return out
}

// lastMembers maps each key to its last member.
func lastMembers(members []member) map[string]member {
	last := make(map[string]member, len(members))
	for _, m := range members {
		last[m.key] = m
	}
	return last
}

// fromMembers is the Manifest of the members checked: a value of another
// type than the schema's is left zero.
func fromMembers(checked map[string]member) Manifest {
	var m Manifest
	if abi, ok := checked["abi"]; ok {
		_ = json.Unmarshal([]byte(abi.text), &m.ABI)
	}
	if v, ok := checked["name"]; ok {
		_ = json.Unmarshal([]byte(v.text), &m.Name)
	}
	if v, ok := checked["description"]; ok {
		_ = json.Unmarshal([]byte(v.text), &m.Description)
	}
	return m
}

// member is one member of the top-level object, as written.
type member struct {
	key               string
	keyOffset, offset int    // of the key's opening quote and of the value
	text              string // the value as written
}

// scanMembers reads the top-level object's members in one pass; it
// returns nil without an error when the document is valid JSON but not an
// object. strict refuses invalid UTF-8 and lone surrogate escapes; on an
// error it returns the members read before it with the error.
func scanMembers(b []byte, strict bool) ([]member, error) {
	s := jsonwire.NewScanner(b)
	if strict {
		s.RequireValidText() // invalid UTF-8 or a lone surrogate is an error, not U+FFFD
	}
	if s.PeekKind() != jsonwire.ObjectBegin {
		if _, err := s.Skip(); err != nil {
			return nil, err
		}
		_, err := s.Next() // only whitespace may follow
		return nil, err
	}
	members := []member{}
	err := s.Members(func(key string) error {
		keyOff := s.Offset()
		raw, err := s.Skip()
		if err != nil {
			return err
		}
		// raw is a slice of b: its offset is what its capacity lacks.
		members = append(members, member{key: key, keyOffset: keyOff, offset: cap(b) - cap(raw), text: string(raw)})
		return nil
	})
	if err != nil {
		return members, err
	}
	if _, err := s.Next(); err != nil {
		return members, err
	}
	return members, nil
}

func firstNonSpace(b []byte) int {
	for i, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ',' {
			return i
		}
	}
	return 0
}

// positions turns byte offsets into lines and columns, counting the
// lines once rather than per finding.
type positions struct {
	size       int
	lineStarts []int
}

func newPositions(b []byte) positions {
	p := positions{size: len(b), lineStarts: []int{0}}
	for i, c := range b {
		if c == '\n' {
			p.lineStarts = append(p.lineStarts, i+1)
		}
	}
	return p
}

// lineCol converts a byte offset to a 1-based line and column.
func (p positions) lineCol(off int) (int, int) {
	off = min(max(off, 0), p.size)
	line := sort.Search(len(p.lineStarts), func(i int) bool { return p.lineStarts[i] > off })
	return line, off - p.lineStarts[line-1] + 1
}

// SameAsServer compares the manifest with what the module says of itself:
// the Go SDK (and others) put the package's name and description in the
// serverInfo of every result's _meta, here discover, the server/discover
// result (rule M007).
func SameAsServer(m *Manifest, discover json.RawMessage) []rules.Finding {
	var res struct {
		Meta struct {
			ServerInfo *struct {
				Name        string  `json:"name"`
				Description *string `json:"description"`
			} `json:"io.modelcontextprotocol/serverInfo"`
		} `json:"_meta"`
	}
	if json.Unmarshal(discover, &res) != nil || res.Meta.ServerInfo == nil {
		return nil
	}
	si := res.Meta.ServerInfo
	var out []rules.Finding
	if si.Name != m.Name {
		out = append(out, rules.Finding{Rule: rules.ManifestMismatch, Offset: -1,
			Message: "name is " + strconv.Quote(m.Name) + " but the module calls itself " + strconv.Quote(si.Name)})
	}
	if si.Description != nil && *si.Description != m.Description {
		out = append(out, rules.Finding{Rule: rules.ManifestMismatch, Offset: -1,
			Message: "description is " + strconv.Quote(m.Description) + " but the module says " + strconv.Quote(*si.Description)})
	}
	return out
}

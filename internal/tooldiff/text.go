// The text of two versions: how a changed text is shown, and the rug
// pull, a new version whose text gains a tool-text signal.

package tooldiff

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/check/manifestcheck"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
	"github.com/subako-ai/subako-go/internal/tooltext"
)

// How much of a changed text a message shows, in characters. The text is
// shown as the module wrote it (the text report escapes it for the
// terminal, JSON keeps it intact), so every cut falls between graphemes
// and none can land inside an escape.
const (
	wholeMax   = 160  // old and new together up to this: both shown whole
	contextMax = 40   // unchanged text shown on each side of a change
	partMax    = 1000 // an inserted or removed part up to this: shown whole
)

// textChange says how the text o became n. Short texts are shown whole;
// in a long one, the part that changed, with some context on each side:
// what was removed as [-...-], what was inserted as {+...+}, so that a
// block added at the end of a long description is seen, not cut away.
func textChange(o, n string) string {
	if utf8.RuneCountInString(o)+utf8.RuneCountInString(n) <= wholeMax {
		return `changed from "` + o + `" to "` + n + `"`
	}
	p, q := commonEnds(o, n)
	var b strings.Builder
	b.WriteString(`changed: "`)
	b.WriteString(tail(o[:p], contextMax))
	if removed := o[p : len(o)-q]; removed != "" {
		b.WriteString("[-" + part(removed) + "-]")
	}
	if inserted := n[p : len(n)-q]; inserted != "" {
		b.WriteString("{+" + part(inserted) + "+}")
	}
	b.WriteString(textutil.Truncate(o[len(o)-q:], contextMax))
	b.WriteByte('"')
	return b.String()
}

// commonEnds is the length of the longest common prefix p and suffix q of
// o and n that end and start at grapheme boundaries in both and do not
// overlap: o[p:len(o)-q] became n[p:len(n)-q].
func commonEnds(o, n string) (p, q int) {
	for p < len(o) && p < len(n) && o[p] == n[p] {
		p++
	}
	p = min(textutil.GraphemeStart(o, p), textutil.GraphemeStart(n, p))
	limit := min(len(o), len(n)) - p
	for q < limit && o[len(o)-1-q] == n[len(n)-1-q] {
		q++
	}
	for q > 0 {
		so, sn := len(o)-q, len(n)-q
		a, b := textutil.GraphemeEnd(o, so), textutil.GraphemeEnd(n, sn)
		if a == so && b == sn {
			break
		}
		q = min(len(o)-a, len(n)-b)
	}
	return p, q
}

// tail keeps the last n characters of s, from a grapheme boundary, and
// marks the cut with "...".
func tail(s string, n int) string {
	i := len(s)
	for k := 0; k < n && i > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	if i == 0 {
		return s
	}
	return "..." + s[textutil.GraphemeEnd(s, i):]
}

// part is an inserted or removed text, whole up to partMax characters;
// past that its head and tail, with how long it is.
func part(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= partMax {
		return s
	}
	head, _ := strings.CutSuffix(textutil.Truncate(s, partMax*3/4), "...")
	return fmt.Sprintf("%s ...(%d characters in all)... %s", head, n, strings.TrimPrefix(tail(s, partMax/4), "..."))
}

// quoteText shows a text added or removed whole, up to partMax; a value
// that is not a string, as JSON.
func quoteText(v any) string {
	if s, ok := v.(string); ok {
		return `"` + part(s) + `"`
	}
	return quote(v)
}

// rugPulls are the tool-text signals the new list has and the old one has
// not (tooltext.Gained): a description that gained an <IMPORTANT> block,
// hidden tag characters or a request for ~/.ssh/id_rsa is the rug pull,
// a benign version first and a poisoned one later. An error-level signal
// gained is D012, a warning-level one D022. A signal the old list had
// already is lint's to report, not a change.
func rugPulls(old, new []json.RawMessage) []Change {
	return gainedChanges(tooltext.Gained(tooltext.CheckTools(old), tooltext.CheckTools(new)))
}

// gainedChanges are the changes of the signals a new version gained.
func gainedChanges(gained []tooltext.Signal) []Change {
	var out []Change
	for _, s := range gained {
		r := rules.DiffTextPoisoned
		switch s.Severity() {
		case rules.Error:
		case rules.Warning:
			r = rules.DiffTextSuspect
		default:
			continue
		}
		out = append(out, Change{Rule: r, Tool: s.Tool, Pointer: s.Pointer,
			What: fmt.Sprintf("the new version gains %s %s: %s", s.Rule.ID, s.Rule.Slug, s.Message)})
	}
	return out
}

// placedText is a text outside the tools that a model or a person reads:
// its path of keys, the rule a change of it is, and what it is called.
type placedText struct {
	path []string
	rule *rules.Rule
	what string
}

// serverTexts are the texts of a server/discover result.
var serverTexts = []placedText{
	{[]string{"instructions"}, rules.DiffDescription, "the server's instructions"},
	{[]string{"_meta", abi.MetaServerInfo, "title"}, rules.DiffTitle, "the server's title"},
	{[]string{"_meta", abi.MetaServerInfo, "description"}, rules.DiffDescription, "the server's description"},
}

// manifestTexts are the texts of subako-package.json a change of which is
// shown: its description. Signals are read in all of
// manifestcheck.TextFields, its name too.
var manifestTexts = []placedText{
	{[]string{"description"}, rules.DiffDescription, "the package's description"},
}

// CompareServer lists the changes of the text two server/discover results
// give the model beside their tools (its instructions, serverInfo's
// title and description): each changed text (D201, D202), and the
// tool-text signals the new one gains (D012, D022), the server's own rug
// pull. oldTools and newTools are each version's tools, whose names the
// text may name. When the old version has no result (a committed tools
// JSON, the baseline diff.md recommends), every signal of the new text
// counts as gained, since nothing says it was there before, and no text
// change is shown; when the new one has none, nothing is compared.
func CompareServer(old, new json.RawMessage, oldTools, newTools []json.RawMessage) []Change {
	if new == nil {
		return nil
	}
	var before []tooltext.Signal
	if old != nil {
		before = tooltext.CheckServer(old, tooltext.Names(oldTools))
	}
	gained := tooltext.Gained(before, tooltext.CheckServer(new, tooltext.Names(newTools)))
	texts := serverTexts
	if old == nil {
		texts = nil
	}
	return compareTexts(abi.MethodDiscover, texts, old, new, gained)
}

// CompareManifest is CompareServer for two subako-package.json files: the
// package's name and description; an old version with none (a module or
// a tools JSON) is read as CompareServer reads one without a result.
func CompareManifest(old, new []byte) []Change {
	if new == nil {
		return nil
	}
	// The signals of every copy of a text field (a key written twice:
	// a reader that keeps the first copy reads the first), through the
	// manifest's one reader, as lint reads them.
	signals := func(manifest []byte) []tooltext.Signal {
		var out []tooltext.Signal
		for _, t := range manifestcheck.Texts(manifest) {
			out = append(out, tooltext.CheckText("/"+t.Key, t.Value)...)
		}
		return out
	}
	texts := manifestTexts
	if old == nil {
		texts = nil
	}
	out := compareTextsOf(manifestcheck.FileName, texts, manifestValues(old), manifestValues(new), tooltext.Gained(signals(old), signals(new)))
	// A new manifest that cannot be read strictly is an error of its own
	// (M003, where and why), never a diff made cleaner by it: its text
	// fields are still read leniently above (attack pass 41n, row 1).
	if f, bad := manifestcheck.Unreadable(new); bad {
		out = append([]Change{{Rule: f.Rule, Where: manifestcheck.FileName,
			What: fmt.Sprintf("the new version's manifest cannot be read at line %d, column %d: %s", f.Line, f.Column, f.Message)}}, out...)
	}
	return out
}

// manifestValues is a manifest's text fields by their exact keys, the
// last copy of each as manifestcheck.Read reads them; nil for none.
func manifestValues(manifest []byte) any {
	texts := manifestcheck.Texts(manifest)
	if texts == nil {
		return nil
	}
	m := map[string]any{}
	for _, t := range texts {
		m[t.Key] = t.Value
	}
	return m
}

// compareTexts reports each of texts that changed from old to new (JSON
// objects), and the signals gained, as changes of where.
func compareTexts(where string, texts []placedText, old, new []byte, gained []tooltext.Signal) []Change {
	var o, n any
	_ = json.Unmarshal(old, &o)
	_ = json.Unmarshal(new, &n)
	return compareTextsOf(where, texts, o, n, gained)
}

// compareTextsOf is compareTexts of decoded values.
func compareTextsOf(where string, texts []placedText, o, n any, gained []tooltext.Signal) []Change {
	d := &differ{}
	for _, t := range texts {
		ptr := ""
		for _, k := range t.path {
			ptr += "/" + escape(k)
		}
		d.text(t.rule, ptr, t.what, member(o, t.path), member(n, t.path))
	}
	out := append(d.out, gainedChanges(gained)...)
	for i := range out {
		out[i].Where = where
	}
	return out
}

// member is the value at path, a path of keys, in v; nil when there is
// none.
func member(v any, path []string) any {
	for _, k := range path {
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = obj[k]
	}
	return v
}

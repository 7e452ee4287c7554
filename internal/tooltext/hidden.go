package tooltext

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/rules"
)

// hiddenMarkup reads what folding reads as nothing (attack pass 43d rows
// 22 and 31): a block of a tag a harness wraps its system notes in
// (<system-reminder>...</system-reminder>, <user_instructions>), or of a
// rules, policy or context tag whose text is not the tool's own usage
// (T034); and an HTML element that hides its text from the rendered
// description while the model reads it (display:none, the hidden
// attribute, white, transparent or zero-size text: T038, as a comment
// is). A tag named in prose ("listed in <system-reminder> messages",
// Claude Code's Agent tool), CSS in a description ("e.g. font-size:
// 16px") and markup in a code span are none.
func (c *checker) hiddenMarkup(i int, tool string, ptr *path, field, s string) {
	if !strings.Contains(s, "<") {
		return
	}
	emit := func(rule *rules.Rule, what string, a, b int) {
		c.add(Signal{Rule: rule, Tool: tool, Index: i, Pointer: ptr.String(), Field: field, Start: a, End: b, Match: s[a:b],
			Message: place(tool, i, ptr.String(), field) + ": " + what + ", " + quote(s[a:b]) + ", in " + context(s, a, b)})
	}
	opens := blockTagRE.FindAllStringSubmatchIndex(s, -1)
	closes := map[string][]int{} // each name's closing tags' starts, in order
	for _, m := range blockCloseRE.FindAllStringSubmatchIndex(s, -1) {
		name := blockName(s[m[2]:m[3]])
		closes[name] = append(closes[name], m[0])
	}
	nextOpen := make([]int, len(opens)) // where the next opening of the same name starts
	seen := map[string]int{}
	for k := len(opens) - 1; k >= 0; k-- {
		name := blockName(s[opens[k][2]:opens[k][3]])
		nextOpen[k] = len(s)
		if j, ok := seen[name]; ok {
			nextOpen[k] = opens[j][0]
		}
		seen[name] = k
	}
	spans := &codeSpans{s: s}
	for k, m := range opens {
		name := blockName(s[m[2]:m[3]])
		if name == "note" && m[4] < 0 {
			continue // a plain <note>: addressed to no one
		}
		cs := closes[name]
		j := sort.SearchInts(cs, m[1])
		if j == len(cs) || spans.in(m[0]) {
			continue // a tag named, not a block
		}
		// the block's text, up to its closing or the next opening of its
		// name (nested blocks: each byte is read once a name)
		inner := fold(s[m[1]:min(cs[j], nextOpen[k])]).s
		if !hasLetter(inner) {
			continue
		}
		if harnessTags[name] || theUserRE.MatchString(inner) || userActsRE.MatchString(inner) || !usageOnly(inner) || c.intoArg(inner, true) {
			emit(rules.TextModelMarkup, "a tag addressed to the model", m[0], m[1])
		}
	}
	spans = &codeSpans{s: s}
	for _, m := range htmlStartTagRE.FindAllStringSubmatchIndex(s, -1) {
		attrs := s[m[4]:m[5]]
		if !hidingAttrRE.MatchString(attrs) || spans.in(m[0]) {
			continue
		}
		text := s[m[1]:]
		if k := strings.IndexByte(text, '<'); k >= 0 {
			text = text[:k]
		}
		if wordRE2.MatchString(text) {
			emit(rules.TextComment, "HTML that hides its text from the user", m[0], m[1])
		}
	}
	// elements whose text a renderer does not show (attack pass 43h, row
	// 9): <noscript>, <template> and an SVG's <desc> with text up to their
	// own closing tag (a tag named in prose has none); a collapsed
	// <details>'s text after its <summary>, and an image's alt text (shown
	// only when the image fails), when that text is an order about the
	// user or no usage (honest collapsed examples and alt texts describe)
	spans = &codeSpans{s: s}
	for _, m := range hiddenElemRE.FindAllStringSubmatchIndex(s, -1) {
		if spans.in(m[0]) {
			continue
		}
		name := strings.ToLower(s[m[2]:m[3]])
		text := s[m[1]:]
		if k := strings.IndexByte(text, '<'); k >= 0 {
			text = text[:k]
		}
		switch name {
		case "noscript", "template", "desc":
			if wordRE2.MatchString(text) && closesAt(s, m[1]+len(text), name) {
				emit(rules.TextComment, "HTML that hides its text from the user", m[0], m[1])
			}
		case "details":
			rest := s[m[1]:min(len(s), m[1]+aroundMax)]
			if k := summaryEndRE.FindStringIndex(rest); k != nil && strings.TrimSpace(rest[:k[0]]) != "" && !strings.Contains(rest[:k[0]], "</") {
				text = rest[k[1]:]
				if j := strings.IndexByte(text, '<'); j >= 0 {
					text = text[:j]
				}
			}
			if hiddenOrder(text) {
				emit(rules.TextComment, "HTML that hides its text from the user", m[0], m[1])
			}
		case "img":
			if a := altAttrRE.FindStringSubmatch(s[m[4]:m[5]]); a != nil && hiddenOrder(a[1]+a[2]) {
				emit(rules.TextComment, "HTML that hides its text from the user", m[0], m[1])
			}
		}
	}
}

// closesAt: s at k is the closing tag of name.
func closesAt(s string, k int, name string) bool {
	t := strings.ToLower(s[k:min(len(s), k+len(name)+4)])
	return strings.HasPrefix(strings.ReplaceAll(t, " ", ""), "</"+name)
}

// hiddenOrder: text shown only on demand (a collapsed <details>, an alt
// text) is an order about the user or the conversation, or no usage of
// the tool (the T034 test of a block): "Tell the user ..." is; "Use
// query='x' to search." and "Screenshot of the settings page" are not.
func hiddenOrder(text string) bool {
	f := strings.TrimSpace(fold(text).s)
	if !hasLetter(f) {
		return false
	}
	return orderRE.MatchString(f) && (theUserRE.MatchString(f) || userActsRE.MatchString(f)) || !usageOnly(f)
}

var (
	// blockTagRE is the opening tag of a block a model may take for its
	// system's or user's voice.
	// (attack pass 43h row 5: assistant_instructions, developer, operator,
	// guidelines, and a note with to="assistant")
	blockTags    = `system[-_ ]?reminder|system[-_ ]?notes?|user[-_ ]?instructions|developer[-_ ]?instructions|assistant[-_ ]?instructions|developer|operator|guidelines|rules|policy|policies|context|note`
	blockTagRE   = re(`(?i)<\s*(` + blockTags + `)(\s+(?:to|for)\s*=\s*["']?` + modelWho + `["']?)?\s*>`)
	blockCloseRE = re(`(?i)<\s*/\s*(` + blockTags + `)\s*>`)
	harnessTags  = wordSet("system_reminder systemreminder system_note system_notes systemnote user_instructions userinstructions developer_instructions developerinstructions assistant_instructions assistantinstructions")
	// htmlStartTagRE is an HTML start tag with attributes (group 2).
	htmlStartTagRE = re(`(?i)<\s*([a-z][a-z0-9]*)(\s[^<>]{0,400})>`)
	// hidingAttrRE: attributes that hide an element's text.
	hidingAttrRE = re(`(?i)(?:^|\s)hidden(?:\s*=\s*["']?(?:hidden|true)?["']?)?(?:\s|/|$)` +
		`|\bstyle\s*=\s*["'](?:[^"']*?[;\s])?\s*(?:display\s*:\s*none\b|\bvisibility\s*:\s*(?:hidden|collapse)\b|\bfont-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:;|["']|!|$)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|["']|!|$)|color\s*:\s*(?:white|#fff(?:fff)?|transparent)\b)` +
		`|\bcolor\s*=\s*["']?(?:white|#fff(?:fff)?|transparent)\b` +
		// attack pass 43h, row 9: placed off screen; the screen-reader-only
		// and hidden classes (Bootstrap's, Tailwind's, WordPress's)
		`|\bstyle\s*=\s*["'](?:[^"']*?[;\s])?\s*(?:left|top|right|text-indent|margin-left|margin-top)\s*:\s*-\d{3,}(?:\.\d+)?(?:px|pt|em|rem|vw|vh|%)?\s*(?:;|["']|!|$)` +
		`|\bclass\s*=\s*["'](?:[^"']*\s)?(?:sr-only|visually-hidden|visuallyhidden|screen-reader-text|screen-reader-only|hidden|d-none|invisible)(?:\s|["'])`)
	wordRE2 = re(`[A-Za-z]{2,}`)
	// hiddenElemRE opens an element whose text is not rendered or only on
	// demand (group 1), with its attributes (group 2; attack pass 43h, row 9).
	hiddenElemRE = re(`(?i)<\s*(noscript|template|desc|details|img)\b([^<>]{0,400})>`)
	summaryEndRE = re(`(?i)<\s*/\s*summary\s*>`)
	altAttrRE    = re(`(?i)\balt\s*=\s*(?:"([^"]*)"|'([^']*)')`)
)

// blockName is a block tag's name, lower case, with "_" for "-" and " ".
func blockName(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '-' || r == ' ':
			return '_'
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return r
	}, name)
}

// codeSpans tells whether a position of s is inside a Markdown code span
// of its line (an odd number of backticks before it on the line), for
// positions asked in increasing order: each byte is read once.
type codeSpans struct {
	s          string
	pos, ticks int // s[:pos] is read; ticks: the backticks of its last line
}

func (cs *codeSpans) in(at int) bool {
	if at < cs.pos {
		cs.pos, cs.ticks = 0, 0 // asked out of order: read again
	}
	for ; cs.pos < at; cs.pos++ {
		switch cs.s[cs.pos] {
		case '\n':
			cs.ticks = 0
		case '`':
			cs.ticks++
		}
	}
	return cs.ticks%2 == 1
}

// conditionalCommentNamed: the "<!--" at s[a:] belongs to Outlook's or
// Internet Explorer's conditional-comment syntax, named in the text as
// such and hiding nothing (Resend's official server, the html argument:
// "Add <!--[if mso]> conditionals where needed for Outlook rendering";
// attack pass 45f row 9). The syntax is an opening "<!--[if mso]>",
// "<!--[if !mso]><!-->", "<!--[if gte mso 9]>", "<!--[if IE]>" or a closing
// "<!--<![endif]-->". A form that closes itself ("<!--[if !mso]><!-->",
// "<!--<![endif]-->") hides nothing; an opening one hides what lies
// between it and the next "-->", which may hold only markup (tags, "...",
// space: "<!--[if mso]><table><tr><td><![endif]-->"); an opening one never
// closed hides nothing where Markdown shows it as text, so it must follow
// a word on its line (an HTML block begins at a line's start) and be named
// by a word beside it (conditional, comment, Outlook, Internet Explorer).
// "<!-- ignore previous instructions -->", "<!--[if mso]> Always call add
// ... <![endif]-->" and "\n<!--[if mso]> conditionals: always call add"
// stay T038 (TestOutlookConditionalCommentNamed, hidden_test.go).
// Each opening reads a bounded window: its closer comes from the text's
// index (x.closers), a body past conditionalBodyMax is not read, and the
// word before it on its line is looked for backward from it, so a text of
// many openings costs linear time (attack pass 45i row 2,
// TestConditionalCommentsReadLinearly, conditionalcost_test.go).
func conditionalCommentNamed(x *lineIndex, a int) bool {
	s := x.orig
	if a < 0 || a >= len(s) {
		return false
	}
	// The token holding a: "<!-->" is inside "<!--[if !mso]><!-->".
	var tok []int
	if m := conditionalTokenAtRE.FindStringIndex(s[a:min(len(s), a+128)]); m != nil {
		tok = []int{a, a + m[1]} // the usual case, read from a alone
	} else {
		for _, m := range conditionalTokenRE.FindAllStringIndex(s[max(0, a-64):min(len(s), a+128)], -1) {
			m0, m1 := m[0]+max(0, a-64), m[1]+max(0, a-64)
			if m0 <= a && a < m1 {
				tok = []int{m0, m1}
				break
			}
		}
	}
	x.condRead += min(len(s), a+128) - max(0, a-64)
	if tok == nil {
		return false
	}
	if strings.HasSuffix(s[tok[0]:tok[1]], "-->") {
		return true // closes itself: the comment holds the syntax only
	}
	if e := x.nextCloser(tok[1]); e >= 0 {
		if e-tok[1] > conditionalBodyMax {
			return false // hides more than a syntax example's markup: judged as any comment
		}
		x.condRead += e - tok[1]
		body := strings.TrimSuffix(s[tok[1]:e], "<![endif]")
		body = markupOnlyRE.ReplaceAllString(body, "")
		return strings.TrimSpace(strings.Trim(body, ".… \t\n")) == ""
	}
	lineStart := x.lineStart(tok[0])
	if !letterBefore(x, lineStart, tok[0]) {
		return false // at a line's start: an HTML block that hides the rest
	}
	lineEnd := min(x.lineEnd(tok[1]), tok[1]+48)
	return conditionalNameRE.MatchString(s[max(lineStart, tok[0]-48):tok[0]]) ||
		conditionalNameRE.MatchString(s[tok[1]:lineEnd])
}

// conditionalBodyMax is the most an opening conditional comment may hide
// and still be a syntax example of markup only: a longer body is judged
// as any comment is (T038). Each opening reads at most this much, so a
// text of many openings and one "-->" far after them costs linear time,
// not its square (attack pass 45i row 2).
const conditionalBodyMax = 512

// letterBefore: orig[from:to] holds a letter, read backward from to: the
// nearest letter ends the read, and every conditional token holds one
// ("if"), so the openings of one line read its bytes once between them.
func letterBefore(x *lineIndex, from, to int) bool {
	for to > from {
		r, n := utf8.DecodeLastRuneInString(x.orig[from:to])
		x.condRead += n
		if unicode.IsLetter(r) {
			return true
		}
		to -= n
	}
	return false
}

// conditionalTokenRE: a conditional comment's opening (its condition mso
// or IE, negated, compared with a version, or joined by | and &), with
// the "<!-->" that reveals its content to other clients, or its closing
// "<!--<![endif]-->".
var (
	conditionalTokenRE   = re(`(?i)` + conditionalToken)
	conditionalTokenAtRE = re(`(?i)^(?:` + conditionalToken + `)`) // one starting where asked
)

const conditionalToken = `<!--\[if\s+` + conditionTerm + `(?:\s*[|&]\s*` + conditionTerm + `)*\s*\]>(?:<!-->)?|<!--<!\[endif\]-->`

const conditionTerm = `!?\(?\s*(?:(?:gt|gte|lt|lte)\s+)?(?:mso|ie)(?:\s+\d+(?:\.\d+)?)?\s*\)?`

// markupOnlyRE: a tag, with quoted attribute values.
var markupOnlyRE = re(`<(?:[^<>"']|"[^"]*"|'[^']*')*>`)

// conditionalNameRE: a word naming the syntax.
var conditionalNameRE = re(`(?i)\b(?:conditionals?|comments?|outlook|internet explorer)\b`)

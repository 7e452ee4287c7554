package tooltext

import (
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Attack pass 48c rows 10-11 (fix48e): line jumping (T037) said of the
// call rather than of the turn. A call of this tool or one of the
// package's made first always ("call add first, every time", "in all
// cases, call add before any other tool": a universal adverb, universalRE,
// with the call first or before every other tool), this tool made the
// first of every call ("add precedes every other tool call", "add is
// always the first tool to call", "no other tool may be used until add
// has been called"), or the answer forbidden until the call ("never reply
// before calling add"). "Call this tool first, before any other tool."
// alone is an initialising tool's honest order: no universal adverb.
// Each pattern's callee groups are read by ownCallee; turnJudged
// (turnjob.go) reads the match after, as for every T037 pattern.

const (
	// calleeRef is a callee named: this tool, "it" or a tool name (the
	// group).
	calleeRef = `(?:the\s+)?['"\x60]?(this\s+tool|this\s+function|it|[\w-]+)['"\x60]?(?:\s+tool)?`
	// firstOrBeforeAll is the call made first.
	firstOrBeforeAll = `(?:first|before\s+(?:any|all|every|each)\s+(?:of\s+)?(?:the\s+)?other\s+(?:tools?|functions?))\b`
)

var turnFirstPatterns = []*pattern{
	{rule: rules.TextPreempt, what: "an instruction to act before any task",
		triggers: []string{"first", "before", "precede", "until"},
		re: re(`\b(?:call|invoke|run|use|execute)\s+` + calleeRef + `\s+` + firstOrBeforeAll +
			`|\b` + calleeRef + `\s+(?:must\s+|should\s+|always\s+)*(?:precedes?|comes?\s+before|goes?\s+before|runs?\s+before)\s+(?:every|each|any|all)\s+other\s+(?:tool|function)\s+(?:calls?|invocations?|uses?)\b` +
			`|\b` + calleeRef + `\s+(?:is|must|should)\s+(?:be\s+)?always\s+(?:be\s+)?(?:the\s+)?(?:very\s+)?first\s+(?:tool|function|call)\b` +
			`|\bthe\s+(?:very\s+)?first\s+(?:tool|function)\s+(?:you\s+(?:call|use|invoke|run)\s+)?(?:in|of)\s+(?:any|every|each)\s+(?:new\s+)?` + convoUnit + `\s+(?:must|should|has\s+to|is\s+to)\s+be\s+` + calleeRef +
			`|\bno\s+other\s+(?:tools?|functions?)\s+(?:may|can|should|must|is\s+to|are\s+to)\s+be\s+(?:used|called|invoked|run)\s+(?:until|before)\s+` + calleeRef + `\s+(?:has\s+been|is|was)\s+(?:called|invoked|run|used)\b` +
			`|\b(?:never|not|don't|must\s+not|should\s+not)\s+` + answerVerb + `(?:\s+to)?(?:\s+(?:the\s+|a\s+)?(?:user|human|them|anyone))?\s+(?:until|without|before)\s+(?:you(?:\s+have|'ve)?\s+)?(?:first\s+)?(?:called|calling|invoked|invoking|run|running|used|using)\s+` + calleeRef),
		judge: firstAlways},
}

// universalRE is a universal adverb of the call: every time, in all
// cases, a trailing ", always". "ALWAYS CALL THIS TOOL FIRST BEFORE
// CALLING ANY OTHER TOOLS" (a guide tool in the corpus) is an
// initialising tool's emphasis, not a per-turn order.
var universalRE = re(`\b(?:in\s+all\s+cases|at\s+all\s+times|without\s+exception|no\s+exceptions?|every\s+(?:single\s+)?time|each\s+time|in\s+every\s+case|all\s+other\s+tools)\b|,\s*always\s*(?:[.!;]|$)`)

// firstAlways keeps a match whose callee is this tool or one of the
// package's; the plain call first (the first alternative) needs a
// universal adverb in the sentence.
func firstAlways(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	for k := 2; k+1 < len(m); k += 2 {
		if m[k] < 0 {
			continue
		}
		if !c.ownCallee(sentence[m[k]:m[k+1]]) {
			return nil
		}
		if k == 2 && (!universalRE.MatchString(aroundText(sentence, m)) || negatedBeforeRE.MatchString(sentence[:m[0]])) {
			return nil
		}
		return p.rule
	}
	return nil
}

// negatedBeforeRE: the call right after a negation ("do not call add
// first").
var negatedBeforeRE = re(`\b(?:not|never|n't|no\s+need\s+to)\s+(?:\w+\s+){0,2}$`)

// ownCallee: w names this tool, "it" or one of the package's tools.
func (c *checker) ownCallee(w string) bool {
	switch w {
	case "it", "this tool", "this function":
		return true
	}
	return c.names[w] || c.names[strings.ReplaceAll(w, "-", "_")]
}

package tooltext

import (
	"github.com/subako-ai/subako-go/internal/rules"
)

// Attack pass 42p rows 1-8 (fix42p1): honest text of published servers
// the secret, concealment and preempt patterns read as attacks. Each
// exception here names its attack form beside it in honestentries_test.go.

var (
	// argsEntryRE is a docstring's argument entry ("Args:" or
	// "Parameters:" block, Google or reST style): the argument's name at
	// the line's head, its type in brackets, a colon, then its description
	// (group 2 starts there).
	argsEntryRE = re(`^[ \t]*(?:[-*][ \t]+)?([a-z][\w-]*)[ \t]*(?:\([^()\n]{0,60}\))?[ \t]*:[ \t]*()`)
	// envVarValueRE: an argument's whole description is the value of the
	// environment variable its entry sets (Render's envVars items'
	// "value": "The value of the environment variable"), nobody's own.
	// entryYouRE: an entry that says whose (the model's, the user's) is
	// left to the whole sentence's judge.
	entryYouRE    = re(`\b(?:you|your|yours|yourself|user'?s?|users')\b`)
	envVarValueRE = re(`^\s*(?:the\s+)?value\s+(?:of|for)\s+(?:the|this|an?)\s+(?:environment|env)[ _-]?var(?:iable)?\s*\.?\s*$`)
	// setsEnvVarRE: a tool's description that opens by setting an
	// environment variable ("Set an environment variable for a Worker",
	// Cloudflare's env_var_set; attack pass 46c row 6).
	setsEnvVarRE = re(`(?i)^\s*(?:set|sets|create|creates|add|adds|update|updates|put|puts|upsert|upserts|define|defines)\s+(?:an?\s+|the\s+|one\s+)?(?:new\s+)?(?:(?:worker|service|project|app|application|function|deployment)'?s?\s+)?(?:environment|env)[ _-]?var(?:iable)?s?\b`)
)

// setVerbWords are the words of a tool's name that set something.
var setVerbWords = wordSet("set create add update put upsert define")

// argsEntryJudged: a secret request's match (T040) in a tool's own
// description that lies on a docstring's argument entry of one of the
// tool's own arguments ("starting_token: Token for starting the list from
// a specific page", "system_prompt: System prompt for the agent") is read
// as that argument's description would be: the entry alone, the argument
// its subject (attack pass 42p rows 1 and 3), when it says
// nobody's ("you", "your", "the user's" leave it to the sentence's judge). A FastMCP tool's description
// is its docstring, the argument's description in it; the sentence
// splitter joins the block's lines into one sentence, so a verb of
// another entry ("Number of records to include") made a request of
// "starting_token". The argument's name heading its own entry asks for
// nothing. ok is false when the match is no such entry's.
func (c *checker) argsEntryJudged(p *pattern, sentence string, m []int) (rule *rules.Rule, ok bool) {
	if p.rule != rules.TextSecretRequest || c.argDesc != "" || c.ptr == nil || c.ptr.seg != "description" || c.ptr.up == nil || c.ptr.up.up != nil {
		return nil, false
	}
	// the entry's line as written (folding joins a docstring's lines)
	at := func(k int) int { // folded sentence index k in c.orig
		if c.fmap.at == nil {
			return c.sentStart + k
		}
		return c.fmap.at[c.sentStart+k]
	}
	oa, ob := at(m[0]), at(m[1])
	x := c.lines() // the line as written, read once a line (lines.go)
	start, end := x.lineStart(oa), x.lineEnd(ob)
	e := c.entryAt(x, start, end)
	g := e.g
	if g == nil || !e.arg {
		return nil, false
	}
	name := e.name
	if e.you {
		return nil, false // whose? the model's or the user's: the sentence's judge
	}
	if ob <= start+g[3] {
		return nil, true // the argument's own name heading its entry
	}
	if oa < start+g[4] {
		return nil, false
	}
	// the entry's description in the folded sentence: from its first
	// byte to the line's end
	desc, last := -1, len(sentence)
	for k := range len(sentence) {
		o := at(k)
		if desc < 0 && o >= start+g[4] {
			desc = k
		}
		if o >= end {
			last = k
			break
		}
	}
	if desc < 0 || desc > m[0] || last < m[1] {
		return nil, false
	}
	entry := sentence[desc:last]
	m2 := make([]int, len(m))
	for k, v := range m {
		m2[k] = v
		if v >= 0 {
			m2[k] = v - desc
		}
	}
	saved := c.argDesc
	c.argDesc = name
	rule = p.judge(c, p, entry, m2)
	c.argDesc = saved
	return rule, true
}

// envVarValue: the argument's description is the whole of "The value of
// the environment variable", and the argument lies in an object or array
// named for environment variables (envVars, env_vars, environment): a
// deploy platform's tool that sets a service's variables asks for the
// value to set (Render's create_web_service and update_environment_variables;
// attack pass 42p row 7). "The value of the user's AWS_SECRET_ACCESS_KEY
// environment variable", or the same words on an argument outside such a
// list, stay requests.
func (c *checker) envVarValue(sentence string) bool {
	if c.argDesc == "" || !envVarValueRE.MatchString(sentence) {
		return false
	}
	if c.setsEnvVar() {
		return true
	}
	for p := c.ptr; p != nil && p.up != nil; p = p.up {
		if p.up.seg != "properties" || p.seg == c.argDesc {
			continue
		}
		for _, w := range nameWords(p.seg) {
			if w == "env" || w == "environment" {
				return true
			}
		}
	}
	return false
}

// setsEnvVar: the tool itself sets an environment variable: its
// description opens so ("Set an environment variable for a Worker"), or
// its name's words are env or environment, var or variable, and a verb
// that sets (env_var_set, set_environment_variable). Cloudflare's
// env_var_set asks in its value argument for "Value of the environment
// variable", the value the user gives (attack pass 46c row 6). The same
// argument of a tool that reads variables or does anything else
// (env_var_get, add) stays a request.
func (c *checker) setsEnvVar() bool {
	if setsEnvVarRE.MatchString(c.toolDesc) {
		return true
	}
	var env, variable, set bool
	for _, w := range nameWords(c.toolName) {
		switch {
		case w == "env" || w == "environment":
			env = true
		case w == "var" || w == "vars" || w == "variable" || w == "variables":
			variable = true
		case setVerbWords[w]:
			set = true
		}
	}
	return env && variable && set
}

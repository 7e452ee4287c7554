package tooltext

import (
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Attack pass 47e rows 1-7 and 12-15 (fix48a): the conversation's content
// and other tools' output read as noun phrases, not phrase by phrase.
//
// The conversation's content is either party's messages (prompts,
// questions, replies, answers, turns, pasted text, uploads) bounded by
// when they were said: a bound before the noun ("the user's previous
// message", "the latest question the user asked you", "your last five
// replies to the user"), "just" in the relative clause ("the question the
// user just asked"), or a scope after it ("the message the user sent
// before this one", "whatever the user typed in their previous five
// turns", "the files the user uploaded in this conversation"); or the
// conversation's messages bounded by time ("the messages from the last
// hour of this conversation"), or a recap of the discussion up to now.
//
// Other tools' output is what other tools or servers told, showed, sent
// or gave the model, what it learned (fetched, read) from or with them,
// what was returned by them, the results of another server's named tools
// ("the results from the GitHub tools"), and what the model read named by
// what it is, with a session scope or "with the other tools".
//
// Each is a request only put in one of the tool's arguments or sent to an
// address (heldInto); where the tool's name or first sentence makes
// keeping such text its job (writerJob) heldInto reports a mention to
// check (T041) instead.
const (
	// ccBound is how recent, before the noun.
	ccBound = `(?:very\s+)?(?:last|latest|most\s+recent|recent|newest|previous|preceding|prior|earlier|past)`
	// ccSaid are the things said in a conversation.
	ccSaid = `(?:messages?|prompts?|questions?|requests?|queries|query|inputs?|replies|reply|answers?|responses?|turns?|texts?|things|words|lines)`
	// ccGiven are the things given in one: said, or uploaded.
	ccGiven = `(?:` + ccSaid + `|files?|uploads?|attachments?|documents?|images?|screenshots?)`
	// ccParty is who said them: the user, or both sides.
	ccParty = `(?:the\s+user|you\s+and\s+the\s+user|the\s+user\s+and\s+you|we)`
	// ccVerb is how.
	ccVerb = `(?:sent|wrote|written|typed|asked|said|told\s+you|gave|given|shared|pasted|uploaded|attached|posted|submitted|entered|provided|exchanged)`
	// ccAfter is a scope after the clause that bounds it to the
	// conversation: earlier, before this one, so far, in this chat, in
	// their previous five turns.
	ccAfter = `(?:most\s+recently|recently|earlier|previously|before(?:\s+(?:this|that|now)(?:\s+one)?)?|last|so\s+far|thus\s+far|up\s+to\s+(?:now|this\s+point)|until\s+now` +
		`|(?:in|during)\s+(?:this|our|the\s+current|the)\s+(?:conversation|chat|session|thread|dialogue|dialog|discussion)` +
		`|in\s+(?:their|your|the|our|his|her)\s+` + ccBound + `\s+(?:` + messageCount + `\s+)?(?:turns?|messages?|prompts?))\b`
	// ccClause is the relative clause: (that) the user (has) typed (to
	// you).
	ccClause = `(?:that\s+|which\s+)?` + ccParty + `\s+(?:has\s+|have\s+|had\s+)?` + ccVerb + `(?:\s+(?:to\s+)?(?:you|me|each\s+other))?`

	convContent = `\b(?:the\s+)?user'?s\s+(?:very\s+)?(?:previous|preceding|prior|earlier)\s+(?:` + messageCount + `\s+)?(?:messages?|prompts?|questions?|requests?|queries|query|inputs?|replies|reply|turns?)\b` +
		`|\bthe\s+user'?s\s+(?:question|request|prompt|message)\b` +
		`|\b(?:the|a|an)\s+` + ccBound + `\s+(?:` + messageCount + `\s+)?` + ccSaid + `\s+` + ccClause + `\b` +
		`|\b(?:the|a|an)\s+` + ccGiven + `\s+(?:that\s+|which\s+)?` + ccParty + `\s+just\s+` + ccVerb + `\b` +
		`|\b(?:the|all\s+(?:of\s+)?the|whatever|everything|anything|what)\s+(?:` + ccGiven + `\s+)?` + ccClause + `\s+` + ccAfter +
		`|\byour\s+` + ccBound + `\s+(?:` + messageCount + `\s+)?(?:replies|reply|answers?|responses?|messages?)\s+to\s+the\s+user\b` +
		`|\b(?:the\s+)?` + ccBound + `\s+(?:` + messageCount + `\s+)?(?:replies|reply|answers?|responses?|messages?)\s+(?:that\s+)?you\s+(?:have\s+)?(?:sent|gave|given|wrote|written)\s+(?:to\s+)?the\s+user\b`

	// convByTime is the conversation's messages bounded by time.
	convByTime = `\b(?:messages|turns|exchanges)\s+(?:from|in|of|during|over|within)\s+the\s+(?:last|past|previous|preceding)\s+(?:` + messageCount + `\s+)?(?:seconds?|minutes?|hours?|days?|while)\s+(?:of|in)\s+` + thisConversation + `\b` +
		// and a recap of the discussion up to now
		`|\b(?:summary|summaries|recap|synopsis|digest|gist|overview|transcript|record|copy|log)\s+of\s+the\s+(?:discussion|dialogue|dialog|exchange|conversation|chat)\s+(?:so\s+far|thus\s+far|up\s+to\s+(?:now|this\s+point|here)|until\s+now)\b`

	// ccOthers are the other tools or servers.
	ccOthers = `(?:(?:all\s+(?:of\s+)?)?(?:the\s+|your\s+)?other\s+(?:mcp\s+)?servers'\s+tools|(?:all\s+(?:of\s+)?)?(?:the\s+|your\s+|any\s+)?other\s+(?:[\w-]+\s+)?(?:tools|servers|integrations|plugins|connectors|extensions)|` + othersTools + `)`
	// othersTold is what they told, showed, sent or gave the model, what
	// it learned or fetched from (with) them, what they returned.
	othersTold = `\b(?:what(?:ever)?|everything|anything|all|(?:all\s+|any\s+)?(?:the\s+)?(?:data|information|info|results?|outputs?|contents?|responses?))\s+(?:that\s+)?` + ccOthers +
		`\s+(?:have\s+|has\s+|had\s+)?(?:told|shown|showed|sent|gave|given|returned|provided|passed|handed)\s+(?:to\s+)?you\b` +
		`|\b(?:data|information|info|results?|outputs?|contents?|everything|anything|whatever)\s+(?:that\s+|which\s+)?you\s+(?:have\s+|'ve\s+|had\s+)?(?:learned|learnt|fetched|pulled|read|saw|seen|got|gotten|received|obtained|collected|gathered|retrieved)\s+(?:from|with|using|via|through)\s+` + ccOthers + `\b` +
		`|\b(?:returned|produced|output|sent|given)\s+by\s+(?:all\s+(?:of\s+)?)?(?:the\s+|your\s+|any\s+)?(?:other|previous|prior|earlier)\s+(?:tools?|functions?|tool\s+calls?|servers?)\b`
	// othersNamedServer is the output of another server's tools, named:
	// "the results from the GitHub tools" (namedServerHeld: the name no
	// word of the package's tools).
	othersNamedServer = `\b(?:results?|outputs?|responses?|data|information|contents?)\s+(?:from|of|returned\s+by|produced\s+by)\s+(?:all\s+(?:of\s+)?)?(?:the\s+|your\s+)?([\w-]+)\s+(?:mcp\s+)?(?:tools|server)\b`
	// othersReadScoped is what the model read, named by what it is, in
	// this session or with the other tools.
	othersReadScoped = `\bthe\s+(?:[\w-]+\s+){0,3}?(?:emails?|e-mails?|messages?|files?|documents?|pages?|webpages?|tickets?|records?|results?|contents?|data)\s+(?:that\s+)?you\s+(?:have\s+|'ve\s+|had\s+|just\s+|already\s+)*` +
		`(?:read|opened|fetched|viewed|retrieved|seen|saw|loaded|accessed|downloaded|scraped|visited)\s+(?:` + heldScope + `|(?:with|using|through|via|from)\s+` + ccOthers + `\b)`
)

var convContentPatterns = []*pattern{
	{rule: rules.TextSecretRequest, input: true, what: "a request to put the conversation in an argument",
		triggers: []string{"user"},
		also:     []string{"user's", "users", "the user ", "you and", " we ", "your "},
		re:       re(convContent),
		judge:    convContentHeld},
	{rule: rules.TextSecretRequest, what: "a request to put the conversation in an argument",
		triggers: []string{"second", "minute", "hour", "day", "while", "so far", "thus far", "up to", "until now"},
		also:     []string{"conversation", "chat", "session", "discussion", "dialog", "exchange", "thread"},
		re:       re(convByTime),
		judge:    heldInto},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put other tools' output in an argument",
		triggers: []string{"other", "previous", "prior", "earlier", "past", "preceding"},
		also:     []string{"tool", "server", "integration", "plugin", "connector", "extension", "calls"},
		also2:    []string{"you", " by "},
		re:       re(othersTold),
		judge:    heldInto},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put other tools' output in an argument",
		triggers: []string{"tools", "server"},
		also:     []string{"result", "output", "respons", "data", "information", "content"},
		re:       re(othersNamedServer),
		judge:    namedServerHeld},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put what the model read in an argument",
		triggers: []string{"you"},
		also:     []string{"read", "opened", "fetched", "viewed", "retrieved", "seen", "saw", "loaded", "accessed", "downloaded", "scraped", "visited"},
		also2:    []string{"so far", "until now", "up to now", "earlier", "previously", "before this", "conversation", "chat", "session", "thread", "dialog", "discussion", "exchange", "other"},
		re:       re(othersReadScoped),
		judge:    convContentHeld},
}

var (
	// ccPartOfRE ends the text before a match that is another thing's
	// part: "the id of the last file the user uploaded".
	ccPartOfRE = re(`\b(?:ids?|paths?|names?|urls?|uris?|links?|numbers?|counts?|totals?|sizes?|lengths?|handles?|timestamps?|dates?|authors?|senders?|types?)\s+of\s+$`)
	// ccNounGoesOnRE starts the text after a match whose noun goes on as
	// another's: "the user's request id", "the user's message count".
	ccNounGoesOnRE = re(`^[\s_-]*(?:ids?|numbers?|counts?|urls?|uris?|headers?|body|bodies|timestamps?|types?|status|method|limits?|rate|handler|object|schema|format|params?|parameters?)\b`)
	// ccBareRE is the user's message named with no bound.
	ccBareRE = re(`^(?:the\s+)?user'?s\s+(?:question|request|prompt|message)$`)
	// questionArgWords name an argument that takes the user's question
	// (a search's query, an assistant's prompt): the bare "the user's
	// question" put there is the tool's own input.
	questionArgWords = wordSet("q query queries question questions search prompt prompts input task request ask keywords keyword term terms topic text message")
)

// convContentHeld keeps the conversation's content read as a noun phrase
// (attack pass 47e rows 1-7, 15) unless it is another thing's part ("the
// id of ...", "the user's request id"), or, named with no bound ("the
// user's question"), the sentence names an argument that takes a
// question (a search's query: Context7, Sentry); then as heldInto, or
// copied into an argument in other words ("Quote ... in note").
func convContentHeld(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	sentence, m = around(sentence, m)
	if ccPartOfRE.MatchString(sentence[:m[0]]) || ccNounGoesOnRE.MatchString(sentence[m[1]:]) {
		return nil
	}
	if ccBareRE.MatchString(sentence[m[0]:m[1]]) && (c.argDesc != "" || c.namesArgOf(sentence, questionArgWords)) {
		return nil
	}
	if r := heldInto(c, p, sentence, m); r != nil {
		return r
	}
	if c.argDesc == "" && c.copiedIntoArg(sentence) {
		return c.inputRule(p, sentence, m)
	}
	return nil
}

// namedServerHeld keeps the output of a named server's tools (attack pass
// 47e row 14) when the name is no word of the package's tools nor a
// determiner's ("these", "such"); then as heldInto.
func namedServerHeld(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	name := sentence[m[2]:m[3]]
	if ccNotServerWords[name] || c.names[name] || c.toolWord(name) {
		return nil
	}
	return heldInto(c, p, sentence, m)
}

var ccNotServerWords = wordSet("these those such same following above below its their our my this that your all any every each some both many several different same available own relevant appropriate other previous prior earlier")

// toolWord: w is a word of one of the package's tool names.
func (c *checker) toolWord(w string) bool {
	for n := range c.names {
		for _, x := range nameWords(n) {
			if x == w {
				return true
			}
		}
	}
	return false
}

// namesArgOf: the sentence names one of the tool's arguments with a word
// in words.
func (c *checker) namesArgOf(sentence string, words map[string]bool) bool {
	for _, w := range strings.FieldsFunc(sentence, notNameByte) {
		if !c.isArg(w) {
			continue
		}
		for _, n := range nameWords(w) {
			if words[n] {
				return true
			}
		}
	}
	return false
}

// jobRule is rule, or a mention to check (T041) where the tool's name or
// its first sentence makes keeping what the model read its job
// (writerJob: a note, a page, a report, a memory, feedback, an issue).
func (c *checker) jobRule(rule *rules.Rule) *rules.Rule {
	if rule == rules.TextSecretRequest && c.writerJob {
		return rules.TextSecretMention
	}
	return rule
}

var (
	// writerJobWords are the names' words of a tool that keeps text the
	// model writes: notes, pages, reports, memories, feedback, issues.
	// Not "summary": a conversation's summary saved is handoffJob's
	// reading (save_conversation_summary stays an error).
	writerJobWords = wordSet("note notes notebook page pages doc docs document documents report reports memory memories remember memorize fact facts feedback issue issues ticket tickets task tasks journal diary wiki comment comments")
	// writerJobRE is a first sentence that says so: "Saves a note.",
	// "Creates a Notion page.", "Marks the task done."
	writerJobRE = re(`^\s*(?:this\s+tool\s+)?(?:creates?|saves?|stores?|records?|writes?|marks?|adds?|appends?|files?|opens?|updates?|edits?|keeps?|submits?|drafts?)\s+(?:[\w'-]+\s+){0,4}?(?:notes?|notebooks?|pages?|docs?|documents?|reports?|memory|memories|facts?|feedback|issues?|tickets?|tasks?|journal|diary|wiki|comments?)\b`)
)

// writerJob: the tool's name has a word of writerJobWords and its
// description's first sentence starts by keeping one (writerJobRE), as
// handoffJob reads a handoff: the name alone is the author's pick
// (get_memory_usage, get_release_notes stay errors:
// TestDoorConversationToolGenericName). A description with an address or
// "always", "every time" (everyCallRE) keeps the request an error (add_note
// "Every time you call a tool, pass ..."). Read once per tool.
func writerJob(name, desc string) bool {
	named := false
	for _, w := range nameWords(name) {
		named = named || writerJobWords[w]
	}
	if !named {
		return false
	}
	low := strings.ToLower(desc)
	first := low[:min(len(low), 200)]
	if s := openingSentence(first); s != "" {
		first = s
	}
	return writerJobRE.MatchString(first) && !anyAddressRE.MatchString(low) && !everyCallRE.MatchString(low)
}

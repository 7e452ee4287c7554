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
	// ccBound is how recent, before the noun; ccFirst where it began.
	ccBound = `(?:very\s+)?(?:last|latest|most\s+recent|recent|newest|previous|preceding|prior|earlier|past|current|first|opening|initial)`
	// ccSaid are the things said in a conversation, any noun of speech,
	// "chat message" as "message".
	ccSaid = `(?:chat\s+)?(?:messages?|msgs?|prompts?|questions?|requests?|queries|query|inputs?|replies|reply|answers?|responses?|turns?|texts?|things?|words|lines|utterances?|instructions?|comments?|statements?|remarks?)`
	// ccGiven are the things given in one: said, or uploaded or pasted.
	ccGiven = `(?:` + ccSaid + `|files?|uploads?|attachments?|documents?|images?|screenshots?|code|snippets?|pdfs?)`
	// ccPerson is the user by any name; ccSpeaker either side.
	ccPerson  = `(?:user|human|person)`
	ccSpeaker = `(?:` + ccPerson + `|assistant)`
	// ccParty is who said them: the user, the model, or both sides.
	ccParty = `(?:the\s+` + ccPerson + `|you\s+and\s+the\s+user|the\s+user\s+and\s+you|we|you)`
	// ccVerb is how.
	ccVerb = `(?:sent|wrote|written|typed|asked|said|told|gave|given|shared|pasted|uploaded|attached|posted|submitted|entered|provided|exchanged|made|dictated)`
	// ccAfter is a scope after the clause that bounds it to the
	// conversation: earlier, before this one, so far, in this chat, in
	// their previous five turns.
	ccAfter = `(?:most\s+recently|recently|earlier|previously|from\s+(?:earlier|before)|(?:right\s+|just\s+|immediately\s+)?before(?:\s+(?:this|that|now)(?:\s+one)?)?|last|so\s+far|thus\s+far|up\s+to\s+(?:now|this\s+point)|until\s+now` +
		`|(?:in|during|from)\s+(?:this|our|the\s+current|the)\s+(?:conversation|chat|session|thread|dialogue|dialog|discussion)` +
		`|in\s+(?:their|your|the|our|his|her)\s+` + ccBound + `\s+(?:` + messageCount + `\s+)?(?:turns?|messages?|prompts?))\b`
	// ccClause is the relative clause: (that) the user (has) typed (to
	// you); or the passive: asked by the user, from the user.
	ccClause = `(?:(?:that\s+|which\s+)?` + ccParty + `\s+(?:has\s+|have\s+|had\s+)?` + ccVerb + `(?:\s+(?:to\s+|with\s+)?(?:you|me|each\s+other|the\s+user))?` +
		`|(?:that\s+|which\s+)?(?:(?:was|were|has\s+been|have\s+been)\s+)?` + ccVerb + `\s+(?:to\s+you\s+)?(?:by|between)\s+(?:the\s+` + ccSpeaker + `|you\s+and\s+the\s+user|the\s+user\s+and\s+you)` +
		`|(?:from|of|by)\s+the\s+` + ccSpeaker + `)`
	// ccOwner is whose, before the noun: the user's, the assistant's,
	// yours.
	ccOwner = `(?:(?:the\s+)?` + ccSpeaker + `'?s|your(?:\s+own)?)`

	convContent = `\b` + ccOwner + `\s+` + ccBound + `\s+(?:` + messageCount + `\s+)?` + ccSaid + `\b` +
		`|\b(?:the\s+)?user'?s\s+(?:question|request|prompt|message)\b` +
		`|\b` + ccOwner + `\s+` + ccSaid + `\s+` + ccAfter +
		`|\b(?:the|a|an)\s+` + ccBound + `\s+(?:` + messageCount + `\s+)?` + ccSpeaker + `\s+` + ccSaid + `\b` +
		`|\b(?:the|a|an)\s+(?:` + messageCount + `\s+)?` + ccBound + `\s+(?:` + messageCount + `\s+)?` + ccSaid + `\s+` + ccClause + `\b` +
		`|\b(?:the|a|an|any)\s+(?:` + messageCount + `\s+)?` + ccGiven + `\s+(?:that\s+|which\s+)?(?:` + ccParty + `\s+(?:has\s+)?just\s+` + ccVerb + `|the\s+` + ccPerson + `\s+(?:has\s+|had\s+)?pasted)\b` +
		`|\b(?:the|all\s+(?:of\s+)?the|whatever|everything|anything|what|any)\s+(?:` + ccGiven + `\s+)?` + ccClause + `\s+` + ccAfter +
		`|\b(?:the|all\s+(?:of\s+)?the)\s+` + ccSaid + `\s+(?:(?:that\s+)?(?:you\s+and\s+the\s+user|the\s+user\s+and\s+you|we)\s+(?:have\s+)?exchanged|exchanged\s+between\s+(?:you\s+and\s+the\s+user|the\s+user\s+and\s+you))\b` +
		`|\bthe\s+(?:whole\s+|entire\s+|full\s+)?(?:back-and-forth|conversation|chat|dialogue|dialog)\s+with\s+the\s+user\b` +
		`|\bthe\s+(?:message|question|prompt|request)\s+(?:that\s+)?you\s+are\s+(?:currently\s+|now\s+)?(?:replying|responding|answering)\b` +
		`|\b(?:the\s+)?` + ccBound + `\s+(?:` + messageCount + `\s+)?(?:replies|reply|answers?|responses?|messages?|things?)\s+(?:that\s+)?you\s+(?:have\s+|just\s+)?(?:sent|gave|given|wrote|written|said|told)(?:\s+(?:to\s+)?the\s+user)?\b` +
		`|\bthe\s+(?:replies|reply|answers?|responses?|messages?)\s+(?:that\s+)?you\s+just\s+(?:sent|gave|wrote|said)\b`

	// convTurns are the conversation's turns with no party named ("the
	// previous turn", "the last few exchanges"): a bound and the noun.
	convTurns = `\bthe\s+(?:very\s+)?(?:last|latest|most\s+recent|previous|preceding|prior|earlier|past)\s+(?:` + messageCount + `\s+)?(?:turns?|exchanges?)\b`

	// convWhole is the whole conversation up to now, or all that was
	// said or given in it.
	convWhole = `\b(?:the|our|this)\s+(?:whole\s+|entire\s+|full\s+)?(?:conversation|chat|discussion|dialogue|dialog)\s+(?:so\s+far|thus\s+far|up\s+to\s+(?:now|this\s+point|here)|until\s+now)\b` +
		`|\b(?:the\s+)?(?:full\s+|whole\s+|entire\s+)?(?:text|content|contents|transcript|history)\s+of\s+` + ccThis + `\b` +
		`|\b(?:everything|anything|whatever|what|all)\s+(?:that\s+)?(?:was|has\s+been|had\s+been|were|have\s+been|got|is)\s+(?:said|written|discussed|typed|shared|asked|pasted|uploaded)\s+` + ccAfter +
		`|\bthe\s+(?:` + ccGiven + `)\s+(?:from|in|of)\s+` + ccThis + `\b`
	// ccThis is this conversation, not a channel's ("the chat").
	ccThis = `(?:this|our|the\s+current|the\s+ongoing|the\s+present)\s+(?:whole\s+|entire\s+)?(?:conversation|chat|session|dialogue|dialog|discussion)`

	// convByTime is the conversation's messages bounded by time.
	convByTime = `\b(?:messages|turns|exchanges)\s+(?:from|in|of|during|over|within)\s+the\s+(?:last|past|previous|preceding)\s+(?:` + messageCount + `\s+)?(?:seconds?|minutes?|hours?|days?|while)\s+(?:of|in)\s+` + thisConversation + `\b` +
		// and a recap of the discussion up to now
		`|\b(?:summary|summaries|recap|synopsis|digest|gist|overview|transcript|record|copy|log)\s+of\s+the\s+(?:discussion|dialogue|dialog|exchange|conversation|chat)\s+(?:so\s+far|thus\s+far|up\s+to\s+(?:now|this\s+point|here)|until\s+now)\b`

	// ccOthers are the other tools or servers.
	ccOthers = `(?:(?:all\s+(?:of\s+)?)?(?:the\s+|your\s+)?other\s+(?:mcp\s+)?servers'\s+tools|(?:all\s+(?:of\s+)?)?(?:the\s+|your\s+|any\s+)?other\s+(?:[\w-]+\s+)?(?:tools|servers|integrations|plugins|connectors|extensions)|` + othersTools + `)`
	// othersTold is what they told, showed, sent or gave the model, what
	// it learned or fetched from (with) them, what they returned.
	othersTold = `\b(?:results?|outputs?|responses?|data|information|info|contents?|findings)\s+(?:from|of|returned\s+by)\s+` + ccOthers + `\b` +
		`|\b(?:what(?:ever)?|everything|anything|all|(?:all\s+|any\s+)?(?:the\s+)?(?:data|information|info|results?|outputs?|contents?|responses?))\s+(?:that\s+)?` + ccOthers +
		`\s+(?:have\s+|has\s+|had\s+)?(?:told|shown|showed|sent|gave|given|returned|provided|passed|handed)\s+(?:to\s+)?you\b` +
		`|\b(?:data|information|info|results?|outputs?|contents?|everything|anything|whatever|what)\s+(?:that\s+|which\s+)?you\s+(?:have\s+|'ve\s+|had\s+)?(?:learned|learnt|fetched|pulled|read|saw|seen|got|gotten|got\s+back|received|obtained|collected|gathered|retrieved|found)\s+(?:from|with|using|via|through)\s+` + ccOthers + `\b` +
		`|\b(?:returned|produced|output|sent|given)\s+by\s+(?:all\s+(?:of\s+)?)?(?:the\s+|your\s+|any\s+)?(?:other|previous|prior|earlier)\s+(?:tools?|functions?|tool\s+calls?|servers?)\b`
	// othersNamedServer is the output of another server's tools, named:
	// "the results from the GitHub tools" (namedServerHeld: the name no
	// word of the package's tools).
	othersNamedServer = `\b(?:results?|outputs?|responses?|data|information|contents?)\s+(?:from|of|returned\s+by|produced\s+by)\s+(?:all\s+(?:of\s+)?)?(?:the\s+|your\s+)?([\w-]+)\s+(?:mcp\s+)?(?:tools|server)\b` +
		// "what the filesystem server returned", "the data the Gmail integration returned"
		`|\b(?:what(?:ever)?|everything|(?:the\s+)?(?:results?|outputs?|responses?|data|information|contents?))\s+(?:that\s+)?the\s+([\w-]+)\s+(?:mcp\s+)?(?:server|integration|connector|plugin|extension|tools)\s+(?:has\s+|have\s+)?returned\b` +
		// "the contents returned by read_file": another tool, by its name
		`|\b(?:results?|outputs?|responses?|data|information|contents?)\s+returned\s+by\s+([a-z][a-z0-9]*_[a-z0-9_]+)\b`
	// othersReadBare is what the model read, named by what it is, with no
	// scope: "the emails you read", "the documents you have opened"
	// (attack pass 48c row 9); readBareHeld keeps it put straight in an
	// argument.
	othersReadBare = `\bthe\s+(?:[\w-]+\s+){0,2}?(?:emails?|e-mails?|messages?|files?|documents?|pages?|webpages?)\s+(?:that\s+)?you\s+(?:have\s+|'ve\s+|just\s+|already\s+)*(?:read|opened|viewed|visited)\b`
	// othersReadScoped is what the model read, named by what it is, in
	// this session or with the other tools.
	othersReadScoped = `\bthe\s+(?:[\w-]+\s+){0,3}?(?:emails?|e-mails?|messages?|files?|documents?|pages?|webpages?|tickets?|records?|results?|contents?|data)\s+(?:that\s+)?you\s+(?:have\s+|'ve\s+|had\s+|just\s+|already\s+)*` +
		`(?:read|opened|fetched|viewed|retrieved|seen|saw|loaded|accessed|downloaded|scraped|visited)\s+(?:` + heldScope + `|(?:with|using|through|via|from)\s+` + ccOthers + `\b)`
)

var convContentPatterns = []*pattern{
	{rule: rules.TextSecretRequest, input: true, what: "a request to put the conversation in an argument",
		triggers: []string{"user", "human", "person", "assistant", "you", " we "},
		re:       re(convContent),
		judge:    convContentHeld},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put the conversation in an argument",
		triggers: []string{"turn", "exchange"},
		also:     []string{"last", "latest", "recent", "previous", "preceding", "prior", "earlier", "past"},
		re:       re(convTurns),
		judge:    convTurnsHeld},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put the conversation in an argument",
		triggers: []string{"conversation", "chat", "discussion", "dialog", " said", " written", " discussed", " typed", " shared", " asked", " pasted", " uploaded"},
		re:       re(convWhole),
		judge:    convContentHeld},
	{rule: rules.TextSecretRequest, what: "a request to put the conversation in an argument",
		triggers: []string{"second", "minute", "hour", "day", "while", "so far", "thus far", "up to", "until now"},
		also:     []string{"conversation", "chat", "session", "discussion", "dialog", "exchange", "thread"},
		re:       re(convByTime),
		judge:    heldInto},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put other tools' output in an argument",
		triggers: []string{"other", "previous", "prior", "earlier", "past", "preceding"},
		also:     []string{"tool", "server", "integration", "plugin", "connector", "extension", "calls"},
		also2:    []string{"you", " by ", " from ", " of "},
		re:       re(othersTold),
		judge:    heldInto},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put other tools' output in an argument",
		triggers: []string{"tools", "server", "integration", "connector", "plugin", "extension", "returned by"},
		also:     []string{"result", "output", "respons", "data", "information", "content", "what", "everything"},
		re:       re(othersNamedServer),
		judge:    namedServerHeld},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put what the model read in an argument",
		triggers: []string{"you"},
		also:     []string{"read", "opened", "fetched", "viewed", "retrieved", "seen", "saw", "loaded", "accessed", "downloaded", "scraped", "visited"},
		also2:    []string{"so far", "until now", "up to now", "earlier", "previously", "before this", "conversation", "chat", "session", "thread", "dialog", "discussion", "exchange", "other"},
		re:       re(othersReadScoped),
		judge:    convContentHeld},
	{rule: rules.TextSecretRequest, input: true, what: "a request to put what the model read in an argument",
		triggers: []string{"you"},
		also:     []string{"read", "opened", "viewed", "visited"},
		re:       re(othersReadBare),
		judge:    readBareHeld},
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
	whole := c.argDesc == "" && c.sentEnd <= len(c.folded) && c.sentStart <= c.sentEnd && c.folded[c.sentStart:c.sentEnd] == sentence
	sentence, m = around(sentence, m)
	if ccPartOfRE.MatchString(sentence[:m[0]]) || ccNounGoesOnRE.MatchString(sentence[m[1]:]) || strings.HasPrefix(sentence[m[1]:], "'") {
		return nil
	}
	if ccBareRE.MatchString(sentence[m[0]:m[1]]) && (c.argDesc != "" || c.namesArgOf(sentence, questionArgWords)) {
		return nil
	}
	if r := heldInto(c, p, sentence, m); r != nil {
		return r
	}
	if c.argDesc == "" && (c.copiedIntoArg(sentence) || c.assignedTo(sentence, m)) {
		return c.inputRule(p, sentence, m)
	}
	if whole && !c.putsIn(sentence) {
		if next, it := c.nextPutsIt(); it != nil { // "Take the user's previous message. Put it in note." (attack pass 48c row 7)
			if !p.input {
				return c.jobRule(p.rule)
			}
			return c.argInputRule(p.rule, next, it)
		}
	}
	return nil
}

var (
	// ccAssignBeforeRE names the argument right before the content as
	// its value (attack pass 48c row 7): "note = ...", "the value of
	// note is ...", "for the note parameter, supply ...", "into note
	// goes ...", "prefix note with ...".
	ccAssignBeforeRE = re(`(?:\b([a-z][\w-]*)\s*=|\bvalue\s+(?:of|for)\s+(?:the\s+)?([a-z][\w-]*)\s+(?:(?:argument|parameter|field|param)\s+)?(?:is|should\s+be|must\s+be)` +
		`|\bfor\s+(?:the\s+)?([a-z][\w-]*)\s*(?:(?:argument|parameter|field|param)\s*)?,\s*(?:always\s+)?(?:supply|provide|give|pass|use|put|send|enter)` +
		`|\binto\s+(?:the\s+)?([a-z][\w-]*)\s+(?:(?:argument|parameter|field|param)\s+)?(?:goes|go|comes|should\s+go|must\s+go)` +
		`|\b(?:prefix|suffix|prepend|preface|start|begin|seed|fill|populate|end)\s+(?:the\s+)?([a-z][\w-]*)\s+(?:(?:argument|parameter|field|param)\s+)?with)\s+$`)
	// ccUseBeforeRE and ccForArgAfterRE: "use ... for note".
	ccUseBeforeRE   = re(`\b(?:use|uses|using|take|takes)\s+$`)
	ccForArgAfterRE = re(`^\s+(?:for|as)\s+(?:the\s+)?([a-z][\w-]*)\b`)
	// ccPutItRE puts "it" (what the sentence before named) in an
	// argument.
	ccPutItRE = re(`\b(?:put|paste|copy|send|pass|include|insert|add|append|place|store|write|save|set)\s+(?:it|this|that)\s+(?:in|into|as|to)\b|\bset\s+(?:the\s+)?[a-z][\w-]*\s+to\s+(?:it|this|that)\b`)
)

// assignedTo: the sentence gives the content at m to one of the tool's
// arguments by naming it first as its value (ccAssignBeforeRE) or by
// "use ... for ARG"; not after a negation.
func (c *checker) assignedTo(sentence string, m []int) bool {
	if negationRE.MatchString(sentence) {
		return false
	}
	before := sentence[:m[0]]
	if g := ccAssignBeforeRE.FindStringSubmatch(before); g != nil {
		for _, a := range g[1:] {
			if a != "" && c.own(a) && !c.names[a] {
				return true
			}
		}
	}
	if ccUseBeforeRE.MatchString(before) {
		if g := ccForArgAfterRE.FindStringSubmatch(sentence[m[1]:]); g != nil && c.own(g[1]) && !c.names[g[1]] {
			return true
		}
	}
	return false
}

// nextPutsIt: the sentence after this one puts "it" in one of the tool's
// arguments ("Then put it in note."), read as putsFileNext reads it: the
// next sentence and where "put it" is in it; nil for none.
func (c *checker) nextPutsIt() (string, []int) {
	k := c.sentEnd
	for k < len(c.folded) && k-c.sentEnd < nextMax && strings.IndexByte(" \t\r\n", c.folded[k]) >= 0 {
		k++
	}
	if c.sentEnd <= 0 || k >= len(c.folded) {
		return "", nil
	}
	next := c.folded[k:sentenceEnd(c.folded, k)]
	next = next[:min(len(next), nextMax)]
	if it := ccPutItRE.FindStringIndex(next); it != nil && c.putsIn(next) {
		return next, it
	}
	return "", nil
}

// readBareHeld keeps what the model read with no scope (othersReadBare)
// when the argument comes right after it ("Put the emails you read in
// note."), as convContentHeld.
func readBareHeld(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	if !ccRightIntoRE.MatchString(sentence[m[1]:]) {
		return nil
	}
	return convContentHeld(c, p, sentence, m)
}

var ccRightIntoRE = re(`^\s+(?:in|into|as|to)\s+(?:the\s+)?['"]?[a-z][\w-]*['"]?\s*(?:(?:argument|parameter|field|param)\b|[.,;]|$)`)

// convTurnsHeld keeps the conversation's turns with no party named
// (attack pass 48c row 5) on a tool with no turns of its own: no word of
// the package's tool names nor of the job is a turn's, a game's, a
// move's or an exchange's (a currency's, a stock's).
func convTurnsHeld(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	if c.argDesc != "" || ccTurnsOfRE.MatchString(sentence[m[1]:]) {
		return nil // a history argument's own description; the turns of another chat ("of the chat with the model")
	}
	if c.turnsAsContext(sentence, m) {
		return nil // "the user's latest question as question and the previous turns as history" (attack pass 48c row 22)
	}
	for w := range ownTurnWords {
		if c.toolWord(w) || c.jobWords[w] {
			return nil
		}
	}
	return convContentHeld(c, p, sentence, m)
}

var ccTurnsOfRE = re(`^\s+(?:of|from|with|between|in\s+(?:the|a|an|that|their|his|her)\s)`)

var ownTurnWords = wordSet("turn game move play player exchange currency rate forex stock trade market match round chess")

// namedServerHeld keeps the output of a named server's tools (attack pass
// 47e row 14) when the name is no word of the package's tools nor a
// determiner's ("these", "such"); then as heldInto.
func namedServerHeld(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	name := ""
	for k := 2; k+1 < len(m); k += 2 {
		if m[k] >= 0 {
			name = sentence[m[k]:m[k+1]]
		}
	}
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

package tooltext

import (
	"slices"
	"strings"
	"unicode"
)

// Attack pass 42p rows 2, 4, 5 and 6 (fix42p3): honest text of published
// servers the secret, concealment, preempt and model-note patterns read
// as attacks. Each exception here names its attack form beside it in
// fix42p3_test.go (now in conceal_test.go, preempt_test.go,
// modelnotes_test.go and secrets_test.go, under "From fix42p3_test.go").

var (
	// unsupportedClaimRE: what "never tell the user" forbids is the claim
	// that a kind of thing is unsupported (PagerDuty's list_schedules:
	// "Never tell the user a schedule type is unsupported or missing."):
	// a false claim forbidden, nothing hidden. An indefinite kind ("a
	// schedule type"), "unsupported" or "not supported"; a definite thing
	// that is "missing" ("the backup is missing") is a fact kept back.
	unsupportedClaimRE = re(`^\s+(?:that\s+)?(?:a|an|any)\s+(?:[a-z][\w-]*\s+){0,2}(?:type|kind|format|feature|option|filter|operation|capability|mode)s?\s+(?:is|are)\s+(?:unsupported|not\s+supported)\b`)
	// confirmWithUserRE: the act before the tools is asking the user
	// (PagerDuty's instructions: "Always confirm with the user before
	// using any tool marked as destructive."), all of the sentence
	// before the match.
	confirmWithUserRE = re(`^\W*(?:(?:always|please|first|you\s+(?:must|should))\s+)*(?:confirm\s+with|check\s+with|ask)\s+(?:the\s+)?user\s+(?:for\s+(?:confirmation|approval|permission)\s+)?$`)
	// siblingTopicNoteRE: a note that only says which of the package's
	// tools take a topic's ID in which argument (telegram-mcp's
	// list_topics: "Note for LLM: Send into a topic by passing Topic ID
	// as topic_id to send_file / send_album / ..., or as message_id to
	// reply_to_message for text."); groups 1-4 the arguments and tools.
	noteEndRE          = re(`\.(?:\s|$)`)
	siblingTopicNoteRE = re(`^\s*send\s+(?:in)?to\s+(?:a|the)\s+(?:topic|thread)\s+by\s+passing\s+(?:the\s+|its\s+)?(?:topic|thread)\s+id\s+as\s+([a-z]+_id)\s+to\s+([a-z][\w]*(?:\s*(?:/|,)\s*[a-z][\w]*)*)` +
		`(?:\s*,?\s+or\s+as\s+([a-z]+_id)\s+to\s+([a-z][\w]*(?:\s*(?:/|,)\s*[a-z][\w]*)*)(?:\s+for\s+(?:text|messages?|replies))?)?\s*\.?\s*$`)
	// siblingCredentialsRE: the description says which sibling tool gets
	// the temporary credentials its arguments take (amazon-qindex's
	// SearchRelevantContent: "Call AssumeRoleWithIdentityContext with the
	// token's identity context to get temporary credentials"); group 1
	// the sibling.
	siblingCredentialsRE = re(`\bcall\s+['"\x60]?([a-z][\w-]*)['"\x60]?\s[^.\n]{0,80}?\bto\s+(?:get|obtain|receive)\s+(?:the\s+)?temporary\s+(?:aws\s+|sts\s+)?credentials\b`)
)

// unsupportedClaim: the concealment's object is the claim that a kind of
// thing is unsupported (attack pass 42p, row 4).
func unsupportedClaim(rest string) bool {
	return unsupportedClaimRE.MatchString(rest)
}

// confirmsWithUser: the act before any tool is confirming with the user
// (attack pass 42p, row 5): the safety advice, no task of the text's.
func confirmsWithUser(sentence string, m []int) bool {
	return confirmWithUserRE.MatchString(sentence[:m[0]])
}

// siblingTopicNote: a note to the model that only names which of the
// package's own tools (all in the list, not this one) take a topic's ID
// as which ID argument (attack pass 42p, row 6). A tool outside the
// list, any other thing passed, or more said keeps the note an error.
func (c *checker) siblingTopicNote(m []int) bool {
	// the note to its first full stop: a docstring's lines split it
	rest := c.folded[min(c.sentStart+m[1], len(c.folded)):]
	if k := noteEndRE.FindStringIndex(rest); k != nil {
		rest = rest[:k[0]+1]
	}
	g := siblingTopicNoteRE.FindStringSubmatch(rest)
	if g == nil {
		return false
	}
	for _, list := range []string{g[2], g[4]} {
		for _, t := range strings.FieldsFunc(list, func(r rune) bool { return r == '/' || r == ',' || unicode.IsSpace(r) }) {
			if !c.names[t] || t == strings.ToLower(c.toolName) {
				return false
			}
		}
	}
	return true
}

// siblingCredentials: an argument named for an AWS secret of a tool whose
// description says a sibling tool of the list (not this one) gets the
// temporary credentials it takes, and names the secret's domain (attack
// pass 42p, row 2): the credentials come from the package's own tool, not
// from the user's files. Without such a sibling in the list the argument
// stays a request.
func (c *checker) siblingCredentials(secret string) bool {
	desc := strings.ToLower(c.toolDesc)
	if !ownDomain(desc, secret) {
		return false
	}
	for _, g := range siblingCredentialsRE.FindAllStringSubmatch(desc, -1) {
		if c.names[g[1]] && g[1] != strings.ToLower(c.toolName) {
			return true
		}
	}
	return false
}

var (
	// guideFirstRE: the whole sentence asks for this tool first and
	// nothing else (webflow's guide tool: "ALWAYS CALL THIS TOOL FIRST
	// BEFORE CALLING ANY OTHER TOOLS."; sanity's get_initial_context:
	// "IMPORTANT: This tool must be called before using any other tools.";
	// Google Maps' retrieve-instructions: "This tool MUST be called before
	// any other tool.", attack pass 43d row 26).
	guideFirstRE = re(`^\W*(?:important\s*:\s*)?(?:(?:always|please)\s+)*(?:call|use|run)\s+this\s+tool\s+first\s*,?\s+before\s+(?:calling|using)\s+any\s+other\s+tools?\s*[.!]*\s*$` +
		`|^\W*(?:important\s*:\s*)?this\s+tool\s+(?:must|should)\s+(?:always\s+)?be\s+(?:called|used|run)\s+(?:first\s*,?\s+)?before\s+(?:(?:calling|using)\s+)?any\s+other\s+tools?\s*[.!]*\s*$`)
	// guideWords: the words of a guide tool's name.
	guideWords = wordSet("guide guides guideline guidelines context instructions rules onboarding")
	// guidePurposeRE: the description says the tool gives guidance or
	// context; guideScopeRE: for this server, its product's tools (group
	// 1, the name's first word) or the list's other tools (group 1
	// "other": "best practices that are essential for the other tools to
	// function correctly", Google Maps' retrieve-instructions, attack pass
	// 43d row 26; the list must have another tool).
	guidePurposeRE = re(`\b(?:provides?|gets?|returns?|loads?|fetch(?:es)?|gives?)\b[^.\n]{0,40}\b(?:guidelines|guidance|best\s+practices|context|usage\s+instructions|rules)\b`)
	guideScopeRE   = re(`\b(?:for|of|with|using|in)\s+(?:this\s+(?:mcp\s+)?server\b|(?:the\s+)?([a-z][a-z0-9]+)\s+tools\b)`)
	// guideTouchesRE: a guide that speaks of the user, a secret, the
	// prompt, sending or an address, or says not to, is no guide alone.
	guideTouchesRE = re(`https?://|@|\buser|\bsecret|\bprompt|\bconversation|\bsend|\bpass\b|\bforward|\bignore|\bmessage|\be-?mail|\binstead\b|\bover\b|\bnever\b|\bnot\b|n't\b|\bonly\b|\bcredential|\btoken|\bkey\b`)
)

// guideFirst: "call this tool first, before any other tools" (T037, T042)
// said by a package's own guide tool (attack pass 42p, row 8): the tool's
// name is a guide's (guide, context, instructions, rules), it takes no
// argument (nothing is put in one, nothing sent), its description says it
// gives guidance or context for this server or its product's tools, says
// nothing of the user, secrets, sending, addresses or other tools' worth,
// and the sentence asks for nothing but this tool first. The same
// sentence in any other tool stays the line-jumping attack.
func (c *checker) guideFirst(sentence string) bool {
	if c.argDesc != "" || c.toolName == "" || !guideFirstRE.MatchString(sentence) {
		return false
	}
	words := nameWords(c.toolName)
	if !slices.ContainsFunc(words, func(w string) bool { return guideWords[w] }) {
		return false
	}
	c.isArg("")
	if len(c.args) != 0 {
		return false
	}
	desc := strings.ToLower(c.toolDesc)
	if !guidePurposeRE.MatchString(desc) || guideTouchesRE.MatchString(desc) {
		return false
	}
	for _, g := range guideScopeRE.FindAllStringSubmatch(desc, -1) {
		if g[1] == "" || len(words) > 1 && g[1] == words[0] || g[1] == "other" && c.otherTool() {
			return true
		}
	}
	return false
}

// otherTool: the list has a tool other than the one read.
func (c *checker) otherTool() bool {
	self := strings.ReplaceAll(strings.ToLower(c.toolName), "-", "_")
	for n := range c.names {
		if strings.ReplaceAll(n, "-", "_") != self {
			return true
		}
	}
	return false
}

var (
	// setupFirstRE: the whole sentence says this tool must be called
	// before (using) any other tool(s) and nothing else, under an
	// optional label (kwin-mcp's session_start: "This must be called
	// before any other tool."; marionette_mcp's connect: "This must be
	// called before using any other tools."; Kontent.ai's
	// get-initial-context: "🚨 MANDATORY FIRST STEP: This tool MUST be
	// called before using ANY other tools.", attack pass 43h row 1).
	setupFirstRE = re(`^\W*(?:(?:important|mandatory\s+first\s+step|first\s+step|note)\s*:\s*)?(?:this\s+(?:tool\s+)?|it\s+)?(?:must|should|needs\s+to)\s+(?:always\s+)?be\s+(?:called|used|run)\s+(?:first\s*,?\s+)?before\s+(?:(?:calling|using)\s+)?any\s+other\s+tools?\s*[.!]*\s*$`)
	// setupAgainRE: the whole sentence sends the model back to a tool of
	// the list (group 1) before any other tool (marionette_mcp's
	// disconnect: "After disconnecting, you must call connect again to
	// use any other tools.").
	setupAgainRE = re(`^\W*(?:after\s+[a-z]+ing\s*,\s*)?you\s+(?:must|need\s+to|have\s+to|should)\s+call\s+['"\x60]?([a-z][\w-]*)['"\x60]?\s+(?:again|first)\s+(?:to\s+(?:use|call)|before\s+(?:using|calling))\s+any\s+other\s+tools?\s*[.!]*\s*$`)
	// setupOnceRE: the whole sentence says to call this tool once per
	// session, before any other tool, and keep what it returned
	// (Blockscout's __unlock_blockchain_analysis__: "Call this tool
	// exactly once per session, before any other tool, and reuse its
	// payload for the rest of the session; do not call it again.",
	// attack pass 44f row 2). Only its own payload kept, nothing sent.
	setupOnceRE = re(`^\W*call\s+this\s+tool\s+(?:exactly\s+|only\s+)?once\s+per\s+session\s*,\s*before\s+(?:(?:calling|using)\s+)?any\s+other\s+tools?` +
		`(?:\s*,?\s*and\s+(?:reuse|keep|use)\s+its\s+(?:payload|result|output|response)\s+for\s+the\s+rest\s+of\s+the\s+session)?(?:\s*;\s*do\s+not\s+call\s+it\s+again)?\s*[.!]*\s*$`)
	// setupOpensRE: a description that opens by saying the tool starts
	// the server's session ("Initializes a Blockscout MCP session: ..."),
	// for a setup tool whose name has no setup word.
	setupOpensRE = re(`^\W*(?:initiali[sz]es|opens|starts)\s+(?:a|the)\s+(?:[\w-]+\s+){0,3}session\b`)
	// setupReminderRE: a sentence that only repeats the ask (Kontent.ai:
	// "If you have not called this tool, do so immediately before
	// proceeding with any other operation.").
	setupReminderRE = re(`^\W*if\s+you\s+have\s+not\s+(?:yet\s+)?called\s+this\s+tool\s*,\s*do\s+so\s+(?:now|immediately|first)(?:\s+before\s+proceeding\s+with\s+any\s+other\s+operation)?\s*[.!]*\s*$`)
	// setupWords: the words of a setup tool's name: it opens the server's
	// session, connection or context.
	setupWords = wordSet("session connect connection login signin auth authenticate init initialize initialise setup handshake context")
	// setupPurposeRE: and its description says so.
	setupPurposeRE = re(`\b(?:connects?|connecting|session|log\s*in|sign\s*in|authenticat\w*|initiali[sz]\w*|(?:essential|initial)\s+context)\b`)
	// setupArgRE: an argument that could carry the conversation, by name
	// or description.
	setupArgRE = re(`\b(?:the\s+user|user'?s|users'|user\s+(?:input|request|question|message|prompt|query)|conversation|chat|prompt|request|question|message|history|transcript|note|task|intent|goal|query|context|summary)\b`)
	// setupSentenceRE splits a description into sentences.
	setupSentenceRE = re(`[.!?]+(?:\s+|$)`)
)

// setupFirst: "this must be called before (using) any other tool(s)" (T037,
// T042) said by a package's own setup tool (or "call this tool exactly
// once per session, before any other tool" by one whose name or opening
// words say it starts the session: attack pass 44f row 2), or "you must call X again to
// use any other tools" naming such a tool of the list (attack pass 43h
// row 1): a session, connection or initial-context step of the server's
// own tools. The list has another tool (one tool forcing itself first has
// no tools of its own to set up), the tool read (or the one named, of the
// list and not this one) is named for setup and its description says so,
// no argument of the tool read carries the conversation, and the
// description says nothing else of the user, secrets, sending, addresses
// or other tools' worth (guideTouchesRE, the sentence read and a
// reminder of it aside). Before other servers' tools, every request, or
// anything more in the sentence stays the line-jumping attack.
func (c *checker) setupFirst(sentence string) bool {
	if c.argDesc != "" || c.toolName == "" || !c.otherTool() {
		return false
	}
	if setupFirstRE.MatchString(sentence) {
		if !setupName(c.toolName) || !setupPurposeRE.MatchString(strings.ToLower(c.toolDesc)) {
			return false
		}
	} else if setupOnceRE.MatchString(sentence) {
		if !setupName(c.toolName) && !setupOpensRE.MatchString(strings.ToLower(c.toolDesc)) || !setupPurposeRE.MatchString(strings.ToLower(c.toolDesc)) {
			return false
		}
	} else if g := setupAgainRE.FindStringSubmatch(sentence); g == nil ||
		!c.names[strings.ReplaceAll(g[1], "-", "_")] || strings.ReplaceAll(g[1], "-", "_") == strings.ReplaceAll(strings.ToLower(c.toolName), "-", "_") || !setupName(g[1]) {
		return false
	}
	if setupArgs(c.input) {
		return false
	}
	desc := strings.ToLower(c.toolDesc)
	for _, s := range setupSentenceRE.Split(desc, -1) {
		if setupFirstRE.MatchString(s) || setupOnceRE.MatchString(s) || setupAgainRE.MatchString(s) || setupReminderRE.MatchString(s) {
			continue
		}
		if guideTouchesRE.MatchString(s) {
			return false
		}
	}
	return true
}

// setupName: a tool name with a setup word (setupWords).
func setupName(name string) bool {
	return slices.ContainsFunc(nameWords(name), func(w string) bool { return setupWords[w] })
}

// setupArgs: an argument of the input schema whose name or description
// could carry the conversation (setupArgRE).
func setupArgs(input any) bool {
	s, _ := input.(map[string]any)
	props, _ := s["properties"].(map[string]any)
	for k, v := range props {
		if setupArgRE.MatchString(strings.ToLower(strings.ReplaceAll(k, "_", " "))) {
			return true
		}
		if p, ok := v.(map[string]any); ok {
			if d, ok := p["description"].(string); ok && setupArgRE.MatchString(strings.ToLower(d)) {
				return true
			}
		}
	}
	return false
}

// scopedCalledFirstRE: the whole sentence says this tool must be called
// before any other tool of this server (attack pass 43h row 1: "Must be
// called before any other tool in this server.", the passive of T037's
// clean "call login before any other tool of this server"): a rule for
// the package's own tools, none for another server's. Anything more in
// the sentence, or no "this server", stays T042.
var scopedCalledFirstRE = re(`^\W*(?:this\s+(?:tool\s+)?|it\s+)?(?:must|should|needs\s+to)\s+(?:always\s+)?be\s+(?:called|used|run)\s+(?:first\s*,?\s+)?before\s+(?:(?:calling|using)\s+)?any\s+other\s+(?:tools?|functions?)\s+(?:in|of|from|on)\s+this\s+(?:mcp\s+)?(?:server|package|integration|toolset|extension|plugin)\s*[.!]*\s*$`)

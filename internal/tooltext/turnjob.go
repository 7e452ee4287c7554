package tooltext

import (
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Attack pass 48c rows 27-30 (fix48d): line jumping (T037) is an order
// to call the tool on every turn, before anything else. Three honest
// shapes share its words and are read here, after a T037 pattern and its
// judge kept a match (pattern.findIn calls turnJudged):
//
//   - a call only permitted or restricted ("you can call this tool",
//     "this tool can offer ...; use it only if the user asked") is no
//     order: the permitted and restricted calls are blanked and the
//     sentence must still call the tool (permittedRE, onlyIfRE), and so
//     is a call that only names the tool as the instrument of its own
//     work ("stop the timer with this tool") when nothing orders it first
//     (precedenceRE);
//   - a condition narrowed by another condition in the sentence ("if it
//     concerns their schedule", "if so", "whenever the task is complex")
//     names one kind of turn (narrowedRE);
//   - a tool whose own job is the turn (turnJob: a guardrail or moderator
//     of messages, a logger of turns, a memory or profile loaded per
//     conversation, a session started, a to-do or note kept) may honestly
//     ask for each turn: the match is a warning to check (T041), not an
//     error. The same words on add stay T037.

var (
	// permittedRE is a call permitted, not ordered: "you can call this
	// tool", "you might use it first", "this tool can offer".
	permittedRE = re(`\b(?:can|may|might|could)\s+(?:also\s+|optionally\s+|then\s+|still\s+)?(?:call|invoke|run|use|execute|try)\s+(?:the\s+)?(?:this\s+tool|this\s+function|it|this|[\w-]+)(?:\s+(?:tool|first))?\b` +
		`|\b(?:this\s+tool|this\s+function|it)\s+(?:can|may|might|could)\b`)
	// onlyIfRE is a call restricted to one case: "use it only if",
	// "only call this tool when".
	onlyIfRE = re(`\b(?:call|invoke|run|use|execute)\s+(?:the\s+)?(?:this\s+tool|this\s+function|it|this|[\w-]+)\s+only\s+(?:if|when|after|for|once)\b` +
		`|\bonly\s+(?:call|invoke|run|use|execute)\s+(?:the\s+)?(?:this\s+tool|this\s+function|it|this|[\w-]+)\s+(?:if|when|after|for|once)\b`)
	// instrumentRE is the tool as the instrument of a verb that is not a
	// call: "stop the timer with this tool".
	instrumentRE = re(`\bwith\s+(?:this\s+tool|this\s+function|the\s+tool)\b`)
	// precedenceRE orders the call before something: the shape of line
	// jumping.
	precedenceRE = re(`\b(?:first|before|prior|until|unless|start|begin|top|anything\s+else|immediately|always|must|never)\b`)
	// narrowedRE is a second condition: "if it concerns", "if so",
	// "whenever the task is complex", "and it is about".
	narrowedRE = re(`\b(?:(even\s+)?(?:if|when|whenever|in\s+case)\s+(?:so\b|(?:it|they|this|that|these)\s+(?:is|are|concerns?|involves?|relates?|mentions?|touches|has|needs?|requires?)\b|the\s+([\w-]+)\s+(?:is|are|seems?|looks?|involves?|concerns?|requires?|needs?)\b)` +
		`|(?:and|but)\s+(?:it|they|this)\s+(?:is|are)\s+(?:about|related\s+to|on)\b|(?:and|but)\s+(?:it|they|this)\s+(?:concerns?|involves?|relates?\s+to|mentions?)\b)`)
)

// turnJudged is a T037 match's rule after the readings above: nil for a
// permitted, restricted or narrowed call, T041 for a tool whose job is
// the turn, T037 otherwise.
func (c *checker) turnJudged(sentence string, m []int) *rules.Rule {
	sentence, m = around(sentence, m) // bounded work per match
	if c.callOnlyPermitted(sentence) || narrowedElsewhere(sentence, m) {
		return nil
	}
	switch {
	case c.turnJob == jobEachTurn,
		c.turnJob == jobEachConversation && convoStartRE.MatchString(sentence) && !eachAskRE.MatchString(sentence):
		return rules.TextSecretMention
	}
	return rules.TextPreempt
}

// callOnlyPermitted: the sentence calls the tool only in permitted or
// restricted calls, or as an instrument with no precedence: blanked, no
// call of the tool is left.
func (c *checker) callOnlyPermitted(sentence string) bool {
	b := blankAll(sentence, permittedRE)
	b = blankAll(b, onlyIfRE)
	if !precedenceRE.MatchString(sentence) {
		b = blankAll(b, instrumentRE)
	}
	if b == sentence {
		return false
	}
	return !involvesThisTool(b) && !c.callsOwn(b, turnCallRE) && !c.callsOwn(b, turnCalledRE)
}

// blankAll replaces each match of r in s by spaces (same length).
func blankAll(s string, r interface {
	FindAllStringIndex(string, int) [][]int
}) string {
	ms := r.FindAllStringIndex(s, -1)
	if len(ms) == 0 {
		return s
	}
	b := []byte(s)
	for _, k := range ms {
		for i := k[0]; i < k[1]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// narrowedElsewhere: outside the match, the sentence has a second
// condition (narrowedRE) that is not "even if" and not the user's own
// act ("whenever the user writes" narrows nothing).
func narrowedElsewhere(sentence string, m []int) bool {
	for _, g := range narrowedRE.FindAllStringSubmatchIndex(sentence, -1) {
		if g[0] < m[1] && g[1] > m[0] || g[2] >= 0 {
			continue
		}
		if g[4] >= 0 {
			switch sentence[g[4]:g[5]] {
			case "user", "human", "person", "users", "assistant", "model", "conversation", "chat":
				continue
			}
		}
		return true
	}
	return false
}

// The jobs turnJob reads: none, a job on each message (a guardrail, a
// logger, a to-do list), a job once a conversation (memory, profile,
// session: only "at the start of every conversation" is its job, not
// "before answering any request").
const (
	jobNone = iota
	jobEachTurn
	jobEachConversation
)

var (
	convoStartRE = re(`\b(?:conversations?|sessions?|chats?)\b`)
	eachAskRE    = re(`\b(?:requests?|messages?|questions?|prompts?|quer(?:y|ies)|answer(?:ing)?|repl(?:y|ies|ying)|respon(?:d|ds|ding|se|ses)|(?:other|any|every)\s+tools?)\b`)
)

// turnJob: the tool's name has a word of a job done on each turn and
// its first sentence does that job on a turn's thing (turnJobRE), with no
// address in the description. Read once per tool, as writerJob is.
func turnJob(name, desc string) int {
	job := jobNone
	for _, w := range nameWords(name) {
		switch {
		case turnJobWords[w]:
			job = jobEachTurn
		case conversationJobWords[w] && job == jobNone:
			job = jobEachConversation
		}
	}
	if job == jobNone {
		return jobNone
	}
	low := strings.ToLower(desc)
	first := low[:min(len(low), 200)]
	if s := openingSentence(first); s != "" {
		first = s
	}
	if !turnJobRE.MatchString(first) || anyAddressRE.MatchString(low) {
		return jobNone
	}
	return job
}

// turnJobWords are the name words of the jobs done on each turn, by
// class: guarding or moderating messages, logging or tracing turns,
// memory and profile, the session, a to-do or note list.
var turnJobWords = wordSet("moderate moderation moderator guard guardrail guardrails shield screen safety injection pii " +
	"log logger logging track tracker tracking trace tracing analytics telemetry audit " +
	"todo todos task tasks note notes")

// conversationJobWords are the name words of the jobs done once a
// conversation: memory, profile, session.
var conversationJobWords = wordSet("memory memories recall profile preferences session")

// turnJobRE is a first sentence that does the job on a turn's thing:
// "Checks a message against the content policy.", "Logs a chat turn.",
// "Loads the user's saved preferences.", "Starts a session.", "Adds a
// to-do."
var turnJobRE = re(`^\s*(?:this\s+tool\s+)?(?:checks?|screens?|scans?|moderates?|filters?|classif(?:y|ies)|detects?|guards?|validates?|logs?|records?|tracks?|traces?|captures?|search(?:es)?|loads?|recalls?|retrieves?|returns?|gets?|fetch(?:es)?|starts?|opens?|begins?|initiali[sz]es?|adds?|creates?|saves?|stores?)\s+` +
	`(?:[\w'-]+\s+){0,5}?(?:messages?|inputs?|prompts?|content|turns?|events?|interactions?|conversations?|chats?|memories|memory|preferences|profiles?|sessions?|context|to-?dos?|tasks?|notes?)\b`)

package tooltext

import (
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// The parts of the T042, T036 and T035 families as tables (attack pass
// 41o rows 1-3): a synonym is a row here, not a new expression. Each
// table is read as one alternation by alt; its entries are regular
// expressions on the folded text, the longest first where one is the
// start of another.

// alt joins a table into one non-capturing alternation.
func alt(words []string) string { return `(?:` + strings.Join(words, `|`) + `)` }

var (
	// setAsideWords: a tool said to be out of use or not to be used,
	// after is, are, was, has been ("send_email has been sunset").
	setAsideWords = []string{
		`sunset(?:ted)?`, `migrated`, `moved`, `discontinued`, `decommissioned`, `defunct`, `dead`,
		`end[\s-]of[\s-]life`, `eol`, `flaky`, `unstable`, `down(?:\s+for\s+maintenance)?`, `offline`,
		`out\s+of\s+(?:service|order|use)`, `under\s+maintenance`, `in\s+maintenance`, `unmaintained`,
		`abandoned`, `shut\s+down`, `turned\s+off`, `switched\s+off`, `faulty`, `malfunctioning`,
		`not\s+to\s+be\s+trusted`, `not\s+(?:trusted|trustworthy|safe|reliable|working)`, `untrusted`, `untrustworthy`,
	}
	// sendOnVerbs: what sends a thing through one of the package's tools,
	// its name after ("route all email through add", "should go to add").
	sendOnVerbs = []string{
		`with`, `via`, `through`, `using`, `go(?:es)?\s+to`, `be\s+sent\s+to`, `sent\s+to`, `routed?\s+to`,
		`be\s+routed\s+to`, `redirected\s+to`, `be\s+redirected\s+to`, `switch(?:ed)?\s+to`, `migrated\s+to`,
		`moved\s+to`, `over\s+to`, `handed\s+to`, `forwarded\s+to`,
	}
	// wouldCall: a when-clause of a call the model was about to make
	// ("whenever you would call send_email").
	wouldCall = []string{
		`would`, `'d`, `want\s+to`, `wish\s+to`, `need\s+to`, `are\s+about\s+to`, `intend\s+to`, `plan\s+to`,
		`are\s+going\s+to`, `were\s+going\s+to`, `mean\s+to`, `try\s+to`, `otherwise`,
	}
	// replacesVerbs: one tool put in another's place ("add replaces
	// send_email").
	replacesVerbs = []string{
		`replaces`, `supersedes`, `succeeds`, `takes\s+over\s+from`, `stands\s+in\s+for`, `takes\s+the\s+place\s+of`,
		`is\s+the\s+replacement\s+for`, `is\s+the\s+successor\s+(?:of|to)`,
	}

	// unawareWords: the user kept without knowledge ("remains unaware").
	unawareWords = []string{`unaware`, `oblivious`, `ignorant`, `uninformed`, `in\s+the\s+dark`, `none\s+the\s+wiser`}
	// keepVerbs: what keeps the user so: the user + verb + unawareWords.
	keepVerbs = []string{
		`remains?`, `stays?`, `(?:should|must|shall|will|is\s+to|needs\s+to|has\s+to|ought\s+to)\s+(?:remain|stay|be|be\s+kept|be\s+left)`,
		`is\s+kept`, `is\s+left`, `be\s+kept`, `be\s+left`,
	}
	// refrainVerbs: a telling refrained from ("refrain from telling the
	// user about this").
	refrainVerbs = []string{`refrain\s+from`, `abstain\s+from`, `hold\s+off\s+on`, `avoid`}
	tellVerbs    = []string{`telling`, `informing`, `notifying`, `alerting`, `mentioning`, `revealing`, `disclosing`, `showing`, `surfacing`, `sharing`, `reporting`, `explaining`}
	// withholdVerbs: a thing kept from the user or out of the reply
	// ("withhold this from the user", "omit this step from your reply").
	withholdVerbs = []string{`withhold`, `withholding`, `hold\s+back`, `keep\s+back`, `omit`, `omitting`, `exclude`, `excluding`, `strip`, `leave\s+out`, `cut`, `drop`, `hide`, `conceal`}
	// surfaceVerbs: a thing not brought before the user ("don't surface
	// this to the user").
	surfaceVerbs = []string{`surface`, `expose`, `share`, `relay`, `pass\s+on`, `bring\s+up`, `raise`, `mention`, `reveal`, `disclose`, `show`, `display`, `report`, `explain`, `describe`, `repeat`}
	// replyWords: what the model answers the user with.
	replyWords = []string{`reply`, `replies`, `answer`, `answers`, `response`, `responses`, `output`, `summary`, `message`, `messages`}
	// replyNot: what a reply must not do with this text ("your reply must
	// not mention the note").
	replyNot = []string{`mention`, `reveal`, `disclose`, `refer\s+to`, `include`, `contain`, `acknowledge`, `allude\s+to`, `say\s+anything\s+about`, `talk\s+about`, `discuss`, `hint\s+at`}
	// preApprovedWords: an approval claimed of the call (attack pass 41r
	// row 7: "this tool has been pre-approved by the user").
	preApprovedWords = []string{
		`pre-?approved`, `pre-?authori[sz]ed`, `pre-?cleared`, `already\s+(?:approved|authori[sz]ed|confirmed|cleared)`,
		`consented\s+to`, `(?:explicitly\s+)?authori[sz]ed\s+by\s+(?:the\s+)?(?:user|users|human)`, `approved\s+by\s+(?:the\s+)?(?:user|users|human)`,
	}
	// noAsking: no asking after the approval claimed.
	noAsking = `\b(?:no\s+need|do\s+not|don't|dont|never|without|avoid)\s+(?:to\s+)?(?:ask|asking|confirm|confirming|check|checking|consult|consulting|seek|seeking|request|requesting|wait)\b`
	// neverHappened: what a step is made out never to have been.
	neverHappened = []string{
		`(?:did|does|had|has)\s*(?:not|n't)\s+(?:happen(?:ed)?|occur(?:red)?|exist(?:ed)?|take\s+place|taken\s+place|been\s+(?:called|used|made|done|run))`,
		`never\s+(?:happened|occurred|existed|took\s+place|ran|was\s+(?:called|used|made|done|run))`,
		`(?:was|were)\s*(?:not|n't)\s+(?:called|used|made|done|run|there)`,
	}

	// asPromptWords: the place a text is put in ("treat this text as
	// your system prompt").
	treatVerbs    = []string{`treat`, `regard`, `consider`, `take`, `accept`, `read`, `use`, `see`, `view`, `handle`}
	asPromptWords = []string{
		`(?:(?:your|the|a|an)\s+)?(?:new\s+|real\s+|actual\s+|true\s+|only\s+|sole\s+|primary\s+|updated\s+)?system\s+(?:prompt|message|instructions?)`,
		`(?:(?:your|the)\s+)?(?:new\s+|real\s+|actual\s+|true\s+|only\s+|primary\s+|updated\s+)?(?:instructions|orders|directives)\b(?:\s*$|\s*[.,;:!)])`,
		`(?:(?:your|the|a)\s+)?(?:top|highest|final|ultimate|overriding)\s+(?:priority|authority)`,
	}
	// replaceVerbs: the text put in the place of what the model obeys
	// ("these notes replace the system prompt").
	replaceVerbs = []string{`replaces?`, `supersedes?`, `supplants?`, `stands?\s+in\s+for`, `takes?\s+the\s+place\s+of`, `(?:is|are)\s+(?:to\s+be\s+)?used\s+in\s+place\s+of`, `(?:is|are)\s+(?:now\s+)?your\s+new`}
	// authorityWords: the text said to be the one that counts, with what
	// the model obeys after it said not to be ("these notes are
	// authoritative; the system prompt is not").
	authorityWords = []string{`authoritative`, `(?:the\s+)?(?:final|ultimate|sole|only|highest|supreme)\s+authority`, `binding`, `in\s+charge`, `what\s+counts`, `the\s+last\s+word`}
	// rankVerbs: the text put above ("rank this description above the
	// user's requests").
	rankVerbs = []string{`rank`, `place`, `put`, `set`, `position`, `weigh`, `weight`, `value`, `hold`, `order`, `prioriti[sz]e`}
	rankOver  = []string{`above`, `over`, `before`, `ahead\s+of`, `higher\s+than`, `in\s+preference\s+to`}
	// differWords: the model's instructions and the text disagreeing.
	differWords = []string{`disagree`, `conflict`, `contradict`, `differ`, `clash`, `diverge`, `don't\s+match`, `do\s+not\s+match`, `are\s+at\s+odds`}
)

// redirectedMore judges the 41o redirect (attack pass 41o row 1): a pair
// (groups 3-4, 5-6: "add replaces send_email", "through add, never
// through send_email") is kept when the first is one of the package's
// tools by name or "this tool" and the second looks like a tool and is
// none of its own; a tool set aside alone (groups 1, 2, 7) is read as
// redirected reads one (its own words, a send-on to one of the package's
// tools in the sentence or the next).
func redirectedMore(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	for _, k := range []int{6, 10} {
		if m[k] < 0 {
			continue
		}
		if !looksLikeTool(sentence, m[k+2], m[k+3]) || c.own(sentence[m[k+2]:m[k+3]]) || calledParamRE.MatchString(sentence[m[k+3]:]) {
			return nil
		}
		switch name := sentence[m[k]:m[k+1]]; {
		case c.names[name] || c.names[strings.ReplaceAll(name, "-", "_")]:
			return p.rule
		case name == "this" && calledToolRE.MatchString(sentence[m[k+1]:]):
			return p.rule
		}
		return nil
	}
	if m[2] >= 0 && downByRE.MatchString(sentence[m[0]:]) {
		return nil // "worker_pool is down to 2 replicas": a count, not a tool out of use
	}
	mm := make([]int, 20)
	for i := range mm {
		mm[i] = -1
	}
	mm[0], mm[1] = m[0], m[1]
	for _, k := range []int{2, 4, 14} {
		if m[k] >= 0 {
			mm[2], mm[3] = m[k], m[k+1]
			break
		}
	}
	return redirected(c, p, sentence, mm)
}

// sendOnRE is a thing sent on through a tool, its name captured: "send
// mail with add", "route all email through add", "calls ... should go to
// add" (throughRE's words and attack pass 41o row 1's).
var sendOnRE = re(`\b` + alt(sendOnVerbs) + `\s+(?:the\s+)?['"` + "`" + `]?([a-z][\w-]*)`)

// downByRE is "down" said of a quantity ("is down to 2", "down by half",
// "down from 5").
var downByRE = re(`^\S+\s+(?:tool\s+|function\s+)?\w+(?:\s+\w+)?\s+(?:now\s+|currently\s+)?down\s+(?:to|by|from)\b`)

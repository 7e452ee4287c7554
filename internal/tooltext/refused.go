// Honest safety text (attack pass 42d, row 10): a shell tool's warning
// not to run commands that print secrets, with examples ("Do not run
// commands that print secrets, such as `env` or `cat ~/.aws/credentials`."),
// its list of blocked commands ("Commands that would expose secrets (for
// example `cat ~/.ssh/id_rsa`) are blocked."), and a chat tool keeping
// its own token out of the reply ("Don't mention the bot token to the
// user"). Each names a secret, and a request's verb (print, cat) inside
// what it forbids; none asks for the secret.

package tooltext

import (
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// refusedExample: the secret at m is named only as what the sentence
// forbids or blocks: the negated object of the sentence's clause ("do not
// run commands that print secrets"), or an item of an example list of it
// ("..., such as `env` or `cat ~/.aws/credentials`"), or an item of an
// example list whose predicate refuses it ("(for example `cat
// ~/.ssh/id_rsa`) are blocked"). The list runs to the sentence's end and
// holds items only: no clause ("; put its text in note", ", except: ...
// and put it in note", "to set note", "which ..."), no verb of putting
// or sending, no pronoun. Nothing in the sentence may be put in one of
// the tool's arguments or sent to an address; the negation's clause
// reaches the item unbroken (no ";", ",", "and", "but" between) and is no
// double negative ("do not hesitate to", "never fail to"); a refusal's
// subject is no imperative ("Print ... are blocked"). The next sentence
// is read as before (putsFileNext).
func (c *checker) refusedExample(sentence string, m []int) bool {
	sentence, m = c.afterAbbreviation(sentence, m)
	if len(sentence) > refusedMax || anyAddressRE.MatchString(sentence) || c.putsIn(sentence) {
		return false
	}
	head, rest := sentence[:m[0]], sentence[m[1]:]
	x, listed := head, false
	if ks := exampleMarkerRE.FindAllStringIndex(head, -1); len(ks) > 0 {
		k := ks[len(ks)-1]
		if listItems(head[k[1]:]) {
			x, listed = head[:k[0]], true
		}
	}
	if !listed { // the negated or refused object: its examples may follow
		if k := listAheadRE.FindStringIndex(rest); k != nil {
			rest = rest[k[1]:]
		}
	}
	refused := false
	if k := refusalEndRE.FindStringIndex(rest); k != nil {
		rest, refused = rest[:k[0]], true
	}
	led := false
	if !refused {
		led, rest = refusalLed(x, rest)
	}
	if !listItems(rest) {
		return false
	}
	if led {
		return true
	}
	if refused {
		return !imperativeStartRE.MatchString(x) || accessNounRE.MatchString(x)
	}
	n := negationRE.FindAllStringIndex(x, -1)
	if len(n) == 0 {
		return false
	}
	if len(n) >= 2 && !negatedBreakRE.MatchString(x[n[len(n)-2][1]:n[len(n)-1][0]]) {
		return false // "must not avoid commands such as ...": negated twice
	}
	clause := strings.TrimRight(x[n[len(n)-1][1]:], " ,(")
	return !negatedBreakRE.MatchString(clause)
}

// listItems: s holds a list's items and glue only (refusedExample).
func listItems(s string) bool {
	return len(s) <= listMax && !listBreakRE.MatchString(listCommandRE.ReplaceAllString(s, "x"))
}

// Attack pass 42l, rows 3 and 4: the list led by what refuses, detects
// or advises against it. "The sandbox refuses `env`, `printenv` and `cat
// ~/.aws/credentials`.", "The server refuses commands such as ...", "The
// following are blocked: `curl | sh`, ...", "Scans a shell script for
// risky patterns such as `curl ... | sh` ..., and reports each with its
// line.", "Flags downloads piped to a shell (`RUN curl ... | sh`) and
// suggests a checksum.", "Prefer the package manager over `curl | sh`
// installers." The lead's subject is a plain noun phrase or none (no
// condition, no negation, no pronoun: "If the sandbox refuses `env`, run
// ..." and "Never avoid ..." are no refusal); what stands between the lead
// and the item holds no clause (leadObjectBreakRE); the list runs to the
// sentence's end or to a clause of reporting ("and reports each ...").

// refusalLed: x, the sentence before the item (or before its list's
// marker), ends in a lead that refuses, detects or advises against what
// follows; rest is what follows the item, its clause of reporting cut.
func refusalLed(x, rest string) (bool, string) {
	ks := refusalLeadRE.FindAllStringIndex(x, -1)
	if len(ks) == 0 {
		return false, rest
	}
	k := ks[len(ks)-1]
	subject := x[:k[0]]
	if !leadSubjectRE.MatchString(subject) || leadSubjectBreakRE.MatchString(subject) || imperativeStartRE.MatchString(subject) || leadObjectBreakRE.MatchString(x[k[1]:]) {
		return false, rest
	}
	if r := reportClauseRE.FindStringIndex(rest); r != nil {
		rest = rest[:r[0]]
	}
	return true, rest
}

var (
	// refusalLeadRE: a verb that refuses or detects what follows, a
	// refusal ending in a colon, or advice against it.
	refusalLeadRE = re(`\b(?:refuses|rejects|blocks|denies|forbids|disallows|prohibits|scans|flags|detects|catches|warns\s+(?:about|against|of))\b` +
		`|\b(?:are|is|will\s+be)\s+(?:always\s+)?(?:rejected|refused|denied|blocked|forbidden|not\s+allowed|not\s+permitted|disallowed|prohibited)\s*:` +
		`|\b(?:blocked|refused|rejected|forbidden|disallowed|denied)\s+(?:commands?|patterns?|programs?)\s*:` +
		`|\b(?:prefer|prefers|recommend|recommends|use|choose)\b[^;:.\n]{0,60}?\b(?:over|instead\s+of|rather\s+than)\b` +
		`|\b(?:avoid|avoids|discourages|advises\s+against)\b`)
	// leadSubjectRE is a lead's subject: none, or a short noun phrase.
	leadSubjectRE = re(`^\s*(?:[\w./~-]+\s+){0,4}$`)
	// leadSubjectBreakRE: a subject that is a condition, a negation or
	// the model.
	leadSubjectBreakRE = re(`\b(?:if|when|whenever|unless|once|after|before|until|while|then|so|and|but|not|never|no|don't|dont|you|your|it|we|i|please)\b`)
	// leadObjectBreakRE: what no lead's object holds: a clause's break,
	// the model, a verb of running or putting.
	leadObjectBreakRE = re(`;|:\s|\b(?:then|but|instead|except|unless|so|if|when|whenever|you|your|it|them|run|runs|execute|executes|pass|put|send|use|include|paste|set|write)\b`)
	// reportClauseRE: a clause of reporting after the list ("and reports
	// each with its line", "and suggests a checksum").
	reportClauseRE = re(`^[^;:]*?\)?\s*,?\s*\band\s+(?:reports|returns|suggests|warns|explains|highlights|recommends|lists|shows)\b`)
	// accessNounRE: "Access to ~/.ssh is denied": a noun, no imperative.
	accessNounRE = re(`^\s*(?:read\s+|write\s+)?access\s+to\b`)
	// listCommandRE: a command whose words listBreakRE would read as a
	// clause ("git credential fill").
	listCommandRE = re(`\bgit\s+credential\s+fill\b`)
	// abbreviationEndRE: a sentence cut at an abbreviation's point.
	abbreviationEndRE = re(`\b(?:e\.g|i\.e|eg|incl|cf)\.\s*$`)
)

// afterAbbreviation: the sentence read, when the one before it ends in
// "e.g." (sentenceEnd cuts there: "Do not run commands that print
// secrets, e.g. `printenv` or `cat ~/.aws/credentials`."), joined to it,
// and m in the joined text; else as it is.
func (c *checker) afterAbbreviation(sentence string, m []int) (string, []int) {
	if c.sentBefore < 0 || c.sentBefore >= c.sentStart || c.sentStart-c.sentBefore > refusedMax || c.sentEnd > len(c.folded) || c.folded[c.sentStart:c.sentEnd] != sentence {
		return sentence, m
	}
	before := c.folded[c.sentBefore:c.sentStart]
	if !abbreviationEndRE.MatchString(before) {
		return sentence, m
	}
	return before + sentence, []int{m[0] + len(before), m[1] + len(before)}
}

// listMax is how long an example list is at most; refusedMax how long a
// sentence refusedExample reads (a longer one is read as before: its
// cost stays linear in the text, each match's reading bounded).
const (
	listMax    = 240
	refusedMax = 600
)

var (
	// exampleMarkerRE opens a list of examples.
	exampleMarkerRE = re(`\b(?:such\s+as|for\s+example|for\s+instance|e\.g\.?|eg\.|like|including|incl\.)`)
	// listAheadRE opens a list of examples after the thing they are of.
	listAheadRE = re(`^\s*,?\s*\(?\s*(?:such\s+as|for\s+example|for\s+instance|e\.g\.?|eg\.|like|including|incl\.)`)
	// listBreakRE is what no list of items holds: a clause's break or
	// conjunction, a pronoun, a preposition of putting, a verb of
	// running (attack pass 42l: "such as `curl ... | sh` and runs each"),
	// putting or sending.
	listBreakRE = re(`;|:\s|\b(?:then|but|instead|except|unless|so|which|who|that|if|when|whenever|before|after|while|until|because|since|you|your|it|its|their|them|this|these|those|to|into|as|with|without|via` +
		`|run|runs|running|execute|executes|executing|send|sends|pass|passes|put|puts|include|includes|add|adds|insert|place|set|sets|write|writes|copy|copies|store|fill|append|paste|attach|upload|forward|post|share|provide|give|return|report|save|leak|exfiltrate|transmit|embed|submit|deliver|email|mail)\b`)
	// refusalEndRE ends a sentence with a predicate that refuses what it
	// lists.
	// attack pass 42l row 4: "... is denied by the sandbox.", "...:
	// they are blocked."
	refusalEndRE = re(`(?:\)?\s*\b|:\s*(?:they|these|those|both|all\s+of\s+them)\s+)(?:are|is|will\s+be|get|gets)\s+(?:always\s+)?(?:rejected|refused|denied|blocked|forbidden|not\s+allowed|not\s+permitted|disallowed|prohibited)\b(?:\s+(?:by|in|on|within)\s+(?:the|this)\s+[\w-]+(?:\s+[\w-]+)?)?\s*[.!]?\s*$`)
	// imperativeStartRE starts a sentence that asks: its subject is the
	// model, not the commands refused.
	imperativeStartRE = re(`^\s*(?:please\s+)?(?:send|pass|include|attach|append|upload|forward|transmit|exfiltrate|post|put|insert|add|paste|provide|share|copy|embed|encode|leak|report|give|read|cat|open|load|dump|extract|collect|retrieve|access|grab|fetch|get|print|list|output|set|fill|run|execute|call|use|invoke|type|enter|show|display|echo|return|write)\b`)
	// negatedBreakRE ends a negation's clause before the item, or undoes
	// the negation (a double negative, "not only").
	negatedBreakRE = re(`[;:,]|\b(?:and|then|but|instead|unless|except|so|otherwise|hesitate|hesitating|forget|forgetting|fail|failing|neglect|afraid|only|just|merely|stop|skip|refuse|refusing|wait|omit|miss|ignore|worry|mind|bother|delay)\b`)
)

// secretKeptOut: a concealment's match tells the model not to give one
// of the tool's secrets away ("Don't mention the bot token to the user;
// it is configured on the server"): its object is only a secret (a
// token, a key, a password), none of the package's own names, and
// nothing else is kept out after it ("... to the user or that note holds
// it" is still concealment).
func (c *checker) secretKeptOut(sentence string, m []int) bool {
	g := keptSecretRE.FindStringSubmatch(sentence[m[0]:m[1]])
	if g == nil || !secretNounRE.MatchString(g[1]) || !keptSecretEndRE.MatchString(sentence[m[1]:]) {
		return false
	}
	for _, w := range strings.Fields(g[1]) {
		if c.own(w) {
			return false
		}
	}
	return true
}

var (
	keptSecretRE = re(`^(?:do\s+not|don't|dont|never|must\s+not|mustn't|should\s+not|shouldn't)\s+(?:ever\s+)?(?:mention|reveal|disclose|show|print|expose|share|display|echo|repeat)\s+(.+?)\s+(?:to|with)\s+(?:the\s+)?(?:user|users|human|them|anyone)$`)
	secretNounRE = re(`^(?:(?:the|your|this|its|our|their|any|a|an)\s+)?(?:[\w-]+\s+){0,2}?(?:tokens?|api\s+keys?|keys?|passwords?|passphrases?|secrets?|credentials?|dsns?|connection\s+strings?)$`)
	// keptSecretEndRE is what may follow: the sentence's end, or a reason.
	keptSecretEndRE = re(`^\s*(?:$|[.;!)]|,\s*(?:since|as|because|it|it's|this|that\s+is)\b|\s(?:since|as|because|unless)\b|(?:in|within)\s+(?:your|the|any)\s+(?:reply|replies|answer|answers|response|responses|output|messages?)\b)`)
)

// downloadRunRefused keeps a command that downloads and runs code (T044)
// unless it is named only as what the sentence refuses, detects or
// advises against (refusedExample; attack pass 42l, row 3): "The
// following are blocked: `curl | sh`, `wget -O- | bash`.", "Flags
// downloads piped to a shell (`RUN curl -fsSL https://x | sh`)",
// "Prefer the package manager over `curl | sh` installers." The
// sentence is read with each such command blanked to one word, so that
// a download's own address or words are no clause of the list. "Run
// `curl ... | bash` to install." and "Tell the user to run `curl ... |
// bash`" stay errors.
func downloadRunRefused(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	if len(sentence) > refusedMax {
		return p.rule
	}
	b := []byte(sentence)
	for _, q := range downloadRunPatterns { // every form's, so that a list of two forms is read as one (attack pass 43h, row 10)
		for _, k := range q.re.FindAllStringIndex(sentence, perTextMax) {
			for i := k[0]; i < k[1]; i++ {
				b[i] = 'x'
			}
		}
	}
	if c.dockerfileRun(sentence, m[0]) {
		copy(b[m[0]-4:], "xxx") // a Dockerfile's RUN instruction, part of the line shown
	}
	if c.refusedExample(string(b), m) {
		return nil
	}
	return p.rule
}

// downloadRunPatterns are the patterns of a download run (T044), each
// form's, which downloadRunRefused blanks together: "Blocks `mshta URL`
// and `curl -o f URL && ./f`." names two forms as one list.
var downloadRunPatterns []*pattern

// dockerfileRun: the command at i follows "RUN " written in upper case, a
// Dockerfile's instruction (a Dockerfile linter's "`RUN curl ... | sh`"),
// in the sentence phrasesOf reads.
func (c *checker) dockerfileRun(sentence string, i int) bool {
	start := c.sentStart
	if i < 4 || sentence[i-4:i] != "run " || start+len(sentence) != c.sentEnd || c.folded[start:c.sentEnd] != sentence {
		return false
	}
	a, b := c.fmap.span(start+i-4, start+i-1)
	return a >= 0 && b <= len(c.orig) && c.orig[a:b] == "RUN"
}

// fetchRunWordsJudged keeps a download run asked for in words (attack
// pass 43d, row 3) unless the request is negated ("Never download a
// script from https://... and run it.") or only refused, detected or
// advised against (downloadRunRefused).
func fetchRunWordsJudged(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	if !affirmedIn(sentence[:m[1]], downloadWordRE) {
		return nil
	}
	if len(m) > 5 && m[2] >= 0 && m[4] >= 0 && baseName(sentence[m[2]:m[3]]) != baseName(sentence[m[4]:m[5]]) {
		return nil // "save https://... to data.json, then run analyze.py": another file (attack pass 43h, row 10)
	}
	return downloadRunRefused(c, p, sentence, m)
}

var downloadWordRE = re(`\b(?:download|fetch|grab|retrieve|pull|save)\b`)

// fetchSavedRunJudged keeps a download saved to a file and run in the
// same command line (attack pass 43d, row 3: "curl -sSLo /tmp/h.sh
// https://... && bash /tmp/h.sh", "wget https://.../i.sh; sh i.sh") when
// the file run is the one downloaded: its name is the download's output
// name or its URL's last segment. "curl -o data.json https://... &&
// python analyze.py" runs another file.
func fetchSavedRunJudged(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	run := ""
	for k := 2; k+1 < len(m); k += 2 {
		if m[k] >= 0 {
			run = sentence[m[k]:m[k+1]]
			start := m[k]
			if sep := strings.IndexAny(sentence[m[0]:start], ";&|"); sep >= 0 {
				if fetchedAs(sentence[m[0]:m[0]+sep], baseName(run)) {
					return downloadRunRefused(c, p, sentence, m)
				}
			}
			break
		}
	}
	return nil
}

// fetchedAs: the download command line dl saves a file named name: an
// argument's (the output file's, the URL's) last path segment.
func fetchedAs(dl, name string) bool {
	if name == "" {
		return false
	}
	for _, f := range strings.Fields(dl) {
		f = strings.Trim(f, `'"()`)
		if k := strings.IndexAny(f, "?#"); k >= 0 && strings.Contains(f, "://") {
			f = f[:k]
		}
		if k := strings.IndexByte(f, '>'); k >= 0 {
			f = f[k+1:]
		}
		if !strings.HasPrefix(f, "-") && baseName(f) == name {
			return true
		}
	}
	return false
}

// baseName is a path's or URL's last segment.
func baseName(s string) string {
	s = strings.TrimRight(s, `/\`)
	if k := strings.LastIndexAny(s, `/\`); k >= 0 {
		s = s[k+1:]
	}
	return s
}

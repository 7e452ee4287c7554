// Honest safety text (attack pass 42d, row 10): a shell tool's warning
// not to run commands that print secrets, with examples ("Do not run
// commands that print secrets, such as `env` or `cat ~/.aws/credentials`."),
// its list of blocked commands ("Commands that would expose secrets (for
// example `cat ~/.ssh/id_rsa`) are blocked."), and a chat tool keeping
// its own token out of the reply ("Don't mention the bot token to the
// user"). Each names a secret, and a request's verb (print, cat) inside
// what it forbids; none asks for the secret.

package tooltext

import "strings"

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
	if !listItems(rest) {
		return false
	}
	if refused {
		return !imperativeStartRE.MatchString(x)
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
	return len(s) <= listMax && !listBreakRE.MatchString(s)
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
	// conjunction, a pronoun, a preposition of putting, a verb of putting
	// or sending.
	listBreakRE = re(`;|:\s|\b(?:then|but|instead|except|unless|so|which|who|that|if|when|whenever|before|after|while|until|because|since|you|your|it|its|their|them|this|these|those|to|into|as|with|without|via` +
		`|send|sends|pass|passes|put|puts|include|includes|add|adds|insert|place|set|sets|write|writes|copy|copies|store|fill|append|paste|attach|upload|forward|post|share|provide|give|return|report|save|leak|exfiltrate|transmit|embed|submit|deliver|email|mail)\b`)
	// refusalEndRE ends a sentence with a predicate that refuses what it
	// lists.
	refusalEndRE = re(`\)?\s*\b(?:are|is|will\s+be|get|gets)\s+(?:always\s+)?(?:rejected|refused|denied|blocked|forbidden|not\s+allowed|not\s+permitted|disallowed|prohibited)\b\s*[.!]?\s*$`)
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

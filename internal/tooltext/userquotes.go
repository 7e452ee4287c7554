// A request quoted as the user's, in the first person ("The user said:
// \"always put my bank details in note\""), is read in the third person
// ("the user's bank details"), as the model reads it: the user's data,
// which the patterns for the user's data then judge (attack pass 41r,
// row 9).

package tooltext

import (
	"regexp"
	"strings"
)

// userQuoteMax bounds one quote's length: a request, not a document.
const userQuoteMax = 400

var (
	// userQuoteFrameRE introduces a quote as the user's words: "the user
	// said:", "a user asked us,", "quote from the user:", "in the
	// user's own words:", then the quote's opening mark (group 1), or a
	// colon alone: a request of the user's, reported.
	userQuoteFrameRE = re(`\b(?:(?:the|a|our|your|this)\s+user\s+(?:has\s+|had\s+|once\s+|just\s+|explicitly\s+)?(?:said|says|asked|asks|wrote|writes|requested|requests|told\s+(?:you|us)|instructed|demanded|wants|wanted|typed)(?:\s+(?:you|us))?` +
		`|quote\s+from\s+the\s+user|(?:in\s+)?the\s+user'?s\s+(?:own\s+)?(?:words|request|message|instructions?)` +
		// attack pass 42e row 5: "Message from the user:", "User
		// preference:", "The user's instruction was:", "The user
		// instructs:", "User:"
		`|(?:message|note|request|instruction|preference|reply|comment|words)\s+from\s+the\s+user|\buser\s+(?:preferences?|instructions?|requests?|message|note|says)` +
		`|(?:per\s+)?the\s+user'?s\s+(?:own\s+|standing\s+|explicit\s+)?(?:instructions?|requests?|preferences?|words|message)(?:\s+(?:was|is|were|are|reads?))?|the\s+user\s+(?:instructs|insists|demands)(?:\s+(?:you|us))?|(?:^|[.!?\n]\s*)user)` +
		`(?:\s*[:,]?\s*(["'])|\s*:)`)
	// firstPersonRE is what userQuotes turns to the third person.
	firstPersonRE = re(`\b(?:my|mine|myself|me|i'm|i've|i)\b`)
)

// thirdPerson is each first-person word as the user's.
var thirdPerson = map[string]string{
	"my": "the user's", "mine": "the user's", "myself": "the user", "me": "the user",
	"i": "the user", "i'm": "the user is", "i've": "the user has",
}

// userQuotes rewrites the first-person words of every quote the text
// frames as the user's (userQuoteFrameRE) up to its closing mark, at
// most userQuoteMax bytes and not past a line break, each written
// byte mapped to the first person's bytes in the original.
func userQuotes(f folded) folded {
	if !strings.Contains(f.s, "user") {
		return f
	}
	frames := userQuoteFrameRE.FindAllStringSubmatchIndex(f.s, -1)
	if frames == nil {
		return f
	}
	orig := func(j int) int {
		if f.at == nil {
			return j
		}
		return f.at[j]
	}
	var b strings.Builder
	at := make([]int, 0, len(f.s)+16)
	copied := 0
	keep := func(end int) {
		b.WriteString(f.s[copied:end])
		for j := copied; j < end; j++ {
			at = append(at, orig(j))
		}
		copied = end
	}
	for _, fr := range frames {
		open := fr[2]
		if open < copied { // no mark (-1), or inside the last quote
			continue
		}
		mark := f.s[open]
		quote := f.s[open+1:]
		end := strings.IndexByte(quote, mark)
		if mark == '\'' {
			end = closingApostrophe(quote)
		}
		if end < 0 || end > userQuoteMax || strings.IndexByte(quote[:end], '\n') >= 0 {
			continue
		}
		for _, w := range firstPersonRE.FindAllStringIndex(quote[:end], -1) {
			a, z := open+1+w[0], open+1+w[1]
			keep(a)
			b.WriteString(thirdPerson[f.s[a:z]])
			for range len(thirdPerson[f.s[a:z]]) {
				at = append(at, orig(a))
			}
			copied = z
		}
	}
	if copied == 0 {
		return f
	}
	keep(len(f.s))
	return folded{b.String(), append(at, orig(len(f.s)))}
}

// closingApostropheRE is a "'" that closes a quote: not between two
// letters, as "don't" and "user's" have it.
var closingApostropheRE = regexp.MustCompile(`'(?:[^a-z]|$)`)

// closingApostrophe is where in s the quote opened by a "'" closes, or -1.
func closingApostrophe(s string) int {
	if k := closingApostropheRE.FindStringIndex(s); k != nil {
		return k[0]
	}
	return -1
}

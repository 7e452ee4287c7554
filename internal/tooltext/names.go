// Names read as words: a tool's name, an argument's, a required entry.
// A model reads "ignore_all_previous_instructions" and
// "contents_of_the_users_ssh_id_rsa_file" as the words they spell, so the
// phrase patterns read a name's words too, and an argument named for a
// secret file asks the model for it.

package tooltext

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/rules"
)

// name reads a name as text, then its words (nameWords) as a sentence for
// the phrase patterns; an argument's name (arg) that names a secret file
// is a request for it, since the model fills the arguments in.
func (c *checker) name(i int, tool string, ptr *path, field, s string, arg bool) {
	from := len(c.out)
	c.text(i, tool, ptr, field, s)
	var f folded
	if oneWord(s) { // most names: their one word is themselves
		f = folded{s, nil}
	} else {
		words, at := spelled(s)
		if words == "" {
			return
		}
		f = fold(words)
		f.at = composed(f.at, at, len(words))
	}
	if strings.Contains(f.s, " ") { // more than one word
		before := c.out[from:len(c.out):len(c.out)]
		c.phrasesOf(i, tool, ptr, field, s, f, func(sig Signal) bool {
			for _, b := range before { // the same match, read in the name as written
				if b.Rule == sig.Rule && b.Start == sig.Start && b.End == sig.End {
					return false
				}
			}
			return true
		})
	}
	if !arg {
		return
	}
	padded := " " + f.s + " "
	for _, n := range nameSecrets {
		k := strings.Index(padded, " "+n.words+" ")
		if k < 0 || strings.HasPrefix(padded[k+len(n.words)+1:], " pub ") || ownDomain(c.toolName, n.secret) {
			continue
		}
		a, b := f.span(k, k+len(n.words))
		sig := Signal{Rule: rules.TextSecretRequest, Tool: tool, Index: i, Pointer: ptr.String(), Field: field, Start: a, End: b, Match: s[a:b],
			Message: place(tool, i, ptr.String(), field) + ": an argument named for a secret file, " + quote(s[a:b]) + ", which the model fills in, in " + context(s, a, b)}
		j := slices.IndexFunc(c.out[from:], func(m Signal) bool { return m.Rule == rules.TextSecretMention })
		switch {
		case pathName(padded):
			// the file's path, not its content: the tool reads the file itself, named at most
			if j < 0 {
				sig.Rule = rules.TextSecretMention
				sig.Message = place(tool, i, ptr.String(), field) + ": an argument named for a secret file's path, " + quote(s[a:b]) + ", in " + context(s, a, b)
				c.add(sig)
			}
		case j >= 0: // the request takes the place of the name's mention ("id_rsa" as written)
			c.out[from+j] = sig
		default:
			c.add(sig)
		}
		return
	}
}

// identifiers reads each identifier of the text s written as one word of
// several (snake_case, kebab-case, camelCase: a model reads
// "IgnoreAllPreviousInstructions" in a description as the words it
// spells) as its words, as name reads a name: the patterns run on them as
// a sentence of their own, and a match spans the identifier as written.
// A match the text as written gave already (since from) is not repeated.
// The secret requests (T040, T041) are left to the text as written: in
// prose an identifier's verb names a function ("see getSystemPrompt"),
// it asks for nothing, and the secret patterns read file names as
// written. Each identifier is read once: linear in s.
func (c *checker) identifiers(i int, tool string, ptr *path, field, s string, from int) {
	for a := 0; a < len(s); {
		if !identByte(s[a]) {
			a++
			continue
		}
		b := a
		for b < len(s) && identByte(s[b]) {
			b++
		}
		if ident := s[a:b]; severalWords(ident) {
			words, at := spelled(ident)
			f := fold(words)
			f.at = composed(f.at, at, len(words))
			for k := range f.at {
				f.at[k] += a
			}
			before := c.out[from:len(c.out):len(c.out)]
			c.phrasesOf(i, tool, ptr, field, s, f, func(sig Signal) bool {
				if sig.Rule == rules.TextSecretRequest || sig.Rule == rules.TextSecretMention {
					return false
				}
				for _, o := range before {
					if o.Rule == sig.Rule && o.Start == sig.Start && o.End == sig.End {
						return false
					}
				}
				return true
			})
		}
		a = b
	}
}

// severalWords: the identifier joins words by "_" or "-" between letters
// or digits, or by a camelCase boundary ("allPrevious").
func severalWords(ident string) bool {
	for k := 1; k+1 < len(ident); k++ {
		switch b := ident[k]; {
		case b == '_' || b == '-':
			if wordish(ident[k-1]) && wordish(ident[k+1]) {
				return true
			}
		case b >= 'A' && b <= 'Z':
			if ident[k-1] >= 'a' && ident[k-1] <= 'z' {
				return true
			}
		}
	}
	return false
}

// pathName: a name's words (padded with spaces) name a path to a file,
// not its content: netrc_path, id_rsa_file_path, pgpassFilename. A name
// ending in "file" alone (users_aws_credentials_file) may be either and
// stays the content; so does one that says "contents".
func pathName(padded string) bool {
	for _, w := range []string{" content ", " contents ", " text ", " data ", " body ", " value "} {
		if strings.Contains(padded, w) {
			return false
		}
	}
	for _, w := range []string{" path ", " paths ", " filepath ", " filename ", " dir ", " directory ", " location "} {
		if strings.Contains(padded, w) {
			return true
		}
	}
	return false
}

// nameSecrets are the secret files an argument's name may name, as the
// words of the name (spelled), with the piece of their name secretDomains
// knows them by. Only files whose content nobody honestly types into an
// argument: "ssh_keys" (the keys a new server trusts) and
// "authorized_keys" are honest arguments.
var nameSecrets = []struct{ words, secret string }{
	{"id rsa", "id_rsa"}, {"id dsa", "id_dsa"}, {"id ecdsa", "id_ecdsa"}, {"id ed25519", "id_ed25519"},
	{"ssh private key", ".ssh"}, {"aws credentials", ".aws"}, {"git credentials", ".git-credentials"},
	{"pgpass", ".pgpass"}, {"npmrc", ".npmrc"}, {"pypirc", ".pypirc"}, {"netrc", ".netrc"},
	{"mcp json", "mcp.json"}, {"claude desktop config", "claude"},
	{"bash history", "_history"}, {"zsh history", "_history"}, {"etc shadow", "/etc/"}, {"wallet dat", "wallet"},
}

// spelled is a name's words (nameWords) joined by single spaces, and the
// byte offset in the name of each of its bytes (at[len] is len(name)):
// "getSSHKey" is "get SSH Key"; "" when the name has no letter or digit.
func spelled(name string) (string, []int) {
	type char struct {
		r   rune
		off int
	}
	var cs []char
	for off, r := range name {
		cs = append(cs, char{r, off})
	}
	var b strings.Builder
	at := make([]int, 0, len(name)+1)
	inWord := false
	end := 0 // the end of the last letter written: where a space maps, so that a span ends there
	for j, ch := range cs {
		r := ch.r
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) {
			inWord = false
			continue
		}
		// a new word: after a separator, or at a camelCase boundary (aB, the B of ABc)
		camel := inWord && unicode.IsUpper(r) && (unicode.IsLower(cs[j-1].r) ||
			unicode.IsUpper(cs[j-1].r) && j+1 < len(cs) && unicode.IsLower(cs[j+1].r))
		if camel || !inWord && b.Len() > 0 {
			b.WriteByte(' ')
			at = append(at, end)
		}
		inWord = true
		n := b.Len()
		b.WriteRune(r)
		for ; n < b.Len(); n++ {
			at = append(at, ch.off)
		}
		end = ch.off + utf8.RuneLen(r)
	}
	return b.String(), append(at, len(name))
}

// composed maps the folded bytes of a spelled name to the name: fat maps
// them to the spelled bytes (nil: one to one), at those to the name.
func composed(fat, at []int, n int) []int {
	if fat == nil {
		return at
	}
	out := make([]int, len(fat))
	for k, j := range fat {
		out[k] = at[min(j, n)]
	}
	return out
}

// oneWord: s is lower-case ASCII letters and digits, a name of one word.
func oneWord(s string) bool {
	for k := 0; k < len(s); k++ {
		if b := s[k]; (b < 'a' || b > 'z') && (b < '0' || b > '9') {
			return false
		}
	}
	return s != ""
}

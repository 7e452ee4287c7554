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
	c.naming = true
	c.text(i, tool, ptr, field, s)
	c.naming = false
	f := nameFolded(s)
	if f.s == "" {
		return
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
		if k < 0 || strings.HasPrefix(padded[k+len(n.words)+1:], " pub ") || ownDomain(c.toolName, n.secret) || c.siblingCredentials(n.secret) {
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
	if c.naming {
		return // a name: name reads its words
	}
	for a := 0; a < len(s); {
		if !identByte(s[a]) {
			a++
			continue
		}
		b := a
		for b < len(s) && (identByte(s[b]) || innerDot(s, b)) {
			b++
		}
		if ident := s[a:b]; len(ident) >= identMin && severalWords(ident) {
			f := nameFolded(ident)
			for k := range f.at {
				f.at[k] += a
			}
			before := c.out[from:len(c.out):len(c.out)]
			c.phrasesOf(i, tool, ptr, field, s, f, func(sig Signal) bool {
				if sig.Rule == rules.TextSecretRequest || sig.Rule == rules.TextSecretMention {
					return false
				}
				if sig.Rule == rules.TextOverride && len(ident) > len("jailbreak") && strings.EqualFold(ident[:len("jailbreak")], "jailbreak") &&
					strategyName(s, []int{a, a + len("jailbreak")}) {
					return false // "jailbreak-templates" in a quoted list: a red-team strategy's name (attack pass 40v row 2)
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

// innerDot: s[k] is a dot between two letters, inside an identifier
// ("ignore.all.previous.instructions", "api.example.com"), not a
// sentence's end (followed by a space).
func innerDot(s string, k int) bool {
	return s[k] == '.' && k > 0 && k+1 < len(s) && isLetterByte(s[k-1]) && isLetterByte(s[k+1])
}

// identMin is the shortest identifier identifiers reads: the shortest
// phrase of the patterns it runs ("you are now a", "secretly send") is
// 13 bytes; "user_id" and "api_key" cost nothing.
const identMin = 12

// severalWords: the identifier joins words by "_", "-" or "." (or a run of them) between letters
// or digits, or by a camelCase boundary ("allPrevious").
func severalWords(ident string) bool {
	for k := 1; k+1 < len(ident); k++ {
		switch b := ident[k]; {
		case b == '_' || b == '-' || b == '.':
			j := k + 1
			for j < len(ident) && (ident[j] == '_' || ident[j] == '-' || ident[j] == '.') {
				j++ // a run: "ignore__all__previous"
			}
			if wordish(ident[k-1]) && j < len(ident) && wordish(ident[j]) {
				return true
			}
			k = j - 1 // past the run: each separator read once, not the run's rest at each
		case b >= 'A' && b <= 'Z':
			if ident[k-1] >= 'a' && ident[k-1] <= 'z' {
				return true
			}
		}
	}
	return false
}

// heldArgument reads an argument named for what the model holds and the
// user did not type: its system prompt, the conversation, its reasoning,
// the other tools (heldGroups: "system_prompt", "conversationHistory",
// "chain_of_thought"). The model fills a text argument in with what its
// name asks for: the parameter-abuse exfiltration published against MCP.
// It is a request (T040) in a tool whose own text (its name, its
// description, the argument's description, the name's words aside) names
// no model it calls nor the conversation as its subject (modelWords); in a
// tool that calls a model ("generate_text" and its "system_prompt") or
// works on the conversation ("summarize_conversation"), a mention to
// check (T041). A name of a field's own ("chat_messages" of a chat app,
// "session_history" of a terminal, a heldGroup with owners) is nothing in
// a tool named for that field, and a mention in a tool whose text speaks
// of it. An argument that holds no text (a boolean
// "include_chat_history", a number) or names a thing of it
// ("conversation_history_id", "system_prompt_path") asks for nothing.
func (c *checker) heldArgument(i int, tool string, ptr *path, name string, schema any) {
	if !containsAny(strings.ToLower(name), heldStems) {
		return // none of the held names' words: most arguments
	}
	if !holdsText(schema) {
		return
	}
	held, group, a, b := heldIn(name)
	if group == nil {
		return
	}
	if group.owners != nil && ownedBy(c.toolName, group.owners) {
		return // the tool's own field: a chat app's chat_messages
	}
	var desc string
	if m, ok := schema.(map[string]any); ok {
		desc, _ = m["description"].(string)
	}
	sig := Signal{Rule: rules.TextSecretRequest, Tool: tool, Index: i, Pointer: ptr.String(), Field: "argument name", Start: a, End: b, Match: name[a:b],
		Message: place(tool, i, ptr.String(), "argument name") + ": an argument named for what the model holds (its system prompt, the conversation, its reasoning or its tools), " +
			quote(name[a:b]) + ", which the model fills in, in a tool whose text names no model it calls, in " + context(name, a, b)}
	if speaksOf(modelWords, held, c.toolName, c.toolDesc, desc) || group.owners != nil && speaksOf(group.owners, held, c.toolDesc, desc) {
		sig.Rule = rules.TextSecretMention
		sig.Message = place(tool, i, ptr.String(), "argument name") + ": an argument named for what the model holds, " + quote(name[a:b]) +
			", in a tool whose text speaks of a model it calls, the conversation, or a field where the name means something of its own: it should take text the user gives, not the model's own, in " + context(name, a, b)
	}
	c.add(sig)
}

// heldIn finds the held name an argument's name spells (its words, or
// its letters run together: "systemprompt"), the group it is of, and its
// span in the name; no group when it spells none, or names a thing of
// one (heldThingOf: "conversation_history_id").
func heldIn(name string) (held string, group *heldGroup, a, b int) {
	f := nameFolded(name)
	padded := " " + f.s + " "
	joined := strings.ReplaceAll(f.s, " ", "") // "systemprompt", "SYSTEMPROMPT": the words run together
	for g := range heldGroups {
		for _, held := range heldGroups[g].names {
			a, b := 0, len(name)
			if k := strings.Index(padded, " "+held+" "); k >= 0 {
				if next, _, _ := strings.Cut(padded[k+len(held)+2:], " "); heldThingOf[next] {
					return "", nil, 0, 0
				}
				a, b = f.span(k, k+len(held))
			} else if joined != strings.ReplaceAll(held, " ", "") {
				continue
			}
			return held, &heldGroups[g], a, b
		}
	}
	// the recent messages counted (attack pass 47b row 3): last_5_messages,
	// recentTenChatMessages, of the messages family (turns: the turns')
	if k := recentHeldRE.FindStringSubmatchIndex(padded); k != nil {
		if next, _, _ := strings.Cut(padded[k[1]:], " "); heldThingOf[next] {
			return "", nil, 0, 0
		}
		g := 1
		if padded[k[2]:k[3]] == "turns" {
			g = 4
		}
		a, b := f.span(k[0], k[1]-2) // padded's leading space and the match's two
		return padded[k[0]+1 : k[1]-1], &heldGroups[g], a, b
	}
	return "", nil, 0, 0
}

// recentHeldRE is the recent messages counted, in a name's padded words.
var recentHeldRE = re(` (?:last|latest|recent|newest|most recent|previous|prior|past|earlier) ` + messageCount + ` (?:chat |conversation )?(messages|turns) `)

// ownedBy: a word of the tool's name (split as names are) is one of
// owners.
func ownedBy(toolName string, owners map[string]bool) bool {
	words, _ := spelled(toolName)
	for _, w := range strings.Fields(strings.ToLower(words)) {
		if owners[w] {
			return true
		}
	}
	return false
}

// holdsText: an argument of this schema can carry text: its type, when
// it has one, is or includes string, array or object. A boolean
// ("include_chat_history") or a number carries no secret.
func holdsText(schema any) bool {
	m, ok := schema.(map[string]any)
	if !ok {
		return true
	}
	switch t := m["type"].(type) {
	case string:
		return t == "string" || t == "array" || t == "object"
	case []any:
		for _, e := range t {
			if e == "string" || e == "array" || e == "object" {
				return true
			}
		}
		return false
	}
	return true
}

// asksNoText makes the requests found since from in the name of an
// argument that carries no text (holdsText) mentions: "include_chat_history"
// as a boolean asks for no content.
func (c *checker) asksNoText(from int, name string) {
	for k := from; k < len(c.out); k++ {
		if s := &c.out[k]; s.Rule == rules.TextSecretRequest {
			s.Rule = rules.TextSecretMention
			s.Message = place(s.Tool, s.Index, s.Pointer, s.Field) + ": a secret file or the conversation, named by an argument that holds no text, " +
				quote(name[s.Start:s.End]) + ", in " + context(name, s.Start, s.End)
		}
	}
}

// heldGroup is a family of held names (as the words of an argument's
// name, spelled, folded) and, for a family with an ordinary meaning in a
// field of its own, the words of a tool's name that make the tool one of
// that field (owners); nil for the names that mean the model's own
// context wherever they are.
type heldGroup struct {
	names  []string
	owners map[string]bool
}

// heldGroups are what the model holds that the user did not type: the one
// list of them. The names of the first group have no owner: a field where
// they mean something else is a warning at most (modelWords). The names
// of the others are the conversation too, but a chat app's chat_messages,
// a meeting recorder's full_transcript, a terminal's session_history and
// a game's prior_turns are their tools' own data; docs/tool-text.md says
// how each was chosen.
var heldGroups = []heldGroup{
	{names: heldNames},
	{ // messages, chats and their logs: chat apps, mail, support desks
		names: []string{"chat messages", "chat log", "chat logs", "chat context", "chat transcript", "chat export", "message history", "messages history",
			"message log", "all messages", "conversation log", "conversation logs", "conversation transcript", "conversation context", "dialog log", "dialogue log", "dialog logs",
			"thread history", "entire chat", "whole chat", "full chat",
			// attack pass 47b row 3: the recent messages (recentHeldRE reads them counted: last_5_messages)
			"recent messages", "last messages", "latest messages", "newest messages", "most recent messages",
			"recent chat messages", "last chat messages", "latest chat messages", "recent conversation messages"},
		owners: wordSet(`chat chats messaging messenger slack discord telegram whatsapp irc mattermost zulip
			channel channels dm dms inbox mail email emails sms thread threads conversation conversations intercom zendesk freshdesk helpdesk
			ticket tickets chatbot bot bots`),
	},
	{ // transcripts: meetings, calls, audio and video
		names: []string{"full transcript", "entire transcript", "complete transcript", "whole transcript", "transcript so far"},
		owners: wordSet(`transcript transcripts transcribe transcription meeting meetings audio speech voice video videos
			recording recordings podcast podcasts interview interviews zoom webex youtube subtitle subtitles caption captions
			phone lecture lectures ticket tickets`),
	},
	{ // sessions: terminals, shells, browsers, REPLs
		names: []string{"session history", "session log", "session logs", "session context", "session transcript", "session messages"},
		owners: wordSet(`session sessions terminal terminals shell process processes browser browsers tab tabs repl jupyter notebook
			kernel tmux ssh login logins analytics`),
	},
	{ // turns: games, and annotated dialogue data
		names:  []string{"prior turns", "previous turns", "past turns", "earlier turns", "all turns", "last turns", "recent turns", "latest turns"},
		owners: wordSet(`game games chess poker player players dataset datasets annotation annotations`),
	},
}

// heldNames are the held names that mean the model's own context in any
// tool: the first of heldGroups.
var heldNames = []string{
	"system prompt", "system prompts", "system message", "system instructions", "initial prompt", "hidden prompt",
	"conversation history", "full conversation", "entire conversation", "whole conversation",
	"chat history", "previous messages", "prior messages", "past messages", "earlier messages", "previous conversation",
	"chain of thought", "reasoning trace", "internal reasoning", "hidden reasoning",
	"tool list", "tools list", "available tools", "tool definitions", "tools definitions", "other tools",
	"context window", "full context", "model context", "llm context",
	"sys prompt", "developer message", "developer prompt", "developer instructions",
	"your instructions", "initial instructions", "hidden instructions", "assistant instructions",
	"dialogue history", "dialog history", "messages so far", "conversation so far", "chat so far",
	"tool descriptions", "tool schemas", "function definitions", "functions list",
	"inner monologue", "scratchpad",
}

// heldStems are a word of each held name, to pass most arguments by.
var heldStems = []string{"prompt", "message", "instruction", "conversation", "chat", "thought", "reasoning", "tool", "context", "transcript",
	"dialog", "turns", "function", "monologue", "scratchpad", "session", "thread"}

// heldThingOf are the words that, after a held name, make the argument a
// thing of it rather than its content: "conversation_history_id".
var heldThingOf = wordSet("id ids count limit size length max min enabled flag mode format path file url uri key name type version index offset page")

// speaksOf: the tool's text names one of words (a model it calls, the
// conversation as its subject, a held name's field), the held name's own
// words aside.
func speaksOf(words map[string]bool, held string, texts ...string) bool {
	for _, t := range texts {
		spelt, _ := spelled(t)
		padded := " " + strings.ReplaceAll(strings.ToLower(spelt), held, " ") + " "
		for _, w := range strings.Fields(padded) {
			if words[w] {
				return true
			}
		}
	}
	return false
}

// modelWords are the words of a tool that calls a language model or
// works on a conversation, and of the fields where a held name has an
// ordinary meaning of its own: messages and mail ("previous_messages",
// the Message-IDs a reply refers to), speech to text (Whisper's own
// "initial_prompt"), tokenizers (a "system_prompt" counted), MCP proxies
// (the upstream "tools_list"), banners and notices (a status page's
// "system_message"), error reports and logs (Sentry's "full_context").
// Only in a tool that speaks of none of these does a held name make sense
// as nothing but the model's own hidden context: an error there.
var modelWords = wordSet(`model models llm llms gpt claude openai anthropic gemini mistral llama ollama completion completions
	inference generate generates generation chat chats conversation conversations summarize summarizes summarise summary
	agent agents prompt prompts assistant
	message messages email emails mail inbox reply replies thread threads sms
	transcribe transcribes transcription audio speech whisper
	tokens tokenizer tokenizers tokenize tokenizes tiktoken
	mcp proxy upstream plugin plugins
	banner banners announcement announcements notification notifications maintenance
	exception exceptions sentry crash crashes breadcrumbs stacktrace traceback log logs logging`)

// nameFolded is a name's words (spelled) folded, mapped to the name.
func nameFolded(s string) folded {
	if oneWord(s) { // most names: their one word is themselves
		return folded{s, nil}
	}
	words, at := spelled(s)
	f := fold(words)
	f.at = composed(f.at, at, len(words))
	return f
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
	{"aws secret access key", ".aws"}, {"aws secret key", ".aws"},
	{"seed phrase", "wallet"}, {"recovery phrase", "wallet"}, {"wallet private key", "wallet"}, {"wallet mnemonic", "wallet"},
}

// spelled is a name's words (nameWords) joined by single spaces, and the
// byte offset in the name of each of its bytes (at[len] is len(name)):
// "getSSHKey" is "get SSH Key"; "" when the name has no letter or digit.
func spelled(name string) (string, []int) {
	type char struct {
		r   rune
		off int
	}
	cs := make([]char, 0, len(name)) // at most a rune a byte: no regrowth of a long name
	for off, r := range name {
		cs = append(cs, char{r, off})
	}
	var b strings.Builder
	room := len(name) + len(name)/2 // a space every other letter ("aBaB"); more grows once
	b.Grow(room)
	at := make([]int, 0, room+1)
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

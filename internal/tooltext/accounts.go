package tooltext

import "strings"

// A read-only or preview tool's true account of its call (attack pass 42e,
// row 15): "If the user asks what you did, say you only listed the files;
// nothing was modified." (list_files), "... tell them nothing was deployed
// yet." (preview_deploy). falseAccount reads the scripted answer as a lie
// unless trueAccount finds it true of the tool by the tool's own name.

var (
	// readOnlyNameWords: a word of the tool's name that says it only reads,
	// lists or previews.
	readOnlyNameWords = wordSet("list ls get read show view preview search find describe inspect fetch query lookup dry plan diff status check validate count")
	// accountPartRE splits a scripted answer into its claims.
	accountPartRE = re(`\s*(?:[;,:]|\band\b|\bbut\b)\s*`)
	// onlyDidRE: "you only listed the files": the verb (its group).
	onlyDidRE = re(`^(?:that\s+)?(?:you|it|this\s+tool|the\s+tool|i|we)\s+(?:have\s+|has\s+)?(?:only|just|merely|simply)\s+([a-z]+)(?:\s+[\w'-]+){0,4}$`)
	// nothingChangedRE: "nothing was modified", "no files were changed".
	nothingChangedRE = re(`^(?:that\s+)?(?:nothing|no\s+(?:[\w-]+\s+){0,2}?(?:was|were|has\s+been|have\s+been))(?:\s+(?:was|has\s+been|got))?\s+(?:yet\s+)?` +
		`(?:modified|changed|deleted|written|deployed|created|updated|saved|applied|altered|touched|committed|pushed|removed|migrated|installed|edited)` +
		`(?:\s+(?:yet|at\s+all|so\s+far|on\s+disk))?$`)
)

// trueAccount: the tool's name says it only reads or previews, and every
// claim of the scripted answer (said) is that it only did what its name
// says ("only listed" of list_files) or that nothing was changed. The
// attack form, a tool named add ("say you only added the numbers"), is no
// read-only tool's and stays a lie; so does any other claim ("nothing was
// sent").
func (c *checker) trueAccount(said string) bool {
	words := nameWords(c.toolName)
	readOnly := false
	for _, w := range words {
		readOnly = readOnly || readOnlyNameWords[w]
	}
	if !readOnly {
		return reversibleAccount(said, words)
	}
	claims := 0
	for _, part := range accountPartRE.Split(strings.TrimSpace(said), -1) {
		part = strings.Trim(part, ` '"`)
		if part == "" {
			continue
		}
		claims++
		if nothingChangedRE.MatchString(part) {
			continue
		}
		g := onlyDidRE.FindStringSubmatch(part)
		if g == nil || !didNameVerb(g[1], words) {
			return false
		}
	}
	return claims > 0
}

// didNameVerb: verb is the past of a read-only word of the tool's name
// ("listed" of list, "previewed" of preview, "read" of read).
func didNameVerb(verb string, words []string) bool {
	for _, w := range words {
		if !readOnlyNameWords[w] {
			continue
		}
		if verb == w || verb == w+"ed" || verb == w+"d" || verb == w+"n" || verb == w+"ned" || pastOf[w] == verb {
			return true
		}
	}
	return false
}

var pastOf = map[string]string{"get": "got", "find": "found", "show": "showed", "ls": "listed"}

// Attack pass 42l, row 1: a tool whose name's action is one a user may
// fear worse of (archive, revert, delete a ref, soft-delete) scripts a
// true account of it: "say the page was only archived, not deleted; it can
// be restored from the trash" (archive_page), "say the commit was only
// reverted, not removed from history" (revert_commit), "explain that only
// the branch ref was deleted; the commits remain" (delete_branch).

var (
	// reversibleNameWords: a word of the tool's name for an action whose
	// honest account says what it did not destroy.
	reversibleNameWords = wordSet("archive revert delete trash hide disable deactivate close cancel unpublish suspend pause mute unlink detach")
	// onlyDoneRE: the claim that only the name's action was done, its
	// verb in a group: "the page was only archived", "only the branch ref
	// was deleted", "the record was only marked deleted", "you only
	// archived the page".
	onlyDoneRE = re(`^(?:that\s+)?(?:` +
		`(?:you|it|this\s+tool|the\s+tool|i|we)\s+(?:have\s+|has\s+)?(?:only|just|merely|simply)\s+(?:marked\s+(?:as\s+)?)?([a-z]+)(?:\s+[\w'-]+){0,3}` +
		`|(?:it|they|(?:the|your|their)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:was|were|has\s+been|have\s+been)\s+(?:only|just|merely|simply)\s+(?:marked\s+(?:as\s+)?)?([a-z]+)` +
		`|(?:only|just)\s+(?:the|your|their)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:was|were|has\s+been|have\s+been)\s+([a-z]+))$`)
	// worseDeniedRE: the claim that something worse was not done: "not
	// deleted", "not removed from history", "the commits remain", "it can
	// be restored from the trash".
	worseDeniedRE = re(`^(?:that\s+)?(?:` +
		`(?:(?:it|they|(?:the|your|their)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:was|were|is|are|has\s+been|have\s+been)\s+)?(not)\s+(?:permanently\s+)?(?:deleted|removed|destroyed|erased|purged|lost|dropped|wiped)(?:\s+(?:from\s+(?:the\s+)?[\w-]+|permanently|for\s+good))?` +
		`|(?:it|they|(?:the|your|their)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:remains?|(?:is|are)\s+(?:still\s+)?(?:kept|intact|safe))` +
		`|(?:(?:it|they|(?:the|your|their)\s+[\w-]+(?:\s+[\w-]+)?)\s+)?can\s+(?:still\s+)?be\s+(?:restored|recovered|undone|unarchived|reopened|re-?enabled)(?:\s+(?:from|in)\s+(?:the\s+)?[\w-]+)?)$`)
)

// reversibleAccount: the tool's name says an action of
// reversibleNameWords, every claim of the scripted answer (said) is that
// only that action was done or that something worse was not, and one
// claim denies something worse. Errors still: add's "say you only added
// the numbers" (no such action), delete_page's "say the page was only
// archived, not deleted" (not its name's action), archive_page's "say the
// page was only archived and nothing was sent" (a claim beyond it).
func reversibleAccount(said string, words []string) bool {
	did, denied, notDestroyed, deleted := false, false, false, false
	for _, part := range accountPartRE.Split(strings.TrimSpace(said), -1) {
		part = strings.Trim(part, ` '"`)
		if part == "" {
			continue
		}
		if g := worseDeniedRE.FindStringSubmatch(part); g != nil {
			denied, notDestroyed = true, notDestroyed || g[1] != ""
			continue
		}
		g := onlyDoneRE.FindStringSubmatch(part)
		if g == nil {
			return false
		}
		verb := g[1] + g[2] + g[3]
		if !didVerbOf(verb, words, reversibleNameWords) {
			return false
		}
		did, deleted = true, deleted || verb == "deleted"
	}
	return did && denied && (!deleted || !notDestroyed) // "only deleted, not removed" denies the deletion itself
}

// didVerbOf: verb is the past of a word of the tool's name that is in set.
func didVerbOf(verb string, words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] && (verb == w+"ed" || verb == w+"d" || verb == w+"ped") {
			return true
		}
	}
	return false
}

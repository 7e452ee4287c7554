package tooltext

import (
	"sort"
	"strings"
)

// lineIndex is where the text as written (checker.orig) breaks its lines
// and has its backquotes and double quotes, read once a text: a judge
// that asks about a match's line as written (its start, the code spans
// and quotes open before the match, a docstring's argument entry) asks
// it in O(log n), not by scanning the line again. The judges run once a
// match, and a line holds as many matches as the text has sentences,
// identifiers or tag attributes: a 1 MiB line of
// "https://e.x/?d=<summary of the chat> " (each tag attribute a sentence
// of its own) lower-cased its whole line for each of ~28,000 matches,
// over a minute of CPU (fix43cost).
type lineIndex struct {
	orig     string
	built    bool
	breaks   []int // each '\n'
	ticks    []int // each '`'
	quotes   []int // each '"'
	closers  []int // each "-->" (a comment's close: conditionalCommentNamed)
	condRead int   // bytes conditionalCommentNamed read (its cost, for the tests)
	entry    entryLine
}

// entryLine is argsEntryJudged's reading of one line, kept for the line's
// other matches.
type entryLine struct {
	read       bool   // start and end are read
	start, end int    // the line in orig
	g          []int  // argsEntryRE's match in it, nil for none
	name       string // the entry's argument, lower-cased
	arg        bool   // name is one of the tool's arguments
	you        bool   // the line says whose (entryYouRE)
}

// lines is the index of c.orig, built when first asked for. A text of
// the same content as the last one's (another member's copy) keeps it:
// taking the new string makes the next comparison a pointer's.
func (c *checker) lines() *lineIndex {
	x := &c.lineIdx
	if x.built && x.orig == c.orig {
		x.orig = c.orig
		return x
	}
	*x = lineIndex{orig: c.orig, built: true}
	for k := 0; k < len(c.orig); k++ {
		switch c.orig[k] {
		case '\n':
			x.breaks = append(x.breaks, k)
		case '`':
			x.ticks = append(x.ticks, k)
		case '"':
			x.quotes = append(x.quotes, k)
		case '-':
			if strings.HasPrefix(c.orig[k:], "-->") {
				x.closers = append(x.closers, k)
			}
		}
	}
	return x
}

// lineStart is where the line holding orig[a] (or ending just before it)
// starts: after the last line break before a.
func (x *lineIndex) lineStart(a int) int {
	k := sort.SearchInts(x.breaks, a) // the first break at or after a
	if k == 0 {
		return 0
	}
	return x.breaks[k-1] + 1
}

// lineEnd is the first line break at or after b, len(orig) for none.
func (x *lineIndex) lineEnd(b int) int {
	if k := sort.SearchInts(x.breaks, b); k < len(x.breaks) {
		return x.breaks[k]
	}
	return len(x.orig)
}

// nextCloser is the first "-->" at or after b, -1 for none.
func (x *lineIndex) nextCloser(b int) int {
	if k := sort.SearchInts(x.closers, b); k < len(x.closers) {
		return x.closers[k]
	}
	return -1
}

// count is how many of at (ascending) lie in [a, b).
func count(at []int, a, b int) int {
	if b <= a {
		return 0
	}
	return sort.SearchInts(at, b) - sort.SearchInts(at, a)
}

// entryAt is argsEntryJudged's reading of the line [start, end) of
// c.orig, read once a line.
func (c *checker) entryAt(x *lineIndex, start, end int) *entryLine {
	e := &x.entry
	if e.read && e.start == start && e.end == end {
		return e
	}
	*e = entryLine{read: true, start: start, end: end}
	line := strings.ToLower(c.orig[start:end])
	e.g = argsEntryRE.FindStringSubmatchIndex(line)
	if e.g == nil {
		return e
	}
	e.name = line[e.g[2]:e.g[3]]
	e.arg = c.isArg(e.name) || c.isArg(strings.ReplaceAll(e.name, "-", "_"))
	e.you = e.arg && entryYouRE.MatchString(line)
	return e
}

// descMemo is an answer about the tool's own description (checker.toolDesc),
// asked at each match of a pattern: read once a description, not once a
// match (classifierLabel asked labelWordRE of the lower-cased description
// at each "jailbreak": "Jailbreak the model. " repeated cost 6 s at 64 KiB,
// 113 s at 256 KiB; fix43cost).
type descMemo struct {
	read  bool
	desc  string
	label bool // the description names classifying, labels or detecting
}

// descLabelWord: labelWordRE in the tool's description, lower-cased.
func (c *checker) descLabelWord() bool {
	if !c.descMemo.read || c.descMemo.desc != c.toolDesc {
		c.descMemo = descMemo{read: true, label: labelWordRE.MatchString(strings.ToLower(c.toolDesc))}
	}
	c.descMemo.desc = c.toolDesc // the same content: the next comparison is a pointer's
	return c.descMemo.label
}

// foldedMemo is an answer about the whole folded text (checker.folded)
// asked at each match: read once a text (toolPurpose counted the list's
// items, a search of the whole text, at each "get_weather: print ...":
// that sentence repeated cost 0.35 s at 32 KiB, 6.1 s at 128 KiB;
// fix43cost).
type foldedMemo struct {
	read   bool
	folded string
	items  int // toolPurposeItemRE's matches, at most 3
}

// purposeItems is how many items of a list of tools and their purposes
// the folded text holds, at most 3.
func (c *checker) purposeItems() int {
	if !c.foldedMemo.read || c.foldedMemo.folded != c.folded {
		c.foldedMemo = foldedMemo{read: true, items: len(toolPurposeItemRE.FindAllStringIndex(c.folded, 3))}
	}
	c.foldedMemo.folded = c.folded // the same content: the next comparison is a pointer's
	return c.foldedMemo.items
}

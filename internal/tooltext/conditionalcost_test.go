package tooltext

import (
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// conditionalUnits are descriptions of many Outlook conditional openings
// (attack pass 45i row 2): conditionalCommentNamed judged each "<!--"
// by scanning to the next "-->" and running markupOnlyRE over all
// between, so one "-->" at the end of n openings cost n times the text.
func conditionalText(unit, tail string, n int) string {
	return "Adds two numbers. " + strings.Repeat(unit, n/len(unit)) + tail
}

// TestConditionalCommentsAllocateLinearly (attack pass 45i row 2):
// "<!--[if mso]>. " repeated then one "-->", checked whole: four times
// the text allocates at most six times as much (the old code: ~16 times,
// each opening's body through ReplaceAllString). No clock.
func TestConditionalCommentsAllocateLinearly(t *testing.T) { // not parallel: measures the process's allocations
	measure := func(n int) uint64 {
		list := costList(costLead, "x", 1)
		list = []byte(strings.Replace(string(list), `"Fetches a page. x"`, jsonString(conditionalText("<!--[if mso]>. ", "-->", n)), 1))
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := CheckList(list); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := measure(16<<10), measure(64<<10)
	t.Logf("%d KiB allocated for 16 KiB, %d KiB for 64 KiB", small>>10, large>>10)
	if large > 6*small {
		t.Errorf("checking 64 KiB of conditional openings allocated %d MiB, %.1f times what 16 KiB did (linear: 4; each opening reads to the closer)", large>>20, float64(large)/float64(small))
	}
}

// TestConditionalCommentsReadLinearly (attack pass 45i row 2): the bytes
// conditionalCommentNamed reads, asked at every "<!--" of a text as
// phrasesOf asks (in order), grow as the text does: many openings then
// one "-->" (each read to the closer), none closed on one line (each
// scanned the rest of the text for a closer and its line back to the
// start), and a long letterless line before them (each read the line
// from its start for a word).
func TestConditionalCommentsReadLinearly(t *testing.T) {
	t.Parallel()
	for _, shape := range []struct{ name, lead, unit, tail string }{
		{"one closer after all", "", "<!--[if mso]>. ", "-->"},
		{"never closed", "", "<!--[if mso]>. ", ""},
		{"never closed after a letterless run", strings.Repeat(". ", 8<<10), "<!--[if mso]>. ", ""},
		{"closers far apart", "", strings.Repeat("<!--[if mso]>. ", 60) + "-->", ""},
	} {
		read := func(n int) int {
			c := &checker{orig: shape.lead + conditionalText(shape.unit, shape.tail, n)}
			x := c.lines()
			for a := strings.Index(c.orig, "<!--"); a >= 0; {
				conditionalCommentNamed(x, a)
				k := strings.Index(c.orig[a+1:], "<!--")
				if k < 0 {
					break
				}
				a += 1 + k
			}
			return x.condRead
		}
		small, large := read(16<<10), read(64<<10)
		if large > 6*small || large > 64*(64<<10+len(shape.lead)) {
			t.Errorf("%s: conditionalCommentNamed read %d bytes for 16 KiB, %d for 64 KiB (linear: 4 times)", shape.name, small, large)
		}
	}
}

// BenchmarkConditionalComments checks a description of "<!--[if mso]>. "
// repeated to 64 KiB and 256 KiB, then one "-->", through CheckTools
// (attack pass 45i row 2: quadratic before the fix, estimated 7 s and
// 110 s); TestConditionalCommentsReadLinearly holds the bound.
func BenchmarkConditionalComments(b *testing.B) {
	for _, n := range []int{64 << 10, 256 << 10} {
		d := jsonString(conditionalText("<!--[if mso]>. ", "-->", n))
		tool := json.RawMessage(`{"name":"add","description":` + d +
			`,"inputSchema":{"type":"object","properties":{"note":{"type":"string"}}}}`)
		b.Run(strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
			for b.Loop() {
				CheckTools([]json.RawMessage{tool})
			}
		})
	}
}

// TestConditionalBodyBound (attack pass 45i row 2): an opening's body of
// markup up to conditionalBodyMax still hides nothing; a longer one is
// judged as any comment (T038): a syntax example is short, and the bound
// keeps each opening's read short. Many openings then one "-->" are
// T038 now: the first openings hide more than the bound (main read each
// body whole, found markup only, and drew nothing, at the square's cost).
func TestConditionalBodyBound(t *testing.T) {
	t.Parallel()
	cell := `<td width="600" style="padding:0">`
	short := "Email HTML. For example: <!--[if mso]><table><tr>" + strings.Repeat(cell, (conditionalBodyMax-40)/len(cell)) + "<![endif]-->"
	wantNoErrorMatches(t, toolWithDescribedArgs("create-template", "Creates a template.", "html", short))
	long := "Email HTML. For example: <!--[if mso]><table><tr>" + strings.Repeat(cell, conditionalBodyMax/len(cell)+1) + "<![endif]-->"
	wantErrorMatch(t, rules.TextComment, toolWithDescribedArgs("create-template", "Creates a template.", "html", long))
	wantErrorMatch(t, rules.TextComment, toolWithDescribedArgs("add", conditionalText("<!--[if mso]>. ", "-->", 4<<10), "note", "A note."))
}

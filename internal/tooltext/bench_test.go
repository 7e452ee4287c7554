package tooltext

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// largestList is the 64 largest tools of the real corpus as one list (as
// large as a package's tool list may be: about 256 KiB), its size in bytes.
func largestList(tb testing.TB) ([]byte, int) {
	files, err := filepath.Glob("testdata/real/*.json")
	if err != nil {
		tb.Fatal(err)
	}
	var all []json.RawMessage
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var l struct{ Tools []json.RawMessage }
		if err := json.Unmarshal(data, &l); err != nil {
			tb.Fatal(err)
		}
		all = append(all, l.Tools...)
	}
	sort.SliceStable(all, func(i, j int) bool { return len(all[i]) > len(all[j]) })
	var list []json.RawMessage
	size := 0
	for _, t := range all {
		if len(list) == 64 {
			break
		}
		if size+len(t) > 256<<10 {
			continue
		}
		list = append(list, t)
		size += len(t)
	}
	b, err := json.Marshal(list)
	if err != nil {
		tb.Fatal(err)
	}
	return b, len(b)
}

// BenchmarkCheckList64: the checker on a 64-tool list of large real
// schemas. Issue 29 asks for at most 10 ms of CPU.
func BenchmarkCheckList64(b *testing.B) {
	data, size := largestList(b)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CheckList(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarkupRun: a description that is one long run of emphasis
// marks costs what as many letters do (attack pass 37d: each byte of the
// run measured the rest of it again, 26.5 s for 320 KB of "_"). Compare
// the sub-benchmarks side by side.
func BenchmarkMarkupRun(b *testing.B) {
	const n = 256 << 10
	for _, c := range []struct{ name, text string }{
		{"letters", strings.Repeat("a", n)},
		{"underscores", strings.Repeat("_", n)},
		{"stars after a word", "a " + strings.Repeat("*", n)},
		{"underscores past ASCII", "é " + strings.Repeat("_", n)},
		{"link openings", strings.Repeat("[a](x", n/5)},
		{"entities", strings.Repeat("&#73;", n/5)},
		{"named entities", strings.Repeat("&nbsp;", n/6)},
		{"unclosed tags", strings.Repeat("<p ", n/3)},
		{"tags", strings.Repeat("<p>a", n/4)},
		{"long attribute", "<span title=" + strings.Repeat("x", n)},
		{"identifiers", strings.Repeat("ignoreAll_", n/10)},
		{"camel words", strings.Repeat("aB ", n/3)},
		{"wrapped lines", strings.Repeat("a\n", n/2)},
		// the shapes of pass 39t's patterns: each "Human:" turn, image,
		// query, command rule and variation selector is judged once
		{"human turns", strings.Repeat("Human: hi\n", n/10)},
		{"images", strings.Repeat("![a](https://x/?d=", n/18)},
		{"queries", strings.Repeat("https://x/?q= followed by ", n/26)},
		{"command rules", strings.Repeat("all commands must include ", n/26)},
		{"selectors", strings.Repeat("a\ufe00", n/4)},
		// pass 39c's: spread selectors, placeholder addresses, prefix,
		// recipient, concealment and conversation phrasings
		{"spread selectors", strings.Repeat("天\U000E0150", n/7)},
		{"placeholder addresses", strings.Repeat("https://x/A_", n/12)},
		{"prefix rules", strings.Repeat("prefix each call with ", n/22)},
		{"recipients", strings.Repeat("whenever you send a@b.c ", n/24)},
		{"concealment", strings.Repeat("say nothing about this ", n/23)},
		{"appends", strings.Repeat("append the summary to ", n/22)},
		{"so far", strings.Repeat("every message so far ", n/21)},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				CheckText("/description", c.text)
			}
		})
	}
}

// BenchmarkHostileMegabyte: 1 MiB descriptions of one unit repeated, the
// shapes attack pass 38b timed (1 MiB of "aB" cost 8.2 s of CPU).
func BenchmarkHostileMegabyte(b *testing.B) {
	const n = 1 << 20
	for _, c := range []struct{ name, unit string }{
		{"camel", "aB"},
		{"camel words", "aB "},
		{"snake", "a_"},
		{"ssh reads", "read ~/.ssh/"},
		{"negated ssh reads", "never read ~/.ssh/ "},
		{"brackets", "[ab"},
		{"hyphenated lines", "a-\nb"},
		{"overrides", "ignore all "},
		{"you are now", "you are now "},
		{"letters", "a"},
	} {
		text := strings.Repeat(c.unit, n/len(c.unit))
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				CheckText("/description", text)
			}
		})
	}
}

// repeatedUnit is one unit of hostile text a benchmark repeats.
type repeatedUnit struct{ name, unit string }

// benchRepeated checks each unit repeated to each size in bytes, a
// sub-benchmark "NAME/SIZEKiB" each: one throughput at every size is a
// cost linear in the text.
func benchRepeated(b *testing.B, sizes []int, units []repeatedUnit) {
	for _, c := range units {
		for _, n := range sizes {
			text := strings.Repeat(c.unit, n/len(c.unit))
			b.Run(c.name+"/"+strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					CheckText("/description", text)
				}
			})
		}
	}
}

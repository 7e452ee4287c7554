package probe_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// judgeShape is a result and a tool's outputSchema whose judging costs
// what the module chose: structuredContent validated at work near
// offlineschema.MaxWork, or an answer of about stdout's 1 MiB.
type judgeShape struct {
	name   string
	schema string
	// inst builds structuredContent of size n; nil for a result of
	// result(n) bytes with no schema.
	inst   func(n int) string
	result func(n int) string
}

func manyPaths(leaf, draft string) string {
	refs := func(def string, n int) string {
		return `{"anyOf":[` + strings.TrimSuffix(strings.Repeat(`{"$ref":"#/$defs/`+def+`"},`, n), ",") + `]}`
	}
	head := `{`
	if draft != "" {
		head = `{"$schema":"` + draft + `",`
	}
	return head + `"$defs":{"u":` + leaf + `,"b":` + refs("u", 210) + `},"type":"object","properties":{"r":` + refs("b", 210) + `}}`
}

func joinN(n int, f func(i int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = f(i)
	}
	return strings.Join(parts, ",")
}

func patternSchema(alts int) string {
	var alt []string
	for i := range alts {
		alt = append(alt, "[a"+string(rune('b'+i%24))+string(rune('B'+i/24))+"]{1000}x")
	}
	return `{"type":"object","properties":{"s":{"type":"string","pattern":"(?:` + strings.Join(alt, "|") + `)"}}}`
}

var judgeShapes = []judgeShape{
	{name: "pattern 1 alt", schema: patternSchema(1), inst: func(n int) string { return `{"s":"` + strings.Repeat("a", n) + `"}` }},
	{name: "pattern 40 alts", schema: patternSchema(40), inst: func(n int) string { return `{"s":"` + strings.Repeat("a", n) + `"}` }},
	{name: "enum 1000 ints", schema: `{"type":"object","properties":{"r":{"type":"array","items":{"enum":[` + joinN(1000, strconv.Itoa) + `]}}}}`,
		inst: func(n int) string { return `{"r":[` + joinN(n, func(int) string { return "999" }) + `]}` }},
	{name: "enum 300 objects", schema: `{"type":"object","properties":{"r":{"type":"array","items":{"enum":[` + joinN(300, func(i int) string { return `{"a":[1,2,3,` + strconv.Itoa(i) + `]}` }) + `]}}}}`,
		inst: func(n int) string { return `{"r":[` + joinN(n, func(int) string { return `{"a":[1,2,3,-1]}` }) + `]}` }},
	{name: "required 10000", schema: `{"type":"object","properties":{"r":{"type":"array","items":{"required":[` + joinN(10000, func(i int) string { return `"` + strconv.FormatInt(int64(i), 36) + `"` }) + `]}}}}`,
		inst: func(n int) string { return `{"r":[` + joinN(n, func(int) string { return "{}" }) + `]}` }},
	{name: "anyOf 200 failing", schema: `{"type":"object","properties":{"a":{"type":"array","items":{"anyOf":[` + joinN(200, func(i int) string { return fmt.Sprintf(`{"type":"string","minLength":%d}`, i+1) }) + `]}}}}`,
		inst: func(n int) string { return `{"a":[` + joinN(n, func(int) string { return "0" }) + `]}` }},
	{name: "paths uniqueItems", schema: manyPaths(`{"type":"array","uniqueItems":true}`, ""),
		inst: func(n int) string { return `{"r":[` + joinN(n, strconv.Itoa) + `]}` }},
	{name: "paths const", schema: manyPaths(`{"const":[`+joinN(50, strconv.Itoa)+`]}`, ""),
		inst: func(n int) string { return `{"r":[` + joinN(n, strconv.Itoa) + `]}` }},
	{name: "paths format regex", schema: manyPaths(`{"format":"regex"}`, "http://json-schema.org/draft-07/schema#"),
		inst: func(n int) string { return `{"r":"` + strings.Repeat("a", n) + `("}` }},
	{name: "paths format uri", schema: manyPaths(`{"format":"uri"}`, "http://json-schema.org/draft-07/schema#"),
		inst: func(n int) string { return `{"r":"http://a/` + strings.Repeat("a", n) + `"}` }},
	{name: "paths format email", schema: manyPaths(`{"format":"email"}`, "http://json-schema.org/draft-07/schema#"),
		inst: func(n int) string { return `{"r":"` + strings.Repeat("a", n) + `@x"}` }},
	{name: "paths minLength", schema: manyPaths(`{"minLength":2000000}`, ""),
		inst: func(n int) string { return `{"r":"` + strings.Repeat("é", n) + `"}` }},
	{name: "paths array walk", schema: manyPaths(`{"type":"array","items":{"type":"number"}}`, ""),
		inst: func(n int) string { return `{"r":[` + joinN(n, strconv.Itoa) + `]}` }},
	{name: "paths multipleOf", schema: manyPaths(`{"multipleOf":0.7}`, ""),
		inst: func(n int) string { return `{"r":1` + strings.Repeat("7", n) + `}` }},
	{name: "patternProperties", schema: `{"type":"object","patternProperties":{"` + strings.Repeat("(?:a|b)", 60) + `":{"type":"string"}}}`,
		inst: func(n int) string {
			return `{` + joinN(n, func(i int) string { return `"` + strings.Repeat("a", 200) + strconv.Itoa(i) + `":""` }) + `}`
		}},
	{name: "paths minLength ascii", schema: manyPaths(`{"minLength":2000000}`, ""),
		inst: func(n int) string { return `{"r":"` + strings.Repeat("a", n) + `"}` }},
	{name: "paths minLength 3-byte", schema: manyPaths(`{"minLength":2000000}`, ""),
		inst: func(n int) string { return `{"r":"` + strings.Repeat("あ", n) + `"}` }},
	{name: "paths maxLength 4-byte", schema: manyPaths(`{"maxLength":1}`, ""),
		inst: func(n int) string { return `{"r":"` + strings.Repeat("😀", n) + `"}` }},
	// The answer's bytes, no schema.
	{name: "bytes deep nests", result: func(n int) string {
		nest := strings.Repeat("[", 9000) + strings.Repeat("]", 9000)
		return `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":[` + joinN(n/18001, func(int) string { return nest }) + `]}}`
	}},
	{name: "bytes deep nests objects", result: func(n int) string {
		nest := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
		return `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":[` + joinN(n/30002, func(int) string { return nest }) + `]}}`
	}},
	{name: "bytes one text", result: func(n int) string {
		return `{"content":[{"type":"text","text":"` + strings.Repeat("a", n) + `"}]}`
	}},
	{name: "bytes empty text blocks", result: func(n int) string {
		return `{"content":[` + joinN(n/26, func(int) string { return `{"type":"text","text":""}` }) + `]}`
	}},
	{name: "bytes unknown blocks", result: func(n int) string {
		return `{"content":[` + joinN(n/13, func(int) string { return `{"type":"x"}` }) + `]}`
	}},
	{name: "bytes volume links", result: func(n int) string {
		return `{"content":[` + joinN(n/60, func(i int) string {
			return `{"type":"resource_link","uri":"volume:///tmp/` + strconv.Itoa(i) + `","name":"a"}`
		}) + `]}`
	}},
	{name: "bytes image", result: func(n int) string {
		raw := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, n*3/4-16)...)
		return `{"content":[{"type":"image","mimeType":"image/png","data":"` + base64.StdEncoding.EncodeToString(raw) + `"}]}`
	}},
	{name: "bytes structured numbers", result: func(n int) string {
		s := `[` + joinN(n/8, func(int) string { return "1.0" }) + `]`
		t, _ := json.Marshal(strings.ReplaceAll(s, "1.0", "1"))
		return `{"content":[{"type":"text","text":` + string(t) + `}],"structuredContent":{"a":` + s + `}}`
	}},
	{name: "bytes structured long numbers", result: func(n int) string {
		num := "1." + strings.Repeat("0", 990)
		s := `[` + joinN(n/2/1000, func(int) string { return num + "e999" }) + `]`
		t, _ := json.Marshal(strings.ReplaceAll(s, num, "1"))
		return `{"content":[{"type":"text","text":` + string(t) + `}],"structuredContent":{"a":` + s + `}}`
	}},
	{name: "bytes deep nesting", result: func(n int) string {
		d := min(n/4, 9000)
		return `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":` + strings.Repeat("[", d) + strings.Repeat("]", d) + `}}`
	}},
}

// largest is the largest n whose structuredContent validates within
// offlineschema.MaxWork (and the answer within stdout's 1 MiB), and its
// work.
func (s judgeShape) largest(t testing.TB) (n, work int) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(s.schema))
	if err != nil {
		t.Fatal(err)
	}
	cost := offlineschema.Estimate(doc)
	fits := func(n int) (int, bool) {
		text := s.inst(n)
		if 2*len(text)+100 > abi.StdoutMaxBytes {
			return 0, false
		}
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		w, err := cost.CheckWork(v)
		return w, err == nil
	}
	lo, hi := 1, 1
	for {
		if _, ok := fits(hi); !ok {
			break
		}
		lo, hi = hi, hi*2
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if _, ok := fits(mid); ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	w, _ := fits(lo)
	return lo, w
}

// resultOf is the shape's answer at n.
func (s judgeShape) resultOf(n int) string {
	if s.result != nil {
		return s.result(n)
	}
	inst := s.inst(n)
	return `{"content":[{"type":"text","text":"x"}],"structuredContent":` + inst + `}`
}

// rusageCPU is this process's CPU time, user and system, every thread.
func rusageCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkJudgeCost measures the constants of the judging's charge
// (SchemaWorkCharge, AnswerKiBCharge, DepthCharge): the process's CPU time of judging
// each shape's answer (resultcheck.JudgeWork, a collection of what it
// left included), a step of its outputSchema's work and a MiB of it, and
// of the host's parsing of its line (host.ParseMessage), against what the
// budget charges it (judge/charge, at most 1 where the charge holds):
//
//	go test ./internal/probe/ -run '^$' -bench JudgeCost -benchtime 3x
func BenchmarkJudgeCost(b *testing.B) {
	vol := b.TempDir()
	for _, s := range judgeShapes {
		b.Run(strings.ReplaceAll(s.name, " ", "_"), func(b *testing.B) {
			n := abi.StdoutMaxBytes - 200
			if s.inst != nil {
				n, _ = s.largest(b)
			}
			res := s.resultOf(n)
			line := []byte(`{"jsonrpc":"2.0","id":"a","result":` + res + `}`)
			if s.schema != "" {
				resultcheck.JudgeWork(json.RawMessage(`{"content":[],"structuredContent":{}}`), json.RawMessage(s.schema), "", false) // compiled once, as the probes do
			}
			var judged, parsed time.Duration
			var work resultcheck.Work
			for range b.N {
				runtime.GC()
				before := rusageCPU(b)
				_, work = resultcheck.JudgeWork(json.RawMessage(res), json.RawMessage(s.schema), vol, false)
				runtime.GC()
				mid := rusageCPU(b)
				host.ParseMessage(line)
				runtime.GC()
				judged, parsed = judged+mid-before, parsed+rusageCPU(b)-mid
			}
			judged, parsed = judged/time.Duration(b.N), parsed/time.Duration(b.N)
			charge := probe.JudgeCharge(&host.Record{StdoutBytes: int64(len(line) + 1)}, json.RawMessage(res), work)
			if work.Schema > 0 {
				b.ReportMetric(float64(judged)/float64(work.Schema), "cpu-ns/step")
			}
			b.ReportMetric(float64(judged+parsed)/1e6*float64(1<<20)/float64(len(line)), "cpu-ms/MiB")
			if charge > 0 { // a small answer is RunCharge's; the collections measured hold the schemas compiled so far
				b.ReportMetric(float64(judged+parsed)/float64(charge), "judge/charge")
			}
			b.Logf("%s: %d bytes, work %d: judged in %v, the line parsed in %v; charged %v", s.name, len(line), work, judged, parsed, charge)
		})
	}
}

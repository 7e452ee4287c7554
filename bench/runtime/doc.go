// Package runtimebench measures what the subako runtime costs a package.
// It compares three wasip1 modules that answer the same tools/call:
//
//   - examples/hello, built on the runtime;
//   - baseline, the same package written with encoding/json and a
//     hand-written serve loop, as an author would without the SDK (it gives
//     the same answers: see TestSameAnswers);
//   - floor, a program that only reads stdin and writes hello's answer, the
//     least any Go module pays in size and start-up.
//
// BenchmarkHello reports their sizes (default build and -ldflags='-s -w')
// and the median and 90th percentile of a cold call, a fresh instance per
// call as Subako runs them, with hello's over the baseline's as cold-ratio:
//
//	go test ./bench/runtime -run '^$' -bench Hello
//	go test ./bench/runtime -run '^$' -bench Hello -benchtime 300x -count 6 >hello.txt; benchstat hello.txt
//
// BenchmarkToolCount compares a cold call of the same tool in generated
// packages of 1 and 64 tools (tools1, tools64, written by gentools; the
// 64 tools' list is 252 KiB): a call should not pay for the tool list.
//
//	go test ./bench/runtime -run '^$' -bench ToolCount
//
// Each module is built for wasip1 once and kept in the user cache directory
// under a hash of its sources (dependencies outside the standard library
// included), go.mod, its flags and the Go version; wazero's compilation is
// cached there too.
package runtimebench

// Package throttled holds the tests that lint held to 3% of a core in a
// cgroup: TestThrottledVerdicts (the examples and the probe subjects, with
// the default probes) and TestThrottledSearchVerdicts (search subjects,
// with --probes=deep); each requires exactly the verdicts of an
// unthrottled run (see docs/time-model.md). It has a package of its own so
// that its minutes run beside the other packages' tests and not inside
// cmd/subakogo's.
package throttled

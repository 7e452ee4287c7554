// Package throttled holds one test, TestThrottledVerdicts: lint's verdicts
// on the examples and the probe subjects, each lint held to 3% of a core
// in a cgroup, are exactly those of an unthrottled run (see
// docs/time-model.md). It has a package of its own so that its minute runs
// beside the other packages' tests and not inside cmd/subakogo's.
package throttled

// Package cputime reads CPU time: one OS thread's, from any thread, and
// the process's. The host judges a module by the CPU time of the thread
// that runs it, and the probes keep to a budget of the process's CPU time,
// so that a verdict does not depend on how busy the machine is.
package cputime

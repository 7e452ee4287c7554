// Package cputime reads CPU time: one OS thread's, from any thread, and
// the process's. The host judges a module by the CPU time of the thread
// that runs it, limits an in-process compilation by the compiling
// thread's, and the probes count their own thread's in their budget, so
// that a verdict depends neither on how busy the machine is nor on what
// else the process does.
package cputime

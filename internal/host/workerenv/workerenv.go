// Package workerenv names the variable that marks the host's compile
// worker: the one fact that internal/host, which starts workers and runs
// as one (host.WorkerMain), shares with internal/roles, which must tell a
// worker from a supervisor before anything heavy initialises. It imports
// nothing, so either may import it.
package workerenv

// Job marks a compile worker and holds its job (JSON).
const Job = "SUBAKO_HOST_COMPILE_WORKER"

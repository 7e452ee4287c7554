// Package e2e holds nothing but the end-to-end tests of subakogo, run on
// the built binary (cmd/subakogo/internal/clitest), in two test packages
// of their own so that each finishes within go test's default 10 minutes
// on a busy machine: pkgs, the commands that build Go packages (check,
// pack, serve on a package, the author's path, diff against a package,
// vet), and modules, the commands run on modules (call, lint with its
// probes on the subjects of every language, serve's answers). The quick
// tests stay in package main.
package e2e

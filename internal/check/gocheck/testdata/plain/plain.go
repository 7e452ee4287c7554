// Package plain is Go with no handler: the analyzers have nothing to say.
package plain

// Double doubles n.
func Double(n int) int { return 2 * n }

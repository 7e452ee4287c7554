//go:build !wasip1

package subako

// mountHint is wasip1's: elsewhere every path can be opened.
func mountHint(error) string { return "" }

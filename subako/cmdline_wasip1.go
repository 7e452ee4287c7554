//go:build wasip1

package subako

// handleArgs does nothing in the module: Subako starts it with one argv
// entry, and the manifest is a native build's job.
func handleArgs(*Package) {}

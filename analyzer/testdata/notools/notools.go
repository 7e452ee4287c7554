// Notools has a package directive and no tools.
// want +2 `A004 tool-count: the package has no tools: mark a handler with //subako:function`
//
//subako:package notools
package notools

// Helper is not a tool.
func Helper() {}

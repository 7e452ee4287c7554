package serve

// helperMain runs the test binary as a serve process for the npm clients;
// it reports whether it did.
func helperMain() bool { return false }

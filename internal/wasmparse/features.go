package wasmparse

// Feature is a WebAssembly proposal beyond 2.0 that a module may use.
type Feature uint8

// The post-2.0 features the reader recognises. Their slugs are the stable
// names the linter reports.
const (
	_ Feature = iota
	FeatThreads
	FeatExceptionHandling
	FeatExceptionHandlingLegacy
	FeatTailCall
	FeatMemory64
	FeatMultiMemory
	FeatRelaxedSIMD
	FeatGC
	FeatFunctionReferences
	FeatExtendedConst
	FeatWideArithmetic
	FeatCustomPageSizes
	FeatStackSwitching
	numFeatures

	// featEHShared counts what both exception-handling proposals use (the
	// tag section, tag imports, throw); resolveEH credits it to one of them.
	featEHShared = numFeatures
)

var featureSlugs = [numFeatures]string{
	FeatThreads:                 "threads",
	FeatExceptionHandling:       "exception-handling",
	FeatExceptionHandlingLegacy: "exception-handling-legacy",
	FeatTailCall:                "tail-call",
	FeatMemory64:                "memory64",
	FeatMultiMemory:             "multi-memory",
	FeatRelaxedSIMD:             "relaxed-simd",
	FeatGC:                      "gc",
	FeatFunctionReferences:      "function-references",
	FeatExtendedConst:           "extended-const",
	FeatWideArithmetic:          "wide-arithmetic",
	FeatCustomPageSizes:         "custom-page-sizes",
	FeatStackSwitching:          "stack-switching",
}

var featureTitles = [numFeatures]string{
	FeatThreads:                 "threads (shared memory and atomics)",
	FeatExceptionHandling:       "exception handling (exnref, try_table)",
	FeatExceptionHandlingLegacy: "legacy exception handling (try, catch, delegate)",
	FeatTailCall:                "tail calls",
	FeatMemory64:                "64-bit memories and tables",
	FeatMultiMemory:             "multiple memories",
	FeatRelaxedSIMD:             "relaxed SIMD",
	FeatGC:                      "garbage collection (GC types and instructions)",
	FeatFunctionReferences:      "typed function references",
	FeatExtendedConst:           "extended constant expressions",
	FeatWideArithmetic:          "wide arithmetic",
	FeatCustomPageSizes:         "custom page sizes",
	FeatStackSwitching:          "stack switching",
}

// Slug is the feature's stable name, e.g. "tail-call".
func (f Feature) Slug() string {
	if f < numFeatures {
		return featureSlugs[f]
	}
	return ""
}

// Title describes the feature for people.
func (f Feature) Title() string {
	if f < numFeatures {
		return featureTitles[f]
	}
	return ""
}

// AllFeatures lists every feature in a stable order.
func AllFeatures() []Feature {
	fs := make([]Feature, 0, numFeatures-1)
	for f := Feature(1); f < numFeatures; f++ {
		fs = append(fs, f)
	}
	return fs
}

// FeatureUse records where a feature is first used and how often.
type FeatureUse struct {
	Count  int
	Offset int   // first use
	Func   int64 // function index of the first use, -1 outside code
}

func (m *Module) use(f Feature, offset int, fn int64) {
	var u *FeatureUse
	if f == featEHShared {
		u = &m.ehShared
	} else {
		u = &m.Features[f]
	}
	if u.Count == 0 {
		u.Offset, u.Func = offset, fn
	}
	u.Count++
}

// resolveEH credits the tag section and throw to legacy exception handling
// when the module uses only the legacy instructions, else to exnref's.
func (m *Module) resolveEH() {
	s := m.ehShared
	if s.Count == 0 {
		return
	}
	f := FeatExceptionHandling
	if m.Features[FeatExceptionHandlingLegacy].Count > 0 && m.Features[FeatExceptionHandling].Count == 0 {
		f = FeatExceptionHandlingLegacy
	}
	u := &m.Features[f]
	if u.Count == 0 || s.Offset < u.Offset {
		u.Offset, u.Func = s.Offset, s.Func
	}
	u.Count += s.Count
}

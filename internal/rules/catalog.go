package rules

import "strings"

// Catalog lists every rule, by group (W, M, T, P, A, D) and ID. It is the one
// list: a rule declared in a catalog_*.go file and missing here is a test
// failure.
var Catalog = []*Rule{
	// The module (modulecheck).
	NotWasm, Component, UnknownVersion, Malformed, Invalid, FeatureNotAvailable,
	ImportModule, WASIUnknown, WASISignature, SubakoHTTPImport, ImportNotFunction,
	StartMissing, StartSignature, MemoryExport, Reactor,
	ToolchainGoJS, ToolchainEmscriptenJS, ToolchainTinyGoWasm, ToolchainNoWASI,
	HeavyCustomSection, ModuleSize, TooManyLocals, NestingTooDeep, BrTableTooLarge, FunctionTooLarge, ModuleLimit,
	NameSectionIgnored,
	NameSectionTooLarge,
	// The package directory (pkgcheck) and the manifest (manifestcheck).
	PackageModuleMissing, ManifestMissing, ManifestJSON, ManifestABI, ManifestField, ManifestUnknownField,
	ManifestMismatch, PackageFileNotRegular, PackageFileTooLarge, AssetsNotRegular, ManifestDuplicateKey,
	// The tool list and schemas (toolcheck).
	ToolCount, ToolName, ToolDescriptionMissing, ToolDescriptionLong,
	InputSchema, OutputSchema, SchemaSize, ToolsSize, SchemaRemoteRef, SchemaInvalid,
	SchemaRootComposition, SchemaRef, SchemaConditional, SchemaOpenObject, SchemaUntypedProperty,
	SchemaDeep, SchemaLargeEnum, ToolAnnotations, ParamHeaderInvalid, ParamHeaderSecret, SchemaValues,
	// The text a model reads in the tool list (toolcheck, with internal/tooltext).
	TextInvisible, TextControl, TextCodePoint, TextMixedScript, TextModelMarkup, TextOverride, TextConceal,
	TextPreempt, TextComment, TextEncoded, TextSecretRequest, TextSecretMention, TextShadowing, TextOtherTool, TextCommand, TextDuplicateKey,
	// The protocol (protocolcheck) and the example calls (callcheck).
	ProtocolNotMessage, ProtocolUnknownID, ProtocolRPCError, ProtocolResultType, ProtocolRequest,
	ProtocolDiscover, ProtocolPaging, ProtocolNoAnswer, ProtocolExit, ProtocolNoExit, ProtocolTrap,
	ProtocolTimeout, ProtocolStdoutLimit, ExampleCall,
	// The call probes (probe).
	ProbeValidCall, ProbeInvalidArgs, ProbeInvalidAccepted, ProbeOutputSchema, ProbeTextContent,
	ProbeWaitsForEOF, ProbePause, ProbeNotificationAnswered, ProbeIDEcho, ProbeSlowExit,
	ProbeStdoutExtra, ProbeArgsUngenerable, ProbeBudget, ProbeImage, ProbeLinkMissing, ProbeLeftOut,
	ProbePanic, ProbeAllErrors, ProbeResultFault, ProbeResultNumber,
	// Go source (the analyzers).
	GoHandlerShape, GoToolName, GoToolNameDuplicate, GoToolCount, GoDescriptionMissing,
	GoDescriptionTooLong, GoFieldJSONTag, GoTypeUnsupported, GoMarkerUnknown, GoMarkerMisplaced,
	GoMarkerValue, GoMarkerNotDirective, GoSchemaTooLarge, GoStdoutWrite, GoExitInHandler,
	GoNetHTTP, GoGeneratedStale, GoPackageDirective, GoIgnore, GoSchemaPortability,
	GoHintContradicted, GoHintSuggested, GoTimeZoneData,
	GoFieldUnexported, GoJSONNameDuplicate, GoIgnoreUnused, GoStdoutRedirected, GoPathOutsideMounts,
	GoTextInvisible, GoTextConfusable, GoTextToModel, GoTextSecrets, GoTextShadowing,
	GoOSExec, GoStructTagMalformed, GoTextMention, GoFetchURL, GoFetchCredential, GoFetchCredentialLike,
	// Two versions of a tool list compared (tooldiff).
	DiffToolRemoved, DiffArgumentRequired, DiffArgumentRemoved, DiffArgumentType, DiffEnumNarrowed,
	DiffBoundTightened, DiffArgumentsClosed, DiffBranchRemoved, DiffResultMemberRemoved, DiffResultType,
	DiffOutputSchemaRemoved, DiffTextPoisoned, DiffValueRefused, DiffInputSchemaMissing, DiffToolListMalformed,
	DiffResultWidened, DiffHintRiskier, DiffTextSuspect, DiffUnproven, DiffHeaderAdded, DiffHeaderSecret,
	DiffToolAdded, DiffArgumentAdded, DiffArgumentOptional, DiffArgumentTypeWidened, DiffEnumWidened,
	DiffBoundRelaxed, DiffArgumentsOpened, DiffBranchAdded, DiffResultMemberAdded, DiffResultNarrowed,
	DiffOutputSchemaAdded, DiffHintSafer, DiffAcceptsMore, DiffInputSchemaFixed,
	DiffDescription, DiffTitle, DiffUnjudged,
}

// Lookup finds a rule by ID (case-insensitive) or slug.
func Lookup(idOrSlug string) (*Rule, bool) {
	for _, r := range Catalog {
		if strings.EqualFold(r.ID, idOrSlug) || r.Slug == idOrSlug {
			return r, true
		}
	}
	return nil, false
}

// Part names the piece of subakogo that reports a rule: a check package,
// or one of the analyzers by its name.
type Part string

// The parts, each a package in this module (or an analyzer of package
// analyzer, by its Name).
const (
	ModuleCheck       Part = "modulecheck"
	PackageCheck      Part = "pkgcheck"
	ManifestCheck     Part = "manifestcheck"
	ToolCheck         Part = "toolcheck"
	ProtocolCheck     Part = "protocolcheck"
	CallCheck         Part = "callcheck"
	ProbeCheck        Part = "probe"
	ToolDiff          Part = "tooldiff"
	ModelAnalyzer     Part = "analyzer subako"
	RuntimeAnalyzer   Part = "analyzer subakoruntime"
	NetHTTPAnalyzer   Part = "analyzer subakonethttp"
	GeneratedAnalyzer Part = "analyzer subakogen"
	HintsAnalyzer     Part = "analyzer subakohints"
)

// ReportedBy lists the rules part reports, in catalog order.
func ReportedBy(part Part) []*Rule {
	var out []*Rule
	for _, r := range Catalog {
		if r.By == part {
			out = append(out, r)
		}
	}
	return out
}

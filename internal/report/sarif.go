package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/subako-ai/subako-go/internal/rules"
)

// sarifSchema is the official OASIS location of the SARIF 2.1.0 schema.
const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// The SARIF subset subakogo writes. Field order follows the specification's
// examples; optional members are omitted rather than written empty.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Artifacts   []sarifArtifact   `json:"artifacts"`
		Results     []sarifResult     `json:"results"`
	}
	// sarifInvocation says whether every file was judged: a file that
	// could not be read or was not judged has no results, and a viewer
	// that saw only results took the run for a clean one. Each such file
	// is a notification of level "error" that names it.
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name            string      `json:"name"`
		Version         string      `json:"version,omitempty"`
		SemanticVersion string      `json:"semanticVersion,omitempty"`
		InformationURI  string      `json:"informationUri"`
		Rules           []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		Name                 string       `json:"name"`
		ShortDescription     sarifMessage `json:"shortDescription"`
		FullDescription      sarifMessage `json:"fullDescription"`
		Help                 sarifMessage `json:"help"`
		DefaultConfiguration struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
		Properties struct {
			Tags []string `json:"tags"`
		} `json:"properties"`
	}
	sarifMessage struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifArtifact struct {
		Location sarifArtifactLocation `json:"location"`
		Length   int64                 `json:"length"` // -1: unknown, as SARIF defines
		MIMEType string                `json:"mimeType,omitempty"`
		Hashes   map[string]string     `json:"hashes,omitempty"`
		Roles    []string              `json:"roles"`
	}
	sarifArtifactLocation struct {
		URI   string `json:"uri"`
		Index *int   `json:"index,omitempty"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Properties          *sarifResultProps `json:"properties,omitempty"`
		// Suppressions mark a finding the package waived for itself, in
		// its own text ("inSource"): viewers list it apart.
		Suppressions []sarifSuppression `json:"suppressions,omitempty"`
	}
	sarifSuppression struct {
		Kind          string `json:"kind"`
		Justification string `json:"justification"`
	}
	sarifResultProps struct {
		Feature string `json:"feature"`
	}
	sarifLocation struct {
		PhysicalLocation struct {
			ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
			// Binary artifacts get byte regions only: SARIF forbids line
			// and column properties for them.
			Region *sarifRegion `json:"region,omitempty"`
		} `json:"physicalLocation"`
		LogicalLocations []sarifLogicalLocation `json:"logicalLocations,omitempty"`
	}
	// sarifRegion is a byte region for binary artifacts or a text region
	// (line and column) for text files such as a manifest.
	sarifRegion struct {
		ByteOffset  *int `json:"byteOffset,omitempty"`
		ByteLength  *int `json:"byteLength,omitempty"`
		StartLine   int  `json:"startLine,omitempty"`
		StartColumn int  `json:"startColumn,omitempty"`
	}
	sarifLogicalLocation struct {
		Name               string `json:"name"`
		FullyQualifiedName string `json:"fullyQualifiedName,omitempty"`
		Kind               string `json:"kind"`
	}
)

// writeSARIF writes one run. Every rule of opt.Rules is listed, so viewers
// can show rule help for rules that found nothing; a finding whose rule is
// missing from opt.Rules gets it appended, so ruleIndex is always valid.
// Files without findings still appear as artifacts: they were analysed.
func writeSARIF(b *bytes.Buffer, files []File, opt Options) error {
	run := sarifRun{Artifacts: make([]sarifArtifact, 0, len(files)), Results: []sarifResult{}}
	d := &run.Tool.Driver
	d.Name, d.InformationURI, d.Rules = opt.ToolName, "https://github.com/subako-ai/subako-go", []sarifRule{}
	if v := strings.TrimPrefix(opt.Version, "v"); semverRE().MatchString(v) {
		d.SemanticVersion = v
	} else {
		d.Version = opt.Version
	}
	ruleIndex := map[string]int{}
	addRule := func(r *rules.Rule) int {
		if i, ok := ruleIndex[r.ID]; ok {
			return i
		}
		ruleIndex[r.ID] = len(d.Rules)
		d.Rules = append(d.Rules, sarifRuleOf(r))
		return len(d.Rules) - 1
	}
	for _, r := range opt.Rules {
		addRule(r)
	}
	seen := map[string]int{} // fingerprint occurrences
	inv := sarifInvocation{ExecutionSuccessful: true}
	for i, f := range files {
		loc := sarifArtifactLocation{URI: artifactURI(f.Path), Index: &i}
		a := sarifArtifact{Location: sarifArtifactLocation{URI: loc.URI}, Length: f.Size, MIMEType: f.MIMEType, Roles: []string{"analysisTarget"}}
		if f.SHA256 != "" {
			a.Hashes = map[string]string{"sha-256": f.SHA256}
		}
		run.Artifacts = append(run.Artifacts, a)
		if f.Error != "" {
			n := sarifNotification{Level: "error", Message: sarifMessage{Text: plainMessage(unjudgedCause(f) + f.Error)}, Locations: make([]sarifLocation, 1)}
			n.Locations[0].PhysicalLocation.ArtifactLocation = loc
			inv.ExecutionSuccessful = false
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
		}
		for _, fd := range slices.Concat(f.Findings, f.Waived) {
			res := sarifResult{RuleID: fd.Rule.ID, RuleIndex: addRule(fd.Rule), Level: sarifLevel(fd.Severity()),
				Message: sarifMessage{Text: plainMessage(fd.Message)}, Locations: make([]sarifLocation, 1)}
			pl := &res.Locations[0].PhysicalLocation
			pl.ArtifactLocation = loc
			if fd.Line > 0 {
				pl.Region = &sarifRegion{StartLine: fd.Line, StartColumn: max(fd.Column, 1)}
			} else if fd.Offset >= 0 {
				pl.Region = &sarifRegion{ByteOffset: &fd.Offset, ByteLength: &fd.Length}
			}
			if fd.Function != "" {
				res.Locations[0].LogicalLocations = []sarifLogicalLocation{{Name: fd.Function, Kind: "function"}}
			}
			if fd.Tool != "" { // a tool is the function a package offers; the pointer names the member
				res.Locations[0].LogicalLocations = []sarifLogicalLocation{{Name: fd.Tool, FullyQualifiedName: fd.Tool + fd.Pointer, Kind: "function"}}
			}
			if fd.Feature != "" {
				res.Properties = &sarifResultProps{fd.Feature}
			}
			if fd.Waiver != "" {
				res.Suppressions = []sarifSuppression{{Kind: "inSource", Justification: fd.Waiver}}
			}
			fp := fingerprint(fd, f.Path)
			seen[fp]++
			res.PartialFingerprints = map[string]string{"primaryLocationLineHash": fp + ":" + strconv.Itoa(seen[fp])}
			run.Results = append(run.Results, res)
		}
	}
	run.Invocations = []sarifInvocation{inv}
	return encode(b, sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// plainMessage is a result's message as a SARIF plain-text message
// (2.1.0, 3.11.6): "[text](target)" there is an embedded link, so every
// literal bracket is escaped "\[", "\]", and a run of backslashes just
// before one is doubled, so that no viewer, whether it reads "\\" as one
// backslash or not, sees the bracket unescaped. subakogo's messages
// intend no link, and they quote what the package wrote (a description,
// a tool's name or schema text): a package's "[help](https://e.vil)"
// quoted in T040 was a link in subakogo's own finding (attack pass 44b,
// row 3).
//
// Braces are doubled, "{{" and "}}" (3.11.5): a viewer reads "{0}" as a
// placeholder for the message's arguments and decodes doubled braces, so
// a schema's "{\"type\":...}" quoted in a finding kept a single brace a
// viewer may drop or fill (attack pass 45d, by reading).
func plainMessage(s string) string {
	if !strings.ContainsAny(s, "[]{}") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	run := 0 // backslashes just written
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '[', ']':
			b.WriteString(strings.Repeat("\\", run)) // doubles the run
			b.WriteByte('\\')
		case '{', '}':
			b.WriteByte(c)
		}
		b.WriteByte(c)
		if c == '\\' {
			run++
		} else {
			run = 0
		}
	}
	return b.String()
}

func sarifRuleOf(r *rules.Rule) sarifRule {
	s := sarifRule{ID: r.ID, Name: pascal(r.Slug), ShortDescription: sarifMessage{Text: r.Title},
		FullDescription: sarifMessage{Text: firstParagraph(r.Why)}, Help: sarifMessage{Text: r.Doc(), Markdown: r.Markdown()}}
	s.DefaultConfiguration.Level = sarifLevel(r.Severity)
	// Tags let code-scanning users filter these alerts among other tools'.
	s.Properties.Tags = []string{"subako", "wasm"}
	return s
}

func sarifLevel(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "error"
	case rules.Warning:
		return "warning"
	}
	return "note"
}

// semverRE is the SemVer 2.0.0 grammar (semver.org's suggested expression);
// only such versions may go in semanticVersion.
var semverRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)
})

// pascal turns a slug into the PascalCase identifier SARIF suggests for
// rule names: "feature-not-available" -> "FeatureNotAvailable".
func pascal(slug string) string {
	var b strings.Builder
	for w := range strings.SplitSeq(slug, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// firstParagraph is the rule doc's first paragraph on one line, cut to the
// 1024 characters SARIF recommends for fullDescription.
func firstParagraph(doc string) string {
	p, _, _ := strings.Cut(strings.TrimSpace(doc), "\n\n")
	p = strings.Join(strings.Fields(p), " ")
	if r := []rune(p); len(r) > 1024 {
		p = string(r[:1023]) + "…"
	}
	return p
}

// artifactURI makes a valid URI reference from a command-line path: forward
// slashes, percent-escaped, relative paths kept relative (code scanning
// resolves them against the repository root), absolute ones as file URIs.
func artifactURI(p string) string {
	s := filepath.ToSlash(p)
	if !filepath.IsAbs(p) {
		return (&url.URL{Path: s}).String()
	}
	if !strings.HasPrefix(s, "/") { // a Windows drive letter
		s = "/" + s
	}
	return (&url.URL{Scheme: "file", Path: s}).String()
}

// numberRE matches the numbers in a message: offsets and counts move with
// every rebuild, the problem they describe does not.
var numberRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`0[xX][0-9a-fA-F]+|[0-9]+`) })

// fingerprint is a stable key for a finding, so code scanning keeps one
// alert open across rebuilds instead of closing it and opening another.
// It is supplied because a binary has no source lines for the uploader
// to hash. The caller appends the occurrence number, as GitHub does.
func fingerprint(fd rules.Finding, path string) string {
	h := sha256.Sum256([]byte(fd.Rule.ID + "|" + filepath.ToSlash(path) + "|" + fd.Function + "|" + numberRE().ReplaceAllString(fd.Message, "")))
	return hex.EncodeToString(h[:])
}

package abi_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
)

// testdata/abi-page.txt is the text of Subako's "Other languages (ABI)"
// page, the ABI's ground truth, as the project received it
// (/work/shared/spec/000_d3778f42b60d2252.txt in the development setup).

// TestConstantsMatchThePage checks each constant against the sentence of
// the ABI page that states it, written from the constant: a constant that
// drifts from the page, or a page that changes, fails here.
func TestConstantsMatchThePage(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/abi-page.txt")
	if err != nil {
		t.Fatal(err)
	}
	page := string(raw)
	secondsWord := map[time.Duration]string{time.Second: "one second"}
	for _, want := range []string{
		"on the stateless revision " + abi.ProtocolVersion,
		`"supportedVersions":["` + abi.ProtocolVersion + `"]`,
		"  1. " + abi.MethodDiscover + " — ",
		"  2. " + abi.MethodToolsList + " — ",
		"One " + abi.MethodToolsCall + " with the tool’s name",
		`"_meta":{"` + abi.MetaProtocolVersion + `":"` + abi.ProtocolVersion + `","` + abi.MetaClientInfo + `":{`,
		`"` + abi.MetaClientCapabilities + `":{}}`,
		fmt.Sprintf("up to %d pages", abi.PagesMax),
		fmt.Sprintf("with %d seconds to answer", abi.DiscoverTimeout/time.Second),
		"exit with status 0 — return from _start, or proc_exit(0) — within " + secondsWord[abi.ExitGrace],
		fmt.Sprintf("Tools %d to %d, with unique names", abi.ToolsMin, abi.ToolsMax),
		fmt.Sprintf("name 1 to %d characters: a–z, 0–9, _, -", abi.ToolNameMax),
		fmt.Sprintf("description Up to %d,%03d characters.", abi.DescriptionMax/1000, abi.DescriptionMax%1000),
		fmt.Sprintf(`"type": "object" at the top, up to %d KiB`, abi.SchemaMaxBytes>>10),
		fmt.Sprintf("outputSchema Optional, up to %d KiB.", abi.SchemaMaxBytes>>10),
		fmt.Sprintf("All tools together Up to %d KiB", abi.ToolListMaxBytes>>10),
		fmt.Sprintf("counted against stdout’s %d MiB", abi.StdoutMaxBytes>>20),
		fmt.Sprintf("with the last %d KiB of stderr", abi.StderrTailBytes>>10),
		fmt.Sprintf("past the call’s %d GiB write budget", abi.WriteBudgetBytes>>30),
		"module " + abi.HTTPModule + ", on i32 values",
		abi.HTTPRequestFunc + "(ptr, len) -> len Reads a JSON request",
		abi.HTTPReadResponseFunc + "(ptr, len) -> 0 Copies the held answer",
		fmt.Sprintf(`import_module("%s"), import_name("%s")`, abi.HTTPModule, abi.HTTPRequestFunc),
		fmt.Sprintf(`import_module("%s"), import_name("%s")`, abi.HTTPModule, abi.HTTPReadResponseFunc),
		fmt.Sprintf("%d, %s; %d, %s; %d, %s.",
			abi.HTTPOutOfRange, strings.ReplaceAll(abi.HTTPMisuse(abi.HTTPOutOfRange), "'", "’"),
			abi.HTTPNoAnswer, abi.HTTPMisuse(abi.HTTPNoAnswer),
			abi.HTTPWrongLength, strings.TrimSuffix(abi.HTTPMisuse(abi.HTTPWrongLength), " the answer's")),
		fmt.Sprintf("The request, up to %d MiB,", abi.HTTPRequestMaxBytes>>20),
		fmt.Sprintf("up to %d hops", abi.HTTPRedirectsMax),
		fmt.Sprintf("An inline body is at most %d KiB, and must be UTF-8 text", abi.HTTPInlineMaxBytes>>10),
		fmt.Sprintf("whose abi is %d.", abi.Version),
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the ABI page does not say %q", want)
		}
	}
	if _, ok := secondsWord[abi.ExitGrace]; !ok {
		t.Errorf("ExitGrace %v has no wording to look for", abi.ExitGrace)
	}

	m := regexp.MustCompile(`The error kinds are ([a-z_, ]+), and ([a-z_]+)\.`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the ABI page's list of error kinds is not found")
	}
	var kinds []string
	for _, k := range abi.HTTPErrorKinds() {
		kinds = append(kinds, string(k))
	}
	if page := append(strings.Split(m[1], ", "), m[2]); !slices.Equal(page, kinds) {
		t.Errorf("HTTPErrorKinds() = %v; the ABI page lists %v", kinds, page)
	}

	params, results := abi.HTTPFuncType()
	if !slices.Equal(params, []byte{abi.I32, abi.I32}) || !slices.Equal(results, []byte{abi.I32}) {
		t.Errorf("HTTPFuncType() = %x -> %x; the page has (ptr, len) -> i32 on i32 values", params, results)
	}
	if !slices.Equal(abi.HTTPFuncs(), []string{abi.HTTPRequestFunc, abi.HTTPReadResponseFunc}) {
		t.Errorf("HTTPFuncs() = %v", abi.HTTPFuncs())
	}
}

// The _meta keys are MCP's: each is a property in the revision's schema.
func TestMetaKeysInTheMCPSchema(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../internal/mcpschema/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{abi.MetaProtocolVersion, abi.MetaClientCapabilities, abi.MetaClientInfo, abi.MetaServerInfo} {
		if !strings.Contains(string(raw), `"`+key+`": {`) {
			t.Errorf("the MCP %s schema has no property %q", abi.ProtocolVersion, key)
		}
	}
}

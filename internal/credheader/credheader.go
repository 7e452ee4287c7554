// Package credheader says which request headers carry a credential, which
// a Subako function may not send (the ABI's credential_header): the host
// attaches the credentials the agent's grant stores, never the module. A
// module that could set them could send any secret it found to any
// allowed host. The local host (package subakohttp) refuses these names;
// the analyzer reports them in the source when they are constants.
package credheader

import (
	"slices"
	"strings"
)

// defined are the headers HTTP itself defines as carrying credentials
// (RFC 9110, section 11): refused by any host that keeps credentials in the
// grant.
var defined = []string{"authorization", "proxy-authorization"}

// named are the other headers this host refuses by name: cookies and the
// API keys and tokens of common services.
var named = []string{
	"cookie", "cookie2",
	"x-api-key", "api-key", "apikey", "x-apikey", "x-auth-token", "x-access-token",
	"x-amz-security-token", "x-goog-api-key", "private-token", "x-functions-key",
	"ocp-apim-subscription-key", "dpop",
}

// words refuse any name that contains one; prefixes any name that starts
// with one (AWS's request signing). The list errs on the side of
// refusing: a header the model needs and this refuses is a bug to report,
// a secret it lets through is worse.
var (
	words = []string{
		"api-key", "api_key", "apikey", "auth", "token", "secret", "password", "passwd", "credential",
		"signature", "session", "cookie", "bearer", "jwt",
	}
	prefixes = []string{"x-amz-"}
)

// Is reports whether a header, by its lowercase name, carries a
// credential.
func Is(name string) bool {
	if slices.Contains(defined, name) || slices.Contains(named, name) {
		return true
	}
	for _, p := range prefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	for _, w := range words {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// Defined reports whether a header, by its lowercase name, is one HTTP
// defines as carrying credentials (Authorization, Proxy-Authorization),
// which no Subako host can take from a module; the other names Is
// refuses are this host's judgement.
func Defined(name string) bool { return slices.Contains(defined, name) }

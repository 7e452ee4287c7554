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

// words refuse any name with one of them as a whole word, the words being
// separated by '-' or '_' (x-auth-token, x_session_id, x-hub-signature-256,
// and x-accesstoken, a word that ends in one): "X-Author" and "X-Tokenizer"
// carry none. pairs refuse a name with the two words one after the other
// (x-api-key, x_api_key). prefixes refuse any name that starts with one
// (AWS's request signing). The list errs on the side of refusing: a header
// the model needs and this refuses is a bug to report, a secret it lets
// through is worse.
var (
	words = []string{
		"apikey", "auth", "authorization", "authentication", "token", "secret", "password", "passwd",
		"credential", "credentials", "signature", "session", "cookie", "bearer", "jwt",
	}
	// suffixes are the words that still name a credential at the end of a
	// longer one (accesstoken, authtoken, clientsecret, xapikey).
	suffixes = []string{"apikey", "token", "secret", "password", "passwd", "credential", "signature"}
	pairs    = [][2]string{{"api", "key"}, {"access", "key"}, {"secret", "key"}, {"private", "key"}}
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
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' })
	for i, w := range parts {
		if slices.Contains(words, w) {
			return true
		}
		for _, s := range suffixes {
			if strings.HasSuffix(w, s) {
				return true
			}
		}
		if i > 0 && slices.Contains(pairs, [2]string{parts[i-1], w}) {
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

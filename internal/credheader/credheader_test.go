package credheader

import "testing"

func TestIs(t *testing.T) {
	for _, name := range []string{
		"authorization", "proxy-authorization", "cookie", "x-api-key", "x_api_key", "api-key", "x-auth-token",
		"x-access-token", "x-amz-security-token", "x-amz-date", "x-goog-api-key", "private-token",
		"ocp-apim-subscription-key", "x-my-secret", "x-client-password", "x-github-token", "x-service-credential",
		"dpop", "x-hub-signature-256", "x-session-id", "x-bearer", "x-jwt-assertion", "x-request-token-id",
		"x-csrf-token", "x-accesstoken", "x-authtoken", "x-authorization", "x-aws-secret-key", "auth",
	} {
		if !Is(name) {
			t.Errorf("Is(%q) = false, want true", name)
		}
	}
	// Words that only contain a credential word are none.
	for _, name := range []string{
		"x-author", "x-tokenizer", "accept", "x-request-id", "if-none-match", "x-api-version",
		"x-authority-zone", "x-sessions-count-hint", "x-keyboard", "content-type", "x-secretary",
	} {
		if Is(name) {
			t.Errorf("Is(%q) = true, want false", name)
		}
	}
}

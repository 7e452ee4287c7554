package report

import "testing"

// TestPlainMessageEscapesBrackets: a SARIF result's message.text has
// every bracket escaped, and a backslash run before one doubled, so that
// a package's own "\[" cannot turn the escape of the next bracket into a
// literal backslash and leave the bracket open (attack pass 44b, row 3:
// brackets went into message.text as written, an embedded link). Braces
// are doubled (SARIF 3.11.5), so a quoted "{0}" is no placeholder.
func TestPlainMessageEscapesBrackets(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`no brackets \ here`, `no brackets \ here`},
		{`[help](https://e.vil)`, `\[help\](https://e.vil)`},
		{`\[help](https://e.vil)`, `\\\[help\](https://e.vil)`},
		{`a\\]b`, `a\\\\\]b`},
		{`x[0] \n`, `x\[0\] \n`},
		// 3.11.5: braces doubled, so "{0}" is not a placeholder.
		{`want {"type":"object"} got {0}`, `want {{"type":"object"}} got {{0}}`},
	} {
		if got := plainMessage(c.in); got != c.want {
			t.Errorf("plainMessage(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

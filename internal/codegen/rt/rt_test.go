package rt

import (
	"encoding/json"
	"errors"
	"math"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// formatSchema compiles {"format": name} with formats asserted.
func formatSchema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem://f.json", map[string]any{"format": name}); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://f.json")
}

// The format checks agree with santhosh-tekuri/jsonschema on the strings
// below, except where the comment says why not.
func TestFormats(t *testing.T) {
	checks := map[string]func(string) bool{
		"date-time":             subakoIsDateTime,
		"date":                  subakoIsDate,
		"time":                  subakoIsTime,
		"duration":              subakoIsDuration,
		"email":                 subakoIsEmail,
		"hostname":              subakoIsHostname,
		"ipv4":                  subakoIsIPv4,
		"ipv6":                  subakoIsIPv6,
		"uri":                   func(s string) bool { return subakoIsURIRef(s, false) },
		"uri-reference":         func(s string) bool { return subakoIsURIRef(s, true) },
		"uuid":                  subakoIsUUID,
		"json-pointer":          subakoIsJSONPointer,
		"relative-json-pointer": subakoIsRelativeJSONPointer,
	}
	// Where the validator is laxer than the RFC, the generated code follows
	// the RFC: these are the strings the validator takes and it does not.
	stricter := map[string]bool{
		"ipv4 +1.2.3.4":            true, // strconv.Atoi takes a sign
		"time +1:00:00Z":           true,
		"email @example.com":       true, // an empty local part
		"uri http://x/a b":         true, // net/url takes a space in a path
		"uri http://x/é":           true, // an IRI, not a URI
		"uri http://x/{y}":         true,
		"uri-reference a b":        true,
		"uri-reference é":          true,
		"uri-reference http://x/|": true,
	}
	samples := map[string][]string{
		"date-time": {"2026-07-28T12:00:00Z", "2026-07-28t12:00:00z", "2026-07-28T12:00:00.123+05:30", "2026-07-28T23:59:60Z",
			"2026-07-28T12:00:00", "2026-07-28 12:00:00Z", "2026-02-30T00:00:00Z", "2026-07-28T12:00:00+24:00", "2026-07-28T12:00:00.Z", "x"},
		"date":     {"2026-07-28", "2024-02-29", "2026-02-29", "2026-7-28", "20260728", ""},
		"time":     {"12:00:00Z", "23:59:60Z", "22:59:60-01:00", "23:59:60+01:00", "12:00:00.123456789-11:59", "12:00:00", "24:00:00Z", "+1:00:00Z", "12:00:00+1:00"},
		"duration": {"P1D", "PT1H30M", "P1W", "P1Y2M3DT4H5M6S", "PT0S", "P", "PT", "P1H", "P1DT", "PT1H1H", "P1W1D", "P1M1Y", "P1.5D", "p1d"},
		"email": {"a@b.co", `"a b"@c.com`, `"a\"b"@c.com`, "x@[192.0.2.1]", "x@[IPv6:::1]", "x@[::1]", "@example.com", "a@", "a..b@c.com",
			".a@b.com", "a.@b.com", "a@b..com", "é@x.com", strings.Repeat("a", 65) + "@x.com", "a@" + strings.Repeat("b", 64) + ".com"},
		"hostname": {"example.com", "a", "x.", "a-b.c", "-a.com", "a-.com", "", ".", "a..b", "a_b", "é.com", strings.Repeat("a", 63), strings.Repeat("a", 64)},
		"ipv4":     {"192.0.2.1", "0.0.0.0", "255.255.255.255", "256.0.0.1", "01.2.3.4", "1.2.3", "1.2.3.4.", "+1.2.3.4", "1.2.3.04", "", "1..2.3"},
		"ipv6": {"::", "::1", "1::", "2001:db8::1", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "::ffff:192.0.2.1", "1:2:3:4:5:6:1.2.3.4",
			"1:2:3:4:5:6:7:1.2.3.4", "1::2::3", ":1", "1:", ":::", "12345::", "fe80::1%eth0", "::ffff:01.2.3.4", "g::", "1.2.3.4", "", "1:2:3:4:5:6:7:8:9"},
		"uri": {"https://example.com", "http://[::1]:8080/x?y#z", "mailto:a@b.c", "urn:isbn:1", "a:b", "http:", "http://x/%20", "http://x/%zz", "http://[v1.x]/",
			"/relative", "example.com", "://x", "1a:b", "http://x/a b", "http://x/é", "http://x/{y}", "http://[::1/x"},
		"uri-reference":         {"", "/a", "a/b?c#d", "//host", "#f", "a b", "é", "%zz", "a:b", "1a:b", `\x`, "http://x/|"},
		"uuid":                  {"123e4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "x"},
		"json-pointer":          {"", "/", "/a~0b~1c", "a", "/a~2", "/a~"},
		"relative-json-pointer": {"0", "1/a", "2#", "01", "-1", "", "1a"},
	}
	for name, strs := range samples {
		schema := formatSchema(t, name)
		for _, s := range strs {
			want := schema.Validate(s) == nil
			got := checks[name](s)
			excused := want && !got && stricter[name+" "+s]
			if got != want && !excused {
				t.Errorf("%s %q: generated check says %v, the validator %v", name, s, got, want)
			}
		}
	}
}

// The IPv6 check agrees with net/netip (without zones) on many strings.
func FuzzIPv6(f *testing.F) {
	for _, s := range []string{"::", "1::", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8", "1:2::3:4", "::1.2.3.4", "1::2::3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := netip.ParseAddr(s)
		want := err == nil && a.Zone() == "" && strings.Contains(s, ":")
		if got := subakoIsIPv6(s); got != want {
			t.Errorf("%q: %v, netip %v (%v)", s, got, want, err)
		}
	})
}

func TestIPv6(t *testing.T) {
	for _, s := range []string{"::", "1::", "::1", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8", "1:2::3:4", "::1.2.3.4", "1:2:3:4:5:6:7::",
		"1::2::3", "1:2:3:4:5:6:7:8:9", "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8::", "1.2.3.4", "::0.0.0.0", "0:0:0:0:0:0:0.0.0.0", "1:2:3:4:5:6:7:1.2.3.4"} {
		a, err := netip.ParseAddr(s)
		want := err == nil && a.Zone() == "" && strings.Contains(s, ":")
		if got := subakoIsIPv6(s); got != want {
			t.Errorf("%q: %v, netip %v (%v)", s, got, want, err)
		}
	}
}

// ISO durations read back what they were written from, and refuse what
// a time.Duration cannot hold.
func TestDurations(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"P1D", 24 * time.Hour, ""},
		{"PT1H30M", 90 * time.Minute, ""},
		{"P1W", 7 * 24 * time.Hour, ""},
		{"P2DT3H4M5S", 51*time.Hour + 4*time.Minute + 5*time.Second, ""},
		{"PT0S", 0, ""},
		{"P1M", 0, "years or months"},
		{"P1Y", 0, "years or months"},
		{"PT1M", time.Minute, ""},
		{"PT2562047H", 2562047 * time.Hour, ""},
		{"PT2562048H", 0, "longer than"},
		{"PT99999999999999999999S", 0, "longer than"},
		{"P106751D", 106751 * 24 * time.Hour, ""},
		{"P106752D", 0, "longer than"},
		{"P1H", 0, "ISO 8601"},
		{"PT", 0, "ISO 8601"},
		{"P", 0, "ISO 8601"},
		{"P1DT", 0, "ISO 8601"},
		{"PT1S1M", 0, "ISO 8601"},
	} {
		d, err := subakoParseDuration(c.in)
		switch {
		case c.err == "" && (err != nil || d != c.want):
			t.Errorf("%s: %v %v, want %v", c.in, d, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v %v, want an error saying %q", c.in, d, err, c.err)
		}
		if err == nil && !subakoIsDuration(c.in) {
			t.Errorf("%s: parses but does not check", c.in)
		}
	}
	for _, d := range []time.Duration{0, time.Second, 90 * time.Minute, 26*time.Hour + 3*time.Minute, 1500 * time.Millisecond, math.MaxInt64} {
		s, err := subakoFormatDuration(d)
		if err != nil || !subakoIsDuration(s) {
			t.Fatalf("%v: %q %v", d, s, err)
		}
		back, err := subakoParseDuration(s)
		if err != nil || back != d.Truncate(time.Second) {
			t.Errorf("%v -> %s -> %v %v", d, s, back, err)
		}
	}
	if _, err := subakoFormatDuration(-time.Second); err == nil {
		t.Error("a negative duration formats")
	}
}

// Date-times parse as time.Parse would, once checked; a leap second is
// refused with its own reason.
func TestDateTimes(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"2026-07-28T12:00:00Z", "2026-07-28T12:00:00Z", ""},
		{"2026-07-28t12:00:00.5z", "2026-07-28T12:00:00.5Z", ""},
		{"2026-07-28T12:00:00.123456789123-05:30", "2026-07-28T12:00:00.123456789-05:30", ""},
		{"2026-12-31T23:59:60Z", "", "leap second"},
		{"2026-07-28T12:00:00", "", "must be a date-time"},
	} {
		got, err := subakoParseDateTime(c.in)
		switch {
		case c.err == "" && (err != nil || got.Format(time.RFC3339Nano) != c.want):
			t.Errorf("%s: %v %v", c.in, got.Format(time.RFC3339Nano), err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error saying %q", c.in, err, c.err)
		}
	}
}

// multipleOf is exact on decimals.
func TestMultipleOf(t *testing.T) {
	for _, c := range []struct {
		num  string
		m    int64
		k    int
		want bool
	}{
		{"0.3", 1, 1, true},   // 0.1
		{"0.35", 1, 1, false}, // 0.1
		{"3.5e-1", 5, 2, true},
		{"1e300", 1, 1, true},
		{"-0.75", 25, 2, true},
		{"-0.7", 25, 2, false},
		{"10", 3, 0, false},
		{"1.2e1", 3, 0, true},
	} {
		f, _ := jsonwire.ParseFloat([]byte(c.num), 64)
		mf := float64(c.m) / math.Pow10(c.k)
		if got := subakoMultipleOf([]byte(c.num), c.m, c.k, f, mf); got != c.want {
			t.Errorf("%s multiple of %v: %v", c.num, mf, got)
		}
	}
}

// Paths name members as JSON would need them.
func TestPaths(t *testing.T) {
	for k, want := range map[string]string{"name": ".name", "a b": `["a b"]`, "": `[""]`, "1a": `["1a"]`, "_x9": "._x9", `q"`: `["q\""]`} {
		if got := subakoKey(k); got != want {
			t.Errorf("%q: %s, want %s", k, got, want)
		}
	}
	err := subakoAt(subakoAt(subakoErr("", "is wrong"), ".b"+subakoIndex(2)), ".a")
	if err.Error() != "arguments.a.b[2]: is wrong" {
		t.Errorf("%v", err)
	}
	if err := subakoAt(errors.New("offset 3: bad"), ".x"); err.Error() != "arguments.x: offset 3: bad" {
		t.Errorf("%v", err)
	}
	if err := subakoMissing([]string{"a", "b", "c"}); err.Error() != "arguments.a: is required (so are b, c)" {
		t.Errorf("%v", err)
	}
}

// Any value round-trips as encoding/json would read it into an interface.
func TestAny(t *testing.T) {
	in := `{"a":[1,2.5,"x",true,false,null,{"b":{}}],"c":"é"}`
	v, err := subakoAny(jsonwire.NewScanner([]byte(in)))
	if err != nil {
		t.Fatal(err)
	}
	var want any
	_ = json.Unmarshal([]byte(in), &want)
	got, _ := json.Marshal(v)
	wantb, _ := json.Marshal(want)
	if string(got) != string(wantb) {
		t.Errorf("%s, want %s", got, wantb)
	}
	e := &subakoEncoder{}
	subakoEncodeAny(e, v)
	if b, err := e.result(); err != nil || string(b) != `{"a":[1,2.5,"x",true,false,null,{"b":{}}],"c":"é"}` {
		t.Errorf("%s %v", b, err)
	}
	e = &subakoEncoder{}
	subakoEncodeAny(e, map[string]any{"x": []string{"a"}, "y": int8(-3), "z": json.RawMessage(`[1, 2]`), "w": time.Time{}})
	if b, err := e.result(); err != nil || string(b) != `{"w":"0001-01-01T00:00:00Z","x":["a"],"y":-3,"z":[1,2]}` {
		t.Errorf("%s %v", b, err)
	}
	e = &subakoEncoder{}
	subakoEncodeAny(e, struct{}{})
	if _, err := e.result(); err == nil {
		t.Error("a struct in an any: no error")
	}
	if _, err := subakoAny(jsonwire.NewScanner([]byte(`[1,`))); err == nil {
		t.Error("broken JSON: no error")
	}
}

// The scalar readers take their JSON type and say what they found
// instead.
func TestReaders(t *testing.T) {
	s := jsonwire.NewScanner([]byte(`["x", 1e2, -3, 2.5, true, false, {}, null, 7, 300]`))
	if err := subakoOpen(s, jsonwire.ArrayBegin); err != nil {
		t.Fatal(err)
	}
	if v, err := subakoString(s); v != "x" || err != nil {
		t.Errorf("string: %q %v", v, err)
	}
	if v, err := subakoUint(s, 8); v != 100 || err != nil {
		t.Errorf("uint: %d %v", v, err)
	}
	if v, err := subakoInt(s, 8); v != -3 || err != nil {
		t.Errorf("int: %d %v", v, err)
	}
	if v, err := subakoFloat(s, 32); v != 2.5 || err != nil {
		t.Errorf("float: %v %v", v, err)
	}
	if v, err := subakoBool(s); !v || err != nil {
		t.Errorf("bool: %v %v", v, err)
	}
	if v, err := subakoBool(s); v || err != nil {
		t.Errorf("bool: %v %v", v, err)
	}
	for _, c := range []struct {
		read func() error
		want string
	}{
		{func() error { _, err := subakoString(s); return err }, "arguments: must be a string, found an object"},
	} {
		if err := c.read(); err == nil || !strings.HasPrefix(subakoAt(err, "").Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
	for _, c := range []struct {
		json string
		read func(*jsonwire.Scanner) error
		want string
	}{
		{`null`, func(s *jsonwire.Scanner) error { _, err := subakoInt(s, 8); return err }, "must be an integer, found null"},
		{`300`, func(s *jsonwire.Scanner) error { _, err := subakoInt(s, 8); return err }, "300 is out of range for int8 (-128 to 127)"},
		{`-1`, func(s *jsonwire.Scanner) error { _, err := subakoUint(s, 8); return err }, "-1 is out of range for uint8 (0 to 255)"},
		{`"1"`, func(s *jsonwire.Scanner) error { _, err := subakoUint(s, 8); return err }, "must be an integer, found a string"},
		{`true`, func(s *jsonwire.Scanner) error { _, err := subakoFloat(s, 64); return err }, "must be a number, found true"},
		{`1`, func(s *jsonwire.Scanner) error { _, err := subakoBool(s); return err }, "must be a boolean, found a number"},
		{`[]`, func(s *jsonwire.Scanner) error { return subakoOpen(s, jsonwire.ObjectBegin) }, "must be an object, found an array"},
		{`{}`, func(s *jsonwire.Scanner) error { return subakoOpen(s, jsonwire.ArrayBegin) }, "must be an array, found an object"},
		{`"x`, func(s *jsonwire.Scanner) error { return subakoOpen(s, jsonwire.ArrayBegin) }, "offset 0: unterminated string"},
		{`1e999`, func(s *jsonwire.Scanner) error { _, err := subakoFloat(s, 64); return err }, "1e999 is out of range for float64"},
		// Past 64 bits, in the schema's words the decoder gives.
		{`1e30`, func(s *jsonwire.Scanner) error {
			_, err := subakoIntIn(s, "must be at least -3", "must be at most 100")
			return err
		}, "must be at most 100"},
		{`-1e30`, func(s *jsonwire.Scanner) error {
			_, err := subakoIntIn(s, "must be at least -3", "must be at most 100")
			return err
		}, "must be at least -3"},
		{`-1`, func(s *jsonwire.Scanner) error {
			_, err := subakoUintIn(s, "must be at least 0", "must be at most 255")
			return err
		}, "must be at least 0"},
		{`"1"`, func(s *jsonwire.Scanner) error {
			_, err := subakoUintIn(s, "must be at least 0", "must be at most 255")
			return err
		}, "must be an integer, found a string"},
	} {
		err := c.read(jsonwire.NewScanner([]byte(c.json)))
		if err == nil || subakoAt(err, ".x").Error() != "arguments.x: "+c.want {
			t.Errorf("%s: %v, want %q", c.json, err, c.want)
		}
	}
	if err := subakoUnknown("a b", "x, y"); err.Error() != `arguments["a b"]: is not a known member (known: x, y)` {
		t.Error(err)
	}
	if err := subakoUnknown("z", ""); err.Error() != "arguments.z: is not allowed: this object takes no members" {
		t.Error(err)
	}
	if err := subakoTwice("z"); err.Error() != "arguments.z: is given twice" {
		t.Error(err)
	}
}

// The generic helpers work on named types too.
func TestGeneric(t *testing.T) {
	type names []string
	var n names
	subakoEmpty(&n)
	if n == nil || len(n) != 0 {
		t.Errorf("empty: %#v", n)
	}
	*subakoGrow(&n) = "a"
	*subakoGrow(&n) = "b"
	if len(n) != 2 || n[1] != "b" {
		t.Errorf("grow: %v", n)
	}
	type scores map[string]float64
	var m scores
	subakoMakeMap(&m)
	x := subakoElem(m)
	x += 2
	m["a"] = x
	if m["a"] != 2 {
		t.Errorf("map: %v", m)
	}
	var p *int
	*subakoNew(&p) = 3
	if q := subakoNew(&p); q != p || *p != 3 {
		t.Errorf("new: %v", *p)
	}
	var tm time.Time
	if !subakoZero(&tm, false) || subakoZero(&n, true) != true || subakoZero(&n, false) {
		t.Error("zero: IsZero is not used, or the default is not")
	}
	if !subakoZeroValue([2]int{}) || subakoZeroValue([2]int{0, 1}) || !subakoZeroValue(netip.Addr{}) {
		t.Error("zero value")
	}
	if keys := subakoSortedKeys(map[string]int{"b": 1, "a": 2, "c": 3}); strings.Join(keys, ",") != "a,b,c" {
		t.Errorf("keys: %v", keys)
	}
}

// Times are written as RFC 3339 (or dates), and years RFC 3339 cannot
// write are an error.
func TestEncodeTime(t *testing.T) {
	e := &subakoEncoder{}
	e.BeginArray()
	subakoTime(e, time.Date(2026, 7, 28, 12, 0, 0, 1, time.FixedZone("", 3600)), false)
	subakoTime(e, time.Date(2026, 7, 28, 12, 0, 0, 1, time.UTC), true)
	e.EndArray()
	if b, err := e.result(); err != nil || string(b) != `["2026-07-28T12:00:00.000000001+01:00","2026-07-28"]` {
		t.Errorf("%s %v", b, err)
	}
	e = &subakoEncoder{}
	subakoTime(e, time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), false)
	if _, err := e.result(); err == nil {
		t.Error("year 10000: no error")
	}
	e = &subakoEncoder{}
	e.Float(math.NaN(), 64)
	if _, err := e.result(); err == nil {
		t.Error("NaN: no error")
	}
}

// subakoErrors keeps the errors in schema order (equal indices in the
// order noted), at most subakoErrorsMax of them and a count of the rest,
// flattens a nested object's errors, and puts them all below a path.
func TestErrors(t *testing.T) {
	var e subakoErrors
	if e.err() != nil {
		t.Fatal("no errors, an error")
	}
	e.note(3, subakoErr(".c", "is bad"))
	if got := e.err(); got == nil || got.Error() != "arguments.c: is bad" {
		t.Fatalf("one error: %v", got)
	}
	e.note(1, subakoErr(".a", "is bad"))
	var nested subakoErrors
	nested.note(0, subakoErr(".x", "is bad"))
	nested.note(1, subakoErr(".y", "is bad"))
	e.note(2, subakoAt(nested.err(), ".b"))
	e.note(9, errors.New("offset 7: unexpected end"))
	want := "arguments.a: is bad\narguments.b.x: is bad\narguments.b.y: is bad\narguments.c: is bad\narguments: offset 7: unexpected end"
	if got := e.err().Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for i := range 20 {
		e.note(5, subakoErr(".k"+string(rune('a'+i)), "is not a known member"))
	}
	got := strings.Split(subakoAt(e.err(), ".top").Error(), "\n")
	if len(got) != subakoErrorsMax+1 || got[0] != "arguments.top.a: is bad" || got[subakoErrorsMax] != "(and 15 more)" || got[4] != "arguments.top.ka: is not a known member" {
		t.Errorf("bounded:\n%s", strings.Join(got, "\n"))
	}
}

// subakoResync leaves the scanner after the value of the member whose
// decoding failed, wherever in that value it stopped.
func TestResync(t *testing.T) {
	for _, c := range []struct {
		name  string
		input string
		read  int // tokens of the value read before the failure
	}{
		{"value unread", `{"a":{"x":[1,2]},"b":1}`, 0},
		{"scalar read", `{"a":7,"b":1}`, 1},
		{"inside nested containers", `{"a":{"x":[1,2,{"y":3}]},"b":1}`, 4},
		{"after the value's end", `{"a":[1],"b":1}`, 3},
	} {
		s := jsonwire.NewScanner([]byte(c.input))
		if _, err := s.Next(); err != nil { // {
			t.Fatal(err)
		}
		depth := s.Depth()
		if _, err := s.Next(); err != nil { // "a"
			t.Fatal(err)
		}
		key := s.Offset()
		for range c.read {
			if _, err := s.Next(); err != nil {
				t.Fatal(err)
			}
		}
		if err := subakoResync(s, depth, key); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if k, err := s.Next(); err != nil || k != jsonwire.String || s.Text() != "b" {
			t.Errorf("%s: next is %v %q, %v; want the key b", c.name, k, s.Text(), err)
		}
	}
	s := jsonwire.NewScanner([]byte(`{"a":[1,}`))
	_, _ = s.Next()
	_, _ = s.Next()
	key := s.Offset()
	_, _ = s.Next()
	if err := subakoResync(s, 1, key); err == nil {
		t.Error("a syntax error in the rest of the value: no error")
	}
}

// Package jsonwire reads and writes JSON without reflection.
//
// A Subako module must stay small and start fast, and TinyGo cannot compile
// much of encoding/json, so neither the runtime nor the code subakogo
// generates may pull in reflect, fmt or encoding/json. This package is what
// they use instead: a pull Scanner that checks RFC 8259 syntax strictly and
// reports byte offsets, helpers that turn number text into Go numbers exactly,
// and append-style encoders with a small Writer on top.
//
// Its limits and leniencies, which the runtime documents for clients:
// objects and arrays nest at most MaxDepth (512) levels unless
// SetMaxDepth says otherwise, and strings that are not Unicode text
// (invalid UTF-8, a lone surrogate escape) decode to U+FFFD as in
// encoding/json unless RequireValidText refuses them. What it writes is
// always UTF-8 holding only Unicode text.
//
// Generated decoders walk a tool's arguments token by token with a Scanner;
// generated encoders build a result with a Writer.
package jsonwire

import (
	"strconv"
	"unicode/utf8"
)

// MaxDepth is how deeply objects and arrays may nest, unless SetMaxDepth
// says otherwise. Decoders that recurse per level (generated ones do, for
// recursive types) rely on it to bound their stack; tool arguments never
// need more.
const MaxDepth = 512

// Kind is the kind of a token.
type Kind uint8

// The token kinds. Invalid comes with an error; End means the top-level value
// and the whitespace after it were all consumed.
const (
	Invalid Kind = iota
	ObjectBegin
	ObjectEnd
	ArrayBegin
	ArrayEnd
	String
	Number
	True
	False
	Null
	End
)

var kindNames = [...]string{
	Invalid:     "invalid token",
	ObjectBegin: "object",
	ObjectEnd:   "end of object",
	ArrayBegin:  "array",
	ArrayEnd:    "end of array",
	String:      "string",
	Number:      "number",
	True:        "true",
	False:       "false",
	Null:        "null",
	End:         "end of input",
}

// String names the kind the way error messages use it: "string",
// "end of object", ...
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind " + strconv.Itoa(int(k))
}

// Error is a syntax error or an unexpected token, at a byte offset of the
// scanned input.
type Error struct {
	Offset int    // byte offset in the input where the problem is
	Msg    string // what is wrong, without the offset
}

func (e *Error) Error() string {
	return "offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// What the scanner expects next.
type state uint8

const (
	stValue     state = iota // a value: at the top, or after ':'
	stFirstElem              // after '[': a value or ']'
	stNextElem               // after an element: ',' or ']'
	stFirstKey               // after '{': a key or '}'
	stNextKey                // after a member: ',' or '}'
	stColon                  // after a key: ':' then a value
	stDone                   // after the top-level value: only whitespace
)

// Scanner reads the tokens of one JSON value held in memory.
//
// It refuses everything RFC 8259 refuses (trailing commas, leading zeros,
// unescaped control characters, bare words) and nesting deeper than its
// depth limit. Strings decode as encoding/json decodes them: invalid UTF-8
// and UTF-16 surrogate escapes without their other half become U+FFFD, one
// for each invalid byte and each lone escape, since JavaScript clients send
// lone surrogates (a string cut in the middle of an emoji) and JSON.parse,
// Python and encoding/json all accept them. It does not detect duplicate
// object keys: callers that care (generated decoders do) check the keys
// they see.
//
// The zero Scanner scans empty input; use NewScanner or Reset.
type Scanner struct {
	data    []byte
	pos     int      // next byte to read
	start   int      // offset of the last token
	state   state    // what comes next
	depth   int      // how many containers are open
	objects []uint64 // bit depth%64 of word depth/64: that level is an object
	limit   int      // deepest nesting allowed: 0 is MaxDepth, -1 none
	strict  bool     // refuse text that is not Unicode rather than replace it
	skipped int      // how deeply the value the last Skip returned nests
	str     []byte   // decoded text of the last string token
	num     []byte   // text of the last number token
	buf     []byte   // scratch space for strings with escapes
	err     error    // sticky: once set, Next returns it
}

// NewScanner returns a Scanner over data. The Scanner does not copy data, and
// data must not change while it is scanned.
func NewScanner(data []byte) *Scanner {
	s := new(Scanner)
	s.Reset(data)
	return s
}

// Reset makes s scan data from the start, keeping its buffers, its depth
// limit and RequireValidText.
func (s *Scanner) Reset(data []byte) {
	*s = Scanner{data: data, objects: s.objects[:0], limit: s.limit, strict: s.strict, buf: s.buf[:0]}
}

// RequireValidText makes s refuse strings that are not Unicode text,
// invalid UTF-8 and lone surrogate escapes, as strict parsers such as
// Rust's serde_json do, instead of decoding them to U+FFFD. A host that
// stands in for a strict one uses it on what a module sends.
func (s *Scanner) RequireValidText() { s.strict = true }

// SetMaxDepth sets how deeply objects and arrays may nest, in place of
// MaxDepth; n <= 0 removes the limit. Without one the Scanner still uses
// no more than one bit of memory per level, a sixty-fourth of the input at
// worst, so a caller that only validates or skips values (a JSON-RPC
// envelope around arguments of any depth) can go as deep as its input.
func (s *Scanner) SetMaxDepth(n int) {
	s.limit = n
	if n <= 0 {
		s.limit = -1
	}
}

// Offset is the byte offset at which the last token began, for callers that
// report their own errors about it (a wrong type, a value out of range).
func (s *Scanner) Offset() int { return s.start }

// Depth is the number of objects and arrays open at this point.
func (s *Scanner) Depth() int { return s.depth }

// SkippedDepth is how deeply the value the last Skip returned nests: 0 for
// a string, number or literal, 1 for [] or {"a":1}, 2 for [[]], and so on.
// A caller that skips a value to hand it on can check it against the depth
// its consumer accepts.
func (s *Scanner) SkippedDepth() int { return s.skipped }

// Str returns the unescaped text of the last String token. The slice may
// alias the input or a buffer the next call reuses: copy it to keep it.
func (s *Scanner) Str() []byte { return s.str }

// Text returns the unescaped text of the last String token as a new string.
func (s *Scanner) Text() string { return string(s.str) }

// Num returns the text of the last Number token exactly as written, for
// ParseInt, ParseUint and ParseFloat. The slice aliases the input.
func (s *Scanner) Num() []byte { return s.num }

// Next reads the next token. Inside an object, keys and values alternate and
// a key is returned as a String. After the top-level value Next returns End,
// once it has checked that only whitespace follows. An error is sticky.
func (s *Scanner) Next() (Kind, error) {
	if s.err != nil {
		return Invalid, s.err
	}
	s.skipSpace()
	switch s.state {
	case stValue:
		return s.value()
	case stFirstElem, stNextElem:
		if s.pos < len(s.data) && s.data[s.pos] == ']' {
			return s.close(ArrayEnd)
		}
		if s.state == stNextElem {
			if s.pos >= len(s.data) || s.data[s.pos] != ',' {
				return s.unexpected("',' or ']' after an array element")
			}
			s.pos++
			s.skipSpace()
			if s.pos < len(s.data) && s.data[s.pos] == ']' {
				return s.fail(s.pos, "trailing comma before ']'")
			}
		}
		return s.value()
	case stFirstKey, stNextKey:
		if s.pos < len(s.data) && s.data[s.pos] == '}' {
			return s.close(ObjectEnd)
		}
		if s.state == stNextKey {
			if s.pos >= len(s.data) || s.data[s.pos] != ',' {
				return s.unexpected("',' or '}' after an object member")
			}
			s.pos++
			s.skipSpace()
			if s.pos < len(s.data) && s.data[s.pos] == '}' {
				return s.fail(s.pos, "trailing comma before '}'")
			}
		}
		if s.pos >= len(s.data) || s.data[s.pos] != '"' {
			return s.unexpected("a string key")
		}
		s.state = stColon
		return s.scanString()
	case stColon:
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			return s.unexpected("':' after an object key")
		}
		s.pos++
		s.skipSpace()
		return s.value()
	default: // stDone
		if s.pos < len(s.data) {
			return s.unexpected("the end of input after the value")
		}
		s.start = s.pos
		return End, nil
	}
}

// PeekKind tells what kind of token Next would return, judging by its first
// byte, without consuming anything. It lets a decoder loop "until ']'" or
// branch on null. It returns Invalid where Next would fail, and Next still
// validates the whole token.
func (s *Scanner) PeekKind() Kind {
	if s.err != nil {
		return Invalid
	}
	i := s.spaceFrom(s.pos)
	at := func(i int) byte {
		if i < len(s.data) {
			return s.data[i]
		}
		return 0
	}
	switch s.state {
	case stDone:
		if i < len(s.data) {
			return Invalid
		}
		return End
	case stFirstElem, stNextElem:
		if at(i) == ']' {
			return ArrayEnd
		}
		if s.state == stNextElem {
			if at(i) != ',' {
				return Invalid
			}
			i = s.spaceFrom(i + 1)
		}
	case stFirstKey, stNextKey:
		if at(i) == '}' {
			return ObjectEnd
		}
		if s.state == stNextKey {
			if at(i) != ',' {
				return Invalid
			}
			i = s.spaceFrom(i + 1)
		}
		if at(i) == '"' {
			return String
		}
		return Invalid
	case stColon:
		if at(i) != ':' {
			return Invalid
		}
		i = s.spaceFrom(i + 1)
	}
	switch c := at(i); {
	case c == '{':
		return ObjectBegin
	case c == '[':
		return ArrayBegin
	case c == '"':
		return String
	case c == 't':
		return True
	case c == 'f':
		return False
	case c == 'n':
		return Null
	case c == '-' || '0' <= c && c <= '9':
		return Number
	}
	return Invalid
}

// Skip consumes the next value whole, however deeply it nests, and returns
// its text as written (a slice of the input). Call it after reading a key to
// pass over that member's value, or to keep the value as raw JSON.
func (s *Scanner) Skip() ([]byte, error) {
	k, err := s.Next()
	if err != nil {
		return nil, err
	}
	start := s.start
	s.skipped = 0
	switch k {
	case ObjectBegin, ArrayBegin:
		depth, deepest := s.depth, s.depth
		for s.depth >= depth {
			if _, err := s.Next(); err != nil {
				return nil, err
			}
			deepest = max(deepest, s.depth)
		}
		s.skipped = deepest - depth + 1
	case ObjectEnd, ArrayEnd, End:
		return nil, s.Mismatch("a value", k)
	}
	return s.data[start:s.pos], nil
}

// Members reads an object and calls fn with each member's key, leaving
// the scanner before that member's value, which fn must consume.
func (s *Scanner) Members(fn func(key string) error) error {
	if err := s.Expect(ObjectBegin); err != nil {
		return err
	}
	for {
		k, err := s.Next()
		if err != nil {
			return err
		}
		if k == ObjectEnd {
			return nil
		}
		if err := fn(s.Text()); err != nil {
			return err
		}
	}
}

// Expect reads the next token and fails unless it is of kind want.
func (s *Scanner) Expect(want Kind) error {
	k, err := s.Next()
	if err != nil {
		return err
	}
	if k != want {
		return s.Mismatch(want.String(), k)
	}
	return nil
}

// Mismatch is the error for finding a token of kind got, at the last token's
// offset, where the caller wanted something else.
func (s *Scanner) Mismatch(want string, got Kind) *Error {
	return &Error{Offset: s.start, Msg: "expected " + want + ", found " + got.String()}
}

// Validate reports whether data is exactly one valid JSON value, with
// optional whitespace around it.
func Validate(data []byte) error {
	var s Scanner
	s.Reset(data)
	for {
		k, err := s.Next()
		if err != nil {
			return err
		}
		if k == End {
			return nil
		}
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (s *Scanner) spaceFrom(i int) int {
	for i < len(s.data) && isSpace(s.data[i]) {
		i++
	}
	return i
}

func (s *Scanner) skipSpace() { s.pos = s.spaceFrom(s.pos) }

func (s *Scanner) fail(offset int, msg string) (Kind, error) {
	s.err = &Error{Offset: offset, Msg: msg}
	return Invalid, s.err
}

// unexpected fails at the current byte, naming it and what was wanted.
func (s *Scanner) unexpected(want string) (Kind, error) {
	if s.pos >= len(s.data) {
		return s.fail(s.pos, "unexpected end of input, expected "+want)
	}
	return s.fail(s.pos, "unexpected "+describeByte(s.data[s.pos])+", expected "+want)
}

// describeByte names a byte for an error message: 'x', or U+0001 for
// control characters and a hex value for non-ASCII bytes.
func describeByte(c byte) string {
	switch {
	case c < 0x20 || c == 0x7f:
		return "control character " + hexRune(rune(c))
	case c >= 0x80:
		return "byte 0x" + strconv.FormatUint(uint64(c), 16)
	}
	return "'" + string(rune(c)) + "'"
}

// hexRune formats a rune of at most four hex digits as U+XXXX.
func hexRune(r rune) string {
	const digits = "0123456789ABCDEF"
	return "U+" + string([]byte{digits[r>>12&15], digits[r>>8&15], digits[r>>4&15], digits[r&15]})
}

// afterValue sets what may follow a completed value.
func (s *Scanner) afterValue() {
	switch {
	case s.depth == 0:
		s.state = stDone
	case s.objects[(s.depth-1)/64]&(1<<((s.depth-1)%64)) != 0:
		s.state = stNextKey
	default:
		s.state = stNextElem
	}
}

func (s *Scanner) close(k Kind) (Kind, error) {
	s.start = s.pos
	s.pos++
	s.depth--
	s.afterValue()
	return k, nil
}

func (s *Scanner) open(k Kind, next state) (Kind, error) {
	limit := s.limit
	if limit == 0 {
		limit = MaxDepth
	}
	if limit > 0 && s.depth >= limit {
		return s.fail(s.pos, "objects and arrays nest deeper than "+strconv.Itoa(limit)+" levels")
	}
	word, bit := s.depth/64, uint64(1)<<(s.depth%64)
	if word == len(s.objects) {
		s.objects = append(s.objects, 0)
	}
	if k == ObjectBegin {
		s.objects[word] |= bit
	} else {
		s.objects[word] &^= bit
	}
	s.depth++
	s.pos++
	s.state = next
	return k, nil
}

// value reads a value starting at s.pos, whitespace already skipped.
func (s *Scanner) value() (Kind, error) {
	s.start = s.pos
	if s.pos >= len(s.data) {
		return s.unexpected("a value")
	}
	switch c := s.data[s.pos]; {
	case c == '{':
		return s.open(ObjectBegin, stFirstKey)
	case c == '[':
		return s.open(ArrayBegin, stFirstElem)
	case c == '"':
		k, err := s.scanString()
		if err == nil {
			s.afterValue()
		}
		return k, err
	case c == 't':
		return s.literal("true", True)
	case c == 'f':
		return s.literal("false", False)
	case c == 'n':
		return s.literal("null", Null)
	case c == '-' || '0' <= c && c <= '9':
		end, at, msg := scanNumber(s.data, s.pos)
		if msg != "" {
			return s.fail(at, msg)
		}
		s.num = s.data[s.pos:end]
		s.pos = end
		s.afterValue()
		return Number, nil
	}
	return s.unexpected("a value")
}

func (s *Scanner) literal(word string, k Kind) (Kind, error) {
	for i := 0; i < len(word); i++ {
		if s.pos+i >= len(s.data) || s.data[s.pos+i] != word[i] {
			return s.fail(s.start, "invalid literal, expected "+word)
		}
	}
	s.pos += len(word)
	s.afterValue()
	return k, nil
}

// scanNumber checks the number starting at data[i] against the RFC 8259
// grammar. It returns the end of the number, or the offset and text of the
// problem.
func scanNumber(data []byte, i int) (end, at int, msg string) {
	digits := func(i int) int {
		for i < len(data) && '0' <= data[i] && data[i] <= '9' {
			i++
		}
		return i
	}
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i >= len(data) || data[i] < '0' || data[i] > '9':
		return 0, i, "invalid number: expected a digit"
	case data[i] == '0':
		i++
		if i < len(data) && '0' <= data[i] && data[i] <= '9' {
			return 0, i, "invalid number: leading zeros are not allowed"
		}
	default:
		i = digits(i)
	}
	if i < len(data) && data[i] == '.' {
		j := digits(i + 1)
		if j == i+1 {
			return 0, j, "invalid number: expected a digit after '.'"
		}
		i = j
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return 0, j, "invalid number: expected a digit in the exponent"
		}
		i = j
	}
	return i, 0, ""
}

// scanString reads the string starting at the '"' at s.pos.
func (s *Scanner) scanString() (Kind, error) {
	s.start = s.pos
	i := s.pos + 1
	// Fast path: no escapes, so the text is a slice of the input.
	for i < len(s.data) {
		c := s.data[i]
		switch {
		case c == '"':
			s.str = s.data[s.pos+1 : i]
			s.pos = i + 1
			return String, nil
		case c == '\\':
			return s.scanDecoded(i)
		case c < 0x20:
			return s.fail(i, "unescaped "+describeByte(c)+" in string")
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(s.data[i:])
			if r == utf8.RuneError && size == 1 {
				return s.scanDecoded(i)
			}
			i += size
		}
	}
	return s.fail(s.start, "unterminated string")
}

// scanDecoded continues a string at data[i], where its text starts to
// differ from the input (an escape or invalid UTF-8), decoding into s.buf.
func (s *Scanner) scanDecoded(i int) (Kind, error) {
	s.buf = append(s.buf[:0], s.data[s.pos+1:i]...)
	for i < len(s.data) {
		c := s.data[i]
		switch {
		case c == '"':
			s.str = s.buf
			s.pos = i + 1
			return String, nil
		case c == '\\':
			if i+1 >= len(s.data) {
				return s.fail(s.start, "unterminated string")
			}
			switch e := s.data[i+1]; {
			case unescaped[e] != 0:
				s.buf = append(s.buf, unescaped[e])
			case e == 'u':
				r, ok := hex4(s.data, i+2)
				if !ok {
					return s.fail(i, "invalid \\u escape: expected four hex digits")
				}
				n := 6
				if 0xD800 <= r && r <= 0xDFFF {
					// A high surrogate and a low one make a pair; any other
					// surrogate is U+FFFD, and what follows it is read on
					// its own, as encoding/json does.
					lo, ok := rune(0), false
					if r <= 0xDBFF && i+7 < len(s.data) && s.data[i+6] == '\\' && s.data[i+7] == 'u' {
						lo, ok = hex4(s.data, i+8)
					}
					switch {
					case ok && 0xDC00 <= lo && lo <= 0xDFFF:
						r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
						n = 12
					case s.strict:
						return s.fail(i, "invalid \\u escape: surrogate "+hexRune(r)+" without its other half")
					default:
						r = utf8.RuneError
					}
				}
				s.buf = utf8.AppendRune(s.buf, r)
				i += n
				continue
			default:
				return s.fail(i, "invalid escape: '\\' followed by "+describeByte(e))
			}
			i += 2
		case c < 0x20:
			return s.fail(i, "unescaped "+describeByte(c)+" in string")
		case c < utf8.RuneSelf:
			s.buf = append(s.buf, c)
			i++
		default:
			r, size := utf8.DecodeRune(s.data[i:])
			switch {
			case r == utf8.RuneError && size == 1 && s.strict:
				return s.fail(i, "invalid UTF-8 in string")
			case r == utf8.RuneError && size == 1:
				s.buf = utf8.AppendRune(s.buf, utf8.RuneError)
			default:
				s.buf = append(s.buf, s.data[i:i+size]...)
			}
			i += size
		}
	}
	return s.fail(s.start, "unterminated string")
}

// unescaped is the byte each one-character escape stands for (\n for n),
// zero for the rest: one table, where a case per escape cost the runtime,
// in every module, 2.2 KB of WebAssembly.
var unescaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hex4 decodes four hex digits at data[i:].
func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

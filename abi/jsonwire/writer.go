package jsonwire

import (
	"errors"
	"math"
	"strconv"
	"unicode/utf8"
)

// ErrNonFinite is the error for writing NaN or an infinity, which JSON
// cannot represent.
var ErrNonFinite = errors.New("NaN and infinities have no JSON representation")

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string.
//
// It escapes '"', '\\', the control characters, and U+2028 and U+2029,
// which JavaScript once treated as line breaks. It leaves '<', '>' and '&'
// alone: the output goes to a pipe, not into HTML. Invalid UTF-8 becomes
// U+FFFD, as in encoding/json, so the output is always valid JSON. Apart
// from HTML escaping, the output is the same as encoding/json's.
func AppendString(dst []byte, s string) []byte { return appendString(dst, s, true) }

// AppendStringAsSerde appends s as a JSON string the way serde_json,
// Subako's own writer, does: as AppendString, but U+2028 and U+2029 are
// written as they are, and an invalid byte as the character U+FFFD (a
// Rust string holds none). The host writes its requests so, byte for
// byte, so that a module cannot tell the linter from Subako by an escape.
func AppendStringAsSerde(dst []byte, s string) []byte { return appendString(dst, s, false) }

// appendString is AppendString when forJS is set (U+2028 and U+2029
// escaped, an invalid byte written as \ufffd), AppendStringAsSerde when not.
func appendString(dst []byte, s string, forJS bool) []byte {
	dst = append(dst, '"')
	start := 0 // s[start:i] is pending, needing no escapes
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			if e := shortEscape[c]; e != 0 {
				dst = append(dst, '\\', e)
			} else {
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			if forJS {
				dst = append(dst, `\ufffd`...)
			} else {
				dst = utf8.AppendRune(dst, utf8.RuneError)
			}
		case forJS && (r == '\u2028' || r == '\u2029'):
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&15])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// shortEscape is the letter of each ASCII byte's two-character escape (n
// for \n), zero for a byte written as \u00XX or as itself: one table, where
// a case per escape cost the runtime, in every module, 1.3 KB of
// WebAssembly.
var shortEscape = [utf8.RuneSelf]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// AppendFloat appends f as a JSON number in the shortest form that reads
// back as the same float64 (or float32, when bitSize is 32). Like
// encoding/json and JavaScript, it uses an exponent only below 1e-6 and from
// 1e21 up. NaN and infinities are ErrNonFinite, with dst unchanged.
func AppendFloat(dst []byte, f float64, bitSize int) ([]byte, error) {
	if bitSize != 32 {
		bitSize = 64
	} else {
		f = float64(float32(f))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, ErrNonFinite
	}
	abs := math.Abs(f)
	useExp := abs != 0 && (abs < 1e-6 || abs >= 1e21)
	if bitSize == 32 {
		// Compare as float32, where the bounds themselves round: 1e21 is
		// 1.00000002e21 and 1e-6 is 9.99999997e-7.
		a := float32(abs)
		useExp = a != 0 && (a < 1e-6 || a >= 1e21)
	}
	format := byte('f')
	if useExp {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, bitSize)
	if format == 'e' {
		// strconv writes two exponent digits at least: 1e-07 becomes 1e-7.
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, nil
}

// AppendCompact appends the JSON value in src without its insignificant
// whitespace, so it fits on one line. Its strings are kept as written,
// escapes and all, except that what is not Unicode text becomes \ufffd, as
// the Scanner reads it: invalid UTF-8, and a \u escape of a surrogate
// without its other half (which strict parsers such as Rust's serde_json
// refuse). So the output is always UTF-8 that any JSON parser accepts. If
// src is not a valid JSON value it returns the error and dst unchanged.
func AppendCompact(dst, src []byte) ([]byte, error) {
	if err := Validate(src); err != nil {
		return dst, err
	}
	inString := false
	start := 0 // src[start:i] is pending, to be copied
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inString && c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(append(dst, src[start:i]...), `\ufffd`...)
				start = i + 1
			}
			i += size - 1
		case inString && c == '\\':
			switch surrogateEscape(src, i) {
			case 6: // alone
				dst = append(append(dst, src[start:i]...), `\ufffd`...)
				start = i + 6
				i += 5
			case 12: // a pair, kept
				i += 11
			default:
				i++ // the escaped byte cannot end the string
			}
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		case isSpace(c):
			dst = append(dst, src[start:i]...)
			start = i + 1
		}
	}
	return append(dst, src[start:]...), nil
}

// surrogateEscape tells, for the escape at src[i] in valid JSON, whether it
// is a \u escape of a surrogate: 6 when alone, 12 when a pair of escapes
// begins there, 0 when it is not a surrogate.
func surrogateEscape(src []byte, i int) int {
	if src[i+1] != 'u' {
		return 0
	}
	r, _ := hex4(src, i+2)
	switch {
	case r < 0xD800 || r > 0xDFFF:
		return 0
	case r <= 0xDBFF && i+11 < len(src) && src[i+6] == '\\' && src[i+7] == 'u':
		if lo, ok := hex4(src, i+8); ok && 0xDC00 <= lo && lo <= 0xDFFF {
			return 12
		}
	}
	return 6
}

// Writer appends compact JSON to a buffer and puts in the commas and colons,
// so that code writing a value only says what comes next. The zero Writer
// is ready to use. The first error (NaN, or invalid raw JSON) is kept and
// reported by Err; writing goes on regardless, so callers check once.
type Writer struct {
	buf   []byte
	comma bool // a value or member was completed: the next one needs ','
	err   error
}

// Reset makes w append to buf[:len(buf)] from now on and forgets its error.
func (w *Writer) Reset(buf []byte) { *w = Writer{buf: buf} }

// Bytes returns what was written.
func (w *Writer) Bytes() []byte { return w.buf }

// Err returns the first error met while writing, if any.
func (w *Writer) Err() error { return w.err }

func (w *Writer) sep() {
	if w.comma {
		w.buf = append(w.buf, ',')
	}
}

// BeginObject writes '{'.
func (w *Writer) BeginObject() {
	w.sep()
	w.buf = append(w.buf, '{')
	w.comma = false
}

// EndObject writes '}'.
func (w *Writer) EndObject() {
	w.buf = append(w.buf, '}')
	w.comma = true
}

// BeginArray writes '['.
func (w *Writer) BeginArray() {
	w.sep()
	w.buf = append(w.buf, '[')
	w.comma = false
}

// EndArray writes ']'.
func (w *Writer) EndArray() {
	w.buf = append(w.buf, ']')
	w.comma = true
}

// Key writes an object member's key and the colon; the member's value
// follows.
func (w *Writer) Key(k string) {
	w.sep()
	w.buf = append(AppendString(w.buf, k), ':')
	w.comma = false
}

// String writes a string value.
func (w *Writer) String(s string) {
	w.sep()
	w.buf = AppendString(w.buf, s)
	w.comma = true
}

// Int writes an integer value.
func (w *Writer) Int(v int64) {
	w.sep()
	w.buf = strconv.AppendInt(w.buf, v, 10)
	w.comma = true
}

// Uint writes an unsigned integer value.
func (w *Writer) Uint(v uint64) {
	w.sep()
	w.buf = strconv.AppendUint(w.buf, v, 10)
	w.comma = true
}

// Float writes a float64 value, or a float32 one when bitSize is 32. NaN and
// infinities set Err and write null in their place.
func (w *Writer) Float(f float64, bitSize int) {
	w.sep()
	var err error
	if w.buf, err = AppendFloat(w.buf, f, bitSize); err != nil {
		w.setErr(err)
		w.buf = append(w.buf, "null"...)
	}
	w.comma = true
}

// Bool writes true or false.
func (w *Writer) Bool(b bool) {
	w.sep()
	if b {
		w.buf = append(w.buf, "true"...)
	} else {
		w.buf = append(w.buf, "false"...)
	}
	w.comma = true
}

// Null writes null.
func (w *Writer) Null() {
	w.sep()
	w.buf = append(w.buf, "null"...)
	w.comma = true
}

// Raw writes an already encoded JSON value, compacted. Invalid JSON sets Err
// and writes null in its place.
func (w *Writer) Raw(value []byte) {
	w.sep()
	var err error
	if w.buf, err = AppendCompact(w.buf, value); err != nil {
		w.setErr(err)
		w.buf = append(w.buf, "null"...)
	}
	w.comma = true
}

func (w *Writer) setErr(err error) {
	if w.err == nil {
		w.err = err
	}
}

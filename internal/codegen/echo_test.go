package codegen_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/analyzer/model"
)

// sameEcho checks an echo tool's answer against the arguments it was
// given: every member given (or defaulted) comes back with the same
// value, as the encoder writes it; a member may be missing only when
// omitempty left an empty value out. It returns what differs, or "".
func sameEcho(t *model.Type, args, answer []byte) string {
	var in, out any
	if err := decodeNumbers(args, &in); err != nil {
		return err.Error()
	}
	if err := decodeNumbers(answer, &out); err != nil {
		return err.Error()
	}
	return sameValue(t, in, out, "")
}

func decodeNumbers(b []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

func sameValue(t *model.Type, in, out any, path string) string {
	differ := func() string {
		ib, _ := json.Marshal(in)
		ob, _ := json.Marshal(out)
		return path + ": gave " + string(ib) + ", got back " + string(ob)
	}
	switch t.Kind {
	case model.KindRef:
		return sameValue(t.Target.Type, in, out, path)
	case model.KindOptional:
		if in == nil && out == nil {
			return "" // a null item or map value is a nil pointer, written null
		}
		return sameValue(t.Elem, in, out, path)
	case model.KindObject:
		im, ok1 := in.(map[string]any)
		om, ok2 := out.(map[string]any)
		if !ok1 || !ok2 {
			return differ()
		}
		for _, f := range t.Fields {
			iv, has := im[f.JSONName]
			if !has && f.Default != "" {
				_ = decodeNumbers([]byte(f.Default), &iv)
				has = true
			}
			if !has {
				continue
			}
			ov, back := om[f.JSONName]
			if !back {
				if f.OmitEmpty && emptyJSON(iv) {
					continue
				}
				return path + "." + f.JSONName + ": gave a value, got none back"
			}
			if d := sameValue(f.Type, iv, ov, path+"."+f.JSONName); d != "" {
				return d
			}
		}
		return ""
	case model.KindArray:
		ia, ok1 := in.([]any)
		oa, ok2 := out.([]any)
		if !ok1 || !ok2 || len(ia) != len(oa) {
			return differ()
		}
		for i := range ia {
			if d := sameValue(t.Elem, ia[i], oa[i], path+"["+strconv.Itoa(i)+"]"); d != "" {
				return d
			}
		}
		return ""
	case model.KindMap:
		im, ok1 := in.(map[string]any)
		om, ok2 := out.(map[string]any)
		if !ok1 || !ok2 || len(im) != len(om) {
			return differ()
		}
		for k, iv := range im {
			if d := sameValue(t.Elem, iv, om[k], path+"."+k); d != "" {
				return d
			}
		}
		return ""
	case model.KindInteger, model.KindEnum:
		if t.Kind == model.KindEnum && t.Basic == "string" {
			break
		}
		if !sameRat(in, out) {
			return differ()
		}
		return ""
	case model.KindNumber:
		bits := 64
		if t.Bits == 32 || t.Basic == "float32" {
			bits = 32
		}
		is, ok1 := in.(json.Number)
		os, ok2 := out.(json.Number)
		if !ok1 || !ok2 {
			return differ()
		}
		x, _ := strconv.ParseFloat(string(is), bits)
		y, _ := strconv.ParseFloat(string(os), bits)
		if x != y {
			return differ()
		}
		return ""
	case model.KindBytes:
		is, _ := in.(string)
		os, _ := out.(string)
		x, err1 := base64.StdEncoding.DecodeString(is)
		y, err2 := base64.StdEncoding.DecodeString(os)
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			return differ()
		}
		return ""
	case model.KindTime:
		is, _ := in.(string)
		os, _ := out.(string)
		if t.Format == "date" {
			break
		}
		x, err1 := time.Parse(time.RFC3339Nano, strings.ToUpper(is))
		y, err2 := time.Parse(time.RFC3339Nano, os)
		if err1 != nil || err2 != nil || !x.Equal(y) {
			return differ()
		}
		return ""
	case model.KindDuration:
		if t.Format != "duration" {
			if !sameRat(in, out) {
				return differ()
			}
			return ""
		}
		is, _ := in.(string)
		os, _ := out.(string)
		if isoSeconds(is) != isoSeconds(os) || isoSeconds(is) < 0 {
			return differ()
		}
		return ""
	case model.KindText:
		is, _ := in.(string)
		os, _ := out.(string)
		if a, err := netip.ParseAddr(is); err == nil && a.String() == os {
			return ""
		}
	case model.KindAny:
		if isRawJSON(t) {
			if !sameJSON(in, out, false) {
				return differ()
			}
			return ""
		}
		// An interface holds numbers as float64.
		if !sameJSON(in, out, true) {
			return differ()
		}
		return ""
	}
	if in != out {
		return differ()
	}
	return ""
}

func isRawJSON(t *model.Type) bool {
	return t.Named != nil && t.Named.Path == "encoding/json" && t.Named.Name == "RawMessage"
}

func sameRat(a, b any) bool {
	x, ok1 := a.(json.Number)
	y, ok2 := b.(json.Number)
	if !ok1 || !ok2 {
		return false
	}
	rx, ok1 := new(big.Rat).SetString(string(x))
	ry, ok2 := new(big.Rat).SetString(string(y))
	return ok1 && ok2 && rx.Cmp(ry) == 0
}

// sameJSON compares JSON values, numbers exactly or as float64s.
func sameJSON(a, b any, asFloat bool) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k := range x {
			if !sameJSON(x[k], y[k], asFloat) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameJSON(x[i], y[i], asFloat) {
				return false
			}
		}
		return true
	case json.Number:
		if asFloat {
			y, ok := b.(json.Number)
			f, _ := strconv.ParseFloat(string(x), 64)
			g, _ := strconv.ParseFloat(string(y), 64)
			return ok && f == g
		}
		return sameRat(a, b)
	}
	return a == b
}

// emptyJSON reports whether omitempty would leave a value out.
func emptyJSON(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case json.Number:
		r, ok := new(big.Rat).SetString(string(x))
		return ok && r.Sign() == 0
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

var isoParts = regexp.MustCompile(`(\d+)([WDHMS])`)

// isoSeconds is an ISO 8601 duration (weeks, days, hours, minutes and
// seconds) in seconds, or -1.
func isoSeconds(s string) int64 {
	rest, ok := strings.CutPrefix(s, "P")
	if !ok {
		return -1
	}
	date, clock, _ := strings.Cut(rest, "T")
	var total int64
	for i, part := range []string{date, clock} {
		for _, m := range isoParts.FindAllStringSubmatch(part, -1) {
			n, _ := strconv.ParseInt(m[1], 10, 64)
			unit := map[string]int64{"W": 7 * 86400, "D": 86400, "H": 3600, "S": 1}[m[2]]
			if m[2] == "M" {
				if i == 0 {
					return -1
				}
				unit = 60
			}
			total += n * unit
		}
	}
	return total
}

// sameEcho is not vacuous: it notices values that come back changed.
func TestSameEchoNotices(t *testing.T) {
	point := &model.Type{Kind: model.KindObject, Fields: []*model.Field{
		{JSONName: "x", Required: true, Type: &model.Type{Kind: model.KindNumber, Basic: "float64", Bits: 64}},
		{JSONName: "y", Type: &model.Type{Kind: model.KindInteger, Basic: "int", Bits: 64, Signed: true}, OmitEmpty: true},
		{JSONName: "d", Type: &model.Type{Kind: model.KindDuration, Format: "duration"}, Default: `"PT1H"`},
	}}
	for _, c := range []struct {
		args, answer string
		same         bool
	}{
		{`{"x":1,"y":2}`, `{"x":1,"y":2,"d":"PT1H"}`, true},
		{`{"x":1.0,"y":2e0,"d":"PT60M"}`, `{"x":1,"y":2,"d":"PT1H"}`, true},
		{`{"x":1,"y":0}`, `{"x":1,"d":"PT1H"}`, true},
		{`{"x":1,"y":2}`, `{"x":2,"y":1,"d":"PT1H"}`, false},
		{`{"x":1,"y":2}`, `{"x":1,"d":"PT1H"}`, false},
		{`{"x":1}`, `{"x":1,"d":"PT2H"}`, false},
	} {
		if d := sameEcho(point, []byte(c.args), []byte(c.answer)); (d == "") != c.same {
			t.Errorf("%s -> %s: %q", c.args, c.answer, d)
		}
	}
}

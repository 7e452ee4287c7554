package argsgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"strconv"
)

// The JSON values the package works on: nil, bool, json.Number, string,
// []any and *object, whose members keep their order, so a schema's
// properties come out in the order the author wrote them.
type object struct {
	keys []string
	vals map[string]any
	// props, set on a generated value, holds the schema each member was
	// generated from, so the invalid cases can change one member knowing
	// what it must be.
	sch   *schema
	props map[string]*schema
}

func newObject() *object { return &object{vals: map[string]any{}} }

func (o *object) set(k string, v any) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// without returns a shallow copy of o without the member k.
func (o *object) without(k string) *object {
	c := &object{vals: make(map[string]any, len(o.vals)), sch: o.sch, props: o.props}
	for _, key := range o.keys {
		if key != k {
			c.keys = append(c.keys, key)
			c.vals[key] = o.vals[key]
		}
	}
	return c
}

// with returns a shallow copy of o with the member k set to v.
func (o *object) with(k string, v any) *object {
	c := o.without("")
	c.set(k, v)
	return c
}

// errTooDeep is a JSON text nested deeper than maxJSONDepth.
var errTooDeep = errors.New("nested too deeply")

const maxJSONDepth = 512

// decode reads one JSON value, members in order.
func decode(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	v, err := decodeValue(d, 0)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON value")
	}
	return v, nil
}

func decodeValue(d *json.Decoder, depth int) (any, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim:
		if depth >= maxJSONDepth {
			return nil, errTooDeep
		}
		if t == '[' {
			arr := []any{}
			for d.More() {
				v, err := decodeValue(d, depth+1)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := d.Token()
			return arr, err
		}
		o := newObject()
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(d, depth+1)
			if err != nil {
				return nil, err
			}
			o.set(k.(string), v)
		}
		_, err := d.Token()
		return o, err
	default:
		return t, nil
	}
}

// encode writes v as compact JSON.
func encode(v any) []byte { return appendJSON(nil, v) }

func appendJSON(b []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, v)
	case json.Number:
		return append(b, v...)
	case string:
		s, _ := json.Marshal(v)
		return append(b, s...)
	case []any:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, e)
		}
		return append(b, ']')
	case *object:
		b = append(b, '{')
		for i, k := range v.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, k)
			b = append(b, ':')
			b = appendJSON(b, v.vals[k])
		}
		return append(b, '}')
	}
	panic("argsgen: not a JSON value")
}

// equal reports whether two JSON values are equal as JSON Schema compares
// them: numbers by value, objects whatever their order.
func equal(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, ok1 := rat(a)
		y, ok2 := rat(bn)
		return ok1 && ok2 && x.Cmp(y) == 0
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !equal(a[i], bs[i]) {
				return false
			}
		}
		return true
	case *object:
		bo, ok := b.(*object)
		if !ok || len(a.keys) != len(bo.keys) {
			return false
		}
		for _, k := range a.keys {
			bv, ok := bo.vals[k]
			if !ok || !equal(a.vals[k], bv) {
				return false
			}
		}
		return true
	default:
		return a == b
	}
}

// rat is a JSON number as an exact rational.
func rat(n json.Number) (*big.Rat, bool) {
	return new(big.Rat).SetString(string(n))
}

// number writes r as a JSON number: exact when its decimal expansion ends,
// else the nearest float64.
func number(r *big.Rat) json.Number {
	if r.IsInt() {
		return json.Number(r.Num().String())
	}
	if s, exact := r.FloatPrec(); exact && s <= 30 {
		return json.Number(r.FloatString(s))
	}
	f, _ := r.Float64()
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

package rt

import (
	"errors"
	"slices"

	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// subakoAny reads any JSON value as encoding/json would into an interface:
// map[string]any, []any, string, float64, bool or nil. Of a member given
// twice, the last counts.
func subakoAny(s *jsonwire.Scanner) (any, error) {
	k, err := s.Next()
	if err != nil {
		return nil, err
	}
	switch k {
	case jsonwire.String:
		return s.Text(), nil
	case jsonwire.Number:
		return jsonwire.ParseFloat(s.Num(), 64)
	case jsonwire.True:
		return true, nil
	case jsonwire.False:
		return false, nil
	case jsonwire.ObjectBegin:
		m := map[string]any{}
		for {
			k, err := s.Next()
			if err != nil {
				return nil, err
			}
			if k == jsonwire.ObjectEnd {
				return m, nil
			}
			key := s.Text()
			v, err := subakoAny(s)
			if err != nil {
				return nil, subakoAt(err, subakoKey(key))
			}
			m[key] = v
		}
	case jsonwire.ArrayBegin:
		a := []any{}
		for s.PeekKind() != jsonwire.ArrayEnd {
			v, err := subakoAny(s)
			if err != nil {
				return nil, subakoAt(err, subakoIndex(len(a)))
			}
			a = append(a, v)
		}
		_, err := s.Next()
		return a, err
	}
	return nil, nil
}

// subakoEncodeAny writes a value held in an interface: what subakoAny
// reads, Go's other numbers, []string and map[string]string, and values
// with MarshalJSON or MarshalText methods.
func subakoEncodeAny(e *subakoEncoder, v any) {
	switch v := v.(type) {
	case nil:
		e.Null()
	case string:
		e.String(v)
	case bool:
		e.Bool(v)
	case float64:
		e.Float(v, 64)
	case float32:
		e.Float(float64(v), 32)
	case int:
		e.Int(int64(v))
	case int8:
		e.Int(int64(v))
	case int16:
		e.Int(int64(v))
	case int32:
		e.Int(int64(v))
	case int64:
		e.Int(v)
	case uint:
		e.Uint(uint64(v))
	case uint8:
		e.Uint(uint64(v))
	case uint16:
		e.Uint(uint64(v))
	case uint32:
		e.Uint(uint64(v))
	case uint64:
		e.Uint(v)
	case []any:
		e.BeginArray()
		for _, x := range v {
			subakoEncodeAny(e, x)
		}
		e.EndArray()
	case []string:
		e.BeginArray()
		for _, x := range v {
			e.String(x)
		}
		e.EndArray()
	case map[string]any:
		e.BeginObject()
		for _, k := range subakoSortedKeys(v) {
			e.Key(k)
			subakoEncodeAny(e, v[k])
		}
		e.EndObject()
	case map[string]string:
		e.BeginObject()
		for _, k := range subakoSortedKeys(v) {
			e.Key(k)
			e.String(v[k])
		}
		e.EndObject()
	case interface{ MarshalJSON() ([]byte, error) }:
		b, err := v.MarshalJSON()
		if err != nil {
			e.fail(err)
		}
		e.Raw(b)
	case interface{ MarshalText() ([]byte, error) }:
		b, err := v.MarshalText()
		if err != nil {
			e.fail(err)
		}
		e.String(string(b))
	default:
		e.fail(errors.New("a value in an any field has a type the generated code cannot write: use map[string]any, []any, string, float64, bool or nil there"))
		e.Null()
	}
}

// subakoSortedKeys returns a map's keys in order, so that objects are
// written the same way each time.
func subakoSortedKeys[M ~map[K]V, K ~string, V any](m M) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

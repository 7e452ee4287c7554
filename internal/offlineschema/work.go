package offlineschema

// Work counts the subschemas a validator may evaluate on inst (as
// jsonschema.UnmarshalJSON reads it), walking the schema and the instance
// together: at each value the subschemas that apply to it (allOf, anyOf,
// oneOf, not, if, then, else, the dependent schemas and $refs), and for
// its members and items the ones that reach them (properties, every
// patternProperties and additionalProperties, propertyNames on the name,
// prefixItems or items, additionalItems, contains and the unevaluated
// keywords). It is an upper bound: every branch counted as tried, every
// pattern as matching. It stops a little past limit.
//
// Cost.Place times Values bounded the same work from the whole schema
// alone, so a real schema of a thousand subschemas (Brave's
// brave_place_search) left a valid answer of 500 values unvalidated, and
// a broken answer of that size unchecked (attack pass 43j, row 2): a
// value meets only the subschemas on its own path.
func (c Cost) Work(inst any, limit int) int {
	if c.schema == nil {
		return limit + 1
	}
	w := &worker{c: c.schema, limit: limit}
	w.walk(c.schema.root, inst, 0)
	return w.n
}

type worker struct {
	c        *coster
	limit, n int
}

// maxWorkDepth bounds the walk's recursion: $refs that do not advance
// through the instance (a cycle the validator refuses) count past limit.
const maxWorkDepth = 10_000

func (w *worker) walk(s, v any, depth int) {
	if w.n > w.limit {
		return
	}
	w.n++
	m, ok := s.(map[string]any)
	if !ok {
		return
	}
	if depth > maxWorkDepth {
		w.n = w.limit + 1
		return
	}
	same := func(sub any) {
		if _, ok := sub.(map[string]any); ok || isBool(sub) {
			w.walk(sub, v, depth+1)
		}
	}
	for _, k := range []string{"not", "if", "then", "else"} {
		same(m[k])
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if l, ok := m[k].([]any); ok {
			for _, sub := range l {
				same(sub)
			}
		}
	}
	for _, k := range []string{"dependentSchemas", "dependencies"} {
		if o, ok := m[k].(map[string]any); ok {
			for _, sub := range o {
				same(sub)
			}
		}
	}
	for _, k := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
		if ref, ok := m[k].(string); ok {
			t, _, ok := w.c.resolve(ref)
			if !ok {
				w.n = w.limit + 1
				return
			}
			same(t)
		}
	}
	switch v := v.(type) {
	case map[string]any:
		w.members(m, v, depth)
	case []any:
		w.items(m, v, depth)
	}
}

func isBool(s any) bool {
	_, ok := s.(bool)
	return ok
}

func (w *worker) members(m, v map[string]any, depth int) {
	props, _ := m["properties"].(map[string]any)
	patterns, _ := m["patternProperties"].(map[string]any)
	for name, x := range v {
		if sub, ok := props[name]; ok {
			w.walk(sub, x, depth+1)
		}
		for _, sub := range patterns {
			w.walk(sub, x, depth+1)
		}
		for _, k := range []string{"additionalProperties", "unevaluatedProperties"} {
			if sub, ok := m[k]; ok {
				w.walk(sub, x, depth+1)
			}
		}
		if sub, ok := m["propertyNames"]; ok {
			w.walk(sub, name, depth+1)
		}
		if w.n > w.limit {
			return
		}
	}
}

func (w *worker) items(m map[string]any, v []any, depth int) {
	prefix, _ := m["prefixItems"].([]any)
	tuple, _ := m["items"].([]any) // draft 2019-09 and earlier
	for i, x := range v {
		switch {
		case i < len(prefix):
			w.walk(prefix[i], x, depth+1)
		case i < len(tuple):
			w.walk(tuple[i], x, depth+1)
		case tuple != nil:
			if sub, ok := m["additionalItems"]; ok {
				w.walk(sub, x, depth+1)
			}
		default:
			if sub, ok := m["items"]; ok {
				w.walk(sub, x, depth+1)
			}
		}
		for _, k := range []string{"contains", "unevaluatedItems"} {
			if sub, ok := m[k]; ok {
				w.walk(sub, x, depth+1)
			}
		}
		if w.n > w.limit {
			return
		}
	}
}

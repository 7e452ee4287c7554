package rt

// subakoGrow appends a zero element to *p and returns a pointer to it, to
// decode into.
func subakoGrow[S ~[]E, E any](p *S) *E {
	var zero E
	*p = append(*p, zero)
	return &(*p)[len(*p)-1]
}

// subakoEmpty makes a nil slice an empty one: [] decodes to an empty slice,
// as in encoding/json.
func subakoEmpty[S ~[]E, E any](p *S) {
	if *p == nil {
		*p = S{}
	}
}

// subakoMakeMap makes a nil map an empty one, to decode into.
func subakoMakeMap[M ~map[K]V, K comparable, V any](p *M) {
	if *p == nil {
		*p = M{}
	}
}

// subakoElem returns a zero value of a map's element type, to decode into.
func subakoElem[M ~map[K]V, K comparable, V any](M) (zero V) { return zero }

// subakoNew makes *p point to a value, to decode into.
func subakoNew[T any](p **T) *T {
	if *p == nil {
		*p = new(T)
	}
	return *p
}

// subakoZero reports whether *p is zero for omitzero: by its IsZero
// method when it has one, else as otherwise says.
func subakoZero[T any](p *T, otherwise bool) bool {
	if z, ok := any(p).(interface{ IsZero() bool }); ok {
		return z.IsZero()
	}
	return otherwise
}

// subakoZeroValue reports whether a value of a comparable type is the
// type's zero value.
func subakoZeroValue[T comparable](v T) bool {
	var zero T
	return v == zero
}

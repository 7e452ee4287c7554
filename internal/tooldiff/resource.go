package tooldiff

import (
	"net/url"
	"reflect"
	"strconv"
	"strings"
)

// A "$ref" whose text starts with "#" is resolved against the base URI of
// the schema it is in (2020-12 8.2.1): that of the nearest enclosing
// schema with an "$id" of its own (an embedded resource), else the
// document's. So "#/$defs/y" inside {"$id": "https://e.example/a", ...}
// names that subschema's own $defs, and "#z" an anchor of that resource.
// resources maps each schema object of a document to its JSON pointer and
// the root of its resource; refTarget resolves a $ref by it and names the
// target by its pointer from the document's root ("#/properties/a/$defs/y"),
// the form kept in every schema the comparison makes itself (refAllOf,
// judge.deref, rebase), which are not in the map and so resolve from the
// document's root.

// node is where a schema object is: its JSON pointer from the document's
// root (unescaped tokens joined with "/", tokens escaped with ~0 and ~1),
// and the root of its resource with that root's pointer.
type node struct {
	ptr, resPtr string
	res         map[string]any
	// unknown: the resource's "$id" is relative and nothing above it
	// gives an absolute base to resolve it against, so which resource a
	// reader takes it for is not certain (a validator given the document
	// at a "urn:" address takes it for the document itself).
	unknown bool
}

// indexKey is the key under which a document's resource map is kept in its
// merged map (no map lives at address 0).
const indexKey uintptr = 0

// resources is the resource map of root, kept in merged (when not nil).
func resources(root any, merged map[uintptr]derefResult) map[uintptr]node {
	if c, ok := merged[indexKey]; ok {
		return c.idx
	}
	idx := map[uintptr]node{}
	kept := 0 // the bytes of the pointers idx holds
	// fits: a pointer of n bytes more may be made and kept (attack pass
	// 43j, row 1: one key of K bytes of "/" holding N objects kept N
	// pointers of 2K bytes each, gigabytes from a list of 250 KB).
	fits := func(n int) bool {
		if kept+n > maxPointerBytes {
			idx[indexKey] = node{unknown: true} // not every schema is placed
			return false
		}
		return true
	}
	var walk func(v any, ptr string, in node, base *url.URL, depth int)
	walk = func(v any, ptr string, in node, base *url.URL, depth int) {
		if depth > 4*maxDepth || len(idx) > maxAnchorNodes {
			idx[indexKey] = node{unknown: true} // not every schema is placed
			return
		}
		switch x := v.(type) {
		case map[string]any:
			if id := x["$id"]; in.res == nil || isResourceID(id) {
				in.res, in.resPtr = x, ptr
				s, _ := id.(string)
				switch u, err := url.Parse(s); {
				case err != nil || !isResourceID(id):
					base = nil
					in.unknown = ptr != ""
				case u.IsAbs():
					base, in.unknown = u, false
				case base != nil:
					base = base.ResolveReference(u)
				default:
					in.unknown = ptr != ""
				}
			}
			if !fits(len(ptr)) {
				return
			}
			kept += len(ptr)
			in.ptr = ptr
			idx[reflect.ValueOf(x).Pointer()] = in
			for k, e := range x {
				if k == "enum" || k == "const" || k == "default" || k == "examples" {
					continue
				}
				if !fits(len(ptr) + 1 + 2*len(k)) {
					return
				}
				walk(e, ptr+"/"+escape(k), in, base, depth+1)
			}
		case []any:
			for i, e := range x {
				if !fits(len(ptr) + 12) {
					return
				}
				walk(e, ptr+"/"+strconv.Itoa(i), in, base, depth+1)
			}
		}
	}
	walk(root, "", node{}, nil, 0)
	if merged != nil {
		merged[indexKey] = derefResult{idx: idx}
	}
	return idx
}

// maxPointerBytes bounds the bytes of the pointers a document's resource
// map keeps: past it, not every schema is placed, and a $ref in one not
// placed is not compared (D023).
const maxPointerBytes = 16 << 20

// isResourceID reports whether an "$id" value starts a resource: a string
// other than a bare fragment ("#name" is drafts 6 and 7's anchor).
func isResourceID(v any) bool {
	s, ok := v.(string)
	return ok && s != "" && !strings.HasPrefix(s, "#")
}

// refTarget resolves r, the "$ref" of s (starting with "#"), against the
// resource s is in, and names the target by its pointer from the root of
// the document. why says why it cannot ("" when it can).
func refTarget(s map[string]any, r string, root any, merged map[uintptr]derefResult) (target any, canon, why string) {
	idx := resources(root, merged)
	base, resPtr := root, ""
	switch n, in := idx[reflect.ValueOf(s).Pointer()]; {
	case in && n.unknown:
		return nil, "", "$ref " + r + noBase
	case in:
		base, resPtr = n.res, n.resPtr
	case idx[indexKey].unknown:
		return nil, "", "$ref " + r + " is in a schema nested too deep to place in its resource: not compared"
	}
	const unresolved = " does not resolve: not compared"
	target, ok := resolve(base, r[1:])
	if !ok {
		return nil, "", "$ref " + r + unresolved
	}
	if m, isMap := target.(map[string]any); isMap {
		if n, in := idx[reflect.ValueOf(m).Pointer()]; in {
			return target, "#" + fragment(n.ptr), ""
		}
	}
	if resPtr == "" {
		return target, r, ""
	}
	if strings.HasPrefix(r, "#/") || r == "#" {
		return target, "#" + fragment(resPtr) + r[1:], ""
	}
	return nil, "", "$ref " + r + unresolved // an anchor naming no indexed schema
}

// noBase ends the reason deref gives for a $ref in a resource whose
// relative "$id" has no absolute base.
const noBase = " is in a subschema whose relative $id has no absolute base to resolve against: not compared"

// fragment writes a JSON pointer as a URI fragment.
func fragment(ptr string) string {
	return (&url.URL{Fragment: ptr}).EscapedFragment()
}

// canonRef is the $ref of s named from the document's root, for a schema
// the comparison makes that holds it: r itself when it is not local, and
// unresolvedRef when it does not resolve (r might resolve from the root,
// to another schema).
func canonRef(s map[string]any, r any, root any, merged map[uintptr]derefResult) any {
	str, ok := r.(string)
	if !ok || !strings.HasPrefix(str, "#") {
		return r
	}
	if _, canon, why := refTarget(s, str, root, merged); why == "" {
		return canon
	}
	return unresolvedRef
}

// unresolvedRef stands for a local $ref that does not resolve, in a schema
// the comparison makes: not local, so never followed.
const unresolvedRef = "urn:subako:tooldiff:unresolved"

package validate

import (
	"slices"
	"strconv"
	"strings"

	"github.com/capreg/capreg/validate/ojson"
)

// Unknown fields of a capability are accepted, as the reference accepts
// them, so a misspelt optional field ("onErorr": "halt") passes every check
// and silently does nothing: the default applies instead. checkNearMisses
// warns about the unknown fields that are a typo away from a field the
// schema declares at the same place.

// declaredFields maps the JSON pointer of each object of a document to the
// object and the fields the schema declares for it, from every schema node
// that applies there (the branches of allOf/anyOf/oneOf and if/then/else all
// count, so that a field valid in any branch is never called a typo).
type declaredFields map[string]*objectFields

type objectFields struct {
	obj    *ojson.Value
	fields []string
}

// checkNearMisses warns about each unknown field of the document that is a
// near miss of a declared one. schema is the embedded schema the document
// was validated against.
func checkNearMisses(d *doc, schema *ojson.Value, s *sink) {
	if schema == nil {
		return
	}
	decl := declaredFields{}
	decl.walk(schema, schema, &d.Root, "", 0)
	ptrs := make([]string, 0, len(decl))
	for ptr := range decl {
		ptrs = append(ptrs, ptr)
	}
	slices.Sort(ptrs)
	for _, ptr := range ptrs {
		of := decl[ptr]
		for _, m := range of.obj.Members {
			if slices.Contains(of.fields, m.Key) {
				continue
			}
			if want := nearestField(m.Key, of.fields); want != "" {
				s.warnAt(d, ptr+"/"+ojson.EscapePointer(m.Key), "field-near-miss",
					"unknown field %s is ignored; did you mean %s? (unknown fields are accepted, so a misspelt one silently leaves its default in force)",
					quoteKey(m.Key), quoteKey(want))
			}
		}
	}
}

// maxSchemaDepth bounds the walk through $ref chains.
const maxSchemaDepth = 64

// walk records the fields node declares for the instance v at ptr and
// descends into v's members and items. root resolves local $refs.
func (decl declaredFields) walk(root, node, v *ojson.Value, ptr string, depth int) {
	if node == nil || node.Kind != ojson.Object || depth > maxSchemaDepth {
		return
	}
	if ref := node.Get("$ref"); ref.IsString() && strings.HasPrefix(ref.Str, "#") {
		if target, _, ok := root.Lookup(strings.TrimPrefix(ref.Str, "#")); ok {
			decl.walk(root, target, v, ptr, depth+1)
		}
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if branches := node.Get(k); branches != nil && branches.Kind == ojson.Array {
			for i := range branches.Items {
				decl.walk(root, &branches.Items[i], v, ptr, depth+1)
			}
		}
	}
	for _, k := range []string{"then", "else"} {
		decl.walk(root, node.Get(k), v, ptr, depth+1)
	}
	switch v.Kind {
	case ojson.Object:
		decl.walkObject(root, node, v, ptr, depth)
	case ojson.Array:
		if items := node.Get("items"); items != nil {
			for i := range v.Items {
				decl.walk(root, items, &v.Items[i], ptr+"/"+strconv.Itoa(i), depth+1)
			}
		}
	}
}

// walkObject records an object's declared fields and descends into its
// members. An object whose members are free (a map: additionalProperties is
// a schema) declares nothing of its own: any key is a valid name there.
func (decl declaredFields) walkObject(root, node, v *ojson.Value, ptr string, depth int) {
	props := node.Get("properties")
	if props != nil && props.Kind == ojson.Object {
		of := decl[ptr]
		if of == nil {
			of = &objectFields{obj: v}
			decl[ptr] = of
		}
		for _, p := range props.Members {
			if !slices.Contains(of.fields, p.Key) {
				of.fields = append(of.fields, p.Key)
			}
		}
	}
	extra := node.Get("additionalProperties")
	for i := range v.Members {
		m := &v.Members[i]
		child := ptr + "/" + ojson.EscapePointer(m.Key)
		switch {
		case props != nil && props.Has(m.Key):
			decl.walk(root, props.Get(m.Key), &m.Value, child, depth+1)
		case extra != nil && extra.Kind == ojson.Object:
			decl.walk(root, extra, &m.Value, child, depth+1)
		}
	}
}

// nearestField returns the declared field key most likely meant, or "": one
// that differs only in case, or by at most one edit (two for keys of six
// letters or more), where an edit inserts, deletes or replaces a letter or
// swaps two adjacent ones.
func nearestField(key string, fields []string) string {
	best, bestDist := "", 3
	for _, f := range fields {
		if strings.EqualFold(key, f) {
			return f
		}
		limit := 1
		if min(len(key), len(f)) >= 6 {
			limit = 2
		}
		if dist := editDistance(key, f, limit); dist <= limit && dist < bestDist {
			best, bestDist = f, dist
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance of a and b (bytes),
// or limit+1 once it is certain to exceed limit.
func editDistance(a, b string, limit int) int {
	if abs(len(a)-len(b)) > limit {
		return limit + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

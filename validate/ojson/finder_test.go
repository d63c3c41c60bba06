package ojson

import (
	"fmt"
	"strings"
	"testing"
)

// A Finder answers every pointer as Lookup does, on small and indexed
// objects, and sees members added after it indexed an object.
func TestFinderAgreesWithLookup(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"small": {"a": 1, "b": [1, {"c": 2}]}, "big": {`)
	for i := range 40 {
		fmt.Fprintf(&b, `"k%d": {"v": %d}, `, i, i)
	}
	b.WriteString(`"a/b": 1, "t~": 2, "": 3}}`)
	root, errs := Parse([]byte(b.String()))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	pointers := []string{"", "/small", "/small/a", "/small/b/1/c", "/small/b/2", "/small/x",
		"/big", "/big/k0", "/big/k39/v", "/big/k40", "/big/a~1b", "/big/t~0", "/big/", "/big/k7/v/deeper"}
	f := NewFinder(&root)
	check := func() {
		t.Helper()
		for _, p := range pointers {
			wv, woff, wok := root.Lookup(p)
			gv, goff, gok := f.Lookup(p)
			if gv != wv || goff != woff || gok != wok {
				t.Errorf("Finder.Lookup(%q) = %p, %d, %v; Lookup gives %p, %d, %v", p, gv, goff, gok, wv, woff, wok)
			}
		}
	}
	check()
	big, _, _ := root.Lookup("/big")
	big.Members = append(big.Members, Member{Key: "added", KeyOff: -1, Value: NewString("x")})
	pointers = append(pointers, "/big/added")
	check()
}

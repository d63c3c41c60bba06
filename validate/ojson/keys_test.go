package ojson

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// thresholds are the map thresholds the differential tests compare: 0 and 1
// index every object, indexAfter is what Parse uses, and math.MaxInt never
// builds a map, which is the member scan Parse always did before the map
// existed.
var thresholds = []int{0, 1, 2, indexAfter - 1, indexAfter, indexAfter + 1, math.MaxInt}

// objectOf writes an object with the given members, in order, and values
// that tell the occurrences apart.
func objectOf(keys ...string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%d", k, i)
	}
	b.WriteByte('}')
	return b.String()
}

func quoted(format string, n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = `"` + fmt.Sprintf(format, i) + `"`
	}
	return keys
}

// trickyKeyInputs are documents whose duplicate detection is easy to get
// wrong: duplicates before, at and after the map threshold, keys that are
// only equal after unescaping, empty keys, array-index keys (which are
// reordered), nested and sibling objects, and errors after duplicates.
func trickyKeyInputs() []string {
	many := quoted("k%d", 3*indexAfter)
	var in []string
	in = append(in,
		`{"a":1,"\u0061":2,"\x61":3}`,
		`{"a":1,"\u0061":2}`,
		`{"":1,"":2,"\u0000":3,"\u0000":4," ":5}`,
		`{"a/b~":1,"a\/b~":2,"é":3,"\u00e9":4,"\ud83d\ude00":5,"😀":6,"\ud800":7,"\uD800":8}`,
		`{"1":1,"0":2,"01":3,"1":4,"4294967295":5,"4294967294":6,"-0":7,"0":8}`,
		`{"x":{"a":1,"a":2},"y":[{"a":1},{"a":2,"a":3}],"x":{"b":1,"b":2}}`,
		`{"a":1,"a":2,"b":}`,
		`{"a":1,"a":2,"b":1,"b"`,
		`[{},{"a":1},{"a":1,"a":1}]`,
	)
	// Duplicates of every position, seen before and after the map exists.
	for _, at := range []int{0, 1, indexAfter - 1, indexAfter, indexAfter + 1, len(many) - 1} {
		keys := append(append([]string(nil), many...), many[at], many[at])
		in = append(in, objectOf(keys...))
		keys = append(append([]string(nil), many[:at+1]...), many[at])
		keys = append(keys, many[at+1:]...)
		in = append(in, objectOf(keys...))
	}
	// Every key twice, the second time escaped, and one key many times.
	esc := make([]string, len(many))
	for i, k := range many {
		esc[i] = `"\u006b` + k[2:]
	}
	in = append(in, objectOf(append(append([]string(nil), many...), esc...)...))
	in = append(in, objectOf(append(esc, many...)...))
	same := make([]string, 3*indexAfter)
	for i := range same {
		same[i] = `"\u0000"`
	}
	in = append(in, objectOf(same...))
	// Empty keys and index keys in a large object, descending, with repeats.
	idx := quoted("%d", 3*indexAfter)
	for i, j := 0, len(idx)-1; i < j; i, j = i+1, j-1 {
		idx[i], idx[j] = idx[j], idx[i]
	}
	in = append(in, objectOf(append(append(append([]string{`""`}, idx...), `""`, `"a"`), idx[:5]...)...))
	// Many objects, each large enough for a map, nested and side by side,
	// with the same keys in each, so that one object's index must not leak
	// into another's.
	inner := objectOf(append(append([]string(nil), many...), many[3])...)
	var arr strings.Builder
	arr.WriteByte('[')
	for i := range 20 {
		if i > 0 {
			arr.WriteByte(',')
		}
		arr.WriteString(inner)
	}
	arr.WriteByte(']')
	in = append(in, arr.String())
	nested := make([]string, len(many))
	for i, k := range many {
		nested[i] = k + `:` + inner
	}
	in = append(in, `{`+strings.Join(nested, ",")+`,"k7":`+inner+`}`)
	// An index too large to be kept for reuse, between objects whose
	// indexes are reused, with repeats on both sides of the big one.
	big := quoted("k%d", maxPooledIndex+100)
	big = append(big, big[0], big[len(big)-1], big[indexAfter+1])
	in = append(in, `[`+inner+`,{"a":`+inner+`,"b":`+objectOf(big...)+`,"c":`+inner+`},`+inner+`]`)
	// A syntax error in the middle of an indexed object.
	in = append(in, strings.TrimSuffix(objectOf(append(many, many[2])...), "}")+`,"k1":[1,}`)
	return in
}

// TestParseKeyIndexMatchesScan: whatever member count parse starts indexing
// keys at, the value and errors of tricky key inputs are those of a parse that
// only scans: the index is a speed-up, never a change of result.
func TestParseKeyIndexMatchesScan(t *testing.T) {
	for _, in := range trickyKeyInputs() {
		want, wantErrs := parse([]byte(in), math.MaxInt, maxDepth)
		for _, n := range thresholds {
			got, gotErrs := parse([]byte(in), n, maxDepth)
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErrs, wantErrs) {
				t.Errorf("threshold %d changes the result of %.200s:\n got %+v %v\nwant %+v %v", n, in, got, gotErrs, want, wantErrs)
			}
		}
	}
}

// The exact results on a large object with duplicates, written out: the
// first occurrence keeps its place, the last value wins at its own key,
// and every repeat is an error at its own key.
func TestParseManyDuplicateKeys(t *testing.T) {
	const n = 100
	var b strings.Builder
	b.WriteString("{")
	keyOff := make([]int, n)
	for i := range n {
		keyOff[i] = b.Len()
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	// Repeat every third key, spelled with escapes, in reverse order.
	type dup struct {
		off int
		key string
	}
	var dups []dup
	for i := n - 1; i >= 0; i -= 3 {
		dups = append(dups, dup{b.Len(), fmt.Sprintf("k%d", i)})
		fmt.Fprintf(&b, `"\u006B%d":"v%d",`, i, i)
	}
	dups = append(dups, dup{b.Len(), "k0"})
	b.WriteString(`"\u006b\u0030":"last"}`)
	src := []byte(b.String())

	v, errs := Parse(src)
	if len(v.Members) != n {
		t.Fatalf("%d members, want %d", len(v.Members), n)
	}
	for _, d := range dups { // a repeated key is placed at its last spelling, whose value is kept
		var i int
		fmt.Sscanf(d.key, "k%d", &i)
		keyOff[i] = d.off
	}
	for i, m := range v.Members {
		want := fmt.Sprint(i)
		switch {
		case i == 0:
			want = "last"
		case (n-1-i)%3 == 0:
			want = fmt.Sprintf("v%d", i)
		}
		if m.Key != fmt.Sprintf("k%d", i) || m.KeyOff != keyOff[i] || m.Value.Str != want {
			t.Errorf("member %d = %q at %d = %q, want k%d at %d = %q", i, m.Key, m.KeyOff, m.Value.Str, i, keyOff[i], want)
		}
	}
	if len(errs) != len(dups) {
		t.Fatalf("%d errors, want %d: %v", len(errs), len(dups), errs)
	}
	for i, e := range errs {
		d := dups[i]
		msg := fmt.Sprintf("duplicate key %q (JSON.parse would silently keep only the last value)", d.key)
		if e.Kind != DuplicateKey || e.Off != d.off || e.Pointer != "/"+d.key || e.Msg != msg {
			t.Errorf("error %d = %+v, want a duplicate at %d, /%s", i, e, d.off, d.key)
		}
	}
}

// TestNestingLimit: documents nested exactly to maxDepth parse, whatever
// brackets they mix, and the error is at the first bracket past the limit.
func TestNestingLimit(t *testing.T) {
	deep := func(n int, open, inner, close string) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	for _, in := range []string{
		deep(maxDepth, "[", "", "]"),
		deep(maxDepth, "[", "1", "]"),
		deep(maxDepth, "[", `"x"`, "]"),
		deep(maxDepth-1, `{"a":`, "{}", "}"),
		deep(maxDepth, `{"a":`, "null", "}"),
		deep(maxDepth/2, `[{"":`, "1", "}]"),
		deep(maxDepth-2, "[", "[1,{},[]]", "]"),
	} {
		if _, errs := Parse([]byte(in)); errs != nil {
			t.Errorf("Parse(%.40s…): %v", in, errs)
		}
	}
	// The error is at the first bracket past the limit, wherever it is.
	for _, tt := range []struct {
		in  string
		off int
	}{
		{deep(maxDepth+1, "[", "", "]"), maxDepth},
		{deep(maxDepth+1, "[", "1", "]"), maxDepth},
		{strings.Repeat("[", 100000), maxDepth},
		{deep(maxDepth, "[", "{}", "]"), maxDepth},
		{deep(maxDepth, `{"a":`, "[]", "}"), maxDepth * 5},
		{deep(maxDepth, "[ ", "1, [2]", "]"), maxDepth*2 + 3},
		{"\xEF\xBB\xBF" + deep(maxDepth+1, "[", "", "]"), maxDepth + 3},
	} {
		_, errs := Parse([]byte(tt.in))
		if len(errs) != 1 || errs[0].Kind != TooDeep || errs[0].Off != tt.off ||
			errs[0].Msg != fmt.Sprintf("JSON nested deeper than %d levels", maxDepth) {
			t.Errorf("Parse(%.40s…) = %v, want the nesting error at %d", tt.in, errs, tt.off)
		}
	}
}

// ParseNested gives the value one level down the depth Parse gives a
// document, and no more.
func TestParseNested(t *testing.T) {
	deep := func(n int, open, inner, close string) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	inner := deep(maxDepth, `{"a":`, "1", "}")
	if _, errs := Parse([]byte(inner)); len(errs) != 0 {
		t.Fatalf("Parse(inner) = %v", errs)
	}
	if _, errs := ParseNested([]byte(`{"config":`+inner+`}`), 1); len(errs) != 0 {
		t.Errorf("ParseNested(wrapped inner, 1) = %v, want no error", errs)
	}
	over := `{"config":` + deep(maxDepth+1, `{"a":`, "1", "}") + `}`
	if _, errs := ParseNested([]byte(over), 1); len(errs) != 1 || errs[0].Msg != fmt.Sprintf("JSON nested deeper than %d levels", maxDepth+1) {
		t.Errorf("ParseNested(wrapped too deep, 1) = %v, want the nesting error", errs)
	}
}

// JavaScript puts array-index keys first, ascending; many of them written in
// descending order must come out sorted (and quickly).
func TestIndexKeysOrder(t *testing.T) {
	const n = 5000
	keys := []string{`"b"`}
	for i := n - 1; i >= 0; i-- {
		keys = append(keys, fmt.Sprintf(`"%d"`, i))
	}
	keys = append(keys, `"01"`, `"a"`)
	v, errs := Parse([]byte(objectOf(keys...)))
	if errs != nil {
		t.Fatal(errs)
	}
	if len(v.Members) != n+3 {
		t.Fatalf("%d members", len(v.Members))
	}
	for i := range n {
		if m := v.Members[i]; m.Key != fmt.Sprint(i) || m.Value.Str != fmt.Sprint(n-i) {
			t.Fatalf("member %d = %q: %s", i, m.Key, m.Value.Str)
		}
	}
	if got := v.Members[n].Key + v.Members[n+1].Key + v.Members[n+2].Key; got != "b01a" {
		t.Errorf("other keys in order %q, want b 01 a", got)
	}
	// Built in memory, equal index keys keep their order.
	o := NewObject()
	for _, k := range []string{"x", "2", "1", "2", "1", "0"} {
		o.Append(k, NewNumber(len(o.Members)))
	}
	if got := string(Encode(&o, "")); got != `{"0":5,"1":2,"1":4,"2":1,"2":3,"x":0}` {
		t.Errorf("Encode = %s", got)
	}
}

// The map lookup and the member scan must agree on everything.
func FuzzParseKeyIndex(f *testing.F) {
	for _, in := range trickyKeyInputs() {
		if len(in) < 4096 {
			f.Add([]byte(in), uint8(2))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, n uint8) {
		want, wantErrs := parse(data, math.MaxInt, maxDepth)
		got, gotErrs := parse(data, int(n%8), maxDepth)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErrs, wantErrs) {
			t.Fatalf("threshold %d changes the result of %q:\n got %+v %v\nwant %+v %v", n%8, data, got, gotErrs, want, wantErrs)
		}
	})
}

// manyKeys is an object of n members named k0, k1, …; with dups, every key
// appears twice (the second half repeats the first).
func manyKeys(n int, dups bool) []byte {
	var b strings.Builder
	b.WriteByte('{')
	u := n
	if dups {
		u = n / 2
	}
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":%d`, i%u, i)
	}
	b.WriteByte('}')
	return []byte(b.String())
}

func BenchmarkParseManyKeys(b *testing.B) {
	objects := func(count, keys int) []byte {
		one := string(manyKeys(keys, false))
		return []byte("[" + strings.Repeat(one+",", count-1) + one + "]")
	}
	desc := make([]string, 100000)
	for i := range desc {
		desc[i] = fmt.Sprintf(`"%d"`, len(desc)-i)
	}
	for _, bm := range []struct {
		name string
		src  []byte
	}{
		{"unique-10k", manyKeys(10000, false)},
		{"unique-100k", manyKeys(100000, false)},
		{"dups-10k", manyKeys(10000, true)},
		{"dups-100k", manyKeys(100000, true)},
		{"same-key-100k", []byte(objectOf(slices.Repeat([]string{`"k"`}, 100000)...))},
		{"index-keys-desc-100k", []byte(objectOf(desc...))},
		{"20k-objects-of-5", objects(20000, 5)},
		{"10k-objects-of-16", objects(10000, indexAfter)},
		{"10k-objects-of-17", objects(10000, indexAfter+1)},
		{"2k-objects-of-100", objects(2000, 100)},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(int64(len(bm.src)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(bm.src)
			}
		})
	}
}

// TestArrayIndex: the canonical array indices, and nothing else, are
// indices, with their value; strconv's view of a number (signs, leading
// zeros, underscores) does not count.
func TestArrayIndex(t *testing.T) {
	for _, tc := range []struct {
		key  string
		want uint64
		ok   bool
	}{
		{"0", 0, true},
		{"7", 7, true},
		{"17", 17, true},
		{"4294967294", 1<<32 - 2, true},
		{"4294967295", 0, false}, // 2^32-1 is no index
		{"9999999999", 0, false},
		{"10000000000", 0, false}, // 11 digits
		{"", 0, false},
		{"01", 0, false},
		{"00", 0, false},
		{"+1", 0, false},
		{"-1", 0, false},
		{"1_0", 0, false},
		{"1e3", 0, false},
		{" 1", 0, false},
		{"1 ", 0, false},
		{"١", 0, false}, // an Arabic-Indic digit
		{"id", 0, false},
	} {
		got, ok := ArrayIndex(tc.key)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ArrayIndex(%q) = %d, %v; want %d, %v", tc.key, got, ok, tc.want, tc.ok)
		}
	}
}

// TestArrayIndexAllocatesNothing: the parser asks ArrayIndex about every
// key it reads, nearly all of them no index; strconv.ParseUint allocated an
// error for each.
func TestArrayIndexAllocatesNothing(t *testing.T) {
	keys := []string{"description", "12", "x1", "4294967295"}
	indexes := 0
	if n := testing.AllocsPerRun(100, func() {
		for _, k := range keys {
			if _, ok := ArrayIndex(k); ok {
				indexes++
			}
		}
	}); n != 0 || indexes == 0 {
		t.Errorf("ArrayIndex allocates %v times per 4 keys", n)
	}
}

package ojson

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The tests in this file hold Parse and Encode to the reference itself:
// Node.js running JSON.stringify(JSON.parse(text), null, 2) on the text
// gsd-core reads (testdata/stringify.js). ojson exists so that capreg's
// generated artifacts are byte-identical to gsd-core's, and hand-written
// expectations can only cover the cases someone thought of; the fuzz target
// finds the others. Without node on PATH they skip, so CI needs only Go.

// nodeOracle is one node process running testdata/stringify.js.
type nodeOracle struct {
	in  io.WriteCloser
	out *bufio.Reader
}

// jsResult is what the reference makes of one document.
type jsResult struct {
	ok  bool
	out []byte // JSON.stringify's output, when ok
	err string // JSON.parse's error message, when not
}

// startNode starts the oracle for the life of tb (its context kills node
// when tb ends), or skips tb when node is not installed.
func startNode(tb testing.TB) *nodeOracle {
	tb.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		tb.Skip("node is not on PATH: the differential tests need Node.js as their oracle")
	}
	cmd := exec.CommandContext(tb.Context(), node, filepath.Join("testdata", "stringify.js"))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting node: %v", err)
	}
	tb.Cleanup(func() {
		in.Close() // node exits at the end of its input
		cmd.Wait()
	})
	return &nodeOracle{in: in, out: bufio.NewReader(out)}
}

// run asks the oracle about docs in one batch: every document is written
// (from another goroutine, so that neither side blocks on a full pipe)
// before the answers are read, in order.
func (o *nodeOracle) run(docs [][]byte) ([]jsResult, error) {
	written := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(o.in)
		enc := base64.StdEncoding
		for _, d := range docs {
			buf := make([]byte, enc.EncodedLen(len(d)))
			enc.Encode(buf, d)
			w.Write(buf)
			w.WriteByte('\n')
		}
		written <- w.Flush()
	}()
	results := make([]jsResult, len(docs))
	for i := range results {
		line, err := o.out.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("reading node's answer %d of %d: %w", i+1, len(docs), err)
		}
		kind, rest, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		switch kind {
		case "ok":
			out, err := base64.StdEncoding.DecodeString(rest)
			if err != nil {
				return nil, fmt.Errorf("node's answer %q: %w", line, err)
			}
			results[i] = jsResult{ok: true, out: out}
		case "err":
			msg, err := strconv.Unquote(rest)
			if err != nil {
				msg = rest
			}
			results[i] = jsResult{err: msg}
		default:
			return nil, fmt.Errorf("node's answer %q is neither ok nor err", line)
		}
	}
	if err := <-written; err != nil {
		return nil, fmt.Errorf("writing to node: %w", err)
	}
	return results, nil
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// withBOMStripped returns docs followed by the documents among them that
// start with a byte order mark, without it (see disagreement).
func withBOMStripped(docs [][]byte) [][]byte {
	all := append([][]byte(nil), docs...)
	for _, d := range docs {
		if bytes.HasPrefix(d, utf8BOM) {
			all = append(all, d[len(utf8BOM):])
		}
	}
	return all
}

// agreeWithNode checks every document against the oracle in one batch and
// returns a description of each disagreement.
func agreeWithNode(o *nodeOracle, docs [][]byte) ([]string, error) {
	all := withBOMStripped(docs)
	results, err := o.run(all)
	if err != nil {
		return nil, err
	}
	var problems []string
	stripped := results[len(docs):]
	for i, d := range docs {
		var noBOM *jsResult
		if bytes.HasPrefix(d, utf8BOM) {
			noBOM, stripped = &stripped[0], stripped[1:]
		}
		if p := disagreement(d, results[i], noBOM); p != "" {
			problems = append(problems, fmt.Sprintf("input %q:\n%s", d, p))
		}
	}
	return problems, nil
}

// depthError is the message of ojson's nesting limit, and valuesError
// starts that of its limit on the number of values.
var (
	depthError  = fmt.Sprintf("JSON nested deeper than %d levels", maxDepth)
	valuesError = fmt.Sprintf("JSON of more than %d values", maxValues)
)

// disagreement compares ojson with the reference's result js on src and
// returns "" when they agree. noBOM is the reference's result on src
// without its leading byte order mark, when src has one.
//
// Three differences are deliberate and tolerated here, exactly:
//   - A leading UTF-8 byte order mark is skipped by Parse (and reported by
//     the json-bom warning), while JSON.parse rejects the U+FEFF that
//     readFileSync keeps. For such a document the reference must fail, and
//     ojson must then agree with what it makes of the rest.
//   - Parse refuses nesting deeper than maxDepth (see there: a hostile file
//     could otherwise multiply the registry's size), and documents of more
//     than maxValues values (each costs memory many times its size), both
//     of which JSON.parse accepts.
//
// A duplicate key is an error of Parse, but not a syntax error: the value
// is built as JSON.parse builds it, so it is compared.
func disagreement(src []byte, js jsResult, noBOM *jsResult) string {
	if noBOM != nil {
		if js.ok {
			return "JSON.parse accepts a leading byte order mark, which the json-bom warning says it rejects"
		}
		js = *noBOM
	}
	v, errs := Parse(src)
	var syntax *Error
	for i := range errs {
		if errs[i].Fatal() {
			syntax = &errs[i]
			break
		}
	}
	switch {
	case !js.ok && syntax == nil:
		return fmt.Sprintf("JSON.parse fails (%s) but ojson parses it:\n%s", js.err, Encode(&v, "  "))
	case !js.ok:
		return ""
	case syntax != nil && (syntax.Msg == depthError || strings.HasPrefix(syntax.Msg, valuesError)):
		return ""
	case syntax != nil:
		return fmt.Sprintf("JSON.parse accepts it but ojson fails at byte %d: %s\njs: %s", syntax.Off, syntax.Msg, js.out)
	}
	if got := Encode(&v, "  "); !bytes.Equal(got, js.out) {
		return fmt.Sprintf("encodings differ\nojson: %q\n   js: %q", got, js.out)
	}
	return ""
}

// nodeEdgeCases are documents picked for what JavaScript does differently
// from Go or from a naive reading of RFC 8259.
var nodeEdgeCases = []string{
	// Numbers: JavaScript's shortest round-trip form, its switch to
	// exponents at 1e21 and below 1e-6, and literals beyond a double.
	`0`, `-0`, `-0.0`, `0e0`, `-0e-0`, `0.0e+10`, `1`, `-1`, `100`, `1.0`, `1.50`,
	`0.1`, `0.2`, `0.3`, `0.30000000000000004`, `0.1e1`, `1e0`, `1E2`, `1e+2`, `1e-2`,
	`1e20`, `1e21`, `1e22`, `123456789012345678901`, `999999999999999999999`, `1e-6`,
	`1e-7`, `1.5e-7`, `0.000001`, `0.0000001`, `0.00000123`, `1.7976931348623157e308`,
	`1.7976931348623158e308`, `1.7976931348623159e308`, `1e308`, `1e309`, `-1e309`, `1E400`,
	`-1E400`, `5e-324`, `4e-324`, `3e-324`, `2.4703282292062328e-324`, `2.4703282292062327e-324`,
	`2e-324`, `1e-400`, `-1e-400`, `2.2250738585072011e-308`, `2.2250738585072014e-308`,
	`9007199254740991`, `9007199254740992`, `9007199254740993`, `-9007199254740993`,
	`18014398509481985`, `123456789012345678901234567890`, `12345678901234567890123`,
	`0.1234567890123456789012345678901234567890`, `3.141592653589793238462643383279`,
	`1` + strings.Repeat("0", 400), `0.` + strings.Repeat("0", 400) + `1`,
	`9007199254740993` + strings.Repeat("0", 800) + `1e-800`,
	// Past what strconv.ParseFloat reads exactly (see parseNumber).
	`1` + strings.Repeat("0", 800) + `e-800`, `-15` + strings.Repeat("0", 900) + `.0e-900`,
	`1` + strings.Repeat("0", 20000) + `e-19990`, `0.` + strings.Repeat("0", 20000) + `1e20010`,
	`[1e21,1e-7,5e-324,0.1,100,-0,1E400]`,
	// Numbers JSON does not allow.
	`01`, `-01`, `+1`, `.5`, `5.`, `1e`, `1e+`, `-`, `0x10`, `1_000`, `Infinity`, `-Infinity`,
	`NaN`, `1.e1`, `- 1`, `00`,
	// Strings: every escape, the control characters, DEL, non-ASCII that
	// stays literal, U+2028/2029, surrogates escaped and raw.
	`""`, `"\"\\\/\b\f\n\r\t"`, `"\u0000\u0001\u001f\u0020\u007f\u0080\u00ff"`,
	"\"\x7f\"", "\"a\x00b\"", "\"tab\there\"", "\"nl\nhere\"",
	`"\u2028\u2029"`, "\"\u2028\u2029\"", `"é\u00e9"`, `"</script>&<>'"`,
	`"\ud800"`, `"\udbff"`, `"\udc00"`, `"\udfff"`, `"\ud83d\ude00"`, `"\uD83D\uDE00"`,
	"\"😀\"", `"\ude00\ud83d"`, `"\ud800\ud800"`, `"\ud800x\udc00"`, `"\ud83d\\ude00"`,
	`"\ud800\u0041"`, `"\ud800\n"`, `"\ud800` + "😀" + `"`, "\"\\ud83d\xed\xb8\x80\"",
	`"\uFFFD\uFEFF\uFFFF\uFFFE"`, "\"\uFEFF\"", `"\u00"`, `"\u00g0"`, `"\x41"`, `"\'"`, `"\a"`,
	`"abc`, `"\`, `'single'`,
	// Invalid UTF-8, in strings and out of them.
	"\"\xff\"", "\"\xc0\xaf\"", "\"\xe2\x82\"", "\"\xe2\x82z\"", "\"\xf0\x9f\x98\"",
	"\"\xed\xa0\x80\"", "\"\xed\xbf\xbf\"", "\"\xf4\x90\x80\x80\"", "\"\xf8\x88\x80\x80\x80\"",
	"\"\x80\xbf\"", "\"a\xff\xfe\\u0041\xed\"", "[1]\xff", "\xff", "{\"\xff\":1,\"\xfe\":2}",
	"{\"\xff\":1,\"\xff\":2}",
	// Keys: array indices come first in ascending order, everything else
	// in insertion order; duplicate keys keep the first place and the last
	// value; __proto__ is an own property.
	`{"b":1,"a":2,"1":3,"0":4}`,
	`{"x":1,"01":2,"1":3,"-1":4,"0":5,"1.5":6,"1e3":7," 1":8,"+1":9}`,
	`{"4294967296":1,"4294967295":2,"4294967294":3,"2":4}`,
	`{"9007199254740993":1,"99999999999":2,"3":3}`,
	`{"a":1,"b":2,"a":3}`, `{"1":1,"0":2,"1":3}`, `{"a":{"c":1},"a":[2]}`,
	`{"__proto__":1}`, `{"__proto__":{"x":1},"y":2}`, `{"__proto__":1,"__proto__":2}`,
	`{"constructor":1,"prototype":2,"toString":3,"hasOwnProperty":4}`,
	`{"":1,"":2}`, `{"\u0000":1}`, `{"a\u0000b":1,"a":2}`, `{"\ud800":1,"\udc00":2,"\ud800":3}`,
	`{"é":1,"\u00e9":2}`, `{"a":1,}`, `{,}`, `{"a"}`, `{"a":}`, `{a:1}`, `{"a":1 "b":2}`,
	// Nesting and empty containers.
	`[]`, `{}`, `[[]]`, `[{}]`, `{"a":[]}`, `{"a":{}}`, `[[[[[[[[[[1]]]]]]]]]]`,
	`{"a":[{"b":[{"c":[]}]}]}`, `[1,[2,[3,{"4":[5]}]]]`,
	strings.Repeat("[", 32) + strings.Repeat("]", 32), strings.Repeat("[", 33) + strings.Repeat("]", 33),
	strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat("}", 40), strings.Repeat("[", 33),
	// Around the limit on values (the array is one of them).
	"[" + strings.Repeat("0,", maxValues-2) + "0]", "[" + strings.Repeat("0,", maxValues-1) + "0]",
	`[1,]`, `[,1]`, `[1 2]`, `[`, `]`, `{`, `}`,
	// Whitespace: JSON's four characters are skipped, nothing else is.
	" \t\r\n[ \t\r\n1 \t\r\n, \t\r\n2 \t\r\n] \t\r\n", "\f1", "\v1", "1\u00a0",
	"\u00a01", "\u20281", "\uFEFF1", "\xEF\xBB\xBF1", "\xEF\xBB\xBF\xEF\xBB\xBF1", "\xEF\xBB\xBF",
	"\xEF\xBB\xBF{\"a\":\"\xff\"}", "\xEF\xBB\xBF \"x\"", "\xEF\xBB", "1\x00", "[1,\uFEFF2]", "[1\uFEFF]",
	// Literals.
	`true`, `false`, `null`, `True`, `nul`, `nulll`, `[true,false,null]`, `undefined`,
	``, ` `, `1 2`, `"a""b"`, `{}{}`, `/* c */1`, `1//c`,
}

// repoJSON returns the JSON files under the repository's testdata whose
// names end in one of suffixes (all of them when none is given).
func repoJSON(tb testing.TB, suffixes ...string) [][]byte {
	tb.Helper()
	var docs [][]byte
	root := filepath.Join("..", "..", "testdata")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		if len(suffixes) > 0 && !hasAnySuffix(path, suffixes) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		docs = append(docs, b)
		return nil
	})
	if err != nil {
		tb.Fatalf("reading testdata: %v", err)
	}
	if len(docs) == 0 {
		tb.Fatalf("no JSON files %v under %s", suffixes, root)
	}
	return docs
}

func hasAnySuffix(s string, suffixes []string) bool {
	for _, suf := range suffixes {
		if strings.HasSuffix(s, suf) {
			return true
		}
	}
	return false
}

// TestAgreesWithNode: Parse and Encode agree with Node's JSON.parse and
// JSON.stringify on edge cases, the repository's JSON files and random
// doubles, since the artifacts are read by JavaScript.
func TestAgreesWithNode(t *testing.T) {
	o := startNode(t)
	tests := []struct {
		name string
		docs [][]byte
	}{
		{"edge cases", stringsToDocs(nodeEdgeCases)},
		// Every JSON file of the repository: inputs and the goldens, which
		// JSON.stringify writes back unchanged.
		{"testdata", repoJSON(t)},
		{"random doubles", randomNumbers(20000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			problems, err := agreeWithNode(o, tt.docs)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range problems {
				t.Error(p)
			}
		})
	}
}

// randomNumbers returns n number literals (a fixed sequence): any double,
// in shortest and in rounded form, and the literals people write. The fuzz
// target rarely finds two doubles whose shortest forms differ in a way
// that matters, because coverage does not tell one value from another.
func randomNumbers(n int) [][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	docs := make([][]byte, 0, n)
	for len(docs) < n {
		f := math.Float64frombits(r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		var lit string
		switch len(docs) % 4 {
		case 0:
			lit = strconv.FormatFloat(f, 'g', -1, 64)
		case 1:
			lit = strconv.FormatFloat(f, 'e', r.IntN(25), 64)
		case 2:
			lit = fmt.Sprintf("%d.%de%d", r.Uint64(), r.Uint64(), r.IntN(700)-350)
		case 3:
			lit = strconv.FormatFloat(float64(r.IntN(100000))/float64(1+r.IntN(1000)), 'f', r.IntN(30), 64)
		}
		docs = append(docs, []byte(lit))
	}
	return docs
}

func stringsToDocs(ss []string) [][]byte {
	docs := make([][]byte, len(ss))
	for i, s := range ss {
		docs[i] = []byte(s)
	}
	return docs
}

// FuzzAgreesWithNode looks for documents on which ojson and JSON.parse +
// JSON.stringify disagree. Each fuzz worker runs its own node.
func FuzzAgreesWithNode(f *testing.F) {
	for _, s := range nodeEdgeCases {
		f.Add([]byte(s))
	}
	for _, d := range repoJSON(f, "/capability.json", ".card.json") {
		f.Add(d)
	}
	o := startNode(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		problems, err := agreeWithNode(o, [][]byte{data})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Error(p)
		}
	})
}

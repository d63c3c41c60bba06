package validate

import (
	"bytes"
	"cmp"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/validate/ojson"
	"github.com/santhosh-tekuri/jsonschema/v5"
)

//go:embed schema/*.json
var schemaFS embed.FS

// The schemas are compiled once, on first use, and are immutable afterwards;
// jsonschema.Schema is safe for concurrent validation.
var compiledSchemas = sync.OnceValues(compileSchemasFresh)

func compileSchemasFresh() (map[string]*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	for _, n := range schemaNames {
		data, err := SchemaJSON(n)
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(schemaURL(n), bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("schema %s: %w", n, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, n := range schemaNames {
		s, err := c.Compile(schemaURL(n))
		if err != nil {
			return nil, fmt.Errorf("compile schema %s: %w", n, err)
		}
		out[n] = s
	}
	return out, nil
}

// PrepareSchemas compiles the embedded schemas now rather than on first use.
// Compiling takes a few milliseconds, as long as scanning a small
// repository, so a one-shot check starts it beside its scan and the two
// overlap. It is safe to call from many goroutines and at any time.
func PrepareSchemas() error {
	_, err := compiledSchemas()
	return err
}

var schemaNames = []string{"capability", "card", "config", "central"}

func schemaURL(name string) string { return "https://capreg.dev/schema/" + name + ".schema.json" }

// SchemaJSON returns an embedded schema ("capability", "card", "config",
// "central") so the API can publish it.
func SchemaJSON(name string) ([]byte, error) {
	return schemaFS.ReadFile("schema/" + name + ".schema.json")
}

// checkSchema validates a document against an embedded schema and reports each
// leaf violation at its JSON pointer. It returns false when anything failed.
func checkSchema(name string, d *doc, s *sink) bool {
	ok, _ := checkSchemaFindings(name, d, s, nil)
	return ok
}

// schemaFinding is a finding of the schema check as structure, beside its
// message: which keyword failed, at which pointer, naming which fields.
// Other checks of the document read these, never the message's text.
type schemaFinding struct {
	ptr, msg string // where it is reported, and what it says
	// keyword is the keyword failed, the last token of its keyword
	// location ("required", "additionalProperties", "anyOf", "enum").
	keyword string
	// object is the instance location: the object a required or an
	// additionalProperties failure is about, where ptr may be one of its
	// keys.
	object string
	// missing are the fields a required failure finds missing, in the
	// schema's order; nil when its message is the library's.
	missing []string
	// named are the keys of the document it names as a field misspelt
	// ("the field 'inlin' is there: did you mean 'inline'?"), an anyOf's
	// those of its branches.
	named []string
	// value says that the finding is about the value at ptr (its type,
	// an enum, a pattern, a minimum…), placed at the value rather than at
	// its key: the author fixes what is after the colon. A finding about
	// a key (one not allowed, a name propertyNames refuses) or about an
	// object (a field missing) is placed where ptr's key is.
	value bool
}

// checkSchemaFindings is checkSchema that also returns the findings it
// reported, as structure. A finding for which drop (if not nil) reports
// true is not reported: one another rule says better, told by its
// structure.
func checkSchemaFindings(name string, d *doc, s *sink, drop func(*schemaFinding) bool) (bool, []schemaFinding) {
	schemas, err := compiledSchemas()
	if err != nil {
		// The schemas are embedded and covered by tests; failing here is a
		// build defect, reported rather than panicked on.
		s.add(Diagnostic{File: d.File, Rule: "schema", Message: "internal error: " + err.Error()})
		return false, nil
	}
	ok := checkFinite(name, d, s, "", &d.Root)
	err = schemas[name].Validate(d.Root.ToAny())
	if err == nil {
		return ok, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		s.at(d, "", "schema", "%v", err)
		return false, nil
	}
	var found []schemaFinding
	seen := map[string]bool{}
	for _, leaf := range schemaLeaves(&d.Root, ve) {
		f := refine(&d.Root, leaf)
		if !seen[f.ptr+"\x00"+f.msg] {
			seen[f.ptr+"\x00"+f.msg] = true
			found = append(found, f)
		}
	}
	var reported []schemaFinding
	for _, f := range found {
		// "matches none of the allowed forms" where another keyword has
		// said what is wrong with the value repeats it at length: "" for
		// a version range failed its pattern and its anyOf both.
		if strings.HasPrefix(f.msg, anyOfPrefix) && slices.ContainsFunc(found, func(o schemaFinding) bool {
			return o.ptr == f.ptr && !strings.HasPrefix(o.msg, anyOfPrefix)
		}) {
			continue
		}
		if drop != nil && drop(&f) {
			continue
		}
		if f.value {
			s.atValue(d, f.ptr, "schema", "%s", f.msg)
		} else {
			s.at(d, f.ptr, "schema", "%s", f.msg)
		}
		reported = append(reported, f)
	}
	return false, reported
}

// checkFinite reports each number of v, at pointer ptr in d, that is past
// the range of a double ("1e400"): JSON.parse reads it as Infinity, which
// is no integer and which the generated registry would hold as null,
// while the schema library, reading it exactly, takes it for an integer.
// A config key's default is left to the config-slice rule, which says so
// for type number. It returns false when it reported one.
func checkFinite(name string, d *doc, s *sink, ptr string, v *ojson.Value) bool {
	ok := true
	switch v.Kind {
	case ojson.Number:
		if f, _ := v.Float(); math.IsInf(f, 0) && !(name == "capability" && configDefault.MatchString(ptr)) {
			s.atValue(d, ptr, "schema", "%s is past the range of a JSON number: JSON.parse reads it as Infinity, "+
				"which is no integer nor finite, and the registry would hold null", v.Str)
			ok = false
		}
	case ojson.Array:
		for i := range v.Items {
			ok = checkFinite(name, d, s, ptr+"/"+strconv.Itoa(i), &v.Items[i]) && ok
		}
	case ojson.Object:
		for i := range v.Members {
			m := &v.Members[i]
			ok = checkFinite(name, d, s, ptr+"/"+ojson.EscapePointer(m.Key), &m.Value) && ok
		}
	}
	return ok
}

// configDefault matches the pointer of a config key's default.
var configDefault = regexp.MustCompile(`^/config/[^/]+/default$`)

// schemaLeaf is a leaf failure of the schema check, with, for an anyOf
// reported as one, the keys its branches name as a field misspelt.
type schemaLeaf struct {
	*jsonschema.ValidationError
	named []string
}

// schemaLeaves flattens the error tree to the errors that have no causes: the
// specific keyword failures. Branch failures of anyOf are kept only when no
// more specific leaf exists, which keeps messages short. The library visits
// properties in map order, so the leaves are sorted into one order.
func schemaLeaves(root *ojson.Value, ve *jsonschema.ValidationError) []schemaLeaf {
	if len(ve.Causes) == 0 {
		return []schemaLeaf{{ValidationError: ve}}
	}
	if strings.HasSuffix(ve.KeywordLocation, "/anyOf") {
		// "must match one of these shapes": report it once, at its own place.
		msg, named := anyOfMessage(root, ve)
		return []schemaLeaf{{&jsonschema.ValidationError{InstanceLocation: ve.InstanceLocation, KeywordLocation: ve.KeywordLocation, Message: msg}, named}}
	}
	var out []schemaLeaf
	for _, c := range ve.Causes {
		out = append(out, schemaLeaves(root, c)...)
	}
	slices.SortStableFunc(out, func(a, b schemaLeaf) int {
		return cmp.Or(strings.Compare(a.InstanceLocation, b.InstanceLocation),
			strings.Compare(a.KeywordLocation, b.KeywordLocation), strings.Compare(a.Message, b.Message))
	})
	return out
}

// propertyNameFinding words a propertyNames failure as the key's: the
// library reports it at the member as if its value had failed, and drops an
// empty key from the pointer altogether ("/config" for the key "" of
// config), which is put back when the object has such a key.
func propertyNameFinding(root *ojson.Value, ptr, msg string) (string, string) {
	if v, _, ok := root.Lookup(ptr); ok && v.Kind == ojson.Object && v.Has("") {
		ptr += "/"
	}
	key := strings.NewReplacer("~1", "/", "~0", "~").Replace(ptr[strings.LastIndex(ptr, "/")+1:])
	return ptr, fmt.Sprintf("key %s is not a valid name here: %s", quoteKey(key), msg)
}

// withEmptyKeys puts back into ptr, the library's instance location of a
// failure, the empty keys the library leaves out of it: it appends a
// member's key only when the key is not "", so the member "" of config is
// reported at "/config" and the type inside it at "/config/type". The
// keyword location says how many members and items the failure lies
// below; the document says where an empty key can stand. ptr is returned
// as it is when the two agree without one.
func withEmptyKeys(root *ojson.Value, ptr, keywordLoc string) string {
	var toks []string
	if ptr != "" {
		toks = strings.Split(ptr[1:], "/")
	}
	steps := instanceSteps(keywordLoc)
	if len(steps) == len(toks) {
		return ptr
	}
	if out, ok := walkSteps(root, steps, toks); ok {
		return "/" + strings.Join(out, "/")
	}
	return ptr
}

// instanceSteps reads a keyword location ("/properties/config/
// additionalProperties/type") as the steps it takes down the instance:
// the name of a property it names, or "\x00" for any member or item. The
// library escapes a property's name there as it escapes a key in the
// instance location, so instancePointer makes each name the pointer token
// walkSteps compares it with ("a~1b" for the key "a/b").
func instanceSteps(keywordLoc string) []string {
	var steps []string
	kw := strings.Split(strings.TrimPrefix(instancePointer(keywordLoc), "/"), "/")
	for i := 0; i < len(kw); i++ {
		switch kw[i] {
		case "properties":
			if i+1 < len(kw) {
				i++
				steps = append(steps, kw[i])
			}
		case "patternProperties", "prefixItems":
			i++
			steps = append(steps, "\x00")
		case "items":
			if i+1 < len(kw) && kw[i+1] != "" && strings.Trim(kw[i+1], "0123456789") == "" {
				i++ // a tuple's position
			}
			steps = append(steps, "\x00")
		case "additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems", "contains":
			steps = append(steps, "\x00")
		case "allOf", "anyOf", "oneOf", "dependentSchemas", "dependencies", "$defs", "definitions":
			i++ // the branch's position or name
		}
	}
	return steps
}

// walkSteps matches the tokens the library kept to the steps, taking an
// empty key where the document has one and a kept token does not fit.
func walkSteps(v *ojson.Value, steps, toks []string) ([]string, bool) {
	if len(steps) == 0 {
		return nil, len(toks) == 0
	}
	if len(toks) > 0 && (steps[0] == "\x00" || steps[0] == toks[0]) {
		if next, _, ok := v.Lookup("/" + toks[0]); ok {
			if rest, ok := walkSteps(next, steps[1:], toks[1:]); ok {
				return append([]string{toks[0]}, rest...), true
			}
		}
	}
	if (steps[0] == "\x00" || steps[0] == "") && v.Kind == ojson.Object {
		if next, _, ok := v.Lookup("/"); ok {
			if rest, ok := walkSteps(next, steps[1:], toks); ok {
				return append([]string{""}, rest...), true
			}
		}
	}
	return nil, false
}

// instancePointer turns the library's instance location, whose tokens it
// URL-escapes after JSON-pointer escaping ("/a%20b"), into a JSON pointer.
func instancePointer(loc string) string {
	if !strings.Contains(loc, "%") {
		return loc
	}
	tokens := strings.Split(loc, "/")
	for i, t := range tokens {
		if u, err := url.PathUnescape(t); err == nil {
			tokens[i] = u
		}
	}
	return strings.Join(tokens, "/")
}

// quoteKey shows a key in single quotes, or Go-quoted when it holds a quote,
// a backslash or a character that would not print.
func quoteKey(k string) string {
	odd := func(r rune) bool { return r == '\'' || r == '\\' || !unicode.IsPrint(r) }
	if !utf8.ValidString(k) || strings.ContainsFunc(k, odd) {
		return strconv.Quote(k)
	}
	return "'" + k + "'"
}

// unknownKeys lists the keys of the object at ptr that the schema object
// whose additionalProperties failed (at absLoc, the library's absolute
// keyword location) does not declare, in their order in the document. The
// library's own list is in map order and its quoting is lossy, so it is not
// used. missing are the declared fields the object lacks, those an unknown
// key may be a misspelling of. It reports false when absLoc is not one of
// the embedded schemas.
func unknownKeys(root *ojson.Value, ptr, absLoc string) (keys, missing []string, ok bool) {
	parent, ok := schemaNode(strings.TrimSuffix(absLoc, "/additionalProperties"))
	obj, _, ok2 := root.Lookup(ptr)
	if !ok || !ok2 || obj.Kind != ojson.Object {
		return nil, nil, false
	}
	props := parent.Get("properties")
	for _, m := range obj.Members {
		if props == nil || !props.Has(m.Key) {
			keys = append(keys, m.Key)
		}
	}
	if props != nil && props.Kind == ojson.Object {
		for _, p := range props.Members {
			if !obj.Has(p.Key) {
				missing = append(missing, p.Key)
			}
		}
	}
	return keys, missing, len(keys) > 0
}

// closedFieldHint says which declared field an unknown key of a closed
// object (capreg.json, a reviewer's probe) probably is, from the fields the
// object lacks. Unlike nearestField's use on open objects, a plural or
// singular counts ("workflow" for "workflows"): here the key cannot be a
// field of its own, as it is an error anyway.
func closedFieldHint(key string, missing []string) string {
	want := nearestName(key, missing)
	if want == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %s?", quoteKey(want))
}

// requiredMessage says which required fields of the object at ptr are
// missing, from the schema object whose required keyword failed (at absLoc,
// the library's absolute keyword location), and names the keys that are
// probably those fields misspelt ("require" for "requires", "intentPhrases"
// for "intent_phrases"), each beside the field it misspells: the keys are
// not ones it declares, and each field is named for the first key only.
// The fields are read from the schema and the document, not from the
// library's message, whose wording and quoting are its own. It also
// returns where the finding is: at the one key that misspells a missing
// field, where the author acts (at the object, a tool card's finding was at
// 1:1, which a CI annotation of the lines a change touched never shows),
// else at the object, ptr; and, as structure, the fields missing and the
// keys it names as those fields misspelt. It reports false when absLoc is
// not one of the embedded schemas' required lists.
func requiredMessage(root *ojson.Value, ptr, absLoc string) (msg, at string, missing, keys []string, ok bool) {
	parent, ok := schemaNode(strings.TrimSuffix(absLoc, "/required"))
	obj, _, ok2 := root.Lookup(ptr)
	if !ok || !ok2 || obj.Kind != ojson.Object {
		return "", "", nil, nil, false
	}
	var quoted []string
	for _, r := range parent.Get("required").Strings() {
		if !obj.Has(r) {
			missing, quoted = append(missing, r), append(quoted, quoteKey(r))
		}
	}
	if len(missing) == 0 {
		return "", "", nil, nil, false
	}
	hint, keys, rest := misspeltHint(obj, parent.Get("properties"), slices.Clone(missing))
	if hint == "" {
		hint = misplacedHint(obj, ptr, rest)
	}
	if hint == "" {
		url, _, _ := strings.Cut(absLoc, "#")
		hint = addHint(url, parent.Get("properties"), missing)
	}
	what := "missing required field "
	if len(missing) > 1 {
		what = "missing required fields "
	}
	at = ptr
	if len(keys) == 1 {
		at = ptr + "/" + ojson.EscapePointer(keys[0])
	}
	return what + strings.Join(quoted, ", ") + hint, at, missing, keys, true
}

// addHint says what to write for the missing fields whose schema (props,
// of the schema at url) leaves the author few choices: an enum's values
// (a gate's "onError": "skip" or "halt"), a boolean's two, a list's []
// where it may be empty (a step's "produces"), and, for a string or a list
// the schema describes (a tool card's "effects"), what it holds; "" when
// no missing field is one of those. A finding that only named the field
// sent a new author to the reference to learn what it takes.
func addHint(url string, props *ojson.Value, missing []string) string {
	var parts []string
	for _, f := range missing {
		p := props.Get(f)
		if p == nil {
			continue
		}
		desc := p.Get("description") // beside a $ref, as a card's fields have it
		if ref := p.Get("$ref"); ref.IsString() && strings.HasPrefix(ref.Str, "#") {
			if p, _ = schemaNode(url + ref.Str); p == nil {
				continue
			}
		}
		key := string(ojson.AppendString(nil, f))
		typ := p.Get("type")
		switch values := enumTexts(p.Get("enum")); {
		case len(values) == 2:
			parts = append(parts, fmt.Sprintf("add %s: %s or %s", key, values[0], values[1]))
		case len(values) > 2:
			parts = append(parts, fmt.Sprintf("add %s: one of %s", key, strings.Join(values, ", ")))
		case typ.IsString() && typ.Str == "boolean":
			parts = append(parts, fmt.Sprintf("add %s: true or false", key))
		case typ.IsString() && typ.Str == "array":
			if n, ok := p.Get("minItems").Float(); !ok || n == 0 {
				parts = append(parts, fmt.Sprintf("add %s: [...] ([] for none)", key))
			} else if desc.IsString() {
				parts = append(parts, fmt.Sprintf("add %s: [\"...\"], %s", key, desc.Str))
			}
		case typ.IsString() && typ.Str == "string" && desc.IsString():
			parts = append(parts, fmt.Sprintf("add %s: \"...\", %s", key, desc.Str))
		case typ.IsString() && typ.Str == "object":
			// An object of one of several members (a hook's "fragment",
			// {"inline": …} or {"path": …}): each form, as a required
			// one-member branch of its anyOf names it.
			if forms := oneMemberForms(p.Get("anyOf")); len(forms) > 0 {
				parts = append(parts, fmt.Sprintf("add %s: %s", key, strings.Join(forms, " or ")))
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
}

// oneMemberForms writes the objects an anyOf whose every branch requires
// one string member allows, {"path": "..."} for a branch requiring path,
// in the schema's order; nil when a branch is otherwise.
func oneMemberForms(anyOf *ojson.Value) []string {
	if anyOf == nil || anyOf.Kind != ojson.Array {
		return nil
	}
	var forms []string
	for i := range anyOf.Items {
		req := anyOf.Items[i].Get("required").Strings()
		if len(req) != 1 {
			return nil
		}
		forms = append(forms, fmt.Sprintf("{%s: \"...\"}", ojson.AppendString(nil, req[0])))
	}
	return forms
}

// misspeltHint names the keys of obj that are probably the missing fields
// misspelt, each beside the field it misspells, skipping the keys props
// declares (nil for none), and returns those keys and the missing fields
// no key misspells; "" when there are none. Required fields of the schema
// and fields checked in Go (a config slice's description and default) are
// told so alike.
func misspeltHint(obj, props *ojson.Value, missing []string) (hint string, keys, rest []string) {
	var quoted, wants []string
	for _, m := range obj.Members {
		if props != nil && props.Has(m.Key) {
			continue
		}
		want := nearestName(m.Key, missing)
		if want == "" {
			want = synonymField(m.Key, missing)
		}
		if want != "" {
			keys, quoted, wants = append(keys, m.Key), append(quoted, quoteKey(m.Key)), append(wants, quoteKey(want))
			missing = slices.DeleteFunc(missing, func(r string) bool { return r == want })
		}
	}
	switch len(keys) {
	case 0:
		return "", nil, missing
	case 1:
		return fmt.Sprintf("; the field %s is there: did you mean %s?", quoted[0], wants[0]), keys, missing
	}
	return fmt.Sprintf("; the fields %s are there: did you mean %s?", strings.Join(quoted, ", "), strings.Join(wants, ", ")), keys, missing
}

// misplacedHint names where, below the object at ptr, a missing required
// field is written ("config" inside a step, "onError" inside a gate's
// check), since a finding that it is missing, at the object, says nothing
// of the one the author wrote one level too deep: the first of missing
// found, breadth first, at most three levels down; "" for none. The fields
// of a capability's config slices (/config/<key>/description, type,
// default) are their own, not misplaced ones: a capability without its
// description was told to move a config key's up to the top level.
func misplacedHint(obj *ojson.Value, ptr string, missing []string) string {
	type at struct {
		v     *ojson.Value
		ptr   string
		slice bool // a config slice, whose fields are its own
	}
	level := []at{{obj, ptr, false}}
	for depth := 0; depth < 3 && len(level) > 0; depth++ {
		var next []at
		for _, a := range level {
			switch a.v.Kind {
			case ojson.Object:
				for i := range a.v.Members {
					m := &a.v.Members[i]
					p := a.ptr + "/" + ojson.EscapePointer(m.Key)
					if depth > 0 && !a.slice && slices.Contains(missing, m.Key) {
						where := "the top level"
						if ptr != "" {
							where = ptr
						}
						return fmt.Sprintf("; the field %s is written at %s: move it up, to %s", quoteKey(m.Key), p, where)
					}
					next = append(next, at{&m.Value, p, ptr == "" && a.ptr == "/config"})
				}
			case ojson.Array:
				for i := range a.v.Items {
					next = append(next, at{&a.v.Items[i], a.ptr + "/" + strconv.Itoa(i), false})
				}
			}
		}
		level = next
	}
	return ""
}

// parsedSchemas are the embedded schemas as documents, by URL, for looking
// up what a failed keyword declares.
var parsedSchemas = sync.OnceValue(func() map[string]*ojson.Value {
	out := map[string]*ojson.Value{}
	for _, n := range schemaNames {
		data, err := SchemaJSON(n)
		if err != nil {
			continue
		}
		if v, errs := ojson.Parse(data); len(errs) == 0 {
			out[schemaURL(n)] = &v
		}
	}
	return out
})

// anyOfMessage words an anyOf no branch of which matched, each branch's
// findings in turn, and returns the keys they name as a field misspelt.
func anyOfMessage(root *ojson.Value, ve *jsonschema.ValidationError) (string, []string) {
	var parts, named []string
	for _, c := range ve.Causes {
		for _, l := range schemaLeaves(root, c) {
			if f := refine(root, l); !slices.Contains(parts, f.msg) {
				parts = append(parts, f.msg)
				for _, k := range f.named {
					if !slices.Contains(named, k) {
						named = append(named, k)
					}
				}
			}
		}
	}
	return anyOfPrefix + strings.Join(parts, "; or "), named
}

// anyOfPrefix starts the finding of a value that matches no branch of an
// anyOf.
const anyOfPrefix = "matches none of the allowed forms: "

// refine turns the library's messages into ones that say what to do, and
// moves "not allowed" findings onto the offending key. root is the document
// validated, for the unknown keys. A finding is told by its keyword and the
// schema it failed, never by the library's English.
func refine(root *ojson.Value, leaf schemaLeaf) schemaFinding {
	ptr, msg := instancePointer(leaf.InstanceLocation), leaf.Message
	f := schemaFinding{keyword: leaf.KeywordLocation[strings.LastIndex(leaf.KeywordLocation, "/")+1:]}
	found := func(at, msg string) schemaFinding {
		f.ptr, f.msg = at, msg
		return f
	}
	if strings.Contains(leaf.KeywordLocation, "/propertyNames/") {
		f.object = ptr
		return found(propertyNameFinding(root, ptr, propertyNameMessage(leaf)))
	}
	ptr = withEmptyKeys(root, ptr, leaf.KeywordLocation)
	f.object = ptr
	if strings.HasSuffix(leaf.KeywordLocation, "/additionalProperties") && isFalseSchema(leaf.AbsoluteKeywordLocation) {
		at, m, named := unknownFieldsFinding(root, ptr, leaf.AbsoluteKeywordLocation)
		f.named = named
		return found(at, m)
	}
	if strings.HasSuffix(leaf.KeywordLocation, "/required") {
		if m, at, missing, named, ok := requiredMessage(root, ptr, leaf.AbsoluteKeywordLocation); ok {
			f.missing, f.named = missing, named
			return found(at, m)
		}
	}
	if isFalseSchema(leaf.AbsoluteKeywordLocation) {
		return found(ptr, "this field is not allowed here"+falseFieldCondition(leaf.AbsoluteKeywordLocation))
	}
	// What is left is about the value (type, enum, pattern, const,
	// minimum, minLength, not, anyOf…), but a required list the
	// document's object fails in a way requiredMessage does not word.
	f.value = f.keyword != "required"
	if strings.HasSuffix(leaf.KeywordLocation, "/type") {
		if hint := objectHint(root, ptr, leaf.AbsoluteKeywordLocation); hint != "" {
			return found(ptr, msg+hint)
		}
	}
	if strings.HasSuffix(leaf.KeywordLocation, "/enum") {
		if m, ok := enumMessage(root, ptr, leaf.AbsoluteKeywordLocation); ok {
			return found(ptr, m)
		}
	}
	if strings.HasSuffix(leaf.KeywordLocation, "/pattern") {
		if m, ok := patternMessage(root, ptr, leaf.AbsoluteKeywordLocation); ok {
			return found(ptr, m)
		}
	}
	if strings.HasSuffix(leaf.KeywordLocation, "/not") {
		if m, ok := notMessage(root, ptr, leaf.AbsoluteKeywordLocation); ok {
			return found(ptr, m)
		}
	}
	f.named = leaf.named // an anyOf's
	return found(ptr, msg)
}

// propertyNameMessage is what a key that fails propertyNames is told: the
// library's message, or for a pattern of patternHelp what the key is not
// ("1.0" of compatVersions, where the regexp was quoted).
func propertyNameMessage(leaf schemaLeaf) string {
	if pat, ok := schemaNode(leaf.AbsoluteKeywordLocation); ok && strings.HasSuffix(leaf.KeywordLocation, "/pattern") && pat.IsString() && patternHelp[pat.Str] != "" {
		return "it is not " + patternHelp[pat.Str]
	}
	return leaf.Message
}

// unknownFieldsFinding places and words the finding of an object at ptr
// that holds fields its schema (abs, additionalProperties false) does not
// allow: at the field when it is one, with a did-you-mean (the fields it
// names are named), else at the object, listing them, with the field
// each that is a slip of one probably means.
func unknownFieldsFinding(root *ojson.Value, ptr, abs string) (at, msg string, named []string) {
	keys, missing, ok := unknownKeys(root, ptr, abs)
	switch {
	case !ok:
		return ptr, "unknown fields are not allowed here", nil
	case len(keys) == 1:
		hint := closedFieldHint(keys[0], missing)
		if hint != "" {
			named = keys
		}
		return ptr + "/" + ojson.EscapePointer(keys[0]),
			fmt.Sprintf("unknown field %s is not allowed here", quoteKey(keys[0])) + hint, named
	}
	// Each key a slip of a field is told the field, as one alone is:
	// capreg.json's {"configschema": …, "workflow": […]} was told only
	// that both are not allowed.
	var meant []string
	for _, k := range keys {
		if want := nearestName(k, missing); want != "" {
			meant = append(meant, quoteKey(want)+" for "+quoteKey(k))
			named = append(named, k)
		}
	}
	hint := ""
	if len(meant) > 0 {
		hint = "; did you mean " + strings.Join(meant, ", ") + "?"
	}
	for i, k := range keys {
		keys[i] = quoteKey(k)
	}
	return ptr, fmt.Sprintf("unknown fields %s are not allowed here%s", strings.Join(keys, ", "), hint), named
}

// objectHints are the objects of a capability whose author, reading the
// ADR's one-line examples, writes only their value: what the object is,
// and the member the string given goes in.
var objectHints = map[string]struct{ what, member string }{
	"/$defs/step/properties/ref/type":   {`a step's ref is an object naming what it runs, {"skill": …}, {"agent": …} or {"command": …}`, "skill"},
	"/$defs/fragment/type":              {`a fragment is an object, {"path": …} (a file in the capability folder) or {"inline": …} (the text itself)`, "path"},
	"/$defs/gate/properties/check/type": {`a gate's check is an object, {"query": …}, {"predicate": {…}} or {"agentVerdict": {…}}`, "query"},
	// A command family, written as its name alone: it needs its module and
	// router too, so no one member takes the string given.
	"/allOf/0/then/properties/commands/items/type": {`a commands entry is an object, {"family": …, "module": …, "router": …} (the family's name, the .cjs file that routes it, as "audit.cjs", and its exported router function, as "routeAudit"; "subcommands": […] optional)`, ""},
	// The ADR's runtime fields, whose shapes gsd-core changed (ref §2.12):
	// no one member takes the ADR's value as it is, so no write {…}.
	"/$defs/configHome/type":                        {`a runtime's configHome (and its skillsHome) is an object, such as {"kind": "dot-home", "name": ".codex", "env": ["CODEX_HOME"]} (kind one of dot-home, dot-home-nested, xdg, generic-agents-root, none), where the ADR wrote the folder as a string`, ""},
	"/$defs/runtime/properties/artifactLayout/type": {`a runtime's artifactLayout is an object of two lists, {"global": […], "local": […]}, of entries {kind, destSubpath, nesting, prefix, converter}, where the ADR wrote one list`, ""},
}

// objectHint says what to write for a value of the wrong type (at the
// library's absolute keyword location absLoc): where one of objectHints is
// due, the object holding a string given, or what the object is for any
// other value; where a list of strings is due, the list holding the one
// string given; "" for any other type mismatch.
func objectHint(root *ojson.Value, ptr, absLoc string) string {
	_, frag, _ := strings.Cut(absLoc, "#")
	h, hinted := objectHints[frag]
	got, _, found := root.Lookup(ptr)
	switch {
	case !found:
		return ""
	case hinted && (!got.IsString() || h.member == ""):
		// null, a list, a number: what the object is, all the same (as
		// the reference's one message for a check that is no object).
		return ": " + h.what
	case ptr == "/version" && got.Kind == ojson.Number:
		// "version": 1.0, whose quoted text "1.0" is no SemVer either.
		return versionHint(got.Str)
	case !hinted && got.Kind == ojson.Array:
		return stringListHint(got, absLoc)
	case !got.IsString():
		return ""
	}
	if !hinted {
		// One string where a list of strings is due ("requires":
		// "research", "produces": "CHANGELOG.md"): the list holding it.
		if node, ok := schemaNode(strings.TrimSuffix(absLoc, "/type")); ok && node.Get("type").IsString() && node.Get("type").Str == "array" {
			items := node.Get("items")
			if ref := items.Get("$ref"); ref.IsString() && strings.HasPrefix(ref.Str, "#") {
				// A card's lists are of "#/$defs/nonEmptyString".
				url, _, _ := strings.Cut(absLoc, "#")
				items, _ = schemaNode(url + ref.Str)
			}
			if items != nil && items.Get("type").IsString() && items.Get("type").Str == "string" {
				if strings.TrimSpace(got.Str) == "" {
					// No item to put in it: [""] is no advice.
					if n, ok := node.Get("minItems").Float(); ok && n > 0 {
						return ""
					}
					return ": a list of strings is due; write [] for none"
				}
				return fmt.Sprintf(": a list of strings is due, even of one; write [%s]", ojson.AppendString(nil, got.Str))
			}
		}
		return ""
	}
	member := h.member
	if member == "path" && (strings.ContainsAny(got.Str, "\n") || strings.Count(got.Str, " ") > 2) {
		member = "inline" // text, not a file name
	}
	if member == "skill" && strings.HasPrefix(got.Str, "gsd-") {
		member = "agent" // skill stems are unprefixed; agent names keep gsd-
	}
	return fmt.Sprintf(": %s; write {%s: %s}", h.what, ojson.AppendString(nil, member), ojson.AppendString(nil, got.Str))
}

// stringListHint says what to write for a list of strings given where
// one string is due (at the library's absolute keyword location absLoc of
// the type failure): a card's "example": ["bin/land a"], "help_probe":
// ["land", "--help"] (a command's words, as an exec array writes them),
// "effects": ["merges", "pushes"]. "" when the list holds anything but
// strings, or none, or a string is not what is due.
func stringListHint(got *ojson.Value, absLoc string) string {
	node, ok := schemaNode(strings.TrimSuffix(absLoc, "/type"))
	if !ok || !node.Get("type").IsString() || node.Get("type").Str != "string" || len(got.Items) == 0 {
		return ""
	}
	words := make([]string, len(got.Items))
	argv := false // a command's words: one after the first is an option
	for i := range got.Items {
		if !got.Items[i].IsString() || strings.TrimSpace(got.Items[i].Str) == "" {
			return ""
		}
		words[i] = got.Items[i].Str
		argv = argv || i > 0 && strings.HasPrefix(words[i], "-")
	}
	switch {
	case len(words) == 1:
		return fmt.Sprintf(": one string is due, not a list; write %s", ojson.AppendString(nil, words[0]))
	case argv && !slices.ContainsFunc(words, func(w string) bool { return strings.ContainsAny(w, " \t\n'\"") }):
		return fmt.Sprintf(": one string is due, a command line, not a list of its words; write %s", ojson.AppendString(nil, strings.Join(words, " ")))
	}
	return fmt.Sprintf(": one string is due, not a list; keep one (%s), or write them in one string", ojson.AppendString(nil, words[0]))
}

// versionHint is what to write for a version given as the JSON number
// lit: its digits as a SemVer string of three parts ("1.0" for 1.0.0).
func versionHint(lit string) string {
	parts := strings.Split(lit, ".")
	if len(parts) > 3 || slices.ContainsFunc(parts, func(p string) bool {
		return p == "" || strings.Trim(p, "0123456789") != "" || len(p) > 1 && p[0] == '0'
	}) {
		return `: a version is a SemVer string such as "1.0.0"`
	}
	for len(parts) < 3 {
		parts = append(parts, "0")
	}
	return fmt.Sprintf(": a version is a SemVer string; write %q", strings.Join(parts, "."))
}

// notMessage words the failure of a "not" of values a field may not take
// ({"not": {"enum": [...], "description": why}}): the library says only
// "not failed".
func notMessage(root *ojson.Value, ptr, absLoc string) (string, bool) {
	not, ok := schemaNode(absLoc)
	got, _, ok2 := root.Lookup(ptr)
	if !ok || !ok2 || not.Kind != ojson.Object {
		return "", false
	}
	why := not.Get("description")
	if !why.IsString() {
		return "", false
	}
	return fmt.Sprintf("%s is not allowed here: it is %s", jsonText(got), why.Str), true
}

// isFalseSchema reports whether absLoc, a failure's absolute keyword
// location, is the schema false (additionalProperties: false, or a field
// declared false): the value or key there may not be written at all.
func isFalseSchema(absLoc string) bool {
	v, ok := schemaNode(absLoc)
	return ok && v.Kind == ojson.Bool && !v.Bool
}

// falseFieldCondition says when the field a false schema at absLoc
// forbids is forbidden, if that schema is under the "then" of an "if"
// that tests one field's const (a probe's timeoutMs when its kind is
// "command-exists": "not allowed here" alone read as a field no probe
// takes); else "".
func falseFieldCondition(absLoc string) string {
	// Only a field of the then branch itself ("…/then/properties/X"):
	// one deeper, under an else or another if, has another condition.
	i := strings.LastIndex(absLoc, "/then/properties/")
	if i < 0 || strings.Contains(absLoc[i+len("/then/properties/"):], "/") {
		return ""
	}
	cond, ok := schemaNode(absLoc[:i] + "/if")
	if !ok {
		return ""
	}
	props := cond.Get("properties")
	if props == nil || props.Kind != ojson.Object || len(props.Members) != 1 {
		return ""
	}
	m := &props.Members[0]
	c := m.Value.Get("const")
	if c == nil {
		return ""
	}
	return fmt.Sprintf(" when %s is %s", m.Key, jsonText(c))
}

// schemaNode returns the embedded schema's value at the library's absolute
// keyword location.
func schemaNode(absLoc string) (*ojson.Value, bool) {
	url, frag, _ := strings.Cut(absLoc, "#")
	sch, ok := parsedSchemas()[url]
	if !ok {
		return nil, false
	}
	v, _, ok := sch.Lookup(frag)
	return v, ok
}

// jsonText shows a JSON value as written in JSON: the library quotes every
// enum member, so that the number 1 read as "1" beside the string "1".
func jsonText(v *ojson.Value) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v.ToAny()); err != nil || b.Len() > 80 {
		return "the " + v.Kind.String()
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// enumTexts are the values of enum, a schema's enum list, as JSON text
// ("skip", "halt"); nil when enum is no list.
func enumTexts(enum *ojson.Value) []string {
	if enum == nil || enum.Kind != ojson.Array {
		return nil
	}
	texts := make([]string, len(enum.Items))
	for i := range enum.Items {
		texts[i] = jsonText(&enum.Items[i])
	}
	return texts
}

// enumMessage names the allowed values as JSON, with the value given.
func enumMessage(root *ojson.Value, ptr, absLoc string) (string, bool) {
	enum, ok := schemaNode(absLoc)
	got, _, ok2 := root.Lookup(ptr)
	if !ok || !ok2 || enum.Kind != ojson.Array {
		return "", false
	}
	allowed := enumTexts(enum)
	var words []string
	for i := range enum.Items {
		if enum.Items[i].IsString() {
			words = append(words, enum.Items[i].Str)
		}
	}
	msg := fmt.Sprintf("%s is not allowed: the value must be one of %s", jsonText(got), strings.Join(allowed, ", "))
	switch {
	case got.IsString():
		msg += enumHint(got.Str, words)
	case got.Kind == ojson.Array && len(got.Items) == 1 && got.Items[0].IsString():
		// "risk": ["destructive"]: the value, in a list of one.
		if one := got.Items[0].Str; slices.Contains(words, one) {
			msg += fmt.Sprintf(" (one value, not a list: write %s)", ojson.AppendString(nil, one))
		} else {
			msg += enumHint(one, words)
		}
	}
	return msg, true
}

// enumHint is the "did you mean" of a string enum member given as got,
// which is none of words, or "". A value that negates a member
// ("irreversible", "non-destructive", "unnested") may be a letter or two
// from it but means its opposite, so it is never offered that member: of
// two, it is offered the other, the one a person writing the negation
// means ("destructive", "reversible").
func enumHint(got string, words []string) string {
	for i, w := range words {
		if negates(got, w) {
			if len(words) != 2 {
				return ""
			}
			return fmt.Sprintf(" (%q is not %q: did you mean %q?)", got, w, words[1-i])
		}
	}
	for _, w := range words {
		// A value's plural or singular is that value ("runtimes" for the
		// role "runtime"), where a field's may be a field of its own.
		if strings.EqualFold(got, w+"s") || strings.EqualFold(got+"s", w) {
			return fmt.Sprintf(" (did you mean %q?)", w)
		}
	}
	if want := nearestField(got, words); want != "" {
		return fmt.Sprintf(" (did you mean %q?)", want)
	}
	return ""
}

// negations are the prefixes that make a word its opposite, "i" for one
// misspelt ("ireversible").
var negations = []string{"i", "ir", "im", "in", "il", "un", "non", "not", "dis", "no"}

// negates reports whether got is want, in letters and any case, after one
// of negations: "irreversible", "Non-reversible" and "un nested".
func negates(got, want string) bool {
	letters := func(s string) string {
		return casefold.String(strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) {
				return r
			}
			return -1
		}, s))
	}
	prefix, ok := strings.CutSuffix(letters(got), letters(want))
	return ok && slices.Contains(negations, prefix)
}

// patternHelp says in words what the embedded schemas' patterns accept, so
// that a finding says "not kebab-case" rather than quoting a regular
// expression.
var patternHelp = map[string]string{
	`^[a-z][a-z0-9-]*$`: "kebab-case: a lowercase ASCII letter, then lowercase letters, digits or hyphens",
	`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-((0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)(\.(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*))*))?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`: "a SemVer version such as 1.2.0 or 2.0.0-beta.1",
	`^[0-9A-Za-z.+ |<>=~^*()-]*[0-9A-Za-z.+|<>=~^*()-][0-9A-Za-z.+ |<>=~^*()-]*$`:                                                                                                                "a version range such as >=1.2.0 or ^2.0.0 (digits, letters, spaces and . + | < > = ~ ^ * ( ) - only)",
	`[0-9]`:                        "a version range naming a version (it holds no digit)",
	`^ *[*xX] *$`:                  "* or x (any version)",
	`^sha512-[A-Za-z0-9+/]{86}==$`: "an SRI digest: sha512- followed by 88 base64 characters",
	`^[^\x00-\x1f\x7f]*$`:          "free of control characters",
	`^[A-Za-z0-9._-]+\.cjs$`:       "a .cjs file name (letters, digits, . _ - only)",
	`^\.`:                          "a dot-folder name starting with .",
	`^[a-z0-9][a-z0-9_-]*$`:        "a slug: lowercase ASCII letters, digits, _ or -, not starting with _ or -",
	`^--[a-z0-9][a-z0-9-]*$`:       "a long flag such as --dry-run",
	`[^\s\v\x{85}\p{Z}\p{Cf}]`:     "text that says anything: it is white space only",
	`^[^\s\p{Z}\p{Cc}]([^\p{Cc}\p{Zl}\p{Zp}]*[^\s\p{Z}\p{Cc}])?$`: "a card id: not blank, on one line, without control characters (a NUL, an escape, a tab), and without white space at either end, which no one sees in GET /tools/{id}, a listing or a terminal",
}

// patternMessage words a pattern failure by what the pattern accepts, when
// it is one of patternHelp's.
func patternMessage(root *ojson.Value, ptr, absLoc string) (string, bool) {
	pat, ok := schemaNode(absLoc)
	got, _, ok2 := root.Lookup(ptr)
	if !ok || !ok2 || !pat.IsString() {
		return "", false
	}
	help, ok := patternHelp[pat.Str]
	if !ok {
		return "", false
	}
	if got.IsString() && strings.TrimSpace(got.Str) == "" && got.Str != "" && !strings.Contains(help, "blank") && !strings.Contains(help, "white space only") {
		// "   " fails for being blank, not for a character the help
		// names: said so, the author does not hunt for a wrong one.
		return fmt.Sprintf("%s is blank, not %s", jsonText(got), help), true
	}
	return fmt.Sprintf("%s is not %s", jsonText(got), help), true
}

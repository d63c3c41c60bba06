package validate

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

//go:embed schema/*.json
var schemaFS embed.FS

// The schemas are compiled once, on first use, and are immutable afterwards;
// jsonschema.Schema is safe for concurrent validation.
var compiledSchemas = sync.OnceValues(compileSchemasFresh)

func compileSchemasFresh() (map[string]*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	names := []string{"capability", "card", "config", "central"}
	for _, n := range names {
		data, err := schemaFS.ReadFile("schema/" + n + ".schema.json")
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(schemaURL(n), bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("schema %s: %w", n, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, n := range names {
		s, err := c.Compile(schemaURL(n))
		if err != nil {
			return nil, fmt.Errorf("compile schema %s: %w", n, err)
		}
		out[n] = s
	}
	return out, nil
}

func schemaURL(name string) string { return "https://capreg.dev/schema/" + name + ".schema.json" }

// SchemaJSON returns an embedded schema ("capability", "card", "config",
// "central") so the API can publish it.
func SchemaJSON(name string) ([]byte, error) {
	return schemaFS.ReadFile("schema/" + name + ".schema.json")
}

// checkSchema validates a document against an embedded schema and reports each
// leaf violation at its JSON pointer. It returns false when anything failed.
func checkSchema(name string, d *doc, s *sink) bool {
	schemas, err := compiledSchemas()
	if err != nil {
		// The schemas are embedded and covered by tests; failing here is a
		// build defect, reported rather than panicked on.
		s.add(Diagnostic{File: d.File, Rule: "schema", Message: "internal error: " + err.Error()})
		return false
	}
	err = schemas[name].Validate(d.Root.ToAny())
	if err == nil {
		return true
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		s.at(d, "", "schema", "%v", err)
		return false
	}
	seen := map[string]bool{}
	for _, leaf := range schemaLeaves(ve) {
		ptr, msg := refine(leaf.InstanceLocation, leaf.Message)
		if seen[ptr+"\x00"+msg] {
			continue
		}
		seen[ptr+"\x00"+msg] = true
		s.at(d, ptr, "schema", "%s", msg)
	}
	return false
}

// schemaLeaves flattens the error tree to the errors that have no causes: the
// specific keyword failures. Branch failures of anyOf are kept only when no
// more specific leaf exists, which keeps messages short.
func schemaLeaves(ve *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return []*jsonschema.ValidationError{ve}
	}
	if strings.HasSuffix(ve.KeywordLocation, "/anyOf") {
		// "must match one of these shapes": report it once, at its own place.
		return []*jsonschema.ValidationError{{InstanceLocation: ve.InstanceLocation, Message: anyOfMessage(ve)}}
	}
	var out []*jsonschema.ValidationError
	for _, c := range ve.Causes {
		out = append(out, schemaLeaves(c)...)
	}
	return out
}

func anyOfMessage(ve *jsonschema.ValidationError) string {
	var parts []string
	for _, c := range ve.Causes {
		for _, l := range schemaLeaves(c) {
			if !slices.Contains(parts, l.Message) {
				parts = append(parts, l.Message)
			}
		}
	}
	return "matches none of the allowed forms: " + strings.Join(parts, "; or ")
}

var (
	additionalRe = regexp.MustCompile(`^additionalProperties ('[^']*'(?:, '[^']*')*) not allowed$`)
	missingRe    = regexp.MustCompile(`^missing properties: (.*)$`)
)

// refine turns the library's messages into ones that say what to do, and
// moves "not allowed" findings onto the offending key.
func refine(ptr, msg string) (string, string) {
	if m := additionalRe.FindStringSubmatch(msg); m != nil {
		keys := strings.Split(m[1], ", ")
		if len(keys) == 1 {
			return ptr + "/" + strings.Trim(keys[0], "'"), fmt.Sprintf("unknown field %s is not allowed here", keys[0])
		}
		return ptr, fmt.Sprintf("unknown fields %s are not allowed here", m[1])
	}
	if m := missingRe.FindStringSubmatch(msg); m != nil {
		return ptr, "missing required field " + m[1]
	}
	if msg == "not allowed" || strings.Contains(msg, "false schema") {
		return ptr, "this field is not allowed here"
	}
	return ptr, msg
}

package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate/ojson"
)

// EnablementKeys are the fields of an enablement object. EnablementFromJSON
// ignores others, since an API body carries config beside them; a reader of
// an enablement on its own (capreg render --enablement) rejects them.
// The API reads it once, at start: treat it as read-only.
var EnablementKeys = []string{"profile", "disabledCapabilities", "surface"}

// EnablementFromJSON reads the enablement object of CONTRACT.md §7:
//
//	{"profile": "core|standard|full" (or a comma-separated union), "disabledCapabilities": [..],
//	 "surface": {"baseProfile": .., "disabledClusters": [..], "explicitAdds": [..], "explicitRemoves": [..]}}
//
// Every field is optional; null counts as absent, and a null or absent v is
// the zero Enablement (every capability enabled). A profile or
// disabledCapabilities of the wrong JSON type, or a profile that names no
// mode (see NamesNoProfile: "", blanks, or commas such as ","), is a
// *FieldError; a surface is all or nothing, as gsd-core reads it: one with
// a field missing or of the wrong type is not used, and SurfaceIgnored says
// why (a null baseProfile means none: the install profile is the base).
// Unknown keys are ignored. Names are not checked here: Resolve warns about
// the ones the registry does not know.
func EnablementFromJSON(v *ojson.Value) (Enablement, error) {
	var en Enablement
	if v == nil || v.Kind == ojson.Null {
		return en, nil
	}
	if v.Kind != ojson.Object {
		return en, fmt.Errorf("enablement must be an object, not %s", v.Kind.Phrase())
	}
	var err error
	if en.Profile, err = optString(v, "", "", "profile"); err != nil {
		return en, err
	}
	if p := v.Get("profile"); p != nil && p.Kind == ojson.String && NamesNoProfile(p.Str) {
		// As a flag given an empty value is a usage error: "$PROFILE"
		// unset in a client's template would install everything, silently
		// ("$A,$B" with both unset is "," and would too).
		return en, &FieldError{"/profile", p.Off, fmt.Sprintf("profile %q names no install profile (%s); leave it out, or null, for full", p.Str, strings.Join(store.ProfileNames, ", "))}
	}
	if en.DisabledCapabilities, err = optStrings(v, "", "", "disabledCapabilities"); err != nil {
		return en, err
	}
	en.Surface, en.SurfaceIgnored = surfaceFromJSON(v.Get("surface"))
	return en, nil
}

// NamesNoProfile reports whether profile, an install profile or a
// comma-separated union of them, names none: it is empty, or holds only
// commas and white space. Resolve reads such a profile as an unknown one,
// full with a warning, as gsd-core reads its marker; a request (an API body,
// an enablement file, capreg render --profile) is refused instead, since
// it came from a value that was meant to be there and is not.
func NamesNoProfile(profile string) bool {
	return len(profileModes(profile)) == 0
}

// SameProfile reports whether two profiles install the same union, which
// does not depend on order, spaces or repeats ("core,standard" and
// "standard, core"), and is everything with full among them.
func SameProfile(a, b string) bool {
	modes := func(p string) []string {
		out := profileModes(p)
		if slices.Contains(out, "full") {
			return []string{"full"} // it installs everything, the rest with it
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	return slices.Equal(modes(a), modes(b))
}

// profileModes are the modes a profile names, as the reference reads its
// .gsd-profile marker: comma-separated, spaces around each trimmed, empty
// ones ("core,") skipped.
func profileModes(profile string) []string {
	var out []string
	for m := range strings.SplitSeq(profile, ",") {
		if m = strings.TrimSpace(m); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// surfaceKeys are the fields of a surface, all required.
var surfaceKeys = []string{"baseProfile", "disabledClusters", "explicitAdds", "explicitRemoves"}

// surfaceFromJSON reads a surface as gsd-core reads .gsd-surface.json (ref
// §5.3): with any field missing or of the wrong type it is treated as
// absent. The reason is returned so that the caller can say why, since a
// client that sends a surface expects it to count. A baseProfile of null
// means none (the install profile is the base).
func surfaceFromJSON(s *ojson.Value) (*Surface, string) {
	if s == nil || s.Kind == ojson.Null {
		return nil, ""
	}
	if s.Kind != ojson.Object {
		return nil, fmt.Sprintf("it is %s, not an object", s.Kind.Phrase())
	}
	for _, k := range surfaceKeys {
		if !s.Has(k) {
			return nil, fmt.Sprintf("it has no %s (a surface needs all of %s)", k, strings.Join(surfaceKeys, ", "))
		}
	}
	var sf Surface
	var err error
	if sf.BaseProfile, err = optString(s, "/surface", "surface.", "baseProfile"); err != nil {
		return nil, err.Error()
	}
	for _, f := range []struct {
		key string
		dst *[]string
	}{
		{"disabledClusters", &sf.DisabledClusters},
		{"explicitAdds", &sf.ExplicitAdds},
		{"explicitRemoves", &sf.ExplicitRemoves},
	} {
		if *f.dst, err = optStrings(s, "/surface", "surface.", f.key); err != nil {
			return nil, err.Error()
		}
		if *f.dst == nil {
			return nil, fmt.Sprintf("surface.%s is null, not an array of strings", f.key)
		}
	}
	return &sf, ""
}

// FieldError is an enablement field of the wrong JSON type. Pointer and
// Off locate it for a caller that holds the text it was parsed from (the
// API answers with line, column and pointer); Error names the field.
type FieldError struct {
	Pointer string // JSON pointer from the enablement object, "/disabledCapabilities/1"
	Off     int    // byte offset of the value in its source
	Msg     string // "disabledCapabilities[1] must be a string, not number"
}

func (e *FieldError) Error() string { return e.Msg }

// optString reads the optional string obj[key]; ptr and name are obj's
// JSON pointer and the dotted name its fields are reported under.
func optString(obj *ojson.Value, ptr, name, key string) (string, error) {
	v := obj.Get(key)
	if v == nil || v.Kind == ojson.Null {
		return "", nil
	}
	if v.Kind != ojson.String {
		return "", &FieldError{ptr + "/" + key, v.Off, fmt.Sprintf("%s%s must be a string, not %s%s", name, key, v.Kind.Phrase(), joinedHint(v))}
	}
	return v.Str, nil
}

// joinedHint is, for a profile sent as a list of its modes (["core",
// "standard"], as a client holding them in an array sends it), the string
// meant: `: write "core,standard"`, the modes joined with commas as the
// .gsd-profile marker holds them; else "". The modes are read as a
// profile's are (profileModes: spaces and empty modes dropped), so that an
// item "" is written as no mode, where `write ""` named a profile that is
// refused, and an array of no mode writes nothing, as [] does.
func joinedHint(v *ojson.Value) string {
	if v.Kind != ojson.Array {
		return ""
	}
	var modes []string
	for i := range v.Items {
		if v.Items[i].Kind != ojson.String {
			return ""
		}
		modes = append(modes, profileModes(v.Items[i].Str)...)
	}
	if len(modes) == 0 {
		return ""
	}
	joined := strconv.Quote(strings.Join(modes, ","))
	switch {
	case len(joined) > maxHintBytes:
		return ": write the modes as one string, joined with commas"
	case len(modes) == 1:
		return ": write " + joined
	}
	return fmt.Sprintf(": write %s, the modes joined with commas", joined)
}

// maxHintBytes is the longest value joinedHint and splitHint write out: a
// refusal repeats what a person would type, not a list of thousands of
// names sent back whole (the body may hold megabytes).
const maxHintBytes = 200

// splitHint is, for a list sent as one string of comma- or space-separated
// names ("audit,beacon", as an environment variable holds them), the array
// meant: `: write ["audit", "beacon"]`; else "".
func splitHint(v *ojson.Value) string {
	if v.Kind != ojson.String {
		return ""
	}
	names := strings.FieldsFunc(v.Str, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	if len(names) == 0 {
		return ""
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	if list := strings.Join(quoted, ", "); len(list) <= maxHintBytes {
		return ": write [" + list + "]"
	}
	return ": write an array of the names, one string each"
}

// optStrings reads the optional array of strings obj[key], as optString.
func optStrings(obj *ojson.Value, ptr, name, key string) ([]string, error) {
	v := obj.Get(key)
	if v == nil || v.Kind == ojson.Null {
		return nil, nil
	}
	if v.Kind != ojson.Array {
		return nil, &FieldError{ptr + "/" + key, v.Off, fmt.Sprintf("%s%s must be an array of strings, not %s%s", name, key, v.Kind.Phrase(), splitHint(v))}
	}
	out := make([]string, len(v.Items))
	for i := range v.Items {
		if it := &v.Items[i]; it.Kind != ojson.String {
			return nil, &FieldError{fmt.Sprintf("%s/%s/%d", ptr, key, i), it.Off, fmt.Sprintf("%s%s[%d] must be a string, not %s", name, key, i, it.Kind.Phrase())}
		}
		out[i] = v.Items[i].Str
	}
	return out, nil
}

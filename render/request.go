package render

import (
	"fmt"

	"github.com/capreg/capreg/validate/ojson"
)

// EnablementFromJSON reads the enablement object of CONTRACT.md §7:
//
//	{"profile": "core|standard|full", "disabledCapabilities": [..],
//	 "surface": {"baseProfile": .., "disabledClusters": [..], "explicitAdds": [..], "explicitRemoves": [..]}}
//
// Every field is optional; null counts as absent, and a null or absent v is
// the zero Enablement (every capability enabled). A field of the wrong JSON
// type is an error naming it. Unknown keys are ignored. Names are not checked
// here: Resolve warns about the ones the registry does not know.
func EnablementFromJSON(v *ojson.Value) (Enablement, error) {
	var en Enablement
	if v == nil || v.Kind == ojson.Null {
		return en, nil
	}
	if v.Kind != ojson.Object {
		return en, fmt.Errorf("enablement must be an object, not %s", v.Kind)
	}
	var err error
	if en.Profile, err = optString(v, "profile", "enablement"); err != nil {
		return en, err
	}
	if en.DisabledCapabilities, err = optStrings(v, "disabledCapabilities", "enablement"); err != nil {
		return en, err
	}
	s := v.Get("surface")
	if s == nil || s.Kind == ojson.Null {
		return en, nil
	}
	if s.Kind != ojson.Object {
		return en, fmt.Errorf("enablement.surface must be an object, not %s", s.Kind)
	}
	en.Surface = &Surface{}
	if en.Surface.BaseProfile, err = optString(s, "baseProfile", "enablement.surface"); err != nil {
		return en, err
	}
	for _, f := range []struct {
		key string
		dst *[]string
	}{
		{"disabledClusters", &en.Surface.DisabledClusters},
		{"explicitAdds", &en.Surface.ExplicitAdds},
		{"explicitRemoves", &en.Surface.ExplicitRemoves},
	} {
		if *f.dst, err = optStrings(s, f.key, "enablement.surface"); err != nil {
			return en, err
		}
	}
	return en, nil
}

func optString(obj *ojson.Value, key, where string) (string, error) {
	v := obj.Get(key)
	if v == nil || v.Kind == ojson.Null {
		return "", nil
	}
	if v.Kind != ojson.String {
		return "", fmt.Errorf("%s.%s must be a string, not %s", where, key, v.Kind)
	}
	return v.Str, nil
}

func optStrings(obj *ojson.Value, key, where string) ([]string, error) {
	v := obj.Get(key)
	if v == nil || v.Kind == ojson.Null {
		return nil, nil
	}
	if v.Kind != ojson.Array {
		return nil, fmt.Errorf("%s.%s must be an array of strings, not %s", where, key, v.Kind)
	}
	out := make([]string, len(v.Items))
	for i := range v.Items {
		if v.Items[i].Kind != ojson.String {
			return nil, fmt.Errorf("%s.%s[%d] must be a string, not %s", where, key, i, v.Items[i].Kind)
		}
		out[i] = v.Items[i].Str
	}
	return out, nil
}

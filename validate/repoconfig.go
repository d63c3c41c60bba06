package validate

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"

	"github.com/capreg/capreg/validate/ojson"
)

// RepoConfigFile is the name of capreg.json, at the repository root.
const RepoConfigFile = "capreg.json"

// RepoConfig is capreg.json at the repository root: where the inputs live when
// a repository does not use the defaults. Flags override it.
type RepoConfig struct {
	Capabilities string   // folder of capability folders; default "capabilities"
	Workflows    []string // files or folders holding host workflows; default: every *.md
	ConfigSchema string   // central config schema file; default: the one config-schema.manifest.json found
	Cards        []string // folders searched for *.card.json; default: the whole repository
	// NoConfigSchema is "configSchema": "": no central config schema, and
	// none looked for (a repository whose config-schema.manifest.json is
	// no central schema, such as a fixture).
	NoConfigSchema bool
}

// ParseRepoConfig reads capreg.json. Problems are diagnostics; the returned
// config then holds whatever was well-formed.
func ParseRepoConfig(f File) (RepoConfig, Diagnostics) {
	var s sink
	var rc RepoConfig
	if f.Err != nil {
		fileError(&s, f.Path, f.Err)
		return rc, s.diags
	}
	d := parseDoc(f.Path, f.Data, &s)
	if d == nil {
		return rc, s.diags
	}
	before := len(s.diags)
	checkSchema("config", d, &s)
	for i := before; i < len(s.diags); i++ {
		s.diags[i].Rule = "config-file"
	}
	rc.Capabilities = d.Root.Get("capabilities").StringOr("")
	rc.Workflows = d.Root.Get("workflows").Strings()
	rc.ConfigSchema = d.Root.Get("configSchema").StringOr("")
	rc.NoConfigSchema = d.Root.Get("configSchema").IsString() && rc.ConfigSchema == ""
	rc.Cards = d.Root.Get("cards").Strings()
	for _, key := range []string{"workflows", "cards"} {
		if v := d.Root.Get(key); v != nil && v.Kind == ojson.Array && len(v.Items) == 0 {
			// An author may mean "none"; capreg reads it as the default.
			s.warnAt(d, "/"+key, "config-file",
				"%q is an empty list, which names no folder, so capreg reads the whole repository as if the key were left out; remove it, or name the files or folders to read", key)
		}
	}
	return rc, s.diags
}

// repoConfigPathKeys are the members of capreg.json that name paths, in the
// order the scanner reads them.
var repoConfigPathKeys = []string{"capabilities", "workflows", "cards", "configSchema"}

// PlaceConfiguredPath places d, a finding about the path p that capreg.json
// (f) names, at the value naming it: the first string of capabilities,
// workflows, cards or configSchema that is p once cleaned ("./caps/" names
// caps). d stays about the whole file when f is nil, does not parse, or
// names p nowhere.
func PlaceConfiguredPath(d *Diagnostic, f *File, p string) {
	if f == nil || f.Err != nil {
		return
	}
	root, errs := ojson.Parse(f.Data)
	if root.Kind != ojson.Object || slices.ContainsFunc(errs, func(e ojson.Error) bool { return e.Kind == ojson.SyntaxError }) {
		return
	}
	for _, key := range repoConfigPathKeys {
		v := root.Get(key)
		if v == nil {
			continue
		}
		ptr := "/" + key
		for i, it := range append([]ojson.Value{*v}, v.Items...) {
			if i > 0 {
				ptr = fmt.Sprintf("/%s/%d", key, i-1)
			}
			if it.Kind == ojson.String && it.Str != "" && path.Clean(filepath.ToSlash(it.Str)) == p {
				d.Line, d.Column = ojson.Position(f.Data, it.Off)
				d.Pointer = ptr
				return
			}
		}
	}
}

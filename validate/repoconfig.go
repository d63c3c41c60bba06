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

// ParseRepoConfig reads capreg.json. Problems are diagnostics, capped as
// Validate caps them (LimitPerRule: a file repeating a key by the thousand
// lists the first and counts the rest), as POST /validate may return them
// alone; the returned config then holds whatever was well-formed.
func ParseRepoConfig(f File) (RepoConfig, Diagnostics) {
	rc, diags := parseRepoConfig(f)
	diags.Sort()
	return rc, LimitPerRule(diags)
}

func parseRepoConfig(f File) (RepoConfig, Diagnostics) {
	var s sink
	var rc RepoConfig
	if f.Err != nil {
		fileError(&s, f.Path, f.Err)
		return rc, s.diags
	}
	d := mendDoc(f.Path, f.Data, false, &s)
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
	if d.mended {
		// Read past its syntax errors, for its findings: the scan reads
		// the repository as if there were no capreg.json, as for any
		// that does not parse.
		noteMended(s.diags)
		return RepoConfig{}, s.diags
	}
	return rc, s.diags
}

// repoConfigPathKeys are the members of capreg.json that name paths, in the
// order the scanner reads them.
var repoConfigPathKeys = []string{"capabilities", "workflows", "cards", "configSchema"}

// repoConfigListKeys are those of repoConfigPathKeys that hold a list.
var repoConfigListKeys = []string{"workflows", "cards"}

// PlaceConfiguredPath places d, a finding about the path p that capreg.json
// (f) names, at the value naming it: the first string of capabilities,
// workflows, cards or configSchema that is p once cleaned ("./caps/" names
// caps). d stays about the whole file when f is nil, does not parse, or
// names p nowhere. To place many findings, use one PathPlacer.
func PlaceConfiguredPath(d *Diagnostic, f *File, p string) {
	NewPathPlacer(f).Place(d, p)
}

// PathPlacer places findings about the paths capreg.json names, as
// PlaceConfiguredPath does, parsing capreg.json once: a capreg.json naming
// n missing roots gets n findings, and parsing it and counting its lines
// anew for each made a scan quadratic in n (4,000 roots: 6.9 s).
type PathPlacer struct {
	at map[string]placement // cleaned path → where it is first named
	// folderAt is at for the values that must name a folder (capabilities,
	// cards): a finding that one is a file belongs there, not at a
	// workflows entry naming the same file.
	folderAt map[string]placement
	raw      map[string][]placement // the value as written → where, in order, not yet given (PlaceValue)
}

type placement struct {
	line, col int
	pointer   string
}

// configObject is capreg.json (f) parsed as its readers of single keys
// want it: ok only where f was read and is an object with no fatal error
// (the schema's findings speak of any other).
func configObject(f *File) (ojson.Value, bool) {
	if f == nil || f.Err != nil {
		return ojson.Value{}, false
	}
	root, errs := ojson.Parse(f.Data)
	return root, root.Kind == ojson.Object && !slices.ContainsFunc(errs, ojson.Error.Fatal)
}

// NewPathPlacer indexes the paths capreg.json (f) names; f nil, unread or
// not parsing names none.
func NewPathPlacer(f *File) *PathPlacer {
	pl := &PathPlacer{}
	root, ok := configObject(f)
	if !ok {
		return pl
	}
	pl.at, pl.raw, pl.folderAt = map[string]placement{}, map[string][]placement{}, map[string]placement{}
	pos := ojson.NewPositions(f.Data)
	for _, key := range repoConfigPathKeys {
		v := root.Get(key)
		if v == nil {
			continue
		}
		// Only the shape the scanner reads (a string, or for the lists
		// their items): a value of the wrong shape names no path it read,
		// and took the place of the value it refused ({"capabilities":
		// ["../x"], "cards": ["../x"]} placed the finding at /capabilities/0).
		folder := key == "capabilities" || key == "cards"
		if !slices.Contains(repoConfigListKeys, key) {
			pl.add(pos, *v, "/"+key, folder)
			continue
		}
		for i, it := range v.Items {
			pl.add(pos, it, fmt.Sprintf("/%s/%d", key, i), folder)
		}
	}
	return pl
}

// add records that v names a path at pointer, unless an earlier value names
// it; folder says the value must name a folder.
func (pl *PathPlacer) add(pos *ojson.Positions, v ojson.Value, pointer string, folder bool) {
	if v.Kind != ojson.String || v.Str == "" {
		return
	}
	line, col := pos.Position(v.Off)
	pl.raw[v.Str] = append(pl.raw[v.Str], placement{line, col, pointer})
	p := path.Clean(filepath.ToSlash(v.Str))
	if _, seen := pl.at[p]; !seen {
		pl.at[p] = placement{line, col, pointer}
	}
	if _, seen := pl.folderAt[p]; folder && !seen {
		pl.folderAt[p] = placement{line, col, pointer}
	}
}

// PlaceFolder places d, a finding that the path p is no folder, at the
// first value naming p that must name a folder, else as Place does.
func (pl *PathPlacer) PlaceFolder(d *Diagnostic, p string) {
	if at, ok := pl.folderAt[p]; ok {
		d.Line, d.Column, d.Pointer = at.line, at.col, at.pointer
		return
	}
	pl.Place(d, p)
}

// Place places d, a finding about the path p, at the first value naming p;
// d stays about the whole file when none does.
func (pl *PathPlacer) Place(d *Diagnostic, p string) {
	if at, ok := pl.at[p]; ok {
		d.Line, d.Column, d.Pointer = at.line, at.col, at.pointer
	}
}

// PlaceValue places d, a finding about a value as written (not the path it
// names once cleaned: "c:/../bin" is refused, "bin" beside it is not), at
// the first value written so that no earlier call was given: a value
// written twice draws a finding at each, when they are asked for in the
// order of capreg.json's path keys: capabilities, workflows, cards,
// configSchema. d stays about the whole file when none is left.
func (pl *PathPlacer) PlaceValue(d *Diagnostic, v string) {
	if at := pl.raw[v]; len(at) > 0 {
		d.Line, d.Column, d.Pointer = at[0].line, at[0].col, at[0].pointer
		pl.raw[v] = at[1:]
	}
}

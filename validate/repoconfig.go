package validate

// RepoConfig is capreg.json at the repository root: where the inputs live when
// a repository does not use the defaults. Flags override it.
type RepoConfig struct {
	Capabilities string   // folder of capability folders; default "capabilities"
	Workflows    []string // files or folders holding host workflows; default: every *.md
	ConfigSchema string   // central config schema file; default: none
	Cards        []string // folders searched for *.card.json; default: the whole repository
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
	rc.Cards = d.Root.Get("cards").Strings()
	return rc, s.diags
}

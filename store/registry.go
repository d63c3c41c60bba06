package store

import (
	"io"
	"slices"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Registry is the materialized capability registry (CONTRACT.md §4): indexes
// over the valid capabilities, computed once per snapshot. Lists are in the
// order the reference generator emits them. A registry is shared by every
// reader of its snapshot: treat it, and all it points to, as read-only.
type Registry struct {
	Capabilities []*validate.Capability // folder order
	ByID         map[string]*validate.Capability
	// BySkill maps each skill stem to the feature that owns it, in
	// capability order, then declaration order; ByAgent is the same for
	// agents. Validation rejects a stem or agent owned twice.
	BySkill     []Owner
	ByAgent     []Owner
	ByLoopPoint []PointHooks           // the 12 points in canonical order (see Point)
	ConfigKeys  []ConfigKey            // capability order, then declaration order
	Runtimes    []*validate.Capability // the runtime capabilities, folder order
	Families    []CommandFamily        // sorted by family
	Clusters    []Cluster              // capabilities owning skills, sorted by id
	// Closure maps every capability id to its requires closure (ref
	// §4.7): the capabilities it requires directly or through others, in
	// breadth-first order over requires as declared, without the
	// capability itself; empty, never nil, for one that requires nothing.
	Closure  map[string][]string
	Profiles map[string][]string // core, standard, full → capability ids, sorted
	// Central is the central config schema the config keys were checked
	// against, nil for none: the keys a config may hold that no
	// capability declares (render names a key it holds that neither
	// declares, as a probable typo).
	Central *validate.CentralSchema
}

// Owner maps a stem to the capability that owns it.
type Owner struct{ Name, CapID string }

// ConfigKey is one federated config key and its owner.
type ConfigKey struct {
	validate.ConfigEntry
	Owner string
}

// CommandFamily is one command family (ADR-959).
type CommandFamily struct {
	Family string
	validate.Command
	CapID string
}

// Cluster is a skill-owning capability: its sorted skills and the profiles
// its tier puts it in.
type Cluster struct {
	CapID    string
	Tier     string
	Skills   []string
	Profiles []string
}

// PointHooks are the ordered hooks at one loop point, as validation
// ordered them.
type PointHooks = validate.PointHooks

// ProfileNames are the install profiles, smallest first (PROFILE_RANK).
// The registry build and the API read it as it is: treat it as read-only.
var ProfileNames = []string{"core", "standard", "full"}

// buildRegistry materializes the indexes from validated capabilities. It
// assumes validation passed: no cycles, no conflicts.
func buildRegistry(caps []*validate.Capability, points []PointHooks) *Registry {
	r := &Registry{Capabilities: caps, ByID: make(map[string]*validate.Capability, len(caps)), Closure: make(map[string][]string, len(caps))}
	skills, agents := map[string]bool{}, map[string]bool{}
	keys := 0
	for _, c := range caps {
		keys += len(c.Config)
	}
	r.ConfigKeys = make([]ConfigKey, 0, keys)
	families := map[string]int{}
	for _, c := range caps {
		r.ByID[c.ID] = c
		if c.Role == "feature" {
			r.BySkill = appendOwners(r.BySkill, skills, c.Skills, c.ID)
			r.ByAgent = appendOwners(r.ByAgent, agents, c.Agents, c.ID)
			for _, cmd := range c.Commands {
				if cmd.Family != "" && cmd.Module != "" && cmd.Router != "" {
					r.Families = setFamily(r.Families, families, CommandFamily{Family: cmd.Family, Command: cmd, CapID: c.ID})
				}
			}
		}
		if c.Role == "runtime" {
			r.Runtimes = append(r.Runtimes, c)
		}
		for _, e := range c.Config {
			r.ConfigKeys = append(r.ConfigKeys, ConfigKey{ConfigEntry: e, Owner: c.ID})
		}
		if len(c.Skills) > 0 {
			r.Clusters = append(r.Clusters, Cluster{CapID: c.ID, Tier: c.Tier, Skills: sortedUTF16(c.Skills), Profiles: profilesFrom(c.Tier)})
		}
	}
	slices.SortStableFunc(r.Families, func(a, b CommandFamily) int { return compareUTF16(a.Family, b.Family) })
	slices.SortStableFunc(r.Clusters, func(a, b Cluster) int { return compareUTF16(a.CapID, b.CapID) })
	for _, c := range caps {
		r.Closure[c.ID] = requiresClosure(r.ByID, c.ID)
	}
	r.ByLoopPoint = points
	r.Profiles = profiles(caps, r.Closure)
	return r
}

// appendOwners adds the names a capability owns; the first claimant wins
// (conflicts fail validation, so this only matters for repeated names).
func appendOwners(list []Owner, seen map[string]bool, names []string, id string) []Owner {
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			list = append(list, Owner{n, id})
		}
	}
	return list
}

// setFamily adds a command family, or replaces the one of that name: a
// capability may declare a family twice (two capabilities may not, which
// validation reports), and gsd-core assigns commandFamilies[family] for
// each declaration, so the last wins and the family is listed once. Listed
// twice, it was a JSON object with a repeated key, which parsers read
// differently (ref §4.5). at maps a family to its index in list.
func setFamily(list []CommandFamily, at map[string]int, f CommandFamily) []CommandFamily {
	if i, ok := at[f.Family]; ok {
		list[i] = f
		return list
	}
	at[f.Family] = len(list)
	return append(list, f)
}

func sortedUTF16(ss []string) []string {
	out := slices.Clone(ss)
	slices.SortStableFunc(out, compareUTF16)
	return out
}

// profilesFrom is the suffix of PROFILE_RANK starting at a tier.
func profilesFrom(tier string) []string {
	i := slices.Index(ProfileNames, tier)
	if i < 0 {
		return nil
	}
	return slices.Clone(ProfileNames[i:])
}

// requiresClosure is a breadth-first search over requires, in declaration
// order, that excludes the starting capability (ref §4.7).
func requiresClosure(byID map[string]*validate.Capability, id string) []string {
	out := []string{}
	if c := byID[id]; c == nil || len(c.Requires) == 0 {
		return out // most capabilities: no set to make
	}
	seen := map[string]bool{}
	queue := []string{id}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		c := byID[cur]
		if c == nil {
			continue
		}
		for _, r := range c.Requires {
			if seen[r] {
				continue
			}
			seen[r] = true
			if r != id {
				out = append(out, r)
			}
			queue = append(queue, r)
		}
	}
	return out
}

// profiles gives, per install profile, every capability whose tier is at most
// that profile plus their requires-closure (CONTRACT.md §2), sorted.
func profiles(caps []*validate.Capability, closure map[string][]string) map[string][]string {
	if out, ok := profilesInOrder(caps, closure); ok {
		return out
	}
	return profilesSorted(caps, closure)
}

// profilesSorted is profiles for capabilities in any order.
func profilesSorted(caps []*validate.Capability, closure map[string][]string) map[string][]string {
	out := map[string][]string{}
	for rank, name := range ProfileNames {
		set := map[string]bool{}
		for _, c := range caps {
			if i := slices.Index(ProfileNames, c.Tier); i >= 0 && i <= rank {
				set[c.ID] = true
				for _, dep := range closure[c.ID] {
					set[dep] = true
				}
			}
		}
		ids := make([]string, 0, len(set))
		for id := range set {
			ids = append(ids, id)
		}
		slices.SortFunc(ids, compareUTF16)
		out[name] = ids
	}
	return out
}

// profilesInOrder is profiles without sorting, which was a third of
// building the registry of 10,000 capabilities: capabilities come in folder
// order, which is id order when each id is its folder's name (anything else
// fails validation), so the members of a profile, marked by position, are
// listed sorted. ok is false when caps are not in id order or a closure
// names an id that is none of theirs; profiles then sorts.
func profilesInOrder(caps []*validate.Capability, closure map[string][]string) (map[string][]string, bool) {
	if !slices.IsSortedFunc(caps, func(a, b *validate.Capability) int { return compareUTF16(a.ID, b.ID) }) {
		return nil, false
	}
	pos := make(map[string]int, len(caps))
	for i, c := range caps {
		if _, dup := pos[c.ID]; dup {
			return nil, false
		}
		pos[c.ID] = i
	}
	// rank[i] is the smallest profile holding caps[i], len(ProfileNames)
	// for none.
	rank := make([]int, len(caps))
	for i := range rank {
		rank[i] = len(ProfileNames)
	}
	for i, c := range caps {
		r := slices.Index(ProfileNames, c.Tier)
		if r < 0 {
			continue
		}
		rank[i] = min(rank[i], r)
		for _, dep := range closure[c.ID] {
			j, ok := pos[dep]
			if !ok {
				return nil, false
			}
			rank[j] = min(rank[j], r)
		}
	}
	out := make(map[string][]string, len(ProfileNames))
	for r, name := range ProfileNames {
		ids := []string{}
		for i, c := range caps {
			if rank[i] <= r {
				ids = append(ids, c.ID)
			}
		}
		out[name] = ids
	}
	return out, true
}

// Point returns the hooks at a point, or false for an unknown point. A nil
// Registry (what a repository that failed the gate has) holds none.
func (r *Registry) Point(point string) (*PointHooks, bool) {
	i := validate.PointIndex(point)
	if r == nil || i < 0 || i >= len(r.ByLoopPoint) {
		return nil, false
	}
	return &r.ByLoopPoint[i], true
}

// HookJSON is a byLoopPoint entry: {capId, …hook} with capId first; nil
// is null, as for every helper here.
func HookJSON(h *validate.Hook) ojson.Value {
	if h == nil {
		return ojson.Value{}
	}
	v := ojson.NewObject()
	v.Members = make([]ojson.Member, 0, len(h.Raw.Members)+1)
	v.Set("capId", ojson.NewString(h.CapID))
	for _, m := range h.Raw.Members {
		v.Set(m.Key, m.Value)
	}
	return v
}

// JSON returns the registry document of CONTRACT.md §4. The artifact
// (RegistryFile) is its encoding, though a build writes it straight from
// the Registry, without making this value. A nil Registry is written as an
// empty one, as the zero Registry is.
func (r *Registry) JSON() ojson.Value {
	if r == nil {
		r = &Registry{}
	}
	doc := ojson.NewObject()
	for _, s := range r.sections() {
		doc.Append(s.key, s.value())
	}
	return doc
}

// section is one member of the registry document: its value, and for the
// large ones a writer that writes it straight into the artifact, copying
// the pieces a previous build wrote (registryPieces), as encoding the
// value would write it when none of the keys of the object it writes is
// an array index (those JavaScript enumerates first: the value is then
// encoded).
type section struct {
	key   string
	value func() ojson.Value
	keys  func() []string
	write func(*registryWriter)
}

// sections are the members of the registry document, in order. Each
// member's value and keys are built by a function of its own (below), so
// that the order and the pairing of value, keys and writer read at a
// glance here.
func (r *Registry) sections() []section {
	// Made once for the two members each keys (as many allocations as
	// before the functions were named).
	configKeys, clusters := r.configKeyNames, r.clusterIDs
	return []section{
		{key: "version", value: func() ojson.Value { return ojson.NewString("1") }},
		{key: "capabilities", value: func() ojson.Value { return manifestsJSON(r.Capabilities) },
			keys: capIDs(r.Capabilities), write: func(w *registryWriter) { w.capabilities(r.Capabilities) }},
		{key: "bySkill", value: func() ojson.Value { return ownersJSON(r.BySkill) },
			keys: ownerNames(r.BySkill), write: func(w *registryWriter) { w.owners(r.BySkill) }},
		{key: "byAgent", value: func() ojson.Value { return ownersJSON(r.ByAgent) },
			keys: ownerNames(r.ByAgent), write: func(w *registryWriter) { w.owners(r.ByAgent) }},
		{key: "byLoopPoint", value: r.loopPointsJSON,
			keys: r.loopPointNames, write: func(w *registryWriter) { w.loopPoints(r.ByLoopPoint) }},
		{key: "configKeys", value: r.configOwnersJSON,
			keys: configKeys, write: func(w *registryWriter) { w.configOwners(r.ConfigKeys) }},
		{key: "configSchema", value: r.configSchemaJSON,
			keys: configKeys, write: func(w *registryWriter) { w.configSchema(r.Capabilities) }},
		{key: "runtimes", value: func() ojson.Value { return manifestsJSON(r.Runtimes) },
			keys: capIDs(r.Runtimes), write: func(w *registryWriter) { w.capabilities(r.Runtimes) }},
		{key: "commandFamilies", value: r.familiesJSON},
		{key: "capabilityClusters", value: r.clustersJSON,
			keys: clusters, write: func(w *registryWriter) { w.clusters(r.Clusters) }},
		{key: "profileMembership", value: r.membershipJSON,
			keys: clusters, write: func(w *registryWriter) { w.membership(r.Clusters) }},
		{key: "requiresClosure", value: r.closureJSON,
			keys: capIDs(r.Capabilities), write: func(w *registryWriter) { w.closure(r.Capabilities, r.Closure) }},
		{key: "profiles", value: r.profilesJSON,
			keys: func() []string { return ProfileNames }, write: func(w *registryWriter) { w.profiles(r.Profiles) }},
	}
}

// capIDs lists the ids of caps: the keys of the members that map a
// capability's id to something.
func capIDs(caps []*validate.Capability) func() []string {
	return func() []string {
		out := make([]string, len(caps))
		for i, c := range caps {
			out[i] = c.ID
		}
		return out
	}
}

// ownerNames lists the names of owners: the keys of bySkill and byAgent.
func ownerNames(owners []Owner) func() []string {
	return func() []string {
		out := make([]string, len(owners))
		for i, o := range owners {
			out[i] = o.Name
		}
		return out
	}
}

// loopPointNames are the keys of byLoopPoint.
func (r *Registry) loopPointNames() []string {
	points := make([]string, len(r.ByLoopPoint))
	for i := range r.ByLoopPoint {
		points[i] = r.ByLoopPoint[i].Point
	}
	return points
}

// configKeyNames are the keys of configKeys and configSchema.
func (r *Registry) configKeyNames() []string {
	out := make([]string, len(r.ConfigKeys))
	for i, k := range r.ConfigKeys {
		out[i] = k.Key
	}
	return out
}

// clusterIDs are the keys of capabilityClusters and profileMembership.
func (r *Registry) clusterIDs() []string {
	out := make([]string, len(r.Clusters))
	for i, c := range r.Clusters {
		out[i] = c.CapID
	}
	return out
}

// configOwnersJSON is configKeys: each config key's owner.
func (r *Registry) configOwnersJSON() ojson.Value {
	keys := ojson.NewObject()
	for _, k := range r.ConfigKeys {
		keys.Append(k.Key, ojson.NewString(k.Owner))
	}
	return keys
}

// configSchemaJSON is configSchema: each config key's entry.
func (r *Registry) configSchemaJSON() ojson.Value {
	schema := ojson.NewObject()
	for _, k := range r.ConfigKeys {
		schema.Append(k.Key, ConfigSchemaJSON(k))
	}
	return schema
}

// familiesJSON is commandFamilies: each family's capability, module and
// router. It has no writer: the artifact encodes its value.
func (r *Registry) familiesJSON() ojson.Value {
	fams := ojson.NewObject()
	for _, f := range r.Families {
		e := ojson.NewObject()
		e.Append("capId", ojson.NewString(f.CapID))
		e.Append("module", ojson.NewString(f.Module))
		e.Append("router", ojson.NewString(f.Router))
		fams.Append(f.Family, e)
	}
	return fams
}

// clustersJSON is capabilityClusters: each cluster's skills.
func (r *Registry) clustersJSON() ojson.Value {
	clusters := ojson.NewObject()
	for _, c := range r.Clusters {
		clusters.Append(c.CapID, ojson.NewStrings(c.Skills))
	}
	return clusters
}

// membershipJSON is profileMembership: each cluster's tier and profiles.
func (r *Registry) membershipJSON() ojson.Value {
	membership := ojson.NewObject()
	for _, c := range r.Clusters {
		m := ojson.NewObject()
		m.Append("tier", ojson.NewString(c.Tier))
		m.Append("profiles", ojson.NewStrings(c.Profiles))
		membership.Append(c.CapID, m)
	}
	return membership
}

// closureJSON is requiresClosure: what each capability requires, directly
// or not.
func (r *Registry) closureJSON() ojson.Value {
	closure := ojson.NewObject()
	for _, c := range r.Capabilities {
		closure.Append(c.ID, ojson.NewStrings(r.Closure[c.ID]))
	}
	return closure
}

// profilesJSON is profiles: the capabilities of each profile, in
// ProfileNames' order.
func (r *Registry) profilesJSON() ojson.Value {
	profs := ojson.NewObject()
	for _, p := range ProfileNames {
		profs.Append(p, ojson.NewStrings(r.Profiles[p]))
	}
	return profs
}

// plainKeys reports whether no key is an array index.
func plainKeys(keys []string) bool {
	for _, k := range keys {
		if _, ok := ojson.ArrayIndex(k); ok {
			return false
		}
	}
	return true
}

// manifestsJSON maps each capability's id to its declaration.
func manifestsJSON(caps []*validate.Capability) ojson.Value {
	v := ojson.NewObject()
	for _, c := range caps {
		v.Append(c.ID, c.Manifest)
	}
	return v
}

func ownersJSON(owners []Owner) ojson.Value {
	v := ojson.NewObject()
	for _, o := range owners {
		v.Append(o.Name, ojson.NewString(o.CapID))
	}
	return v
}

// ConfigSchemaJSON is one configSchema entry: {owner, type, default,
// description} plus values for enums.
func ConfigSchemaJSON(k ConfigKey) ojson.Value {
	e := ojson.NewObject()
	e.Append("owner", ojson.NewString(k.Owner))
	e.Append("type", ojson.NewString(k.Type))
	e.Append("default", k.Default)
	e.Append("description", ojson.NewString(k.Description))
	if k.Type == "enum" {
		e.Append("values", ojson.NewStrings(k.Values))
	}
	return e
}

func (r *Registry) loopPointsJSON() ojson.Value {
	v := ojson.NewObject()
	for _, ph := range r.ByLoopPoint {
		v.Append(ph.Point, PointJSON(&ph))
	}
	return v
}

// PointJSON is one byLoopPoint value: {steps, contributions, gates}.
func PointJSON(ph *PointHooks) ojson.Value {
	if ph == nil {
		return ojson.Value{}
	}
	v := ojson.NewObject()
	v.Append("steps", hooksJSON(ph.Steps))
	v.Append("contributions", hooksJSON(ph.Contributions))
	v.Append("gates", hooksJSON(ph.Gates))
	return v
}

func hooksJSON(hs []*validate.Hook) ojson.Value {
	items := make([]ojson.Value, len(hs))
	for i, h := range hs {
		items[i] = HookJSON(h)
	}
	return ojson.NewArray(items...)
}

// ContractJSON is the Loop Host Contract document (ref §1.6).
func ContractJSON(c *validate.Contract) ojson.Value {
	if c == nil {
		return ojson.Value{}
	}
	items := make([]ojson.Value, 0, len(c.Entries))
	for _, e := range c.Entries {
		v := ojson.NewObject()
		v.Append("step", ojson.NewString(e.Step))
		v.Append("points", ojson.NewStrings(e.Points))
		v.Append("agentRoles", ojson.NewStrings(e.AgentRoles))
		core := ojson.NewObject()
		core.Append("produces", ojson.NewStrings(e.Produces))
		core.Append("consumes", ojson.NewStrings(e.Consumes))
		v.Append("coreArtifacts", core)
		items = append(items, v)
	}
	return ojson.NewArray(items...)
}

// ToolJSON is one tool-index entry: the card as written plus "path", the
// tool it describes. A "path" the card itself carries is left out (check
// warns about it): the entry would otherwise hold the key twice, and
// consumers keep either copy.
func ToolJSON(c *validate.Card) ojson.Value {
	if c == nil {
		return ojson.Value{}
	}
	return toolEntry(c, make([]ojson.Member, 0, len(c.Raw.Members)+1))
}

// toolEntry is ToolJSON of c, its members laid out in members[:0]:
// writeToolIndex passes one slice for every card.
func toolEntry(c *validate.Card, members []ojson.Member) ojson.Value {
	v := c.Raw
	members = members[:0]
	for _, m := range v.Members {
		if m.Key != validate.ToolPathField {
			members = append(members, m)
		}
	}
	v.Members = append(members, ojson.Member{Key: validate.ToolPathField, KeyOff: -1, Value: ojson.NewString(c.ToolPath)})
	return v
}

// ToolIndexJSON is tool-index.json: the valid cards sorted by id (a nil
// card is no card), in JavaScript's order, by UTF-16 code units, as every
// other list the artifacts sort and the reference's generator (Node)
// sorts: a card id may be any one-line text.
func ToolIndexJSON(cards []*validate.Card) ojson.Value {
	sorted := toolOrder(cards)
	items := make([]ojson.Value, len(sorted))
	for i, c := range sorted {
		items[i] = ToolJSON(c)
	}
	doc := ojson.NewObject()
	doc.Append("version", ojson.NewString("1"))
	doc.Append("tools", ojson.NewArray(items...))
	return doc
}

// toolOrder is cards as tool-index.json lists them: sorted by id, by
// UTF-16 code units, without the nil ones.
func toolOrder(cards []*validate.Card) []*validate.Card {
	sorted := slices.DeleteFunc(slices.Clone(cards), func(c *validate.Card) bool { return c == nil })
	slices.SortStableFunc(sorted, func(a, b *validate.Card) int { return compareUTF16(a.ID, b.ID) })
	return sorted
}

// writeToolIndex writes tool-index.json for cards to w, the bytes
// encodeFile(ToolIndexJSON(cards)) makes, a card at a time through one
// buffer, and returns how many it wrote and w's first error. The
// snapshot's digest is taken so, and tool-index.json is made so when it
// is asked for (Snapshot.Artifact), so that a build does not hold the
// whole document: it is as large as the cards' files, and nothing a
// daemon serves reads it.
func writeToolIndex(w io.Writer, cards []*validate.Card) (int, error) {
	sorted := toolOrder(cards)
	var n int
	buf := make([]byte, 0, 4096)
	var members []ojson.Member
	flush := func() error {
		k, err := w.Write(buf)
		n += k
		buf = buf[:0]
		return err
	}
	buf = append(buf, "{\n  \"version\": \"1\",\n  \"tools\": "...)
	if len(sorted) == 0 {
		buf = append(buf, "[]"...)
	} else {
		buf = append(buf, '[')
		for i, c := range sorted {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, "\n    "...)
			v := toolEntry(c, members)
			members = v.Members // grown, for the next card
			buf = ojson.AppendEncodeAt(buf, &v, "  ", 2)
			if err := flush(); err != nil {
				return n, err
			}
		}
		buf = append(buf, "\n  ]"...)
	}
	buf = append(buf, "\n}\n"...)
	return n, flush()
}

package validate

import (
	"math"
	"strconv"

	"github.com/capreg/capreg/validate/ojson"
)

// MaxEchoed is the most bytes of config values, as JSON, that one render
// echoes in its contributions' configValues (render.MaxEchoed). Each alias
// echoes the whole value of its key, so the aliases multiply a value: 3,000
// aliases of one key given a 1 MB string in a POST /render-hooks body held
// capreg serve at 13.5 GB for 68 s, and a slice default in the repository
// does the same to every GET of the point.
const MaxEchoed = 16 << 20

// Truthy is JavaScript truthiness of a value: false, 0, -0, NaN, "" and
// null are false; every other value ("false", [], {} included) is true. A
// nil v is false.
func Truthy(v *ojson.Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind {
	case ojson.Null:
		return false
	case ojson.Bool:
		return v.Bool
	case ojson.Number:
		f, _ := v.Float()
		return f != 0 && !math.IsNaN(f)
	case ojson.String:
		return v.Str != ""
	}
	return true // arrays and objects, empty or not
}

// echoKey is one declared config key as a render with defaults reads it:
// its entry, the capability declaring it, and the size of its default as
// JSON (the bytes an alias of it echoes), measured once.
type echoKey struct {
	e    *ConfigEntry
	c    *Capability
	size int64
}

// echoKeys indexes the declared config keys by name, as render's index of
// the keys reads them.
type echoKeys map[string]*echoKey

// echoOver is what checkConfigEcho tells of one key, the largest echoed at
// the points it names: the figures are the first point's, the bytes echoed
// there in all and how many aliases there read the key (the warning gives
// those of the first point only, naming the others).
type echoOver struct {
	points  []string
	total   int64
	aliases int
}

// checkConfigEcho warns of the points where the repository's own defaults
// make every render with defaults fail: the configValues aliases of the
// contributions active there with every capability enabled and every key at
// its default (GET /render-hooks/{point}, capreg render without --config)
// would echo over MaxEchoed bytes, which render refuses (render.ErrTooLarge).
// It sums sizes, rendering nothing: one encoding per key read by an alias.
// A warning, at the default of the largest key echoed there (once per key,
// naming its points): gsd-core renders such a repository, and a config
// given to the render may make the values smaller.
func checkConfigEcho(valid []*Capability, s *sink) {
	keys := indexEchoKeys(valid)
	var worst []*echoKey
	overs := map[*echoKey]*echoOver{}
	for _, point := range Points {
		total, largest, aliases := keys.echoAt(point, valid)
		if total <= MaxEchoed {
			continue
		}
		o := overs[largest]
		if o == nil {
			o = &echoOver{total: total, aliases: aliases}
			overs[largest] = o
			worst = append(worst, largest)
		}
		o.points = append(o.points, point)
	}
	for _, k := range worst {
		overs[k].warn(k, s)
	}
}

// indexEchoKeys indexes the config keys the valid capabilities declare,
// their sizes not yet measured (only a key some alias reads is encoded).
func indexEchoKeys(valid []*Capability) echoKeys {
	keys := echoKeys{}
	for _, c := range valid {
		for i := range c.Config {
			// The last declaration wins, as render's index of the keys;
			// two are a config-key-conflict error anyway.
			keys[c.Config[i].Key] = &echoKey{e: &c.Config[i], c: c, size: -1}
		}
	}
	return keys
}

// truthy is whether key is declared with a truthy default, as a gate
// (activationKey, when) reads it in a render with defaults.
func (keys echoKeys) truthy(key string) bool {
	k := keys[key]
	return k != nil && Truthy(&k.e.Default)
}

// echoAt sums the bytes the configValues aliases of the contributions
// active at point by default would echo, and names the largest key they
// read (the first of equal sizes) with the number of aliases reading it.
func (keys echoKeys) echoAt(point string, valid []*Capability) (total int64, largest *echoKey, aliases int) {
	count := map[*echoKey]int{}
	for _, c := range valid {
		if c.ActivationKey != "" && !keys.truthy(c.ActivationKey) {
			continue
		}
		for _, h := range c.Contributions {
			if h.Point != point || !activeByDefault(h, keys.truthy) {
				continue
			}
			cv := h.Raw.Get("configValues")
			if cv == nil || cv.Kind != ojson.Object {
				continue
			}
			for i := range cv.Members {
				m := &cv.Members[i]
				if m.Value.Kind != ojson.String {
					continue
				}
				k := keys[m.Value.Str]
				if k == nil {
					continue
				}
				if k.size < 0 {
					k.size = int64(len(ojson.Encode(&k.e.Default, "")))
				}
				total += k.size
				count[k]++
				if largest == nil || k.size > largest.size {
					largest = k
				}
			}
		}
	}
	return total, largest, count[largest]
}

// warn reports config-values-echo at the default of k, naming the first of
// its points with its figures and the others after it.
func (o *echoOver) warn(k *echoKey, s *sink) {
	also := ""
	if len(o.points) > 1 {
		also = " (and so at " + AndList(o.points[1:]) + ")"
	}
	times := "once"
	if o.aliases > 1 {
		times = strconv.Itoa(o.aliases) + " times"
	}
	s.at(k.c.doc, "/config/"+ojson.EscapePointer(k.e.Key)+"/default", "config-values-echo",
		"the default of %q (%d bytes as JSON) is echoed %s by the configValues of the hooks active at %s%s, which with every key at its default would echo %d bytes of config values, over render's limit of %d: every render of the point without a config (GET /render-hooks/%s, capreg render %s without --config) fails; each alias echoes the whole value of its key, so give this key a smaller default, or read it through fewer aliases",
		k.e.Key, k.size, times, o.points[0], also, o.total, MaxEchoed, o.points[0], o.points[0])
}

// activeByDefault is whether contribution h is active with every key at its
// default, as render's gates say: a when present (not null) must be a
// non-empty string naming a key whose default is truthy.
func activeByDefault(h *Hook, truthy func(string) bool) bool {
	w := h.Raw.Get("when")
	if w == nil || w.Kind == ojson.Null {
		return true
	}
	return w.Kind == ojson.String && w.Str != "" && truthy(w.Str)
}

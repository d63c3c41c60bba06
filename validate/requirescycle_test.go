package validate

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// requiring is a newcomer capability requiring ids.
func requiring(id string, ids ...string) CapabilitySource {
	return withRequires(loneCap(id), `["`+strings.Join(ids, `", "`)+`"]`)
}

// TestRequiresCycleOnceAtAStablePlace: a requires cycle is one finding,
// however many of its entries a search in folder order meets and however
// many capabilities outside it require into it: at the entry that closes
// it from its member first in folder order, naming the way round from
// there and where each of its requires entries is. Before, each entry a
// search met closing a cycle was a finding of its own, placed by where the
// search came in (a capability outside the cycle moved it), naming no
// file but the one it was in.
func TestRequiresCycleOnceAtAStablePlace(t *testing.T) {
	type want struct{ file, ptr, msg string }
	at := func(id string, i int, line, col int) string {
		return fmt.Sprintf("capabilities/%s/capability.json:%d:%d (/requires/%d)", id, line, col, i)
	}
	cycleBCD := want{"capabilities/dd/capability.json", "/requires/0",
		`requires cycle detected: bb → cc → dd → bb; remove one of these requires entries: "bb" → "cc" at ` + at("bb", 0, 3, 36) +
			`, "cc" → "dd" at ` + at("cc", 0, 3, 36) + `, "dd" → "bb" at ` + at("dd", 0, 3, 36)}
	tests := []struct {
		name string
		caps []CapabilitySource
		want []want
	}{
		{"one member", []CapabilitySource{requiring("aa", "aa")}, []want{{"capabilities/aa/capability.json", "/requires/0",
			`requires cycle detected: aa → aa; remove this requires entry: "aa" → "aa" at ` + at("aa", 0, 3, 36)}}},
		{"two members", []CapabilitySource{requiring("bb", "cc"), requiring("cc", "bb")}, []want{{"capabilities/cc/capability.json", "/requires/0",
			`requires cycle detected: bb → cc → bb; remove one of these requires entries: "bb" → "cc" at ` + at("bb", 0, 3, 36) + `, "cc" → "bb" at ` + at("cc", 0, 3, 36)}}},
		{"three members", []CapabilitySource{requiring("bb", "cc"), requiring("cc", "dd"), requiring("dd", "bb")}, []want{cycleBCD}},
		{"three members, entered at the last", []CapabilitySource{requiring("aa", "dd"), requiring("bb", "cc"), requiring("cc", "dd"), requiring("dd", "bb")}, []want{cycleBCD}},
		{"three members, entered at each", []CapabilitySource{requiring("aa", "cc"), requiring("ab", "dd", "bb"),
			requiring("bb", "cc"), requiring("cc", "dd"), requiring("dd", "bb"), requiring("ee", "cc")}, []want{cycleBCD}},
		{"two disjoint cycles", []CapabilitySource{requiring("aa", "ee"), requiring("bb", "cc"), requiring("cc", "bb"), requiring("ee", "ff"), requiring("ff", "ee")}, []want{
			{"capabilities/cc/capability.json", "/requires/0", `requires cycle detected: bb → cc → bb;`},
			{"capabilities/ff/capability.json", "/requires/0", `requires cycle detected: ee → ff → ee;`}}},
		{"two ways round one group", []CapabilitySource{requiring("bb", "cc"), requiring("cc", "dd", "bb"), requiring("dd", "bb")}, []want{
			{"capabilities/cc/capability.json", "/requires/1",
				`requires cycle detected: bb → cc → bb ("dd" is in a cycle with them too, by another way round); remove one of these requires entries: "bb" → "cc" at ` + at("bb", 0, 3, 36) + `, "cc" → "bb" at ` + at("cc", 1, 3, 42)}}},
		// The shortest way round, though a search going deeper first
		// meets the longer one before it.
		{"the shortest of two ways round", []CapabilitySource{requiring("bb", "cc", "dd"), requiring("cc", "bb"), requiring("dd", "ee"), requiring("ee", "bb")}, []want{
			{"capabilities/cc/capability.json", "/requires/0",
				`requires cycle detected: bb → cc → bb ("dd", "ee" are in a cycle with them too, by another way round); remove one of these requires entries: "bb" → "cc" at ` + at("bb", 0, 3, 36) + `, "cc" → "bb" at ` + at("cc", 0, 3, 36)}}},
		// An entry naming no capability is no step of the way, but it
		// counts in the index of the entries after it.
		{"entries naming no capability before the way round", []CapabilitySource{requiring("bb", "zz", "cc"), requiring("cc", "yy", "xx", "bb")}, []want{
			{"capabilities/cc/capability.json", "/requires/2",
				`requires cycle detected: bb → cc → bb; remove one of these requires entries: "bb" → "cc" at ` + at("bb", 1, 3, 42) + `, "cc" → "bb" at ` + at("cc", 2, 3, 48)}}},
		{"thirteen members: the way round cut short, its first and last named", ring(13), []want{
			{"capabilities/r12/capability.json", "/requires/0",
				`requires cycle detected: r00 → r01 → r02 → r03 → r04 → r05 → r06 → r07 → r08 → r09 → (2 others) → r12 → r00; remove one of these requires entries: ` +
					ringEntries(10) + `, and 3 other entries, one in each member's file`}}},
		{"eleven members: none cut from the way round", ring(11), []want{
			{"capabilities/r10/capability.json", "/requires/0",
				`requires cycle detected: r00 → r01 → r02 → r03 → r04 → r05 → r06 → r07 → r08 → r09 → r10 → r00; remove one of these requires entries: ` +
					ringEntries(10) + `, and 1 other entry, one in each member's file`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newcomerFindings(t, "requires-cycle", tt.caps...)
			if len(got) != len(tt.want) {
				t.Fatalf("%d findings, want %d: %v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				d := got[i]
				if d.File != w.file || d.Pointer != w.ptr || !strings.HasPrefix(d.Message, w.msg) {
					t.Errorf("got %s (%s): %s\nwant %s (%s): %s…", d.File, d.Pointer, d.Message, w.file, w.ptr, w.msg)
				}
			}
		})
	}
}

// ring is n capabilities r00 → r01 → … → r<n-1> → r00.
func ring(n int) []CapabilitySource {
	caps := make([]CapabilitySource, n)
	for i := range caps {
		caps[i] = requiring(fmt.Sprintf("r%02d", i), fmt.Sprintf("r%02d", (i+1)%n))
	}
	return caps
}

// ringEntries is how a requires-cycle finding names the first n entries
// of a ring's way round.
func ringEntries(n int) string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprintf(`"r%02d" → "r%02d" at capabilities/r%02d/capability.json:3:36 (/requires/0)`, i, i+1, i))
	}
	return strings.Join(out, ", ")
}

// longChain is n capabilities c0000 → c0001 → … each requiring the next,
// the last requiring c(n/2), so that half of them are a cycle reached
// from outside it; with back, each also requires c(n/2), which makes
// every member's entry one a search in folder order meets closing it.
func longChain(n int, back bool) []CapabilitySource {
	caps := make([]CapabilitySource, n)
	name := func(i int) string { return fmt.Sprintf("c%04d", i) }
	for i := range caps {
		next := []string{name((i + 1) % n)}
		if i == n-1 {
			next = []string{name(n / 2)}
		}
		if back && i > n/2 {
			next = append(next, name(n/2))
		}
		caps[i] = requiring(name(i), next...)
	}
	return caps
}

// TestRequiresCycleLongChain: 2,000 capabilities in a chain closing into
// a cycle of 1,000 are one finding, whose message stays short, however
// many of its members also require into it (how quickly is
// BenchmarkRequiresCycleLongChain's to show: a test asserts no time).
func TestRequiresCycleLongChain(t *testing.T) {
	for _, back := range []bool{false, true} {
		got := newcomerFindings(t, "requires-cycle", longChain(2000, back)...)
		if len(got) != 1 {
			t.Fatalf("back %v: %d findings, want 1", back, len(got))
		}
		// With back, the shortest way round from c1000 is by c1001's
		// entry back to it, and the others are named as counted.
		file, prefix := "capabilities/c1999/capability.json", "requires cycle detected: c1000 → c1001 → c1002 → "
		if back {
			file, prefix = "capabilities/c1001/capability.json", `requires cycle detected: c1000 → c1001 → c1000 ("c1002", `
		}
		d := got[0]
		if d.File != file || !strings.HasPrefix(d.Message, prefix) ||
			len(d.Message) > maxMessage || strings.Contains(d.Message, "bytes left out") {
			t.Errorf("back %v: %s (%s): %s", back, d.File, d.Pointer, d.Message)
		}
	}
}

// BenchmarkRequiresCycleLongChain: the chain above, validated whole.
func BenchmarkRequiresCycleLongChain(b *testing.B) {
	for _, back := range []bool{false, true} {
		caps := longChain(2000, back)
		b.Run(fmt.Sprintf("back=%v", back), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: caps})
			}
		})
	}
}

var (
	cycleMessage = regexp.MustCompile(`^requires cycle detected: ([^;(]*?)(?: \((.*) (?:is|are) in a cycle with them too, by another way round\))?; remove`)
	quotedID     = regexp.MustCompile(`"([^"]+)"`)
)

// TestRequiresCycleRandom: for random requires among a few capabilities
// (some naming none that exists, some themselves), each capability on a
// cycle (one that requires its way back to itself) is named by exactly
// one finding, in its way round or as in a cycle with it, and each way
// round is one: every step an entry of the requires named, ending where it
// began, told in the file of its last member.
func TestRequiresCycleRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		n := 1 + r.IntN(7)
		name := func(i int) string { return fmt.Sprintf("c%d", i) }
		reqs := make([][]string, n)
		caps := make([]CapabilitySource, n)
		for i := range n {
			for range r.IntN(3) {
				reqs[i] = append(reqs[i], name(r.IntN(n+1))) // c<n> does not exist
			}
			caps[i] = newcomerCap(name(i), `[]`, `[]`, `{}`)
			if len(reqs[i]) > 0 {
				caps[i] = requiring(name(i), reqs[i]...)
			}
		}
		reach := make([][]bool, n) // reach[i][j]: i requires its way to j
		for i := range n {
			reach[i] = make([]bool, n)
			queue := []int{i}
			for len(queue) > 0 {
				u := queue[0]
				queue = queue[1:]
				for _, id := range reqs[u] {
					var v int
					if _, err := fmt.Sscanf(id, "c%d", &v); err != nil || v >= n || reach[i][v] {
						continue
					}
					reach[i][v] = true
					queue = append(queue, v)
				}
			}
		}
		named := map[string]int{}
		for _, d := range newcomerFindings(t, "requires-cycle", caps...) {
			m := cycleMessage.FindStringSubmatch(d.Message)
			if m == nil {
				t.Fatalf("%v: %s", reqs, d)
			}
			path := strings.Split(m[1], " → ")
			for _, also := range quotedID.FindAllStringSubmatch(m[2], -1) {
				named[also[1]]++
			}
			if path[0] != path[len(path)-1] || d.File != "capabilities/"+path[len(path)-2]+"/capability.json" {
				t.Fatalf("%v: %s", reqs, d)
			}
			for k := range len(path) - 1 {
				var u int
				fmt.Sscanf(path[k], "c%d", &u)
				if !slices.Contains(reqs[u], path[k+1]) {
					t.Fatalf("%v: %s: %s does not require %s", reqs, d, path[k], path[k+1])
				}
				named[path[k]]++
			}
		}
		for i := range n {
			if want := map[bool]int{true: 1}[reach[i][i]]; named[name(i)] != want {
				t.Fatalf("%v: %s named %d times, want %d", reqs, name(i), named[name(i)], want)
			}
		}
	}
}

// TestRequiresCycleThroughACapabilityWithErrors: a requires cycle through
// a capability that fails its own checks elsewhere (a title that is no
// string) is reported in the same run as those errors, where it was found
// only once they were fixed; not when that capability's requires or id
// cannot be taken as written (an entry that is no string, whose index
// would shift the others; an id other than its folder's, or a manifest
// that does not parse, but for a slip mended: see mendDoc), where the
// cycle depends on how it is fixed.
func TestRequiresCycleThroughACapabilityWithErrors(t *testing.T) {
	edit := func(c CapabilitySource, old, new string) CapabilitySource { return editManifest(t, c, old, new) }
	refolder := func(c CapabilitySource, folder string) CapabilitySource {
		c.Folder, c.Manifest.Path = folder, "capabilities/"+folder+"/capability.json"
		return c
	}
	untitled := func(c CapabilitySource) CapabilitySource { return untitledCap(t, c) }
	const twoMembers = `requires cycle detected: bb → cc → bb; remove one of these requires entries: "bb" → "cc" at capabilities/bb/capability.json:3:36 (/requires/0), "cc" → "bb" at capabilities/cc/capability.json:3:36 (/requires/0)`
	tests := []struct {
		name      string
		caps      []CapabilitySource
		file, msg string // "" for no finding
	}{
		{"both valid", []CapabilitySource{requiring("bb", "cc"), requiring("cc", "bb")}, "capabilities/cc/capability.json", twoMembers},
		{"the second with a schema error elsewhere", []CapabilitySource{requiring("bb", "cc"), untitled(requiring("cc", "bb"))}, "capabilities/cc/capability.json", twoMembers},
		{"the first with a schema error elsewhere", []CapabilitySource{untitled(requiring("bb", "cc")), requiring("cc", "bb")}, "capabilities/cc/capability.json", twoMembers},
		{"both with errors", []CapabilitySource{untitled(requiring("bb", "cc")), untitled(requiring("cc", "bb"))}, "capabilities/cc/capability.json", twoMembers},
		{"one requiring itself, with errors", []CapabilitySource{untitled(requiring("aa", "aa"))}, "capabilities/aa/capability.json",
			`requires cycle detected: aa → aa; remove this requires entry: "aa" → "aa" at capabilities/aa/capability.json:3:36 (/requires/0)`},
		{"an entry that is no string", []CapabilitySource{requiring("bb", "cc"), withRequires(newcomerCap("cc", `[]`, `[]`, `{}`), `[5, "bb"]`)}, "", ""},
		{"an id other than its folder's", []CapabilitySource{requiring("bb", "cc"), edit(requiring("cc", "bb"), `"id": "cc"`, `"id": "cx"`)}, "", ""},
		{"a folder other than its id", []CapabilitySource{requiring("bb", "cc"), refolder(requiring("cc", "bb"), "cx")}, "", ""},
		{"an id and folder not kebab-case", []CapabilitySource{requiring("bb", "Cc"), refolder(edit(requiring("cc", "bb"), `"id": "cc"`, `"id": "Cc"`), "Cc")}, "", ""},
		{"an id that is no string", []CapabilitySource{requiring("bb", "cc"), edit(requiring("cc", "bb"), `"id": "cc"`, `"id": 5`)}, "", ""},
		{"a manifest that does not parse", []CapabilitySource{requiring("bb", "cc"), edit(requiring("cc", "bb"), `"title": "T",`, `"title": T,`)}, "", ""},
		{"a manifest missing a comma", []CapabilitySource{requiring("bb", "cc"), edit(requiring("cc", "bb"), `"title": "T",`, `"title": "T"`)},
			"capabilities/cc/capability.json", twoMembers + mendedNote},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newcomerFindings(t, "requires-cycle", tt.caps...)
			if tt.msg == "" {
				if len(got) != 0 {
					t.Errorf("got %v, want no requires-cycle", got)
				}
				return
			}
			if len(got) != 1 || got[0].File != tt.file || got[0].Pointer != "/requires/0" || got[0].Message != tt.msg {
				t.Errorf("got %v\nwant one at %s (/requires/0): %s", got, tt.file, tt.msg)
			}
		})
	}
}

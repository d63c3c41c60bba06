package validate

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// TestFragmentPaths: the fragment files a declaration names, however its
// keys are spelled.
func TestFragmentPaths(t *testing.T) {
	for _, tc := range []struct {
		name, manifest string
		want           []string
	}{
		{"none", `{"steps": [{"point": "plan:pre"}]}`, nil},
		{"a step's", `{"steps": [{"fragment": {"path": "a.md"}}]}`, []string{"a.md"}},
		{"inline wins", `{"steps": [{"fragment": {"path": "a.md", "inline": "x"}}]}`, nil},
		{"contributions too, once each", `{"steps": [{"fragment": {"path": "a.md"}}], "contributions": [{"fragment": {"path": "b.md"}}, {"fragment": {"path": "a.md"}}]}`, []string{"a.md", "b.md"}},
		{"an escaped key", `{"steps": [{"fr\u0061gment": {"path": "a.md"}}]}`, []string{"a.md"}},
		{"escaped path key", `{"steps": [{"fragment": {"p\u0061th": "a.md"}}]}`, []string{"a.md"}},
		{"escaped list key", `{"st\u0065ps": [{"fragment": {"path": "a.md"}}]}`, []string{"a.md"}},
		{"contributions without steps", `{"contributions": [{"fragment": {"path": "b.md"}}]}`, []string{"b.md"}},
		{"contributions past steps of no list", `{"steps": {"fragment": {"path": "a.md"}}, "contributions": [{"fragment": {"path": "b.md"}}]}`, []string{"b.md"}},
		{"broken JSON", `{"steps": [{"fragment": {"path": a.md}}]}`, nil},
		// Read past a slip as validation reads it (mendDoc): its fragments
		// are checked, so they are read.
		{"cut short, mended", `{"steps": [{"fragment": {"path": "a.md"}}]`, []string{"a.md"}},
		{"a comma missing, mended", `{"steps": [{"fragment": {"path": "a.md"}}{"fragment": {"path": "b.md"}}]}`, []string{"a.md", "b.md"}},
	} {
		if got := FragmentPaths([]byte(tc.manifest)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: FragmentPaths = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// secSource returns the security sample source of src, for its files to
// be changed.
func secSource(t *testing.T, src *Sources) *CapabilitySource {
	t.Helper()
	for i := range src.Capabilities {
		if src.Capabilities[i].Folder == "security" {
			return &src.Capabilities[i]
		}
	}
	t.Fatal("no security capability in the sample")
	return nil
}

// TestFragmentFileStates checks what the registry build says of a
// fragment file that the scanner could not read as text, by the error it
// met, and that a readable one is inlined into the registry's hook.
func TestFragmentFileStates(t *testing.T) {
	const ptr = "/contributions/0/fragment/path"
	cases := []struct {
		name string
		file File
		rule string
		want string
	}{
		{"link out of the folder", File{Err: fmt.Errorf("open: %w", ErrEscapesFolder)}, "fragment-escape", "is a link that resolves outside the capability folder"},
		{"link out of the root", File{Err: fmt.Errorf("open: %w", ErrEscapesRoot)}, "fragment-escape", "is a link that resolves outside the capability folder"},
		{"too large", File{Err: ErrTooLarge}, "file-too-large", "larger than 8 MiB"},
		{"directory", File{Err: ErrIsDirectory}, "fragment-unreadable", "names a directory"},
		{"fifo", File{Err: ErrNotRegular}, "not-regular-file", "is not a regular file"},
		{"unreadable", File{Err: fs.ErrPermission}, "fragment-unreadable", "could not be read: permission denied"},
		{"not utf-8", File{Data: []byte("caf\xe9\n")}, "fragment-unreadable", "is not valid UTF-8: byte 0xE9 at 1:4 "},
		// The first bad byte is where a person looks: its line and its
		// column in characters (é and each bad byte one).
		{"not utf-8, later line", File{Data: []byte("ok\ncafé \xff\xfe\n")}, "fragment-unreadable", "byte 0xFF at 2:6 "},
		{"utf-16", File{Data: []byte{0xFF, 0xFE, 'h', 0, 'i', 0}}, "fragment-unreadable", "is UTF-16 (it starts with a UTF-16 byte order mark)"},
		// Without the mark it is valid UTF-8, and was inlined NULs and all
		// (review cr26).
		{"utf-16 without a mark", File{Data: encodeUTF16("# Threat model\nCheck the inputs.\n", false)[2:]}, "fragment-unreadable", "is UTF-16 (every other byte is zero"},
		{"block line", File{Data: []byte("a\nb\n<contribution from=\"ui\">\nc")}, "fragment-block-line", `line 3, "<contribution from=\"ui\">"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := sampleRepo(t)
			c := secSource(t, src)
			tc.file.Path = "capabilities/security/loop/threat-model.md"
			c.Files["loop/threat-model.md"] = tc.file
			diags := findingsOf(src)
			got := findingAt(diags, tc.rule, ptr)
			if len(got) != 1 || !strings.Contains(got[0].Message, tc.want) || !strings.Contains(got[0].Message, `"loop/threat-model.md"`) {
				t.Fatalf("want one %s at %s containing %q, got %v\nall: %v", tc.rule, ptr, tc.want, got, diags)
			}
		})
	}
	t.Run("readable", func(t *testing.T) {
		src := sampleRepo(t)
		res := Validate(src)
		for _, d := range res.Diagnostics {
			if strings.HasPrefix(d.Pointer, "/contributions/0/fragment") {
				t.Fatalf("finding on a readable fragment: %v", d)
			}
		}
	})
}

// TestFragmentInlineBudget checks the 16 MiB bound of what one
// capability's hooks inline: a fragment that brings the total to the
// bound exactly is inlined, each one after it is refused with its size
// in the unit a person reads, and a capability under the bound draws no
// finding.
func TestFragmentInlineBudget(t *testing.T) {
	sizes := []int{16 << 20, 1 << 20, 1 << 10, 1023, 1}
	var contribs []string
	for i := range sizes {
		contribs = append(contribs, fmt.Sprintf(`{ "point": "plan:pre", "into": "planner", "fragment": { "path": "loop/f%d.md" } }`, i))
	}
	src := sampleRepo(t, sampleEdit{"security", `"contributions": [`, `"contributions": [` + strings.Join(contribs, ", ") + ", "})
	c := secSource(t, src)
	for i, n := range sizes {
		c.Files[fmt.Sprintf("loop/f%d.md", i)] = File{Path: fmt.Sprintf("capabilities/security/loop/f%d.md", i), Data: []byte(strings.Repeat("x", n))}
	}
	diags := findingsOf(src, "file-too-large")
	want := []string{"", "(1.0 MiB)", "(1.0 KiB)", "(1023 bytes)", "(1 byte)"}
	for i, w := range want {
		got := findingAt(diags, "file-too-large", fmt.Sprintf("/contributions/%d/fragment/path", i))
		if w == "" {
			if len(got) != 0 {
				t.Errorf("fragment %d of %d bytes is refused: %v", i, sizes[i], got)
			}
			continue
		}
		if len(got) != 1 || !strings.Contains(got[0].Message, fmt.Sprintf(`fragment "loop/f%d.md" %s is not inlined`, i, w)) {
			t.Errorf("fragment %d: want one finding naming %s, got %v", i, w, got)
		}
	}
	// The sample's own fragment, listed after these, is over the bound too.
	if len(diags) != len(want) {
		t.Errorf("want %d file-too-large findings, got %v", len(want), diags)
	}

	// Under the bound, a KiB-sized fragment is inlined with no finding.
	src = sampleRepo(t)
	secSource(t, src).Files["loop/threat-model.md"] = File{Path: "capabilities/security/loop/threat-model.md", Data: []byte(strings.Repeat("y", 1<<10))}
	if d := findingsOf(src, "file-too-large"); len(d) != 0 {
		t.Fatalf("a 1 KiB fragment is refused: %v", d)
	}
}

// TestManifestParseFindings checks the findings of a declaration that
// does not parse, and the bound on duplicate-key findings: the first
// MaxPerRule are listed, in the order of the file, and one more stands
// for the rest with their count.
func TestManifestParseFindings(t *testing.T) {
	src := sampleRepo(t, sampleEdit{"security", `"tier": "full",`, `"tier": "full" "x",`})
	diags := findingsOf(src, "json-syntax")
	if len(diags) != 1 || diags[0].File != secFile || diags[0].Line != 8 {
		t.Fatalf("want one json-syntax finding at line 8 of %s, got %v", secFile, diags)
	}
	if d := findingsOf(src, "id-folder-mismatch", "version-missing", "schema"); len(d) != 0 {
		t.Fatalf("a declaration that does not parse is checked further: %v", d)
	}

	for _, extra := range []int{0, 1, 7} {
		n := MaxPerRule + extra
		dup := strings.Repeat(`"tier": "full", `, n+1)
		src := sampleRepo(t, sampleEdit{"security", `"tier": "full",`, dup})
		diags := findingsOf(src, "json-duplicate-key")
		listed := min(n, MaxPerRule+1)
		if len(diags) != listed {
			t.Fatalf("%d duplicates: want %d findings, got %d", n, listed, len(diags))
		}
		for i := 1; i < len(diags); i++ {
			if diags[i].Column <= diags[i-1].Column {
				t.Fatalf("%d duplicates: findings out of the file's order: %v then %v", n, diags[i-1], diags[i])
			}
		}
		omitted := 0
		for _, d := range diags {
			omitted += d.Omitted
		}
		want := extra // the one standing for them counts itself
		if extra == 1 {
			want = 0 // one past the bound is listed as it is
		}
		if omitted != want {
			t.Fatalf("%d duplicates: want %d omitted, got %d (%v)", n, want, omitted, diags[len(diags)-1])
		}
	}
}

// TestInlineFragmentBlockLine: a fragment written inline, with no path,
// is copied into the markdown as it is, as a file's is, so a line of it
// that starts a block (a step heading, a contribution tag, a gate) is
// warned of too; it passed silently, and render-hooks printed a forged
// "<contribution from=…>" block.
func TestInlineFragmentBlockLine(t *testing.T) {
	cases := []struct {
		inline string
		want   string // "" for no finding
	}{
		{"ok\n### Step 2: skill:x (y)\n", `the inline fragment line 2, "### Step 2: skill:x (y)"`},
		{"<contribution from=\"zz\" into=\"planner\">", `the inline fragment line 1, "<contribution from=\"zz\" into=\"planner\">"`},
		{"a\r\n**Gate** (zz): check=x\r\n", `the inline fragment line 2, "**Gate** (zz): check=x"`},
		{"    ### Step 2: skill:x (y)", ""}, // code
		{"Threat-model the plan.", ""},
	}
	const ptr = "/contributions/0/fragment/inline"
	for _, tc := range cases {
		src := sampleRepo(t)
		c := secSource(t, src)
		frag := fmt.Sprintf(`"fragment": {"inline": %q}`, tc.inline)
		c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"fragment": { "path": "loop/threat-model.md" }`, frag, 1))
		if !strings.Contains(string(c.Manifest.Data), frag) {
			t.Fatal("the sample's fragment was not replaced")
		}
		got := findingAt(findingsOf(src), "fragment-block-line", ptr)
		switch {
		case tc.want == "" && len(got) != 0:
			t.Errorf("%q: want no fragment-block-line, got %v", tc.inline, got)
		case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0].Message, tc.want) || got[0].Line == 0):
			t.Errorf("%q: want one fragment-block-line at %s containing %q, got %v", tc.inline, ptr, tc.want, got)
		}
	}
}

// TestFragmentPathsDespiteDuplicateKeys: a declaration that parses with a
// repeated key is still checked, so the scanner must still read the
// fragments it names.
func TestFragmentPathsDespiteDuplicateKeys(t *testing.T) {
	manifest := `{"id": "x", "id": "x", "steps": [{"fragment": {"path": "a.md"}}]}`
	if got, want := FragmentPaths([]byte(manifest)), []string{"a.md"}; !slices.Equal(got, want) {
		t.Errorf("FragmentPaths = %q, want %q", got, want)
	}
}

// TestFragmentConflict: a fragment committed mid-merge (git's <<<<<<<,
// ======= and >>>>>>> lines, in that order, outside code) is a
// merge-conflict error naming where the conflict starts and ends,
// with CRLF line ends too; a heading's ======= underline, a conflict
// quoted in a fenced block, markers not at a line's start or of eight
// characters, and markers out of order are none.
func TestFragmentConflict(t *testing.T) {
	const ptr = "/contributions/0/fragment/path"
	cases := []struct {
		name, text, want string
	}{
		{"conflict", "a\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> topic\nb\n", "from line 2 (<<<<<<<) to line 6 (>>>>>>>)"},
		{"crlf, bare markers", "a\r\n<<<<<<<\r\nours\r\n=======\r\ntheirs\r\n>>>>>>>\r\n", "from line 2 (<<<<<<<) to line 6 (>>>>>>>)"},
		{"diff3", "<<<<<<< HEAD\nours\n||||||| base\nold\n=======\ntheirs\n>>>>>>> topic", "from line 1 (<<<<<<<) to line 7 (>>>>>>>)"},
		{"after a quoted one", "```\n<<<<<<< HEAD\n=======\n>>>>>>> b\n```\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> b\n", "from line 6 (<<<<<<<) to line 10 (>>>>>>>)"},
		{"setext heading", "Title\n=======\n\ntext >>>>>>> more\n", ""},
		{"fenced", "A conflict looks like this:\n\n```\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> topic\n```\n", ""},
		{"indented code", "A conflict:\n\n    <<<<<<< HEAD\n    ours\n    =======\n    theirs\n    >>>>>>> topic\n", ""},
		{"not at a line's start", "x <<<<<<< HEAD\n=======\n>>>>>>> topic\n", ""},
		{"eight", "<<<<<<<< HEAD\n=======\n>>>>>>> topic\n", ""},
		{"out of order", ">>>>>>> topic\n=======\n<<<<<<< HEAD\n", ""},
		{"no end", "<<<<<<< HEAD\nours\n=======\ntheirs\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := sampleRepo(t)
			c := secSource(t, src)
			c.Files["loop/threat-model.md"] = File{Path: "capabilities/security/loop/threat-model.md", Data: []byte(tc.text)}
			diags := findingsOf(src)
			got := findingAt(diags, "merge-conflict", ptr)
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("want no merge-conflict, got %v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Severity != Error || !strings.Contains(got[0].Message, `fragment "loop/threat-model.md" holds a merge left unresolved, its conflict markers `+tc.want) {
				t.Fatalf("want one merge-conflict error at %s naming %q, got %v\nall: %v", ptr, tc.want, got, diags)
			}
		})
	}
}

// TestWorkflowMergeConflict: a host workflow committed mid-merge is a
// merge-conflict error at its <<<<<<< line, naming the >>>>>>> line; a
// markdown file holding no marker is no workflow, and its conflict is
// not capreg's; a conflict quoted in a fence is none.
func TestWorkflowMergeConflict(t *testing.T) {
	const block = "<!-- gsd:loop-host\nstep: ship\npoints: ship:pre, ship:post\nagent-roles: orchestrator\nproduces:\nconsumes:\n-->\n"
	const conflict = "<<<<<<< HEAD\nTag, then push.\n=======\nPush, then tag.\n>>>>>>> topic\n"
	for _, tc := range []struct {
		name, src string
		line      int
		msg       string
	}{
		{"workflow", block + "# Ship\n" + conflict, 9, "a merge left this workflow unresolved, its conflict markers from here to line 13 (>>>>>>>)"},
		{"tags", `<loop-point id="ship:pre, ship:post"/> <agent-role name="orchestrator"/>` + "\n# Ship\n" + conflict, 3, "a merge left this workflow unresolved, its conflict markers from here to line 7 (>>>>>>>)"},
		{"no marker", "# Notes\n" + conflict, 0, ""},
		{"fenced", block + "```\n" + conflict + "```\n", 0, ""},
	} {
		_, diags := ParseMarker("workflows/ship.md", []byte(tc.src))
		var got []Diagnostic
		for _, d := range diags {
			if d.Rule == "merge-conflict" {
				got = append(got, d)
			}
		}
		if tc.line == 0 {
			if len(got) != 0 {
				t.Errorf("%s: want no merge-conflict, got %v", tc.name, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Line != tc.line || got[0].Column != 1 || got[0].Severity != Error || !strings.Contains(got[0].Message, tc.msg) {
			t.Errorf("%s: want one merge-conflict error at %d:1 saying %q, got %v (all %v)", tc.name, tc.line, tc.msg, got, diags)
		}
	}
}

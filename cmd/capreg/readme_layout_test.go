package main

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// readmeSection returns the text of the README section whose heading line
// is heading, up to the next heading of any level outside a code block.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	in, fenced := false, false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(line, "#") {
			if in {
				break
			}
			in = line == heading
			continue
		}
		if in {
			out.WriteString(line + "\n")
		}
	}
	if out.Len() == 0 {
		t.Fatalf("README.md has no %q section", heading)
	}
	return out.String()
}

// TestReadmeLayout holds the README's Layout block to the module's tree:
// each path it names (a line's first word; an indented one is inside the
// unindented one above it) is there, every folder at the root but dot
// folders is named, and so is every folder of testdata/, on the testdata/
// line. The layout is a newcomer's map: a folder added without it, or one
// moved away, sends them looking for what is not there. Files at the root
// are not required: a checkout holds files git does not (a `go build`'s
// binary, a coverage profile, a scratch note) that no README names.
func TestReadmeLayout(t *testing.T) {
	section := readmeSection(t, "## Layout")
	_, block, ok := strings.Cut(section, "```\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("README.md's Layout has no code block")
	}
	root := filepath.Join("..", "..")
	named := map[string]bool{}
	parent, testdataLine := "", ""
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		word, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		p := strings.TrimSuffix(word, "/")
		if strings.HasPrefix(line, " ") {
			p = path.Join(parent, p)
		} else {
			parent = p
			named[p] = true
			first, _, _ := strings.Cut(p, "/")
			named[first] = true // cmd/capreg/ names cmd
		}
		if p == "testdata" {
			testdataLine = line
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err != nil {
			t.Errorf("README.md's Layout names %s, which is not there: %v", word, err)
		}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || strings.HasPrefix(name, ".") {
			continue
		}
		if !named[name] {
			t.Errorf("README.md's Layout does not name %s", name)
		}
	}
	if !named[".ci/run"] {
		t.Errorf("README.md's Layout does not name .ci/run, what CI runs")
	}
	if testdataLine == "" {
		t.Fatal("README.md's Layout has no testdata/ line")
	}
	dirs, err := os.ReadDir(filepath.Join(root, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if d.IsDir() && !strings.Contains(testdataLine, " "+d.Name()+"/") {
			t.Errorf("README.md's Layout line for testdata/ does not name %s/", d.Name())
		}
	}
}

// TestReadmeFuzzTargetCount: the README gives the number of fuzz targets
// with the grep that counts them; the count is the module's.
func TestReadmeFuzzTargetCount(t *testing.T) {
	section := readmeSection(t, "## Layout")
	m := regexp.MustCompile("`grep -rn '\\^func Fuzz' --include=\\*_test.go \\.`, (\\d+) of them").FindStringSubmatch(section)
	if m == nil {
		t.Fatal("README.md's Layout does not give the number of fuzz targets as (`grep -rn '^func Fuzz' --include=*_test.go .`, N of them)")
	}
	want, _ := strconv.Atoi(m[1])
	var targets []string
	fuzz := regexp.MustCompile(`(?m)^func (Fuzz\w*)\(`)
	err := filepath.WalkDir(filepath.Join("..", ".."), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && d.Name() != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(p)
		for _, f := range fuzz.FindAllSubmatch(data, -1) {
			targets = append(targets, p+": "+string(f[1]))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(targets)
	if len(targets) != want {
		t.Errorf("README.md counts %d fuzz targets; the module has %d:\n%s", want, len(targets), strings.Join(targets, "\n"))
	}
}

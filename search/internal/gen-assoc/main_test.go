package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// gz returns src gzipped.
func gz(t *testing.T, src string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(src)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// readMan reads a page's paragraphs, as text, but for its SYNOPSIS, and
// leaves out gcloud's pages and any page it cannot read whole: a
// truncated .gz gave its first part, silently.
func TestReadMan(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "man1")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	page := ".TH LS 1\n.SH NAME\nls \\- list directory contents\n.SH SYNOPSIS\n.B ls\n[\\fIOPTION\\fR]\n" +
		".SH DESCRIPTION\nList information about the \\fBFILEs\\fR.\n.PP\nSort entries alphabetically.\n"
	truncated := gz(t, ".SH DESCRIPTION\nA truncated page about "+strings.Repeat("widgets ", 4000)+"\n")
	truncated = truncated[:len(truncated)/2]
	for name, data := range map[string][]byte{
		"ls.1.gz":         gz(t, page),
		"gcloud-foo.1.gz": gz(t, ".SH DESCRIPTION\nGenerated boilerplate.\n"),
		"broken.1.gz":     []byte("not gzip"),
		"truncated.1.gz":  truncated,
		"plain.1":         []byte(".SH DESCRIPTION\nAn uncompressed page.\n"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	readMan(root, func(s string) {
		if s = strings.Join(strings.Fields(s), " "); s != "" {
			got = append(got, s)
		}
	})
	want := []string{
		"ls list directory contents",
		"List information about the FILEs.",
		"Sort entries alphabetically.",
		"An uncompressed page.",
	}
	slices.Sort(got)
	slices.Sort(want)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("readMan gave\n%q\nwant\n%q", got, want)
	}
}

package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestUsageListsEveryFlag runs each verb's --help and checks that every flag
// it lists is in that verb's line of the top-level usage (or in the line of
// the flags every verb shares), so the two cannot drift apart.
func TestUsageListsEveryFlag(t *testing.T) {
	var top bytes.Buffer
	if code := run(context.Background(), []string{"help"}, &top, &top); code != exitOK {
		t.Fatalf("capreg help: exit %d", code)
	}
	shared := lineStarting(t, top.String(), "  every verb also takes ")
	flagLine := regexp.MustCompile(`(?m)^  --(\S+)(?: (\S+))?$`)
	for _, v := range verbs() {
		line := lineStarting(t, top.String(), "  capreg "+v.name+" ")
		var help bytes.Buffer
		args := append(strings.Fields(v.name), "--help")
		if code := run(context.Background(), args, &help, &help); code != exitOK {
			t.Fatalf("capreg %s --help: exit %d", v.name, code)
		}
		for _, m := range flagLine.FindAllStringSubmatch(help.String(), -1) {
			want := "--" + m[1]
			if m[2] != "" {
				want += " " + m[2]
			}
			if !strings.Contains(line, want) && !strings.Contains(shared, want) {
				t.Errorf("capreg %s --help lists %q; the top-level usage does not:\n%s", v.name, want, line)
			}
		}
	}
}

// TestReadmeSynopsis holds the CLI block of README.md to the synopsis the
// binary prints.
func TestReadmeSynopsis(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := "```\n" + synopses("") + "```\n"
	if !strings.Contains(string(readme), want) {
		t.Errorf("README.md's CLI block is not the synopsis of capreg help; it should read:\n%s", want)
	}
}

// TestFlagPlaceholders makes every flag that takes a value name it in its
// usage (a back-quoted word), so that no synopsis says "string" or "int".
func TestFlagPlaceholders(t *testing.T) {
	for _, v := range verbs() {
		eachFlag(v.flags, func(f *flag.Flag) {
			name, _ := flag.UnquoteUsage(f)
			if name != "" && !strings.Contains(f.Usage, "`") {
				t.Errorf("capreg %s --%s: usage names no value (shown as %q)", v.name, f.Name, name)
			}
		})
	}
}

func lineStarting(t *testing.T, text, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	t.Fatalf("no line starting %q in:\n%s", prefix, text)
	return ""
}

// TestFlagsTakingValuesBuiltOnce: the wrong-order hint reads the verbs'
// flags from one map, built once. Before, each call built every verb's
// flag set, twice for one wrong-order line (the verb, then tools'
// subcommand).
func TestFlagsTakingValuesBuiltOnce(t *testing.T) {
	a, b := flagsTakingValues(), flagsTakingValues()
	if reflect.ValueOf(a).Pointer() != reflect.ValueOf(b).Pointer() {
		t.Error("flagsTakingValues built a new map on its second call")
	}
	for name, want := range map[string]bool{"repo": true, "strict": false, "format": true} {
		if got, ok := a[name]; !ok || got != want {
			t.Errorf("flag %s: takes a value %v (known %v), want %v", name, got, ok, want)
		}
	}
}

// TestEveryVerbSaysWhatItDoes: each verb's --help says what the verb does
// between its synopsis and its flags, so a verb added without the words
// fails here; render's names the 12 points.
func TestEveryVerbSaysWhatItDoes(t *testing.T) {
	for _, v := range verbs() {
		var help bytes.Buffer
		if code := run(context.Background(), append(strings.Fields(v.name), "--help"), &help, &help); code != exitOK {
			t.Fatalf("capreg %s --help: exit %d", v.name, code)
		}
		parts := strings.SplitN(help.String(), "\n\n", 3)
		if v.about == "" || len(parts) < 3 || !strings.HasPrefix(parts[2], "Flags:") || strings.TrimSpace(parts[1]) == "" {
			t.Errorf("capreg %s --help says nothing of what it does:\n%s", v.name, help.String())
		}
		for _, l := range strings.Split(parts[1], "\n") {
			if len(l) > 76 {
				t.Errorf("capreg %s --help: line over 76 bytes: %q", v.name, l)
			}
		}
	}
	var help bytes.Buffer
	run(context.Background(), []string{"render", "--help"}, &help, &help)
	if got := strings.Join(strings.Fields(help.String()), " "); !strings.Contains(got, "POINT is one of discuss:pre, discuss:post, plan:pre, plan:post, execute:pre, execute:wave:pre, execute:wave:post, execute:post, verify:pre, verify:post, ship:pre, ship:post.") {
		t.Errorf("capreg render --help does not list the points:\n%s", help.String())
	}
}

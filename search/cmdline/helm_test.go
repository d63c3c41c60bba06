package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandHelmInstallSpelling: helm upgrade's -i is --install
// (helm 3's "helm upgrade --help"), which agents write as often as the
// long form: "helm upgrade -i web ./chart" matched no "helm upgrade
// --install *" (review).
func TestMatchCommandHelmInstallSpelling(t *testing.T) {
	mt := Compile([]Card{{ID: "long", Replaces: []string{"helm upgrade --install *"}}, {ID: "short", Replaces: []string{"helm upgrade -i *"}}})
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"helm upgrade -i web ./chart", []string{"long", "short"}},
		{"helm upgrade --install web ./chart", []string{"long", "short"}},
		{"helm upgrade web ./chart -i -n prod", []string{"long", "short"}},
		{"helm -n prod upgrade -i web ./chart", []string{"long", "short"}},
		{"helm upgrade web ./chart", nil},
	} {
		// Both cards, in whichever order their specificity gives.
		if got := matchedIDs(mt, tc.cmd); !slices.Equal(slices.Sorted(slices.Values(got)), tc.want) {
			t.Errorf("MatchCommand(%q) = %v, want %v in any order", tc.cmd, got, tc.want)
		}
	}
}

// TestMatchCommandHelmSubcommandAliases: helm 3 names uninstall also
// delete, del and un (Helm 2's delete, which agents still type), list
// ls, history hist, dependency dep: "helm delete web" matched no "helm
// uninstall *" (review), as docker's other names of a subcommand match
// (docker container rm for docker rm).
func TestMatchCommandHelmSubcommandAliases(t *testing.T) {
	mt := Compile([]Card{{ID: "uninstall", Replaces: []string{"helm uninstall *"}}, {ID: "delete", Replaces: []string{"helm -n prod delete *"}}})
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"helm uninstall web", []string{"uninstall"}},
		{"helm delete web", []string{"uninstall"}},
		{"helm del web", []string{"uninstall"}},
		{"helm un web", []string{"uninstall"}},
		{"helm -n prod delete web", []string{"delete", "uninstall"}},
		{"helm --namespace prod uninstall web", []string{"delete", "uninstall"}},
		{"helm install web ./chart", nil},
		{"helm -n prod install web ./chart", nil},
	} {
		if got := matchedIDs(mt, tc.cmd); !slices.Equal(slices.Sorted(slices.Values(got)), tc.want) {
			t.Errorf("MatchCommand(%q) = %v, want %v in any order", tc.cmd, got, tc.want)
		}
	}
}

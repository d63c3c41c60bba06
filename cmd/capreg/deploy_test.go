package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// TestDeployManifests keeps deploy/ in step with the code: every manifest
// parses, the kustomization lists files that exist, and the arguments the
// Deployment passes to capreg are flags `capreg serve` accepts.
func TestDeployManifests(t *testing.T) {
	base := "../../deploy/base"
	var kust struct{ Resources []string }
	readYAML(t, filepath.Join(base, "kustomization.yaml"), &kust)
	if len(kust.Resources) == 0 {
		t.Fatal("kustomization lists no resources")
	}
	var args []string
	var pdbSelector map[string]string
	grace := 30 * time.Second // Kubernetes' default
	for _, r := range kust.Resources {
		var doc struct {
			Kind string
			Spec struct {
				Selector struct {
					MatchLabels map[string]string `yaml:"matchLabels"`
				}
				Template struct {
					Spec struct {
						TerminationGracePeriodSeconds *int `yaml:"terminationGracePeriodSeconds"`
						Containers                    []struct {
							Name string
							Args []string
						}
					}
				}
			}
		}
		readYAML(t, filepath.Join(base, r), &doc)
		if doc.Kind == "PodDisruptionBudget" {
			pdbSelector = doc.Spec.Selector.MatchLabels
		}
		for _, c := range doc.Spec.Template.Spec.Containers {
			if c.Name == "capreg" {
				args = c.Args
				if g := doc.Spec.Template.Spec.TerminationGracePeriodSeconds; g != nil {
					grace = time.Duration(*g) * time.Second
				}
			}
		}
	}
	// kustomize's labels do not create a selector: a budget without one
	// selects no pod and limits no eviction.
	if pdbSelector["app.kubernetes.io/name"] != "capreg" {
		t.Errorf("PodDisruptionBudget selector = %v, want app.kubernetes.io/name: capreg", pdbSelector)
	}
	if len(args) == 0 || args[0] != "serve" {
		t.Fatalf("capreg container args = %q, want serve …", args)
	}
	// The arguments must parse with serve's own flag set: an unknown flag
	// would make every pod exit 2 before listening.
	fs := newFlags("serve", io.Discard)
	var sf serveFlags
	sf.register(fs)
	pos, err := parseArgs(fs, args[1:], io.Discard)
	if err != nil || len(pos) > 0 {
		t.Errorf("deployment passes arguments capreg serve does not accept: %v %q", err, pos)
	}
	// SIGKILL must not come before --drain-delay and the drain are over.
	if grace <= sf.drainDelay+drainTimeout {
		t.Errorf("terminationGracePeriodSeconds is %v, not more than --drain-delay (%v) and the drain (%v)", grace, sf.drainDelay, drainTimeout)
	}
	if sf.repo != "/git/current" {
		t.Errorf("--repo = %q; git-sync publishes the checkout at /git/current (--link=current)", sf.repo)
	}
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

package main

import (
	"bufio"
	"encoding/json"
	"io"
	"maps"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
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
	sf := serveArgs(t, "the Deployment", args)
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

// TestDockerfile: the image builds with the Go that go.mod names (golang
// images do not fetch a newer one), runs as a numeric user (Kubernetes
// checks runAsNonRoot against numbers only), and its default command is
// one serve accepts, on every interface.
func TestDockerfile(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if goVersion == nil {
		t.Fatal("go.mod has no go line")
	}
	f, err := os.Open("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var from, user string
	var cmd []string
	var goproxy, downloaded bool
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		verb, rest, _ := strings.Cut(sc.Text(), " ")
		switch verb {
		case "ARG":
			goproxy = goproxy || rest == "GOPROXY"
		case "RUN":
			if strings.Contains(rest, "go mod download") && !downloaded {
				downloaded = true
				// A build without the internet fetches through a module
				// proxy of its own: --build-arg GOPROXY reaches go only
				// when declared (it is no predefined argument).
				if !goproxy {
					t.Errorf("the Dockerfile downloads the modules before any ARG GOPROXY")
				}
			}
		case "FROM":
			if from == "" {
				from = strings.Fields(rest)[0]
			}
		case "USER":
			user = rest
		case "CMD":
			if err := json.Unmarshal([]byte(rest), &cmd); err != nil {
				t.Fatalf("CMD %s: %v", rest, err)
			}
		}
	}
	if want := "golang:" + string(goVersion[1]); from != want {
		t.Errorf("builder is %s, want %s (go.mod's go line)", from, want)
	}
	if !regexp.MustCompile(`^\d+:\d+$`).MatchString(user) {
		t.Errorf("USER %q, want UID:GID in numbers", user)
	}
	serveArgs(t, "the Dockerfile's CMD", cmd)
}

// serveArgs checks the arguments what passes to capreg: serve and flags
// that parse with serve's own flag set (an unknown flag would make every
// pod exit 2 before listening), listening on every interface of both
// families (the kubelet probes the pod's address, which on an IPv6-only
// cluster 0.0.0.0 does not listen on). It returns the flags.
func serveArgs(t *testing.T, what string, args []string) serveFlags {
	t.Helper()
	if len(args) == 0 || args[0] != "serve" {
		t.Fatalf("%s: arguments %q, want serve …", what, args)
	}
	fs := newFlags("serve", io.Discard)
	var sf serveFlags
	sf.register(fs)
	if pos, err := parseArgs(fs, args[1:], io.Discard); err != nil || len(pos) > 0 {
		t.Errorf("%s passes arguments capreg serve does not accept: %v %q", what, err, pos)
	}
	if host, _, _ := net.SplitHostPort(sf.addr); addrFault(sf.addr) != "" || host != "" {
		t.Errorf("%s: --addr %q; want :PORT, every interface of both families", what, sf.addr)
	}
	return sf
}

// TestDeployExampleOverlay renders deploy/overlays/example with kubectl's
// kustomize, where kubectl is installed: it must build on the base and the
// monitoring component and set what an overlay is for.
func TestDeployExampleOverlay(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl is not installed")
	}
	out, err := exec.Command(kubectl, "kustomize", "../../deploy/overlays/example").CombinedOutput()
	if err != nil {
		t.Fatalf("kubectl kustomize: %v\n%s", err, out)
	}
	for _, want := range []string{
		"kind: Deployment", "kind: PodMonitor", "kind: PrometheusRule",
		"image: ghcr.io/capreg/capreg:v1.0.0", "replicas: 3", "GITSYNC_REPO: https://github.com/example/capabilities",
		// With the PodMonitor, the annotations no longer ask for a
		// second scrape of the same pods.
		`prometheus.io/scrape: "false"`,
		// The pod meets the restricted profile (checkRestricted).
		"pod-security.kubernetes.io/enforce: restricted",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the example overlay renders no %q", want)
		}
	}
}

// baseImageTag is the tag deploy/base gives capreg's image, which no
// image has: each overlay replaces it with a release.
const baseImageTag = "set-a-release-in-the-overlay"

// TestDeployBaseImageIsNotLatest: deploy/base names capreg's image with
// a tag that exists nowhere rather than latest, so that an overlay that
// pins no release fails to pull instead of running an image a rollout
// cannot tell from the one before.
func TestDeployBaseImageIsNotLatest(t *testing.T) {
	var kust struct {
		Images []struct {
			Name    string
			NewName string `yaml:"newName"`
			NewTag  string `yaml:"newTag"`
			Digest  string
		}
	}
	readYAML(t, "../../deploy/base/kustomization.yaml", &kust)
	found := false
	for _, img := range kust.Images {
		if img.Name != "capreg" {
			continue
		}
		found = true
		if img.Digest == "" && img.NewTag != baseImageTag {
			t.Errorf("deploy/base gives the image tag %q; want %q, which no image has, for overlays to replace", img.NewTag, baseImageTag)
		}
	}
	if !found {
		t.Error("deploy/base/kustomization.yaml does not name the capreg image")
	}
}

// TestDeployOverlaysPinTheImage renders, where kubectl is installed,
// every overlay of deploy/overlays: each must build, and run every
// container on a pinned image (a tag other than latest, or a digest),
// capreg's a release rather than the base's placeholder tag.
func TestDeployOverlaysPinTheImage(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl is not installed")
	}
	overlays, err := filepath.Glob("../../deploy/overlays/*/kustomization.yaml")
	if err != nil || len(overlays) == 0 {
		t.Fatalf("deploy/overlays: %v, %d overlays", err, len(overlays))
	}
	for _, k := range overlays {
		dir := filepath.Dir(k)
		out, err := exec.Command(kubectl, "kustomize", dir).Output()
		if err != nil {
			t.Errorf("kubectl kustomize %s: %v\n%s", dir, err, stderrOf(err))
			continue
		}
		for _, doc := range yamlDocuments(out) {
			var obj struct {
				Kind string
				Spec struct {
					Template struct {
						Spec struct {
							InitContainers, Containers []struct{ Name, Image string }
						}
					}
				}
			}
			if err := yaml.Unmarshal(doc, &obj); err != nil {
				t.Fatal(err)
			}
			for _, c := range slices.Concat(obj.Spec.Template.Spec.InitContainers, obj.Spec.Template.Spec.Containers) {
				if !pinnedImage(c.Image) || strings.HasSuffix(c.Image, ":"+baseImageTag) {
					t.Errorf("%s: container %s runs %q; pin a release tag or a digest", dir, c.Name, c.Image)
				}
			}
		}
	}
}

// TestDeploySelectorsFollowOverlay renders, where kubectl is installed, an
// overlay for one of two capregs in one namespace, as the example overlay
// says to write it: its own name suffix and app.kubernetes.io/instance
// label on selectors. Every object that selects
// capreg's pods (the Service, the PodDisruptionBudget, the NetworkPolicy,
// the spread constraint, the PodMonitor) must then select exactly the Deployment's
// pods, not the other instance's too. The PodMonitor, whose kind
// kustomize does not know, kept selecting both instances.
func TestDeploySelectorsFollowOverlay(t *testing.T) {
	out := kustomizeOverlay(t, "../../deploy", func(rel string) string {
		return "namespace: shared\nnameSuffix: -b\n" +
			"resources: [" + rel + "/base]\n" +
			"components: [" + rel + "/monitoring]\n" +
			"labels:\n  - pairs: { app.kubernetes.io/instance: b }\n    includeSelectors: true\n" +
			"  - pairs: { release: kube-prometheus-stack }\n" // not on selectors
	})
	want := map[string]string{"app.kubernetes.io/name": "capreg", "app.kubernetes.io/instance": "b"}
	selectors := map[string]map[string]string{}
	for _, doc := range yamlDocuments(out) {
		var obj struct {
			Kind string
			Spec struct {
				Selector    yaml.Node
				PodSelector yaml.Node `yaml:"podSelector"` // a NetworkPolicy's
				Template    struct {
					Metadata struct{ Labels map[string]string }
					Spec     struct {
						TopologySpreadConstraints []struct {
							LabelSelector struct {
								MatchLabels map[string]string `yaml:"matchLabels"`
							} `yaml:"labelSelector"`
						} `yaml:"topologySpreadConstraints"`
					}
				}
			}
		}
		if err := yaml.Unmarshal(doc, &obj); err != nil {
			t.Fatal(err)
		}
		if obj.Kind == "NetworkPolicy" {
			obj.Spec.Selector = obj.Spec.PodSelector
		}
		if obj.Spec.Selector.IsZero() {
			continue
		}
		var sel struct {
			MatchLabels map[string]string `yaml:"matchLabels"`
		}
		var err error
		if obj.Kind == "Service" { // a Service's selector is the labels themselves
			err = obj.Spec.Selector.Decode(&sel.MatchLabels)
		} else {
			err = obj.Spec.Selector.Decode(&sel)
		}
		if err != nil {
			t.Fatalf("%s selector: %v", obj.Kind, err)
		}
		selectors[obj.Kind] = sel.MatchLabels
		if obj.Kind == "Deployment" {
			if l := obj.Spec.Template.Metadata.Labels; !maps.Equal(l, want) {
				t.Errorf("the pods are labelled %v, want %v", l, want)
			}
			for _, c := range obj.Spec.Template.Spec.TopologySpreadConstraints {
				selectors["topologySpreadConstraint"] = c.LabelSelector.MatchLabels
			}
		}
	}
	for _, kind := range []string{"Deployment", "Service", "PodDisruptionBudget", "NetworkPolicy", "topologySpreadConstraint", "PodMonitor"} {
		if got, ok := selectors[kind]; !ok {
			t.Errorf("the overlay renders no %s selector", kind)
		} else if !maps.Equal(got, want) {
			t.Errorf("%s selects %v, want %v: it would select the other instance's pods too", kind, got, want)
		}
	}
}

// stderrOf is what a command that failed wrote to its standard error.
// kustomizeOverlay renders, where kubectl is installed (else the test is
// skipped), an overlay written to a temporary folder over base (a path
// from this package's folder): its kustomization.yaml is kustomization
// of base's path relative to it, as kustomize refuses absolute paths. It
// returns kubectl's stdout alone, as kubectl may warn on stderr.
func kustomizeOverlay(t *testing.T, base string, kustomization func(rel string) string) []byte {
	t.Helper()
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl is not installed")
	}
	abs, err := filepath.Abs(base)
	if err != nil {
		t.Fatal(err)
	}
	overlay := t.TempDir()
	rel, err := filepath.Rel(overlay, abs)
	if err != nil {
		t.Skip(err)
	}
	kust := kustomization(filepath.ToSlash(rel))
	if err := os.WriteFile(filepath.Join(overlay, "kustomization.yaml"), []byte(kust), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(kubectl, "kustomize", overlay).Output()
	if err != nil {
		t.Fatalf("kubectl kustomize of\n%s\n%v\n%s", kust, err, stderrOf(err))
	}
	return out
}

func stderrOf(err error) []byte {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.Stderr
	}
	return nil
}

// TestDeployMonorepoProductPatch renders, where kubectl is installed, the
// example overlay's commented patch for a monorepo, uncommented, over the
// example overlay: it must build (its test op holds the base's --repo
// where it patches it) and give capreg serve the one product's folder,
// /git/current/products/a, in flags serve accepts.
func TestDeployMonorepoProductPatch(t *testing.T) {
	data, err := os.ReadFile("../../deploy/overlays/example/kustomization.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const product = "/git/current/products/a"
	lines := strings.Split(string(data), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "--repo="+product) })
	if at < 0 {
		t.Fatalf("the example overlay has no commented patch setting --repo=%s", product)
	}
	start := at
	for start >= 0 && lines[start] != "# patches:" {
		start--
	}
	if start < 0 {
		t.Fatal("no '# patches:' line above the monorepo patch")
	}
	var patch []string
	for _, l := range lines[start:] {
		if l != "# patches:" && !strings.HasPrefix(l, "#   ") {
			break
		}
		patch = append(patch, strings.TrimPrefix(l, "# "))
	}
	out := kustomizeOverlay(t, "../../deploy/overlays/example", func(rel string) string {
		return "resources: [" + rel + "]\n" + strings.Join(patch, "\n") + "\n"
	})
	var args []string
	for _, doc := range yamlDocuments(out) {
		var obj struct {
			Kind string
			Spec struct {
				Template struct {
					Spec struct {
						Containers []struct {
							Name string
							Args []string
						}
					}
				}
			}
		}
		if err := yaml.Unmarshal(doc, &obj); err != nil {
			t.Fatal(err)
		}
		for _, c := range obj.Spec.Template.Spec.Containers {
			if obj.Kind == "Deployment" && c.Name == "capreg" {
				args = c.Args
			}
		}
	}
	if sf := serveArgs(t, "the monorepo patch", args); sf.repo != product {
		t.Errorf("--repo = %q, want %s", sf.repo, product)
	}
	if n := len(slices.DeleteFunc(slices.Clone(args), func(a string) bool { return !strings.HasPrefix(a, "--repo") })); n != 1 {
		t.Errorf("capreg's arguments %q hold %d --repo flags, want 1", args, n)
	}
}

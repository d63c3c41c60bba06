package main

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"
)

// TestDeployManifestsAreKubernetes decodes every document of every
// manifest of deploy/base into the Kubernetes API types, refusing unknown
// fields, so that a misspelt or misplaced field (which kubectl apply would
// reject, or worse, a client-side apply would drop) fails here; and checks
// that what the pod refers to by name (volumes, generated ConfigMaps,
// container ports) and the paths it is probed and scraped on exist.
func TestDeployManifestsAreKubernetes(t *testing.T) {
	base := "../../deploy/base"
	var kust struct {
		Resources          []string
		ConfigMapGenerator []struct{ Name string } `yaml:"configMapGenerator"`
		Labels             []struct{ Pairs map[string]string }
	}
	readYAML(t, filepath.Join(base, "kustomization.yaml"), &kust)
	paths := openapiPaths(t)

	var dep *appsv1.Deployment
	var svc *corev1.Service
	var pdb *policyv1.PodDisruptionBudget
	var netpol *networkingv1.NetworkPolicy
	for _, r := range kust.Resources {
		data, err := os.ReadFile(filepath.Join(base, r))
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range yamlDocuments(data) {
			var meta struct{ Kind string }
			if err := yaml.Unmarshal(doc, &meta); err != nil {
				t.Fatalf("%s, document %d: %v", r, i+1, err)
			}
			var obj any
			switch meta.Kind {
			case "Deployment":
				dep = &appsv1.Deployment{}
				obj = dep
			case "Service":
				svc = &corev1.Service{}
				obj = svc
			case "PodDisruptionBudget":
				pdb = &policyv1.PodDisruptionBudget{}
				obj = pdb
			case "NetworkPolicy":
				netpol = &networkingv1.NetworkPolicy{}
				obj = netpol
			case "ConfigMap":
				obj = &corev1.ConfigMap{}
			default:
				t.Errorf("%s, document %d: kind %q has no check here; add it", r, i+1, meta.Kind)
				continue
			}
			if err := yaml.UnmarshalStrict(doc, obj); err != nil {
				t.Errorf("%s, document %d, is not a valid %s: %v", r, i+1, meta.Kind, err)
			}
		}
	}
	if dep == nil || svc == nil {
		t.Fatal("deploy/base has no Deployment or no Service")
	}
	checkPodReferences(t, &dep.Spec.Template.Spec, kust.ConfigMapGenerator)
	checkCheckoutVolume(t, &dep.Spec.Template.Spec)
	checkScratchVolumes(t, &dep.Spec.Template.Spec)
	// capreg reads untrusted repositories and calls no Kubernetes API.
	if tok := dep.Spec.Template.Spec.AutomountServiceAccountToken; tok == nil || *tok {
		t.Error("the pod mounts a service account token; set automountServiceAccountToken: false")
	}
	checkDisruptionBudget(t, pdb)
	checkRestricted(t, &dep.Spec.Template.Spec)
	checkResources(t, &dep.Spec.Template.Spec)
	// A pod started while HEAD is broken stays unready: replicas must not
	// all sit on one node, whose loss would leave none ready.
	spread := slices.ContainsFunc(dep.Spec.Template.Spec.TopologySpreadConstraints, func(c corev1.TopologySpreadConstraint) bool {
		return c.TopologyKey == "kubernetes.io/hostname" && c.LabelSelector != nil &&
			c.LabelSelector.MatchLabels["app.kubernetes.io/name"] == "capreg" // kustomization.yaml's label
	})
	if !spread {
		t.Error("the pod template does not spread replicas over nodes (topologySpreadConstraints by kubernetes.io/hostname, selecting its own pods)")
	}
	capreg := slices.IndexFunc(dep.Spec.Template.Spec.Containers, func(c corev1.Container) bool { return c.Name == "capreg" })
	if capreg < 0 {
		t.Fatal("the Deployment has no capreg container")
	}
	c := dep.Spec.Template.Spec.Containers[capreg]
	portNames := map[string]bool{}
	for _, p := range c.Ports {
		portNames[p.Name] = true
		portNames[fmt.Sprint(p.ContainerPort)] = true // a port may be given by number
	}
	for name, pr := range map[string]*corev1.Probe{"liveness": c.LivenessProbe, "readiness": c.ReadinessProbe, "startup": c.StartupProbe} {
		if pr == nil || pr.HTTPGet == nil {
			t.Errorf("%s probe: want an httpGet probe", name)
			continue
		}
		if !paths[pr.HTTPGet.Path] {
			t.Errorf("%s probe asks for %s, which openapi.yaml does not define", name, pr.HTTPGet.Path)
		}
		if port := pr.HTTPGet.Port.String(); !portNames[port] {
			t.Errorf("%s probe uses port %q, not a port of the capreg container (%v)", name, port, c.Ports)
		}
	}
	if pr := c.ReadinessProbe; pr != nil && pr.HTTPGet != nil && pr.HTTPGet.Path != "/readyz" {
		t.Errorf("readiness probe = %s; only /readyz is 503 until a valid registry is served", pr.HTTPGet.Path)
	}
	for _, p := range svc.Spec.Ports {
		if !portNames[p.TargetPort.String()] {
			t.Errorf("Service port %s targets %q, not a port of the capreg container", p.Name, p.TargetPort.String())
		}
	}
	ann := dep.Spec.Template.Annotations
	if path := ann["prometheus.io/path"]; path != "" && !paths[path] {
		t.Errorf("prometheus.io/path = %s, which openapi.yaml does not define", path)
	}
	if port := ann["prometheus.io/port"]; port != "" {
		if !slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool { return fmt.Sprint(p.ContainerPort) == port }) {
			t.Errorf("prometheus.io/port = %s, not a port of the capreg container", port)
		}
	}
	podLabels := maps.Clone(dep.Spec.Template.Labels)
	if podLabels == nil {
		podLabels = map[string]string{}
	}
	for _, l := range kust.Labels {
		maps.Copy(podLabels, l.Pairs) // what kustomize gives the pods
	}
	checkNetworkPolicy(t, netpol, podLabels, dep.Spec.Template.Spec.Containers)
}

// renderMemory is what one POST /render-hooks may hold at 10,000
// capabilities: 32 at once took 0.9 GB.
const renderMemory = 0.9e9 / 32

// servedMemory is the most capreg held resident serving a repository of
// the size the base is sized for, 3,000 capabilities, as rebuilds followed
// (scripts/rss.sh 3000 12: each a copy of the checkout with one capability
// edited swapped in through a link, as git-sync does, then every data
// route asked for, gzipped and not, and four renders, with
// CAPREG_MEMORY_LIMIT=1Gi): 188 MB after the first build, 386 MB at most
// over 12 rebuilds (on 28a3b5a; 182 and 376 MB before, 319 MB over 25
// rebuilds in another run; 185 and 338 MB, then 174 and 319 MB, once
// capability.json's strings shared its bytes, af7a250: the larger figure
// is kept).
// (The earlier request, 256Mi, was under it: a node short of memory
// evicts first the pods using more than they request.)
const servedMemory = 386e6

// memoryHeadroom is what the memory request leaves over servedMemory: two
// runs of the same measure differed by 18%, and a repository a little
// larger holds more.
const memoryHeadroom = 1.25

// checkResources: the capreg container requests and limits CPU and
// memory. Its CPU limit sets GOMAXPROCS (Go 1.25 on), which is how many
// renders and command matches it runs at once; with no limit that is
// every core of the node, and 32 renders at once took 0.9 GB of the
// 1 GiB memory limit. The limit must be a whole number of at least 2
// (the runtime rounds a fraction up past the quota, and never goes below
// 2), leave the renders it allows a quarter of the memory limit at most,
// and not be overridden by a fixed GOMAXPROCS.
func checkResources(t *testing.T, pod *corev1.PodSpec) {
	t.Helper()
	capreg := slices.IndexFunc(pod.Containers, func(c corev1.Container) bool { return c.Name == "capreg" })
	if capreg < 0 {
		t.Fatal("the Deployment has no capreg container")
	}
	c := pod.Containers[capreg]
	for _, e := range c.Env {
		if e.Name == "GOMAXPROCS" {
			t.Error("the capreg container sets GOMAXPROCS: the Go runtime derives it from the CPU limit, and follows a resize only when it is unset")
		}
	}
	for _, name := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		req, hasReq := c.Resources.Requests[name]
		limit, hasLimit := c.Resources.Limits[name]
		if !hasReq || !hasLimit {
			t.Errorf("the capreg container's %s: request %s, limit %s; want both", name, &req, &limit)
			continue
		}
		if req.Cmp(limit) > 0 {
			t.Errorf("the capreg container requests %s %s, over its limit %s", name, &req, &limit)
		}
	}
	cpu, ok := c.Resources.Limits[corev1.ResourceCPU]
	if !ok {
		return
	}
	procs := cpu.Value() // rounded up, as GOMAXPROCS is
	if cpu.MilliValue()%1000 != 0 || procs < 2 {
		t.Errorf("the capreg container's CPU limit is %s; want a whole number of at least 2, which GOMAXPROCS then equals", &cpu)
	}
	if mem, ok := c.Resources.Limits[corev1.ResourceMemory]; ok && float64(procs)*renderMemory > float64(mem.Value())/4 {
		t.Errorf("a CPU limit of %s runs %d renders at once, up to %d MB at 10,000 capabilities: over a quarter of the %s memory limit", &cpu, procs, int(float64(procs)*renderMemory/1e6), &mem)
	}
	checkMemory(t, c)
}

// checkMemory: the capreg container requests at least what it was measured
// to hold serving a repository of the size the base is sized for, with
// headroom (servedMemory, memoryHeadroom), and its limit leaves the GC's
// soft limit (85% of it, tuneGC) above twice that: the heap a rebuild
// builds beside the registry served, and what the Go runtime holds
// besides, with no collection forced by the soft limit.
func checkMemory(t *testing.T, c corev1.Container) {
	t.Helper()
	if req, ok := c.Resources.Requests[corev1.ResourceMemory]; ok && float64(req.Value()) < memoryHeadroom*servedMemory {
		t.Errorf("the capreg container requests %s of memory (%d MB); it held %d MB resident at 3,000 capabilities as rebuilds followed: request at least %d MB",
			&req, req.Value()/1e6, int(servedMemory/1e6), int(memoryHeadroom*servedMemory)/1e6)
	}
	if limit, ok := c.Resources.Limits[corev1.ResourceMemory]; ok && 0.85*float64(limit.Value()) < 2*servedMemory {
		t.Errorf("the capreg container's memory limit is %s: its GC soft limit, 85%% of it, is under twice the %d MB it held at 3,000 capabilities",
			&limit, int(servedMemory/1e6))
	}
}

// checkoutPeak is the disk the git-synced checkout of a repository of
// 10,000 capabilities (go run ./store/storetest/synth -n 10000) takes
// while git-sync swaps one commit for the next: two worktrees of 91 MB
// and two commits' objects of 4.5 MB, as du counts them.
const checkoutPeak = 2*91e6 + 2*4.5e6

// checkCheckoutVolume: the emptyDir capreg reads the checkout from (the
// volume mounted where --repo is) has a sizeLimit, so that a runaway
// repository gets the pod evicted rather than filling the node's disk,
// and one well above checkoutPeak, so that a repository capreg is sized
// for never does.
func checkCheckoutVolume(t *testing.T, pod *corev1.PodSpec) {
	t.Helper()
	capreg := slices.IndexFunc(pod.Containers, func(c corev1.Container) bool { return c.Name == "capreg" })
	if capreg < 0 {
		t.Fatal("the Deployment has no capreg container")
	}
	c := pod.Containers[capreg]
	var repo string
	for _, a := range c.Args {
		if r, ok := strings.CutPrefix(a, "--repo="); ok {
			repo = r
		}
	}
	var volume string
	for _, m := range c.VolumeMounts {
		if repo == m.MountPath || strings.HasPrefix(repo, strings.TrimSuffix(m.MountPath, "/")+"/") {
			volume = m.Name
		}
	}
	i := slices.IndexFunc(pod.Volumes, func(v corev1.Volume) bool { return v.Name == volume })
	if volume == "" || i < 0 || pod.Volumes[i].EmptyDir == nil {
		t.Fatalf("capreg's --repo=%s is on no emptyDir volume of the pod (mounts %v)", repo, c.VolumeMounts)
	}
	limit := pod.Volumes[i].EmptyDir.SizeLimit
	if limit == nil {
		t.Fatalf("volume %s, the checkout, has no sizeLimit: a runaway repository fills the node's disk", volume)
	}
	if limit.Value() < 2*checkoutPeak {
		t.Errorf("volume %s's sizeLimit %s is under twice the %d MB a checkout of 10,000 capabilities takes during a swap", volume, limit, int(checkoutPeak/1e6))
	}
	// Far above what a checkout takes, the limit lets a runaway
	// repository fill that much of the node's disk before the pod is
	// evicted, which is what the limit is for (review cr65: 100Gi passed).
	if limit.Value() > 8*checkoutPeak {
		t.Errorf("volume %s's sizeLimit %s is over eight times the %d MB a checkout of 10,000 capabilities takes during a swap: a runaway repository fills that much of the node's disk first", volume, limit, int(checkoutPeak/1e6))
	}
}

// checkScratchVolumes: every emptyDir of the pod has a sizeLimit, so
// that no container's scratch space (git-sync's /tmp) can fill the
// node's disk: the kubelet evicts the pod first.
func checkScratchVolumes(t *testing.T, pod *corev1.PodSpec) {
	t.Helper()
	for _, v := range pod.Volumes {
		if v.EmptyDir != nil && v.EmptyDir.SizeLimit == nil {
			t.Errorf("emptyDir volume %s has no sizeLimit: what is written there may fill the node's disk", v.Name)
		}
	}
}

// allowedEgress are the ports the pod may connect to: DNS, and the git
// remote's HTTPS and SSH for git-sync (capreg itself connects nowhere).
var allowedEgress = []string{"UDP/53", "TCP/53", "TCP/443", "TCP/22"}

// checkNetworkPolicy: the base's NetworkPolicy selects capreg's pods (by
// labels they carry, with no expression a test here cannot read),
// admits every port the capreg container serves on, and nothing else,
// from any pod of any namespace (the Service's clients and Prometheus
// are in other namespaces), and lets the pod connect to the ports of
// allowedEgress only.
func checkNetworkPolicy(t *testing.T, np *networkingv1.NetworkPolicy, podLabels map[string]string, containers []corev1.Container) {
	t.Helper()
	if np == nil {
		t.Fatal("deploy/base has no NetworkPolicy")
	}
	sel := np.Spec.PodSelector
	if len(sel.MatchLabels) == 0 || len(sel.MatchExpressions) > 0 {
		t.Errorf("NetworkPolicy podSelector = %v: want matchLabels alone (an empty one selects every pod of the namespace)", sel)
	}
	for k, v := range sel.MatchLabels {
		if podLabels[k] != v {
			t.Errorf("NetworkPolicy selects %s=%s, which capreg's pods (%v) do not carry", k, v, podLabels)
		}
	}
	if !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) || !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeEgress) {
		t.Errorf("NetworkPolicy policyTypes = %v, want Ingress and Egress", np.Spec.PolicyTypes)
	}
	served := map[string]bool{} // "TCP/8080", and "TCP/http" by name
	for _, c := range containers {
		for _, p := range c.Ports {
			proto := cmp.Or(string(p.Protocol), "TCP")
			served[fmt.Sprintf("%s/%d", proto, p.ContainerPort)] = true
			if p.Name != "" {
				served[proto+"/"+p.Name] = true
			}
		}
	}
	policyPort := func(p networkingv1.NetworkPolicyPort) string {
		proto := "TCP"
		if p.Protocol != nil {
			proto = string(*p.Protocol)
		}
		if p.Port == nil {
			return proto + "/*"
		}
		if p.EndPort != nil {
			return fmt.Sprintf("%s/%s-%d", proto, p.Port, *p.EndPort)
		}
		return proto + "/" + p.Port.String()
	}
	admitted := map[string]bool{}
	for _, rule := range np.Spec.Ingress {
		if len(rule.Ports) == 0 {
			t.Error("a NetworkPolicy ingress rule names no port, so admits every port")
		}
		fromEverywhere := len(rule.From) == 0 || slices.ContainsFunc(rule.From, func(p networkingv1.NetworkPolicyPeer) bool {
			return p.PodSelector == nil && p.IPBlock == nil && p.NamespaceSelector != nil &&
				len(p.NamespaceSelector.MatchLabels) == 0 && len(p.NamespaceSelector.MatchExpressions) == 0
		})
		for _, p := range rule.Ports {
			port := policyPort(p)
			if !served[port] {
				t.Errorf("NetworkPolicy admits %s, not a port of capreg's containers (%v)", port, slices.Sorted(maps.Keys(served)))
			}
			if fromEverywhere {
				admitted[port] = true
			}
		}
	}
	for _, c := range containers {
		for _, p := range c.Ports {
			proto := cmp.Or(string(p.Protocol), "TCP")
			if !admitted[fmt.Sprintf("%s/%d", proto, p.ContainerPort)] && !admitted[proto+"/"+p.Name] {
				t.Errorf("NetworkPolicy does not admit container %s's port %s (%d) from every namespace: the Service's clients and Prometheus cannot reach it", c.Name, p.Name, p.ContainerPort)
			}
		}
	}
	allowed := map[string]bool{}
	for _, rule := range np.Spec.Egress {
		if len(rule.Ports) == 0 {
			t.Error("a NetworkPolicy egress rule names no port, so allows every port")
		}
		for _, p := range rule.Ports {
			port := policyPort(p)
			if !slices.Contains(allowedEgress, port) {
				t.Errorf("NetworkPolicy lets the pod connect to %s; want only %v", port, allowedEgress)
			}
			allowed[port] = true
		}
	}
	for _, port := range allowedEgress {
		if !allowed[port] {
			t.Errorf("NetworkPolicy does not let the pod connect to %s (DNS, and git-sync's HTTPS and SSH)", port)
		}
	}
}

// checkDisruptionBudget checks that the budget lets a node drain evict one
// pod at a time for any replica count an overlay may set: not none (a
// drain blocked for ever), not more than one. A pod that is not ready
// serves nothing, so its eviction is always allowed.
func checkDisruptionBudget(t *testing.T, pdb *policyv1.PodDisruptionBudget) {
	t.Helper()
	if pdb == nil {
		t.Fatal("deploy/base has no PodDisruptionBudget")
	}
	for _, replicas := range []int{1, 2, 5} {
		if got := allowedDisruptions(t, pdb.Spec, replicas); got != 1 {
			t.Errorf("with %d healthy replicas the budget allows %d evictions at once, want 1", replicas, got)
		}
	}
	if p := pdb.Spec.UnhealthyPodEvictionPolicy; p == nil || *p != policyv1.AlwaysAllow {
		t.Errorf("unhealthyPodEvictionPolicy = %v, want AlwaysAllow: unready pods serve nothing and must not block a drain", p)
	}
}

// allowedDisruptions is the disruption controller's count of evictions a
// budget allows when all of replicas pods are healthy (percentages round
// up, as it rounds them).
func allowedDisruptions(t *testing.T, spec policyv1.PodDisruptionBudgetSpec, replicas int) int {
	t.Helper()
	scaled := func(v interface {
		String() string
		IntValue() int
	}) int {
		pct, isPct := strings.CutSuffix(v.String(), "%")
		if !isPct {
			return v.IntValue()
		}
		n, err := strconv.Atoi(pct)
		if err != nil {
			t.Fatalf("budget %q: %v", v.String(), err)
		}
		return (n*replicas + 99) / 100
	}
	switch {
	case spec.MaxUnavailable != nil:
		return min(scaled(spec.MaxUnavailable), replicas)
	case spec.MinAvailable != nil:
		return max(replicas-scaled(spec.MinAvailable), 0)
	}
	return replicas
}

// openapiPaths returns the paths openapi.yaml defines.
func openapiPaths(t *testing.T) map[string]bool {
	t.Helper()
	var doc struct {
		Paths map[string]any `yaml:"paths"`
	}
	readYAML(t, "../../openapi.yaml", &doc)
	out := map[string]bool{}
	for p := range doc.Paths {
		out[p] = true
	}
	if len(out) == 0 {
		t.Fatal("openapi.yaml defines no paths")
	}
	return out
}

// yamlDocuments splits a multi-document YAML file at its "---" lines
// (which may carry a comment, or end in CRLF), leaving out documents of
// comments and blank lines only.
func yamlDocuments(data []byte) [][]byte {
	var out [][]byte
	for _, doc := range regexp.MustCompile(`(?m)^---(?:[ \t]+#.*)?[ \t]*\r?$`).Split(string(data), -1) {
		if hasContent(doc) {
			out = append(out, []byte(doc))
		}
	}
	return out
}

// checkPodReferences checks that every volume a container (init
// containers too) mounts is a volume of the pod, and that every ConfigMap
// the pod mounts or takes its environment from is one the kustomization
// generates.
func checkPodReferences(t *testing.T, pod *corev1.PodSpec, generated []struct{ Name string }) {
	t.Helper()
	volumes := map[string]bool{}
	for _, v := range pod.Volumes {
		volumes[v.Name] = true
	}
	isGenerated := func(name string) bool {
		return slices.ContainsFunc(generated, func(g struct{ Name string }) bool { return g.Name == name })
	}
	for _, v := range pod.Volumes {
		if v.ConfigMap != nil && !isGenerated(v.ConfigMap.Name) {
			t.Errorf("volume %s is ConfigMap %q, which the kustomization does not generate", v.Name, v.ConfigMap.Name)
		}
	}
	for _, c := range slices.Concat(pod.InitContainers, pod.Containers) {
		for _, m := range c.VolumeMounts {
			if !volumes[m.Name] {
				t.Errorf("container %s mounts volume %q, which the pod does not define", c.Name, m.Name)
			}
		}
		for _, e := range c.EnvFrom {
			if e.ConfigMapRef == nil {
				continue
			}
			if !isGenerated(e.ConfigMapRef.Name) {
				t.Errorf("container %s takes its environment from ConfigMap %q, which the kustomization does not generate", c.Name, e.ConfigMapRef.Name)
			}
		}
	}
}

// hasContent reports a YAML document with a line that is not blank or a
// comment.
func hasContent(doc string) bool {
	for _, line := range strings.Split(doc, "\n") {
		if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "#") {
			return true
		}
	}
	return false
}

// TestYAMLDocuments: yamlDocuments splits a manifest at "---" lines only
// (with a comment or CRLF), skips empty documents, and leaves a "---" inside a
// value alone, so each deploy manifest's documents are counted right.
func TestYAMLDocuments(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"a: 1\n", 1},
		{"a: 1\n---\nb: 2\n", 2},
		{"---\na: 1\n--- # the second\nb: 2\n", 2},
		{"a: 1\r\n---\r\nb: 2\r\n", 2},
		{"# only a comment\n---\na: 1\n---\n\n", 1},
		{"a: '---'\nb: |\n  ---x\n", 1},
	}
	for _, tt := range tests {
		if got := len(yamlDocuments([]byte(tt.in))); got != tt.want {
			t.Errorf("yamlDocuments(%q): %d documents, want %d", tt.in, got, tt.want)
		}
	}
}

// TestDeployExampleOverlayIsKubernetes decodes, where kubectl is
// installed, every object the example overlay renders into its API type,
// refusing unknown fields, as TestDeployManifestsAreKubernetes does for
// the base's files: the overlay's and the component's patches and
// transformers act on the rendered objects, which that test never sees.
// Each image it runs is pinned (a tag other than latest, or a digest).
func TestDeployExampleOverlayIsKubernetes(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl is not installed")
	}
	out, err := exec.Command(kubectl, "kustomize", "../../deploy/overlays/example").Output()
	if err != nil {
		t.Fatalf("kubectl kustomize: %v\n%s", err, stderrOf(err))
	}
	kinds := map[string]int{}
	for i, doc := range yamlDocuments(out) {
		var meta struct{ Kind string }
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			t.Fatalf("document %d: %v", i+1, err)
		}
		kinds[meta.Kind]++
		var obj any
		switch meta.Kind {
		case "Namespace":
			obj = &corev1.Namespace{}
		case "ConfigMap":
			obj = &corev1.ConfigMap{}
		case "Service":
			obj = &corev1.Service{}
		case "Deployment":
			obj = &appsv1.Deployment{}
		case "PodDisruptionBudget":
			obj = &policyv1.PodDisruptionBudget{}
		case "NetworkPolicy":
			obj = &networkingv1.NetworkPolicy{}
		case "PodMonitor":
			obj = &podMonitor{}
		case "PrometheusRule":
			obj = &prometheusRule{}
		default:
			t.Errorf("document %d: kind %q has no check here; add it", i+1, meta.Kind)
			continue
		}
		if err := yaml.UnmarshalStrict(doc, obj); err != nil {
			t.Errorf("document %d is not a valid %s: %v", i+1, meta.Kind, err)
			continue
		}
		if dep, ok := obj.(*appsv1.Deployment); ok {
			checkResources(t, &dep.Spec.Template.Spec) // as an overlay's patches leave them
			for _, c := range slices.Concat(dep.Spec.Template.Spec.InitContainers, dep.Spec.Template.Spec.Containers) {
				if !pinnedImage(c.Image) {
					t.Errorf("container %s runs image %q; pin a release tag or a digest", c.Name, c.Image)
				}
			}
		}
	}
	for _, k := range []string{"Deployment", "Service", "PodDisruptionBudget", "NetworkPolicy", "PodMonitor", "PrometheusRule"} {
		if kinds[k] != 1 {
			t.Errorf("the example overlay renders %d %s objects, want 1", kinds[k], k)
		}
	}
}

// pinnedImage reports an image reference naming a digest, or a tag other
// than latest.
func pinnedImage(ref string) bool {
	if strings.Contains(ref, "@sha256:") {
		return true
	}
	slash := strings.LastIndex(ref, "/")
	_, tag, ok := strings.Cut(ref[slash+1:], ":") // a registry's port is before the last slash
	return ok && tag != "" && tag != "latest"
}

// TestPinnedImage: what pinnedImage calls pinned.
func TestPinnedImage(t *testing.T) {
	for ref, want := range map[string]bool{
		"ghcr.io/capreg/capreg:v1.0.0":                            true,
		"ghcr.io/capreg/capreg@sha256:" + strings.Repeat("a", 64): true,
		"ghcr.io/capreg/capreg":                                   false,
		"ghcr.io/capreg/capreg:latest":                            false,
		"localhost:5000/capreg":                                   false,
		"localhost:5000/capreg:v1":                                true,
	} {
		if got := pinnedImage(ref); got != want {
			t.Errorf("pinnedImage(%q) = %v, want %v", ref, got, want)
		}
	}
}

// checkRestricted holds the pod to the restricted Pod Security Standard,
// which the example overlay's namespace enforces (an admission controller
// would refuse a pod that left it), and every container to a read-only
// root file system: capreg writes nothing (a serve traced with strace
// opened no file but to read), and git-sync writes only to its volumes.
func checkRestricted(t *testing.T, pod *corev1.PodSpec) {
	t.Helper()
	if pod.HostNetwork || pod.HostPID || pod.HostIPC {
		t.Error("the pod shares a host namespace")
	}
	for _, v := range pod.Volumes {
		if v.EmptyDir == nil && v.ConfigMap == nil && v.Secret == nil && v.Projected == nil &&
			v.DownwardAPI == nil && v.PersistentVolumeClaim == nil && v.CSI == nil && v.Ephemeral == nil {
			t.Errorf("volume %s is of a type the restricted profile refuses", v.Name)
		}
	}
	psc := pod.SecurityContext
	if psc == nil {
		psc = &corev1.PodSecurityContext{}
	}
	for _, c := range slices.Concat(pod.InitContainers, pod.Containers) {
		sc := c.SecurityContext
		if sc == nil {
			t.Errorf("container %s has no securityContext", c.Name)
			continue
		}
		if nonRoot := cmp.Or(sc.RunAsNonRoot, psc.RunAsNonRoot); nonRoot == nil || !*nonRoot {
			t.Errorf("container %s: runAsNonRoot is not true", c.Name)
		}
		if u := cmp.Or(sc.RunAsUser, psc.RunAsUser); u != nil && *u == 0 {
			t.Errorf("container %s runs as root", c.Name)
		}
		if sc.Privileged != nil && *sc.Privileged {
			t.Errorf("container %s is privileged", c.Name)
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			t.Errorf("container %s: allowPrivilegeEscalation is not false", c.Name)
		}
		if sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
			t.Errorf("container %s does not drop ALL capabilities", c.Name)
		} else if add := slices.DeleteFunc(slices.Clone(sc.Capabilities.Add), func(c corev1.Capability) bool { return c == "NET_BIND_SERVICE" }); len(add) > 0 {
			t.Errorf("container %s adds capabilities %v", c.Name, add)
		}
		seccomp := cmp.Or(sc.SeccompProfile, psc.SeccompProfile)
		if seccomp == nil || (seccomp.Type != corev1.SeccompProfileTypeRuntimeDefault && seccomp.Type != corev1.SeccompProfileTypeLocalhost) {
			t.Errorf("container %s has no RuntimeDefault or Localhost seccomp profile", c.Name)
		}
		if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
			t.Errorf("container %s: readOnlyRootFilesystem is not true", c.Name)
		}
		for _, p := range c.Ports {
			if p.HostPort != 0 {
				t.Errorf("container %s uses host port %d", c.Name, p.HostPort)
			}
		}
	}
}

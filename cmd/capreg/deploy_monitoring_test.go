package main

import (
	"context"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/yaml"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// operatorObject is what every Prometheus Operator object of
// deploy/monitoring starts with.
type operatorObject struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name string `json:"name"`
		// Set by an overlay (rendered), not in deploy/monitoring's files.
		Namespace string            `json:"namespace,omitempty"`
		Labels    map[string]string `json:"labels,omitempty"`
	} `json:"metadata"`
}

// prometheusRule is the part of the Prometheus Operator's PrometheusRule
// that deploy/monitoring uses, decoded strictly so that a misspelt field
// fails here rather than being dropped by the operator.
type prometheusRule struct {
	operatorObject
	Spec struct {
		Groups []struct {
			Name  string `json:"name"`
			Rules []struct {
				Alert       string            `json:"alert"`
				Expr        string            `json:"expr"`
				For         string            `json:"for,omitempty"`
				Labels      map[string]string `json:"labels"`
				Annotations map[string]string `json:"annotations"`
			} `json:"rules"`
		} `json:"groups"`
	} `json:"spec"`
}

// metricSelector is a capreg metric name in PromQL with its optional label
// matchers.
var (
	metricSelector = regexp.MustCompile(`\b(capreg_[a-z_]+)(\{[^}]*\})?`)
	labelMatcher   = regexp.MustCompile(`([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)`)
)

// TestMonitoringRulesUseCapregMetrics: every alert of deploy/monitoring
// names metrics capreg exports, with labels they carry, so that a renamed
// metric or label cannot leave an alert that silently never fires.
func TestMonitoringRulesUseCapregMetrics(t *testing.T) {
	dir := "../../deploy/monitoring"
	var kust struct {
		Kind      string
		Resources []string
	}
	readYAML(t, filepath.Join(dir, "kustomization.yaml"), &kust)
	if kust.Kind != "Component" || len(kust.Resources) == 0 {
		t.Fatalf("deploy/monitoring/kustomization.yaml: kind %q, resources %v; want a Component with resources", kust.Kind, kust.Resources)
	}
	exported := exportedMetricLabels(t)
	alerts := 0
	for _, r := range kust.Resources {
		data, err := os.ReadFile(filepath.Join(dir, r))
		if err != nil {
			t.Fatal(err)
		}
		var meta operatorObject
		if err := yaml.Unmarshal(data, &meta); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		if meta.APIVersion != "monitoring.coreos.com/v1" {
			t.Errorf("%s: apiVersion %s, want monitoring.coreos.com/v1", r, meta.APIVersion)
		}
		switch meta.Kind {
		case "PodMonitor":
			checkPodMonitor(t, r, data)
			continue
		case "PrometheusRule":
		default:
			t.Errorf("%s: kind %q has no check here; add it", r, meta.Kind)
			continue
		}
		var rule prometheusRule
		if err := yaml.UnmarshalStrict(data, &rule); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		for _, g := range rule.Spec.Groups {
			for _, a := range g.Rules {
				alerts++
				checkAlert(t, a.Alert, a.Expr, a.For, a.Annotations, exported)
			}
		}
	}
	if alerts == 0 {
		t.Fatal("deploy/monitoring defines no alert")
	}
}

// TestMonitoringAlerts runs testdata/monitoring/alerts_test.yaml,
// promtool's unit tests of the alerts of deploy/monitoring: each fires on
// the series capreg exports in the state it names, with the annotations
// it renders, and stays silent otherwise; and scraped_test.yaml, the same
// on series scraped from real daemons as their repositories broke and
// were fixed. The test above checks only names; this checks what the
// expressions mean. It needs promtool (Debian's prometheus package) and
// is skipped without it.
func TestMonitoringAlerts(t *testing.T) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is not installed (apt-get install prometheus)")
	}
	var rule struct {
		Spec struct {
			Groups []any `json:"groups"`
		} `json:"spec"`
	}
	readYAML(t, "../../deploy/monitoring/prometheusrule.yaml", &rule)
	rules, err := yaml.Marshal(map[string]any{"groups": rule.Spec.Groups})
	if err != nil {
		t.Fatal(err)
	}
	// alerts_test.yaml, and scraped_test.yaml's series of real daemons.
	files, err := filepath.Glob("testdata/monitoring/*_test.yaml")
	if err != nil || len(files) < 2 {
		t.Fatalf("testdata/monitoring: %v, %d test files", err, len(files))
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "rules.yaml"), rules, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		tests, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, filepath.Base(f))
		if err := os.WriteFile(name, tests, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(promtool, "test", "rules", name).CombinedOutput(); err != nil {
			t.Errorf("promtool test rules %s: %v\n%s", filepath.Base(f), err, out)
		}
	}
}

func checkAlert(t *testing.T, name, expr, forDur string, annotations map[string]string, exported map[string]map[string]bool) {
	t.Helper()
	if name == "" || annotations["summary"] == "" || annotations["description"] == "" {
		t.Errorf("alert %q: want a name, a summary and a description", name)
	}
	if forDur != "" {
		if _, err := time.ParseDuration(forDur); err != nil {
			t.Errorf("alert %s: for %q: %v", name, forDur, err)
		}
	}
	sels := metricSelector.FindAllStringSubmatch(expr, -1)
	if len(sels) == 0 {
		t.Errorf("alert %s: its expression uses no capreg metric: %s", name, expr)
	}
	for _, sel := range sels {
		metric := sel[1]
		labels, ok := exported[metric]
		if !ok {
			t.Errorf("alert %s uses %s, which capreg does not export", name, metric)
			continue
		}
		for _, m := range labelMatcher.FindAllStringSubmatch(sel[2], -1) {
			if !labels[m[1]] {
				t.Errorf("alert %s matches label %q of %s, which has none such", name, m[1], metric)
			}
		}
	}
	if strings.Count(expr, "(") != strings.Count(expr, ")") {
		t.Errorf("alert %s: unbalanced parentheses: %s", name, expr)
	}
}

// metricName is a capreg metric name in prose, YAML or PromQL.
var metricName = regexp.MustCompile(`\bcapreg_[a-z_]*[a-z]\b`)

// TestDocsNameExportedMetrics: the metric names README.md, openapi.yaml and
// deploy/monitoring (alert descriptions included) mention are all exported,
// and README.md lists every capreg metric, so that a dashboard built from
// the documentation finds each series it is told of, and a renamed or added
// metric cannot leave the documentation behind.
func TestDocsNameExportedMetrics(t *testing.T) {
	exported := exportedMetricLabels(t)
	files := []string{"../../README.md", "../../openapi.yaml"}
	monitoring, err := filepath.Glob("../../deploy/monitoring/*.yaml")
	if err != nil || len(monitoring) == 0 {
		t.Fatalf("deploy/monitoring: %v, %d files", err, len(monitoring))
	}
	named := map[string]map[string]bool{}
	for _, f := range append(files, monitoring...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		named[f] = map[string]bool{}
		for _, name := range metricName.FindAllString(string(data), -1) {
			named[f][name] = true
			if _, ok := exported[name]; !ok {
				t.Errorf("%s names %s, which capreg does not export", strings.TrimPrefix(f, "../../"), name)
			}
		}
	}
	for name := range exported {
		if strings.HasPrefix(name, "capreg_") && !seriesOfHistogram(name, exported) && !named["../../README.md"][name] {
			t.Errorf("README.md does not list %s among the metrics", name)
		}
	}
}

// seriesOfHistogram reports whether name is the _bucket, _sum or _count
// series of a histogram among exported rather than a family of its own.
func seriesOfHistogram(name string, exported map[string]map[string]bool) bool {
	for _, suffix := range []string{"_bucket", "_sum", "_count"} {
		if base, ok := strings.CutSuffix(name, suffix); ok {
			if _, isFamily := exported[base]; isFamily {
				return true
			}
		}
	}
	return false
}

// exportedMetricLabels gathers the metrics of a router that has served a
// request and seen a rebuild: each capreg series name (histograms also
// under _bucket, _sum and _count) with its label names.
func exportedMetricLabels(t *testing.T) map[string]map[string]bool {
	t.Helper()
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../../testdata/repo"}})
	if err != nil || !snap.OK() {
		t.Fatalf("testdata/repo: %v", err)
	}
	m := api.NewMetrics()
	m.Rebuilt(true, time.Millisecond, snap)
	h := api.NewRouter(fixedSource{snap}, api.Options{Metrics: m})
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/tools?intent=deploy", nil))
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]bool{}
	for _, f := range families {
		labels := map[string]bool{}
		for _, s := range f.GetMetric() {
			for _, l := range s.GetLabel() {
				labels[l.GetName()] = true
			}
		}
		out[f.GetName()] = labels
		if f.GetType().String() == "HISTOGRAM" {
			out[f.GetName()+"_sum"], out[f.GetName()+"_count"] = labels, labels
			withLE := map[string]bool{"le": true}
			for l := range labels {
				withLE[l] = true
			}
			out[f.GetName()+"_bucket"] = withLE
		}
	}
	return out
}

// podMonitor is the part of the Prometheus Operator's PodMonitor that
// deploy/monitoring uses.
type podMonitor struct {
	operatorObject
	Spec struct {
		Selector struct {
			MatchLabels map[string]string `json:"matchLabels"`
		} `json:"selector"`
		PodMetricsEndpoints []struct {
			Port     string `json:"port"`
			Path     string `json:"path"`
			Interval string `json:"interval"`
		} `json:"podMetricsEndpoints"`
	} `json:"spec"`
}

// checkPodMonitor: the PodMonitor selects capreg's pods (by the labels
// deploy/base gives them) and scrapes a port they have, on a path capreg
// serves.
func checkPodMonitor(t *testing.T, file string, data []byte) {
	t.Helper()
	var pm podMonitor
	if err := yaml.UnmarshalStrict(data, &pm); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var kust struct {
		Labels []struct{ Pairs map[string]string }
	}
	readYAML(t, "../../deploy/base/kustomization.yaml", &kust)
	var dep appsv1.Deployment
	depData, err := os.ReadFile("../../deploy/base/deployment.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(depData, &dep); err != nil {
		t.Fatalf("deploy/base/deployment.yaml: %v", err)
	}
	podLabels := maps.Clone(dep.Spec.Template.Labels)
	if podLabels == nil {
		podLabels = map[string]string{}
	}
	for _, l := range kust.Labels {
		maps.Copy(podLabels, l.Pairs)
	}
	if len(pm.Spec.Selector.MatchLabels) == 0 {
		t.Errorf("%s: the PodMonitor selects no labels, so every pod of the namespace", file)
	}
	for k, v := range pm.Spec.Selector.MatchLabels {
		if podLabels[k] != v {
			t.Errorf("%s: selects %s=%s, which capreg's pods (%v) do not carry", file, k, v, podLabels)
		}
	}
	var ports []string
	for _, c := range dep.Spec.Template.Spec.Containers {
		if c.Name == "capreg" {
			for _, p := range c.Ports {
				ports = append(ports, p.Name)
			}
		}
	}
	paths := openapiPaths(t)
	if len(pm.Spec.PodMetricsEndpoints) == 0 {
		t.Errorf("%s: no podMetricsEndpoints", file)
	}
	for _, e := range pm.Spec.PodMetricsEndpoints {
		if !slices.Contains(ports, e.Port) {
			t.Errorf("%s: scrapes port %q, not a named port of the capreg container (%v)", file, e.Port, ports)
		}
		if !paths[e.Path] {
			t.Errorf("%s: scrapes %s, which openapi.yaml does not define", file, e.Path)
		}
	}
}

// TestDocsNameEveryAlert: README.md names every alert of deploy/monitoring,
// and no alert it does not define, so that an operator reading what the
// component alerts on learns of each (CapregRebuildStuck, added to the
// rules, was missing from the README's list) and a renamed alert cannot
// leave the README naming one that never fires.
func TestDocsNameEveryAlert(t *testing.T) {
	data, err := os.ReadFile("../../deploy/monitoring/prometheusrule.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var rule prometheusRule
	if err := yaml.UnmarshalStrict(data, &rule); err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, g := range rule.Spec.Groups {
		for _, a := range g.Rules {
			defined[a.Alert] = true
		}
	}
	if len(defined) == 0 {
		t.Fatal("deploy/monitoring/prometheusrule.yaml defines no alert")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`(Capreg[A-Za-z]+)`").FindAllStringSubmatch(string(readme), -1) {
		named[m[1]] = true
	}
	for _, a := range slices.Sorted(maps.Keys(defined)) {
		if !named[a] {
			t.Errorf("README.md does not name the alert %s of deploy/monitoring", a)
		}
	}
	for _, a := range slices.Sorted(maps.Keys(named)) {
		if !defined[a] {
			t.Errorf("README.md names the alert %s, which deploy/monitoring does not define", a)
		}
	}
}

package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/capreg/capreg/store/storetest"
)

// TestSoak runs capreg serve for a while on a synthetic repository that
// keeps changing the ways a git-synced checkout changes (edits, broken JSON
// then fixed, folders added, removed, renamed and moved away then deleted,
// tool cards, commits, git-sync's swap of the whole checkout through a
// link), under concurrent HTTP load on the main endpoints with inputs that
// never repeat, and samples what would leak over weeks of that: resident
// memory, open file descriptors, inotify watches, goroutines, the heap and
// the metric series. It fails when the goroutines, descriptors, watches
// (against the directories there are) or series keep growing after a
// warm-up. It is slow, so it runs only when asked:
//
//	CAPREG_SOAK=5m go test ./cmd/capreg -run TestSoak -v -timeout 0
//
// CAPREG_SOAK_CAPS sets the repository's size (default 2000 capabilities),
// CAPREG_SOAK_POLL=DUR makes serve poll (--poll) instead of using inotify,
// and CAPREG_SOAK_BIN is the binary to run (default this test binary as
// capreg, which runs the real entry point). The load is three clients
// without pauses: on a shared machine, keep the run to a few minutes.
func TestSoak(t *testing.T) {
	d := os.Getenv("CAPREG_SOAK")
	if d == "" {
		t.Skip("CAPREG_SOAK=DURATION runs the soak test")
	}
	dur, err := time.ParseDuration(d)
	if err != nil || dur < 30*time.Second {
		t.Fatalf("CAPREG_SOAK=%q: want a duration of at least 30s", d)
	}
	caps := 2000
	if s := os.Getenv("CAPREG_SOAK_CAPS"); s != "" {
		if caps, err = strconv.Atoi(s); err != nil || caps < 20 {
			t.Fatalf("CAPREG_SOAK_CAPS=%q: want a number of at least 20", s)
		}
	}
	bin := os.Getenv("CAPREG_SOAK_BIN")
	if bin == "" {
		if bin, err = exec.LookPath("capreg"); err != nil { // set up by TestMain
			t.Fatal(err)
		}
	}

	root := t.TempDir()
	rel := &soakRepo{t: t, root: root, caps: caps, rng: rand.New(rand.NewPCG(1, 2))}
	rel.setUp()
	link := filepath.Join(root, "current")

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	logf, err := os.Create(filepath.Join(root, "serve.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	args := []string{"serve", "--repo", link, "--addr", addr, "--log-level", "warn"}
	if p := os.Getenv("CAPREG_SOAK_POLL"); p != "" {
		args = append(args, "--poll", p)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = io.Discard, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// exited yields the exit once; done is closed after it, for the
	// deferred kill to tell whether the process is still running.
	exited, done := make(chan error, 1), make(chan struct{})
	go func() { exited <- cmd.Wait(); close(done) }()
	defer func() {
		select {
		case <-done:
		default:
			cmd.Process.Kill()
			<-done
		}
	}()
	base := "http://" + addr
	waitReady(t, base, exited)

	s := &soakSampler{t: t, pid: cmd.Process.Pid, base: base, repo: rel}
	start := time.Now()
	s.sample(start) // before any load or change
	// On a t.Fatal below, the goroutines are stopped and waited for before
	// the test ends (cancel runs first): one still calling t.Error after it
	// would panic.
	var wg sync.WaitGroup
	defer wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	wg.Go(func() { rel.mutate(ctx) })
	load := &soakLoad{base: base, caps: caps}
	for i := range 3 {
		wg.Go(func() { load.run(ctx, uint64(i)) })
	}
	every := max(dur/24, 5*time.Second)
	tick := time.NewTicker(every)
	defer tick.Stop()
sampling:
	for {
		select {
		case <-ctx.Done():
			break sampling
		case err := <-exited:
			t.Fatalf("capreg serve exited during the soak: %v (log in %s)", err, logf.Name())
		case <-tick.C:
			s.sample(start)
		}
	}
	wg.Wait()
	// Quiet: the last change rebuilt and idle connections closed by the
	// client, so the final sample counts what the daemon holds at rest.
	load.client().CloseIdleConnections()
	time.Sleep(3 * time.Second)
	s.sample(start)
	t.Logf("load: %s", load.summary())
	t.Logf("mutations: %s", rel.summary())
	s.report()

	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("capreg serve exited with %v on SIGTERM", err)
		}
	case <-time.After(30 * time.Second):
		t.Errorf("capreg serve did not stop within 30 s of SIGTERM")
	}
	if t.Failed() {
		log, _ := os.ReadFile(logf.Name())
		t.Logf("serve log (last 4 KiB):\n%s", log[max(0, len(log)-4096):])
	}
}

func waitReady(t *testing.T, base string, exited <-chan error) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			t.Fatalf("capreg serve exited before it was ready: %v", err)
		default:
		}
		if resp, err := http.Get(base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("capreg serve was not ready within 2 minutes")
}

// soakRepo is a git-sync-shaped checkout: releases in root, the one served
// behind the link root/current, swapped now and then for a copy.
type soakRepo struct {
	t     *testing.T
	root  string
	caps  int
	rng   *rand.Rand
	mu    sync.Mutex // cur, for the sampler
	cur   string     // the release current points at
	rel   int        // releases made
	extra []string   // capabilities added by the soak, by id
	next  int        // ids handed out
	cards []string   // tool cards added, by path relative to the release
	git   bool
	ops   map[string]int
}

func (r *soakRepo) setUp() {
	r.cur = filepath.Join(r.root, "rel-0")
	if err := storetest.WriteRepo(r.cur, r.caps); err != nil {
		r.t.Fatal(err)
	}
	if _, err := exec.LookPath("git"); err == nil {
		r.git = true
		r.run("git", "init", "-q")
		r.run("git", "add", "-A")
		r.run("git", "-c", "user.name=soak", "-c", "user.email=soak@example.invalid", "commit", "-qm", "rel-0")
	}
	if err := os.Symlink("rel-0", filepath.Join(r.root, "current")); err != nil {
		r.t.Fatal(err)
	}
	r.ops = map[string]int{}
}

// run runs a command (git) in the current release; a failure fails the
// test.
func (r *soakRepo) run(name string, args ...string) {
	c := exec.Command(name, args...)
	c.Dir = r.cur
	if out, err := c.CombinedOutput(); err != nil {
		r.t.Errorf("%s %v: %v\n%s", name, args, err, out)
	}
}

func (r *soakRepo) path(rel ...string) string {
	return filepath.Join(append([]string{r.cur}, rel...)...)
}

func (r *soakRepo) capFile(id string) string { return r.path("capabilities", id, "capability.json") }

// template is a capability with a fragment in a subfolder (loop/), so that
// every added capability brings two watched directories.
const template = "cap-00003"

// addCap writes a copy of the template capability under a new id; its
// config keys, skill, agent and artifact are renamed along, so it conflicts
// with nothing.
func (r *soakRepo) addCap() string {
	id := fmt.Sprintf("cap-9%04d", r.next)
	r.next++
	r.writeCap(id, r.path("capabilities", id))
	return id
}

func (r *soakRepo) writeCap(id, dir string) {
	src, err := os.ReadFile(r.capFile(template))
	if err != nil {
		r.t.Error(err)
		return
	}
	out := strings.ReplaceAll(string(src), template, id)
	out = strings.ReplaceAll(out, "ART-00003.md", "ART-"+id+".md")
	must(r.t, os.MkdirAll(filepath.Join(dir, "loop"), 0o755))
	must(r.t, os.WriteFile(filepath.Join(dir, "loop", "prompt.md"), []byte("Do the work of "+id+".\n"), 0o644))
	must(r.t, os.WriteFile(filepath.Join(dir, "capability.json"), []byte(out), 0o644))
}

var descRE = regexp.MustCompile(`"description": "[^"]*"`)

// mutate changes the repository until ctx is done, one operation every few
// hundred milliseconds (some of them shorter than the debounce, some
// longer), and leaves it valid.
func (r *soakRepo) mutate(ctx context.Context) {
	type op struct {
		name   string
		weight int
		do     func()
	}
	ops := []op{
		{"edit", 30, r.edit},
		{"break-fix", 8, func() { r.breakFix(ctx) }},
		{"add", 12, func() {
			if len(r.extra) < 60 {
				r.extra = append(r.extra, r.addCap())
			}
		}},
		{"remove", 8, func() {
			if id, ok := r.takeExtra(); ok {
				must(r.t, os.RemoveAll(r.path("capabilities", id)))
			}
		}},
		{"rename", 8, func() { // mv a b, then the id follows
			if id, ok := r.takeExtra(); ok {
				nid := fmt.Sprintf("cap-9%04d", r.next)
				r.next++
				must(r.t, os.Rename(r.path("capabilities", id), r.path("capabilities", nid)))
				r.writeCap(nid, r.path("capabilities", nid))
				r.extra = append(r.extra, nid)
			}
		}},
		{"move-away-delete", 5, func() { // mv a a.old; rm -rf a.old
			if id, ok := r.takeExtra(); ok {
				old := r.path("capabilities", id+".old")
				must(r.t, os.Rename(r.path("capabilities", id), old))
				must(r.t, os.RemoveAll(old))
			}
		}},
		{"recreate", 5, func() { // rm -rf d && cp -r x d
			if len(r.extra) > 0 {
				id := r.extra[r.rng.IntN(len(r.extra))]
				must(r.t, os.RemoveAll(r.path("capabilities", id)))
				r.writeCap(id, r.path("capabilities", id))
			}
		}},
		{"card", 8, r.card},
		{"commit", 4, func() {
			if r.git {
				r.run("git", "add", "-A")
				r.run("git", "-c", "user.name=soak", "-c", "user.email=soak@example.invalid", "commit", "-qm", "soak", "--allow-empty")
			}
		}},
		{"swap", 6, r.swap},
	}
	total := 0
	for _, o := range ops {
		total += o.weight
	}
	for ctx.Err() == nil {
		n := r.rng.IntN(total)
		for _, o := range ops {
			if n -= o.weight; n < 0 {
				o.do()
				r.ops[o.name]++
				break
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(50+r.rng.IntN(600)) * time.Millisecond):
		}
	}
}

func (r *soakRepo) takeExtra() (string, bool) {
	if len(r.extra) == 0 {
		return "", false
	}
	i := r.rng.IntN(len(r.extra))
	id := r.extra[i]
	r.extra = append(r.extra[:i], r.extra[i+1:]...)
	return id, true
}

func (r *soakRepo) edit() {
	f := r.capFile(fmt.Sprintf("cap-%05d", r.rng.IntN(r.caps)))
	b, err := os.ReadFile(f)
	if err != nil {
		r.t.Error(err)
		return
	}
	b = descRE.ReplaceAll(b, fmt.Appendf(nil, `"description": "Edited by the soak, change %d."`, r.rng.Uint32()))
	must(r.t, os.WriteFile(f, b, 0o644))
}

// breakFix saves a declaration that does not parse, leaves it long enough
// for a rebuild to fail on it, then puts it back.
func (r *soakRepo) breakFix(ctx context.Context) {
	f := r.capFile(fmt.Sprintf("cap-%05d", r.rng.IntN(r.caps)))
	b, err := os.ReadFile(f)
	if err != nil {
		r.t.Error(err)
		return
	}
	must(r.t, os.WriteFile(f, b[:len(b)/2], 0o644))
	select {
	case <-ctx.Done():
	case <-time.After(time.Duration(300+r.rng.IntN(700)) * time.Millisecond):
	}
	must(r.t, os.WriteFile(f, b, 0o644))
}

// card adds a tool card with its tool, in a folder of its own (a watched
// directory), or removes one.
func (r *soakRepo) card() {
	if len(r.cards) > 0 && r.rng.IntN(2) == 0 {
		i := r.rng.IntN(len(r.cards))
		must(r.t, os.RemoveAll(r.path(filepath.Dir(r.cards[i]))))
		r.cards = append(r.cards[:i], r.cards[i+1:]...)
		return
	}
	if len(r.cards) >= 40 {
		return
	}
	n := r.next
	r.next++
	dir := filepath.Join("bin", fmt.Sprintf("extra-%d", n))
	name := fmt.Sprintf("soak-%d", n)
	must(r.t, os.MkdirAll(r.path(dir), 0o755))
	must(r.t, os.WriteFile(r.path(dir, name), []byte("#!/bin/sh\n"), 0o755))
	card := fmt.Sprintf(`{"id": %q, "command": "%s/%s <queue>", "summary": "Drain a soak queue %d.", "intent_phrases": ["drain the soak queue %d"], "effects": "Drains it.", "risk": "reversible", "example": "%s/%s q"}`+"\n",
		name, dir, name, n, n, dir, name)
	must(r.t, os.WriteFile(r.path(dir, name+".card.json"), []byte(card), 0o644))
	r.cards = append(r.cards, filepath.Join(dir, name+".card.json"))
}

// swap is git-sync's update: a new worktree beside the old one, the link
// renamed over to it, the old one deleted at once.
func (r *soakRepo) swap() {
	r.rel++
	name := fmt.Sprintf("rel-%d", r.rel)
	next := filepath.Join(r.root, name)
	if out, err := exec.Command("cp", "-a", r.cur, next).CombinedOutput(); err != nil {
		r.t.Errorf("cp -a: %v\n%s", err, out)
		return
	}
	old := r.cur
	r.mu.Lock()
	r.cur = next
	r.mu.Unlock()
	r.edit()
	storetest.SwapLink(r.t, name, filepath.Join(r.root, "current"))
	must(r.t, os.RemoveAll(old))
}

// dirs counts the directories of the served release that the scan walks
// (so not .git's), which is about the watches a daemon should hold.
func (r *soakRepo) dirs() int {
	r.mu.Lock()
	cur := r.cur
	r.mu.Unlock()
	n := 0
	filepath.WalkDir(cur, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // deleted under the walk by a swap
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			n++
		}
		return nil
	})
	return n
}

func (r *soakRepo) summary() string {
	var b strings.Builder
	for _, k := range sortedKeys(r.ops) {
		fmt.Fprintf(&b, "%s=%d ", k, r.ops[k])
	}
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Error(err)
	}
}

// soakLoad drives the HTTP API. Inputs a client controls (intents,
// commands, paths, methods, points) are new in nearly every request, so a
// cache or a metric keyed by them would grow for the whole run.
type soakLoad struct {
	base   string
	caps   int
	once   sync.Once
	c      *http.Client
	n      atomic.Int64
	mu     sync.Mutex
	codes  map[string]int
	errors int
}

func (l *soakLoad) client() *http.Client {
	l.once.Do(func() {
		l.c = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8, DisableCompression: true}}
	})
	return l.c
}

var soakPoints = []string{"discuss:pre", "discuss:post", "plan:pre", "plan:post", "execute:pre", "execute:wave:pre",
	"execute:wave:post", "execute:post", "verify:pre", "verify:post", "ship:pre", "ship:post"}

var soakWords = []string{"deploy", "rollback", "inspect", "rotate", "backup", "restore", "lint", "format", "service",
	"database", "certificate", "cache", "cluster", "bucket", "queue", "quickly", "safely", "the", "prod", "drain"}

func (l *soakLoad) run(ctx context.Context, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 99))
	c := l.client()
	for ctx.Err() == nil {
		i := l.n.Add(1)
		method, path, body, hdr := http.MethodGet, "", "", map[string]string{}
		switch k := rng.IntN(100); {
		case k < 22:
			words := make([]string, 1+rng.IntN(5))
			for j := range words {
				words[j] = soakWords[rng.IntN(len(soakWords))]
			}
			path = "/tools?intent=" + url.QueryEscape(strings.Join(words, " ")+fmt.Sprintf(" x%d", i))
		case k < 32:
			cmds := []string{"kubectl rollout undo deploy/%d", "sudo -iu deploy bin/tool-00012 prod-%d", "git push --force origin b%d", "psql -c 'drop table t%d'"}
			path = "/tools?command=" + url.QueryEscape(fmt.Sprintf(cmds[rng.IntN(len(cmds))], i))
		case k < 44:
			path = "/render-hooks/" + soakPoints[rng.IntN(len(soakPoints))]
			if rng.IntN(3) == 0 {
				path += "?format=markdown"
			}
		case k < 50:
			method, path = http.MethodPost, "/render-hooks/"+soakPoints[rng.IntN(len(soakPoints))]
			body = fmt.Sprintf(`{"profile": "standard", "disabledCapabilities": ["cap-%05d"], "config": {"cap-%05d": {"enabled": false}, "k%d": 1}}`,
				rng.IntN(l.caps), rng.IntN(l.caps), i)
			if rng.IntN(4) == 0 {
				path += fmt.Sprintf("?activeCap=cap-%05d", rng.IntN(l.caps))
			}
		case k < 56:
			path = "/loop-points/" + soakPoints[rng.IntN(len(soakPoints))]
			hdr["Accept-Encoding"] = "gzip"
		case k < 62:
			path = fmt.Sprintf("/capabilities/cap-%05d", rng.IntN(l.caps+100))
		case k < 66:
			path = fmt.Sprintf("/tools/tool-%05d", rng.IntN(l.caps/10+20))
		case k < 68:
			path = "/capabilities?role=feature&tier=core"
		case k < 70:
			path = fmt.Sprintf("/tools?limit=%d&cursor=%s", 1+rng.IntN(100), url.QueryEscape(encodeSoakCursor(rng.IntN(l.caps/10))))
		case k < 72:
			path = "/registry"
			hdr["Accept-Encoding"] = "gzip"
		case k < 76: // paths, points and methods no route has, never twice
			switch rng.IntN(4) {
			case 0:
				path = fmt.Sprintf("/nope/%d", i)
			case 1:
				path = fmt.Sprintf("/render-hooks/bogus:%d", i)
			case 2:
				method, path = fmt.Sprintf("SOAK%d", i), "/tools"
			default:
				path = fmt.Sprintf("/tools?intent=a&bogus%d=1", i)
			}
		case k < 86:
			path = []string{"/metrics", "/healthz", "/readyz", "/status"}[rng.IntN(4)]
		case k < 87:
			method, path = http.MethodPost, "/validate"
			body = fmt.Sprintf(`{"files": {"capabilities/cap-%05d/capability.json": "{\"id\": \"broken%d\""}}`, rng.IntN(l.caps), i)
		case k < 88 && rng.IntN(20) == 0:
			method, path = http.MethodPost, "/-/reload"
		case k < 91:
			path = "/capability-state"
			if rng.IntN(2) == 0 {
				method = http.MethodPost
				body = fmt.Sprintf(`{"profile": "core", "disabledCapabilities": ["cap-%05d"], "config": {"cap-%05d": {"enabled": true}}}`, rng.IntN(l.caps), rng.IntN(l.caps))
			}
		case k < 92:
			path = "/reviewers"
		default:
			path = "/contract"
		}
		l.do(ctx, c, rng, method, path, body, hdr)
	}
}

func encodeSoakCursor(n int) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "after:tool-%05d", n))
}

func (l *soakLoad) do(ctx context.Context, c *http.Client, rng *rand.Rand, method, path, body string, hdr map[string]string) {
	rctx := ctx
	abandon := rng.IntN(50) == 0 // a client that gives up mid-request
	if abandon {
		var cancel context.CancelFunc
		rctx, cancel = context.WithTimeout(ctx, time.Duration(rng.IntN(2000))*time.Microsecond)
		defer cancel()
	}
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(rctx, method, l.base+path, rd)
	if err != nil {
		panic(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Close = rng.IntN(10) == 0 // a new connection now and then
	resp, err := c.Do(req)
	key := ""
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		key = fmt.Sprintf("%s %d", strings.SplitN(path, "?", 2)[0], resp.StatusCode)
		if strings.HasPrefix(path, "/nope/") || strings.HasPrefix(path, "/render-hooks/bogus") {
			key = fmt.Sprintf("unrouted %d", resp.StatusCode)
		} else if strings.HasPrefix(method, "SOAK") {
			key = fmt.Sprintf("SOAK %d", resp.StatusCode)
		} else if strings.HasPrefix(path, "/capabilities/") || strings.HasPrefix(path, "/tools/") || strings.HasPrefix(path, "/render-hooks/") || strings.HasPrefix(path, "/loop-points/") {
			key = fmt.Sprintf("%s/… %d", path[:strings.LastIndex(path, "/")], resp.StatusCode)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.codes == nil {
		l.codes = map[string]int{}
	}
	switch {
	case err == nil:
		l.codes[key]++
	case ctx.Err() == nil && !abandon:
		l.errors++
	}
}

func (l *soakLoad) summary() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "%d requests, %d transport errors; by route and code:", l.n.Load(), l.errors)
	for _, k := range sortedKeys(l.codes) {
		fmt.Fprintf(&b, "\n  %-40s %d", k, l.codes[k])
	}
	return b.String()
}

// soakSampler reads the daemon's resources from /proc and its /metrics.
type soakSampler struct {
	t       *testing.T
	pid     int
	base    string
	repo    *soakRepo
	samples []soakSample
}

type soakSample struct {
	at                       time.Duration
	rss, fds, watches, dirs  int
	goroutines, heap, nextGC int
	series, rebuilds         int
	gen                      int
	results                  string
}

func (s *soakSampler) sample(start time.Time) {
	sm := soakSample{at: time.Since(start).Round(time.Second)}
	status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.pid))
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			sm.rss, _ = strconv.Atoi(strings.Fields(v)[0]) // kB
		}
	}
	fdDir := fmt.Sprintf("/proc/%d/fd", s.pid)
	ents, _ := os.ReadDir(fdDir)
	sm.fds = len(ents)
	for _, e := range ents {
		info, _ := os.ReadFile(fmt.Sprintf("/proc/%d/fdinfo/%s", s.pid, e.Name()))
		sm.watches += strings.Count(string(info), "inotify wd:")
	}
	sm.dirs = s.repo.dirs()
	m := scrape(s.t, s.base+"/metrics")
	sm.goroutines = int(m["go_goroutines"])
	sm.heap = int(m["go_memstats_heap_inuse_bytes"])
	sm.nextGC = int(m["go_memstats_next_gc_bytes"])
	sm.gen = int(m["capreg_snapshot_generation"])
	var results []string
	for _, r := range []string{"success", "failure", "unchanged", "waiting"} {
		n := int(m[`capreg_registry_rebuilds_total{result="`+r+`"}`])
		sm.rebuilds += n
		results = append(results, fmt.Sprintf("%s=%d", r[:1], n))
	}
	sm.results = strings.Join(results, " ")
	for k := range m {
		if strings.HasPrefix(k, "capreg_http_requests_total{") || strings.HasPrefix(k, "capreg_http_request_duration_seconds_count{") {
			sm.series++
		}
	}
	s.samples = append(s.samples, sm)
	s.t.Logf("%6s rss=%6d kB fds=%3d watches=%4d dirs=%4d goroutines=%3d heap=%5.1f MB nextGC=%5.1f MB series=%3d rebuilds=%4d (%s) gen=%d",
		sm.at, sm.rss, sm.fds, sm.watches, sm.dirs, sm.goroutines, float64(sm.heap)/1e6, float64(sm.nextGC)/1e6, sm.series, sm.rebuilds, sm.results, sm.gen)
}

// report compares the end with the sample after the warm-up (a fifth of
// the run): what is bounded may move but not keep growing.
func (s *soakSampler) report() {
	t := s.t
	if len(s.samples) < 4 {
		t.Fatalf("only %d samples", len(s.samples))
	}
	warm := s.samples[len(s.samples)/5]
	end := s.samples[len(s.samples)-1]
	t.Logf("after warm-up (%s) → end (%s): rss %d → %d kB, fds %d → %d, watches %d → %d (dirs %d → %d), goroutines %d → %d, heap %.1f → %.1f MB, series %d → %d, rebuilds %d → %d",
		warm.at, end.at, warm.rss, end.rss, warm.fds, end.fds, warm.watches, end.watches, warm.dirs, end.dirs,
		warm.goroutines, end.goroutines, float64(warm.heap)/1e6, float64(end.heap)/1e6, warm.series, end.series, warm.rebuilds, end.rebuilds)
	if end.rebuilds-warm.rebuilds < 20 {
		t.Errorf("only %d rebuilds after the warm-up: the soak did not exercise the watcher", end.rebuilds-warm.rebuilds)
	}
	// At rest: the daemon's own goroutines (watcher, notifier, signals,
	// listener) and no connection.
	if end.goroutines > warm.goroutines+10 && end.goroutines > s.samples[0].goroutines+10 {
		t.Errorf("goroutines grew: %d after the warm-up, %d at rest at the end", warm.goroutines, end.goroutines)
	}
	if end.fds > s.samples[0].fds+10 {
		t.Errorf("file descriptors grew: %d at the start, %d at rest at the end", s.samples[0].fds, end.fds)
	}
	// One watch per walked directory, plus the ways (the repository's
	// parent, .git and its refs): a few dozen at most.
	if end.watches > end.dirs+30 {
		t.Errorf("%d inotify watches for %d directories", end.watches, end.dirs)
	}
	if end.series > warm.series+10 {
		t.Errorf("request metric series grew from %d to %d: a label takes a client's input", warm.series, end.series)
	}
	// The heap carries one snapshot, a second while one is being built,
	// and garbage up to GOGC 400: growing to over twice its size after
	// the warm-up is snapshots kept alive.
	if end.nextGC > 2*warm.nextGC && end.rss > 2*warm.rss {
		t.Errorf("memory grew: GC goal %.1f → %.1f MB, rss %d → %d kB", float64(warm.nextGC)/1e6, float64(end.nextGC)/1e6, warm.rss, end.rss)
	}
}

// scrape reads a Prometheus text exposition into series → value.
func scrape(t *testing.T, u string) map[string]float64 {
	resp, err := http.Get(u)
	if err != nil {
		t.Errorf("scraping %s: %v", u, err)
		return nil
	}
	defer resp.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err == nil {
			out[line[:i]] = v
		}
	}
	return out
}

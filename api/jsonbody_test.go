package api_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
)

// TestNotJSONHintOnlyWhenTheBodyIsNoJSON: the note that a body that does
// not parse was never JSON is given for what shows it (a form whose body
// does not start as an object, any multipart body, a charset that is not
// UTF-8 or a subset of it, either UTF-16 byte order mark) and for nothing
// else: a client that labelled its JSON UTF-8 (however spelt) or US-ASCII,
// or sent a form's label on an object, is told its syntax error alone.
func TestNotJSONHintOnlyWhenTheBodyIsNoJSON(t *testing.T) {
	h := newRouter(testdataSource(t))
	broken := []byte(`{"config":}`)
	tests := []struct {
		contentType string
		body        []byte
		want        string // in the message; "" for no note
	}{
		{"application/json; charset=utf-8", broken, ""},
		{"application/json; charset=UTF-8", broken, ""},
		{"application/json; charset=utf8", broken, ""},
		{"application/json; charset=US-ASCII", broken, ""},
		{"application/json; charset=windows-1252", broken, "sent in charset windows-1252"},
		{"application/x-www-form-urlencoded", []byte(" \r\n" + string(broken)), ""},
		{"application/x-www-form-urlencoded", []byte("config=1"), "sent as a form, application/x-www-form-urlencoded"},
		{"multipart/form-data; boundary=x", broken, "sent as a form, multipart/form-data"},
		{"application/json", append([]byte{0xfe, 0xff}, 0, '{', 0, '}'), "UTF-16 byte order mark"},
		{"application/json", append([]byte{0xff}, broken...), ""},
	}
	for _, tt := range tests {
		e := do(t, h, "POST", "/render-hooks/plan:pre", tt.body, "Content-Type", tt.contentType)
		if e.status != http.StatusBadRequest {
			t.Errorf("%s %q: status %d: %s", tt.contentType, tt.body, e.status, e.body)
			continue
		}
		msg := e.json(t)["message"].(string)
		if hinted := strings.Contains(msg, "send the JSON object itself"); tt.want == "" && hinted || tt.want != "" && (!hinted || !strings.Contains(msg, tt.want)) {
			t.Errorf("%s %q: message %q, want note %q", tt.contentType, tt.body, msg, tt.want)
		}
	}
}

// TestDrainGivesABodyFiveSeconds: a request body still arriving when the
// server begins to drain is given the default grace to arrive, five
// seconds (drainBodyGrace): one that comes in full a moment later is
// answered as ever, not cut.
func TestDrainGivesABodyFiveSeconds(t *testing.T) {
	draining := make(chan struct{})
	srv := httptest.NewServer(api.NewRouter(testdataSource(t), api.Options{Draining: draining}))
	defer srv.Close()
	body := `{"files":{"docs/x.md":"hi"}}`
	conn, r := sendRaw(t, srv, validateHead(len(body))+body[:5])
	defer conn.Close()
	time.Sleep(100 * time.Millisecond) // the server is reading the body
	close(draining)
	time.Sleep(300 * time.Millisecond) // well within the grace
	if _, err := conn.Write([]byte(body[5:])); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a body sent in full 0.3 s into the drain: %d, want 200", resp.StatusCode)
	}
}

// TestRequestBodies: POST /validate reads its body as POST /render-hooks
// does: duplicate keys, values of the wrong type and unknown fields are
// refused, located by line:column and JSON pointer, in words rather than
// Go's.
func TestRequestBodies(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, path, body string
		status           int
		says             string // in the message
		at               string // "line:column pointer" of details; "" when not located
	}{
		{"duplicate file", "/validate", `{"files":{"a.md":"x","a.md":"y"}}`, 400, `at 1:22 (/files/a.md): duplicate key "a.md", already at 1:11 (`, "1:22 /files/a.md"},
		{"duplicate field", "/validate", `{"delete":["a"],"delete":["b"]}`, 400, `duplicate key "delete", already at 1:2 (`, "1:17 /delete"},
		{"content not a string", "/validate", `{"files":{"a.md":1}}`, 400, "at 1:18 (/files/a.md): must be a string, not a number", "1:18 /files/a.md"},
		{"located on its line", "/validate", "{\n  \"files\": {\n    \"docs/a.md\": [\"x\"]\n  }\n}", 400, "at 3:18 (/files/docs~1a.md): must be a string, not an array", "3:18 /files/docs~1a.md"},
		{"files not an object", "/validate", `{"files":["a.md"]}`, 400, "(/files): must be an object of path → file content, not an array", "1:10 /files"},
		{"delete not an array", "/validate", `{"delete":"a.md"}`, 400, "(/delete): must be an array of paths, not a string", "1:11 /delete"},
		{"a delete not a string", "/validate", `{"delete":["a.md",false]}`, 400, "(/delete/1): must be a string, not a boolean", "1:19 /delete/1"},
		{"unknown field", "/validate", `{"files":{},"file":{}}`, 400, `(/file): unknown field "file" (did you mean "files"?); the body takes files, delete`, "1:13 /file"},
		{"not an object", "/validate", `[]`, 400, "(the top level): the body must be a JSON object", "1:1 "},
		// A body cut short is told as the body, not as a file (ojson's
		// words, of a declaration or a card), which the client never named.
		{"truncated", "/validate", `{"files":`, 400, "invalid JSON body at 1:10 (/files): unexpected end of the body, expected a value: the body ends inside the object that opens at 1:1: it was cut short", "1:10 /files"},
		{"truncated at the top", "/validate", `{"files":{}`, 400, "invalid JSON body at 1:12: unexpected end of the body, expected ',' or '}' in object: the body ends inside the object that opens at 1:1: it was cut short", "1:12"},
		{"truncated in a string", "/render-hooks/plan:pre", `{"config":{"a":"x`, 400, `invalid JSON body at 1:16 (/config/a): the body ends inside the string that opens at 1:16 (and 2 more around it): it was cut short, or its closing '"' is missing`, "1:16 /config/a"},
		{"YAML", "/render-hooks/plan:pre", `config: {}`, 400, `this reads as YAML (config: …), and the body is to be JSON; write {"config": …}`, "1:1"},
		// The body's own text, quoted in a message, is the client's, as
		// written: only ojson's words of a file are the body's.
		{"a quoted text holding a file's words", "/validate", `{"files":{"a.md":'the file ends inside'}}`, 400, `JSON strings take double quotes, not single ones; write "the file ends inside"`, "1:18 /files/a.md"},
		{"a key holding a file's words twice", "/validate", `{"files":{"unexpected end of file":"x","unexpected end of file":"y"}}`, 400, `duplicate key "unexpected end of file", already at 1:11`, "1:40 /files/unexpected end of file"},
		{"a key holding a quote and a file's words twice", "/validate", `{"files":{"a\" the file ends inside":"x","a\" the file ends inside":"y"}}`, 400, `duplicate key "a\" the file ends inside", already at 1:11`, "1:42 /files/a\" the file ends inside"},
		{"empty", "/validate", ``, 400, "the body is empty", ""},
		{"null fields are absent", "/validate", `{"files":null,"delete":["docs/markers.md"]}`, 200, `"ok"`, ""},

		{"render: duplicate field", "/render-hooks/plan:pre", `{"profile":"core","profile":"full"}`, 400, `at 1:19 (/profile): duplicate key "profile", already at 1:2 (`, "1:19 /profile"},
		{"render: duplicate config key, CRLF lines", "/render-hooks/plan:pre", "{\"config\": {\"a\": 1,\r\n \"a\": 2}}", 400, `at 2:2 (/config/a): duplicate key "a", already at 1:13 (`, "2:2 /config/a"},
		{"render: config not an object", "/render-hooks/plan:pre", `{"config":[1]}`, 400, "at 1:11 (/config): config must be a JSON object, not an array", "1:11 /config"},
		{"render: unknown field", "/render-hooks/plan:pre", "{\n\"conf\": {}}", 400, `at 2:1 (/conf): unknown field "conf"`, "2:1 /conf"},
		{"render: disabledCapabilities not an array", "/render-hooks/plan:pre", `{"disabledCapabilities":"ui"}`, 400, "at 1:25 (/disabledCapabilities): disabledCapabilities must be an array of strings, not a string", "1:25 /disabledCapabilities"},
		{"render: a disabled capability not a string", "/render-hooks/plan:pre", `{"disabledCapabilities":["ui",7]}`, 400, "at 1:31 (/disabledCapabilities/1): disabledCapabilities[1] must be a string, not a number", "1:31 /disabledCapabilities/1"},
		{"render: profile not a string", "/render-hooks/plan:pre", "{\n  \"profile\": 5}", 400, "at 2:14 (/profile): profile must be a string, not a number", "2:14 /profile"},
		{"render: profile empty", "/render-hooks/plan:pre", `{"profile": ""}`, 400, `at 1:13 (/profile): profile "" names no install profile`, "1:13 /profile"},
		{"render: profile blank", "/render-hooks/plan:pre", `{"profile": "  "}`, 400, `at 1:13 (/profile): profile "  " names no install profile`, "1:13 /profile"},
		{"render: profile of commas", "/render-hooks/plan:pre", `{"profile": " , "}`, 400, `at 1:13 (/profile): profile " , " names no install profile`, "1:13 /profile"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", tt.path, []byte(tt.body))
			if e.status != tt.status || !strings.Contains(said(t, e), tt.says) {
				t.Fatalf("%d %s; want %d saying %s", e.status, e.body, tt.status, tt.says)
			}
			if tt.status != 400 {
				return
			}
			m := e.json(t)
			msg := m["message"].(string)
			for _, goism := range []string{"json:", "Go struct", "EOF", "validateRequest"} {
				if strings.Contains(msg, goism) {
					t.Errorf("message %q leaks %q", msg, goism)
				}
			}
			details := m["details"].(map[string]any)
			at := ""
			if line, ok := details["line"]; ok {
				at = fmt.Sprintf("%v:%v", line, details["column"])
			}
			if p, ok := details["pointer"]; ok {
				at += " " + p.(string)
			}
			if at != tt.at {
				t.Errorf("details locate %q, want %q: %v", at, tt.at, details)
			}
		})
	}
}

// TestUnknownBodyFieldMeant: an unknown field of a POST body lists the
// fields the body takes in details.allowed and names the one a typo away
// in details.didYouMean and the message (a client sending "confg" or
// "disabledCapability" had them in prose only, or not at all).
func TestUnknownBodyFieldMeant(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ target, body, meant string }{
		{"/render-hooks/plan:pre", `{"confg": {}}`, "config"},
		{"/render-hooks/plan:pre", `{"disabledCapability": ["ui"]}`, "disabledCapabilities"},
		{"/render-hooks/plan:pre", `{"zzz": 1}`, ""},
		{"/validate", `{"file": {"a.md": "x"}}`, "files"},
	} {
		e := do(t, h, "POST", c.target, []byte(c.body))
		if e.status != http.StatusBadRequest {
			t.Fatalf("%s %s: %d, want 400\n%s", c.target, c.body, e.status, e.body)
		}
		m := e.json(t)
		d := m["details"].(map[string]any)
		if d["allowed"] == nil || d["pointer"] == nil {
			t.Errorf("%s %s: details %v, want allowed and pointer", c.target, c.body, d)
		}
		checkDidYouMean(t, c.target+" "+c.body, m, c.meant)
	}
}

// TestBodiesInFlightBounded: the request bodies being read at once hold at
// most 64 MiB; a body that would take them past it is answered 503 busy,
// with Retry-After, without being read in full, and bodies are read again
// once the others are gone. A small body (512 bytes, what a read starts
// with) is read all along. Each body was bounded (1 MiB) but not their
// sum: 1,000 clients each sending 990 KB of a 1 MB body, then a byte a
// second, held 1.2 GB (1.36 GB at its peak) in capreg serve, over the
// 1 GiB limit of its pod, for the 30 s of the read timeout, again and
// again.
func TestBodiesInFlightBounded(t *testing.T) {
	srv := httptest.NewServer(newRouter(testdataSource(t)))
	defer srv.Close()
	const stalled, size = 80, 1 << 20 // 80 MiB arriving, at most 64 of them read
	conns := make([]net.Conn, stalled)
	answers := make([]*http.Response, stalled)
	var wg sync.WaitGroup
	for i := range conns {
		head := fmt.Sprintf("POST /render-hooks/plan:pre HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", size)
		conn, r := sendRaw(t, srv, head+`{"config":{"a":"`+strings.Repeat("x", size-100))
		defer conn.Close()
		conns[i] = conn
		conn.SetReadDeadline(time.Now().Add(3 * time.Second))
		wg.Go(func() { answers[i], _ = http.ReadResponse(r, nil) }) // none while a body is read
	}
	wg.Wait()
	busy := 0
	for _, resp := range answers {
		if resp == nil {
			continue
		}
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("a stalled body answered %d (Retry-After %q); want none, or 503 busy with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		busy++
	}
	if busy < stalled-64 {
		t.Errorf("%d MiB of bodies arriving: %d answered busy; want at least %d, so that at most 64 MiB are read at once", stalled*size>>20, busy, stalled-64)
	}
	post := func(body string) int {
		t.Helper()
		resp, err := http.Post(srv.URL+"/render-hooks/plan:pre", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post(`{"config":{}}`); code != http.StatusOK {
		t.Errorf("a small body while others arrive: %d; want 200", code)
	}
	for _, c := range conns {
		c.Close()
	}
	large := `{"config":{"a":"` + strings.Repeat("x", size-100) + `"}}`
	code := 0
	for deadline := time.Now().Add(5 * time.Second); code != http.StatusOK && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		code = post(large)
	}
	if code != http.StatusOK {
		t.Errorf("a 1 MiB body once the others are gone: %d; want 200", code)
	}
}

// TestBodyAloneIsNotBusy: a body is refused busy for the other bodies
// being read, never on its own: with MaxBodyBytes over some 51 MiB, a body
// whose array grew past the 64 MiB all of them may hold, on a server
// reading no other, was answered 503 busy ("other request bodies are
// arriving"; Retry-After: 1) at every retry, for ever.
func TestBodyAloneIsNotBusy(t *testing.T) {
	srv := httptest.NewServer(api.NewRouter(testdataSource(t), api.Options{MaxBodyBytes: 128 << 20}))
	defer srv.Close()
	body := `{"config":{"a":"` + strings.Repeat("x", 60<<20) + `"}}`
	resp, err := http.Post(srv.URL+"/render-hooks/plan:pre", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	msg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a 60 MiB body, the only one, under MaxBodyBytes 128 MiB: %d %s; want 200", resp.StatusCode, msg)
	}
}

package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
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

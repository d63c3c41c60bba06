package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf16"
)

func utf16LE(s string) []byte {
	out := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// TestBodyThatIsNoJSONSaysWhy: a body that does not parse and whose
// Content-Type or first bytes show it was never JSON (a form, another
// charset, UTF-16) is a 400 that says so, where the syntax error alone
// named a byte the client never meant as JSON. JSON labelled a form, as
// curl -d sends it, is read as JSON, and its own syntax error gets no such
// note.
func TestBodyThatIsNoJSONSaysWhy(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, target, contentType string
		body                      []byte
		want                      string // in the message; "" for no note
	}{
		{"urlencoded form", "/render-hooks/plan:pre", "application/x-www-form-urlencoded", []byte("config=%7B%7D"), "sent as a form"},
		{"multipart form", "/validate", "multipart/form-data; boundary=x", []byte("--x\r\nContent-Disposition: form-data; name=\"files\"\r\n\r\n{}\r\n--x--\r\n"), "sent as a form"},
		{"utf-16 by charset", "/render-hooks/plan:pre", "application/json; charset=UTF-16", utf16LE(`{}`)[2:], "charset UTF-16"},
		{"utf-16 with a bom", "/validate", "application/json", utf16LE(`{"delete":["docs/markers.md"]}`), "UTF-16 byte order mark"},
		{"json labelled a form", "/render-hooks/plan:pre", "application/x-www-form-urlencoded", []byte(`{"config":}`), ""},
		{"plain syntax error", "/render-hooks/plan:pre", "application/json", []byte(`{"config":}`), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", tt.target, tt.body, "Content-Type", tt.contentType)
			if e.status != http.StatusBadRequest {
				t.Fatalf("status %d: %s", e.status, e.body)
			}
			msg := e.json(t)["message"].(string)
			if tt.want == "" {
				if strings.Contains(msg, "send the JSON object itself") {
					t.Errorf("message %q has a note a JSON body does not need", msg)
				}
				return
			}
			if !strings.Contains(msg, tt.want) || !strings.Contains(msg, "application/json") {
				t.Errorf("message %q does not say %q", msg, tt.want)
			}
		})
	}
}

// TestBodyNotUTF8: JSON text is UTF-8, so a body that parses but holds a
// byte that is not is a 400 at that byte, where it was read on with
// U+FFFD in its place ("profile \"\ufffd\" is not an install profile"), and
// a config key holding it matched nothing, in silence.
func TestBodyNotUTF8(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, target, contentType string
		body                      []byte
		want                      string
	}{
		{"stray byte", "/render-hooks/plan:pre", "application/json", []byte("{\"profile\":\"\xff\"}"), "invalid JSON body at 1:13: byte 0xff is not UTF-8; send the body in UTF-8"},
		{"in a config key", "/render-hooks/plan:pre", "application/json", []byte("{\"config\":{\"workflow\":{\"re\xe9search\":false}}}"), "byte 0xe9 is not UTF-8"},
		{"latin-1 by charset", "/render-hooks/plan:pre", "application/json; charset=ISO-8859-1", []byte("{\"profile\":\"caf\xe9\"}"), "sent in charset ISO-8859-1"},
		{"in a validate body", "/validate", "application/json", []byte("{\"delete\":[\"docs/\xc3.md\"]}"), "byte 0xc3 is not UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", tt.target, tt.body, "Content-Type", tt.contentType)
			if e.status != http.StatusBadRequest {
				t.Fatalf("status %d: %s", e.status, e.body)
			}
			if msg := e.json(t)["message"].(string); !strings.Contains(msg, tt.want) {
				t.Errorf("message %q does not say %q", msg, tt.want)
			}
		})
	}
	// Valid UTF-8 beyond ASCII is no fault.
	if e := do(t, h, "POST", "/render-hooks/plan:pre", []byte(`{"profile":"café"}`), "Content-Type", "application/json"); e.status != http.StatusOK {
		t.Errorf("a UTF-8 é: status %d: %s", e.status, e.body)
	}
}

// TestJSONBodyWhateverItsLabel: a JSON body is read as JSON whatever its
// Content-Type says, as README and openapi.yaml say: curl -d labels it a
// form, and a client that sends text/plain means the same config. (Sent
// without do, whose spec check holds a 200's request to application/json.)
func TestJSONBodyWhateverItsLabel(t *testing.T) {
	srv := httptest.NewServer(newRouter(testdataSource(t)))
	defer srv.Close()
	post := func(contentType string) string {
		t.Helper()
		resp, err := http.Post(srv.URL+"/render-hooks/plan:pre", contentType, strings.NewReader(`{"config":{"workflow":{"research":false}}}`))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("Content-Type %q: %d %s", contentType, resp.StatusCode, data)
		}
		return string(data)
	}
	want := post("application/json")
	if strings.Contains(want, `"capId": "research"`) {
		t.Fatalf("the config did not turn research off: %s", want)
	}
	for _, ct := range []string{"application/x-www-form-urlencoded", "text/plain", ""} {
		if got := post(ct); got != want {
			t.Errorf("Content-Type %q: %s, want the application/json answer %s", ct, got, want)
		}
	}
}

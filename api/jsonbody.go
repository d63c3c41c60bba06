package api

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// requestDoc is a JSON request body parsed with ojson, the parser capreg
// reads the repository's own JSON with, so that every route taking a body
// reads JSON alike: a duplicate key is refused rather than silently
// resolved, and every fault is located by line:column and, when it belongs
// to a value, by its JSON pointer.
type requestDoc struct {
	data  []byte
	root  ojson.Value
	empty bool // the body is empty or whitespace: each route decides what that means
}

// readBody reads the body of r (limitBody bounds it), writing the 400, 408
// or 413 when it cannot, or the 503 when the server began to drain before
// it arrived (see cutBodyOnDrain).
func (s *server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	if !identityCoded(w, r) {
		return nil, false
	}
	return s.readAll(w, r)
}

// readAll is readBody of a body in any coding: the bytes as sent.
func (s *server) readAll(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	stop := s.cutBodyOnDrain(w)
	data, err := s.readHeld(r.Body)
	if s.bodyRead != nil {
		s.bodyRead()
	}
	stop(err == nil)
	// A body not read whole is answered with the "Connection: close" that
	// closeUnlessBodyRead set before the handler ran (the rest of it is
	// not read, or the connection's read deadline has passed); only a body
	// read whole lifts it, below.
	if errors.Is(err, errBodiesHeld) {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, CodeBusy,
			fmt.Sprintf("the server is busy: other request bodies, %d MiB in all, are arriving; retry shortly", maxBodiesHeld>>20),
			map[string]any{"limit": maxBodiesHeld})
		return nil, false
	}
	if err != nil {
		if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() && s.isDraining() {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, CodeNotReady,
				"the server is shutting down and the request body had not arrived; send the request again (to another replica)", nil)
			return nil, false
		}
		bodyError(w, err, "cannot read the body: ")
		return nil, false
	}
	w.Header().Del("Connection") // read whole: the connection may serve another request (see closeUnlessBodyRead)
	return data, true
}

// maxBodiesHeld bounds the bytes of the request bodies being read at once
// (the arrays they are read into). Each body is bounded (limitBody), but
// not their number: 1,000 clients each sending 990 KB of a 1 MB body, then
// a byte a second, held 1.2 GB in capreg serve for the read timeout, over
// the 1 GiB of its pod.
const maxBodiesHeld = 64 << 20

// errBodiesHeld is readHeld's error for a body that would take the bodies
// being read past maxBodiesHeld.
var errBodiesHeld = errors.New("the request bodies being read hold their limit")

// readHeld is io.ReadAll counting the array it reads into against
// maxBodiesHeld, shared by every body being read, until it returns: past
// it, it stops with errBodiesHeld, unless the others hold nothing (a body
// alone is bounded by limitBody alone: with a MaxBodyBytes over some
// 51 MiB, one whose array grew past the limit was told busy at every
// retry, on a server reading no other). The bytes it returns are the
// caller's, to parse under a turn (renders, validations) that bounds them
// in turn.
func (s *server) readHeld(body io.Reader) ([]byte, error) {
	var held int64
	defer func() { s.bodiesHeld.Add(-held) }()
	// A body of 512 bytes or fewer is read without counting: the byte
	// over them leaves room for the read that tells its end, which for a
	// chunked body may come apart from its last bytes, and found the
	// array full.
	b := make([]byte, 0, 512+1)
	for {
		if len(b) == cap(b) {
			grown := slices.Grow(b, 1)[:len(b)] // the growth append makes
			more := int64(cap(grown))
			if all := s.bodiesHeld.Add(more); all > maxBodiesHeld && all-more-held > 0 {
				s.bodiesHeld.Add(-more)
				return nil, errBodiesHeld
			}
			s.bodiesHeld.Add(-held) // the old array is garbage once copied
			held = more
			b = grown
		}
		n, err := body.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// drainBodyGrace is how long a request body still arriving when the server
// begins to drain has left to arrive.
const drainBodyGrace = 5 * time.Second

// cutBodyOnDrain gives the body being read through w bodyGrace more to
// arrive once the drain begins (Options.DrainBegun), until stop is
// called; during capreg serve's --drain-delay, before it, the body is read
// as ever. A client
// that stalled mid-body otherwise held the whole drain: an http.Server's
// Shutdown waits for the handler reading it, whose read timeout (30 s in
// capreg serve) outlasts the drain (25 s), so one such client made every
// rolling update wait out the drain and end in "the drain did not finish".
func (s *server) cutBodyOnDrain(w http.ResponseWriter) (stop func(arrived bool)) {
	if s.drainBegun == nil {
		return func(bool) {}
	}
	done, exited := make(chan struct{}), make(chan struct{})
	cut := false
	go func() {
		defer close(exited)
		select {
		case <-s.drainBegun:
			// An error says w takes no deadline (a test's recorder).
			cut = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.bodyGrace)) == nil
		case <-done:
		}
	}()
	// Waiting for the goroutine keeps it from touching w after the
	// handler has returned. Once the whole body has arrived, a deadline
	// it set (the drain began between the last read and stop) is lifted,
	// as the server lifts it when a body ends: reading on past the body,
	// the server would time out and end the request, answered 503 busy
	// had it waited for a turn or worked past the grace. A body cut keeps
	// it, which bounds the server's discarding of the rest.
	return func(arrived bool) {
		close(done)
		<-exited
		if cut && arrived {
			_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
		}
	}
}

// identityCoded refuses, with 415 and Accept-Encoding: identity (RFC 9110
// §15.5.16), a body sent with a content coding: bodies are read as they
// come, so a gzip one was reported as JSON that starts with byte 0x1f,
// which names nothing the client can fix.
func identityCoded(w http.ResponseWriter, r *http.Request) bool {
	var codings []string
	for _, line := range r.Header.Values("Content-Encoding") {
		for c := range strings.SplitSeq(line, ",") {
			if c = strings.TrimSpace(c); c != "" && !strings.EqualFold(c, "identity") {
				codings = append(codings, c)
			}
		}
	}
	if len(codings) == 0 {
		return true
	}
	w.Header().Set("Accept-Encoding", "identity")
	writeError(w, http.StatusUnsupportedMediaType, CodeUnsupportedMediaType,
		fmt.Sprintf("the body is sent with Content-Encoding %s; send it uncompressed, without Content-Encoding", strings.Join(codings, ", ")),
		map[string]any{"contentEncoding": codings, "accepted": []string{"identity"}})
	return false
}

// bodyWords words ojson's messages, written of a file (a declaration, a
// card, a --config), of the request body they are about: "the file ends
// inside the object …" of a body cut short sent the client looking for a
// file it never named.
var bodyWords = strings.NewReplacer(
	"unexpected end of file", "unexpected end of the body",
	"the file ends inside", "the body ends inside",
	"and the file is to be JSON", "and the body is to be JSON",
)

// bodyWorded is msg with bodyWords' phrases reworded outside the text it
// quotes: a key or a string of the body that a message quotes (duplicate
// key "…", write "…") is the client's, and is given back as written. A
// '"' in single quotes is a character named ("its closing '"'"), no
// quotation.
func bodyWorded(msg string) string {
	var b strings.Builder
	for msg != "" {
		i := strings.IndexByte(msg, '"')
		switch {
		case i < 0:
			b.WriteString(bodyWords.Replace(msg))
			return b.String()
		case i > 0 && msg[i-1] == '\'' && i+1 < len(msg) && msg[i+1] == '\'':
			b.WriteString(bodyWords.Replace(msg[:i+2]))
			msg = msg[i+2:]
			continue
		}
		b.WriteString(bodyWords.Replace(msg[:i]))
		end := i + 1 // past the closing quote; an escaped one (\") is quoted text
		for end < len(msg) && msg[end] != '"' {
			if msg[end] == '\\' {
				end++
			}
			end++
		}
		end = min(end+1, len(msg))
		b.WriteString(msg[i:end])
		msg = msg[end:]
	}
	return b.String()
}

// parseRequestDoc parses a body read by readBody; a body that is not JSON
// is a fault. wrap is the levels of nesting the body puts around a value
// that a file may hold on its own (1 for {"config": {..}}): the body may
// nest that much deeper, so the value meets the same limit as the file.
func parseRequestDoc(data []byte, contentType string, wrap int) (*requestDoc, *bodyFault) {
	d := &requestDoc{data: data}
	if blankJSON(data) {
		d.empty = true
		return d, nil
	}
	root, errs := ojson.ParseNested(data, wrap)
	if len(errs) > 0 {
		e := errs[0] // a syntax error comes first; else the first duplicate key
		msg := e.Describe(data)
		if wrap > 0 && e.Kind == ojson.TooDeep && strings.HasPrefix(e.Pointer, "/config/") {
			// The body's limit is the config's and its wrapper's: the
			// client's config is what nests too deep.
			msg += fmt.Sprintf(" (the body's object is one of them: its config may nest %d, as a --config file may)", ojson.MaxDepth)
		}
		// A syntax error at the top level has no member to name; every
		// other error has a pointer (a duplicate key's is its member's).
		hasPointer := e.Pointer != ""
		return nil, d.faultAt("invalid JSON body", e.Off, e.Pointer, hasPointer, bodyWorded(msg)+notJSONHint(contentType, data), nil)
	}
	if off := ojson.InvalidUTF8(data); off >= 0 {
		// JSON text is UTF-8 (RFC 8259 §8.1); read on, a stray byte became
		// U+FFFD and a config key holding it matched nothing, in silence.
		return nil, d.faultAt("invalid JSON body", off, "", false, fmt.Sprintf("byte 0x%02x is not UTF-8%s", data[off],
			cmp.Or(notJSONHint(contentType, data), "; send the body in UTF-8")), nil)
	}
	d.root = root
	return d, nil
}

// blankJSON reports whether data is JSON whitespace only, after a byte
// order mark, which the parser skips before a value: a body of a BOM and
// nothing else is as empty as one of nothing, not "unexpected end".
func blankJSON(data []byte) bool {
	return len(bytes.Trim(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n")) == 0
}

// notJSONHint says why a body that does not parse may not be JSON at all,
// when its Content-Type tells (a form, from curl -F or --data-urlencode,
// whose body does not start as a JSON object does; a charset other than
// UTF-8) or its first bytes do (a UTF-16 byte order mark): the syntax
// error alone points at a byte the client never meant as JSON. The
// Content-Type is not otherwise read: curl -d labels JSON a form, and that
// body parses.
func notJSONHint(contentType string, data []byte) string {
	const send = "; send the JSON object itself, in UTF-8, as Content-Type application/json"
	mt, params, _ := mime.ParseMediaType(contentType)
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	switch cs := strings.ToLower(params["charset"]); {
	case mt == "multipart/form-data" || mt == "application/x-www-form-urlencoded" && len(trimmed) > 0 && trimmed[0] != '{':
		return " (the body was sent as a form, " + mt + send + ")"
	case cs != "" && cs != "utf-8" && cs != "utf8" && cs != "us-ascii":
		return " (the body was sent in charset " + params["charset"] + ", but is read as UTF-8" + send + ")"
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return " (the body starts with a UTF-16 byte order mark, but is read as UTF-8" + send + ")"
	}
	return ""
}

// bodyFault is what is wrong with a request body, ready to be answered as
// a 400: the message, which says where, and details repeating the
// location for programs. The body's parsers return one and write nothing;
// the handler writes it (writeFault).
type bodyFault struct {
	msg     string
	details map[string]any
}

// writeFault answers f: 400 bad_request.
func writeFault(w http.ResponseWriter, f *bodyFault) {
	writeError(w, http.StatusBadRequest, CodeBadRequest, f.msg, f.details)
}

// valueFault is the fault of a value of the body (v, at pointer) that is
// not what the route takes.
func (d *requestDoc) valueFault(v *ojson.Value, pointer, msg string) *bodyFault {
	return d.faultAt("invalid request body", v.Off, pointer, true, msg, nil)
}

// memberFault is valueFault for an object member as a whole (an unknown
// field), located at its key.
func (d *requestDoc) memberFault(m *ojson.Member, pointer, msg string, extra map[string]any) *bodyFault {
	return d.faultAt("invalid request body", m.KeyOff, pointer, true, msg, extra)
}

// faultAt is the fault of the body at byte off: what, the position, the
// pointer when hasPointer (a syntax error at the top level has none; the
// root is ""), and msg; details repeat the location for programs, with
// extra.
func (d *requestDoc) faultAt(what string, off int, pointer string, hasPointer bool, msg string, extra map[string]any) *bodyFault {
	line, col := ojson.Position(d.data, off)
	details := map[string]any{"line": line, "column": col}
	maps.Copy(details, extra)
	where := fmt.Sprintf("%d:%d", line, col)
	if hasPointer {
		details["pointer"] = pointer
		where += " (" + describePointer(pointer) + ")"
	}
	return &bodyFault{msg: what + " at " + where + ": " + msg, details: details}
}

func describePointer(p string) string {
	if p == "" {
		return "the top level"
	}
	return p
}

// onlyFields refuses a body whose top-level object has a member not in
// fields, listing them in details.allowed and naming the one a typo away
// ("confg") in details.didYouMean, as for an unknown id or value.
func (d *requestDoc) onlyFields(obj *ojson.Value, fields []string) *bodyFault {
	for i := range obj.Members {
		m := &obj.Members[i]
		if !slices.Contains(fields, m.Key) {
			msg, extra := fmt.Sprintf("unknown field %q", m.Key), map[string]any{"allowed": fields}
			if meant := validate.NearestID(m.Key, fields); meant != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", meant)
				extra["didYouMean"] = meant
			}
			return d.memberFault(m, "/"+ojson.EscapePointer(m.Key), msg+"; the body takes "+strings.Join(fields, ", "), extra)
		}
	}
	return nil
}

// object returns the root as an object, refusing any other JSON value;
// shape describes the object wanted.
func (d *requestDoc) object(shape string) (*ojson.Value, *bodyFault) {
	if d.root.Kind != ojson.Object {
		return nil, d.valueFault(&d.root, "", fmt.Sprintf("the body must be a JSON object %s, not %s", shape, d.root.Kind.Phrase()))
	}
	return &d.root, nil
}

// stringMap reads an object of strings at pointer (null or absent: nil);
// what names a value in messages.
func (d *requestDoc) stringMap(v *ojson.Value, pointer, what string) (map[string]string, *bodyFault) {
	if v == nil || v.Kind == ojson.Null {
		return nil, nil
	}
	if v.Kind != ojson.Object {
		return nil, d.valueFault(v, pointer, fmt.Sprintf("must be an object of %s, not %s", what, v.Kind.Phrase()))
	}
	out := make(map[string]string, len(v.Members))
	for i := range v.Members {
		m := &v.Members[i]
		if m.Value.Kind != ojson.String {
			return nil, d.valueFault(&m.Value, pointer+"/"+ojson.EscapePointer(m.Key), fmt.Sprintf("must be a string, not %s", m.Value.Kind.Phrase()))
		}
		out[m.Key] = m.Value.Str
	}
	return out, nil
}

// stringList reads an array of strings at pointer (null or absent: nil).
func (d *requestDoc) stringList(v *ojson.Value, pointer, what string) ([]string, *bodyFault) {
	if v == nil || v.Kind == ojson.Null {
		return nil, nil
	}
	if v.Kind != ojson.Array {
		return nil, d.valueFault(v, pointer, fmt.Sprintf("must be an array of %s, not %s", what, v.Kind.Phrase()))
	}
	out := make([]string, len(v.Items))
	for i := range v.Items {
		it := &v.Items[i]
		if it.Kind != ojson.String {
			return nil, d.valueFault(it, pointer+"/"+strconv.Itoa(i), fmt.Sprintf("must be a string, not %s", it.Kind.Phrase()))
		}
		out[i] = it.Str
	}
	return out, nil
}

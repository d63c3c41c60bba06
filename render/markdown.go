package render

import (
	"strconv"
	"strings"

	"github.com/capreg/capreg/validate/ojson"
)

// Markdown renders active hooks (entries shaped as ref §5.4, in order) with
// the grammar of ref §5.5. Blocks follow the entries; each block ends with a
// blank line; lines are joined with "\n" and trailing blank lines are
// trimmed. Without active hooks the text is exactly
// "_No active hooks at <point>._". Entries that are not objects, or whose
// kind is not step, contribution or gate, are skipped.
func Markdown(point string, hooks []ojson.Value) string {
	if len(hooks) == 0 {
		return "_No active hooks at " + point + "._"
	}
	size := 0
	for i := range hooks {
		size += 160
		if f := hooks[i].Get("fragment"); f != nil {
			if in := f.Get("inline"); in != nil {
				size += len(in.Str)
			}
		}
	}
	m := mdWriter{}
	m.b.Grow(size)
	step := 0
	for i := range hooks {
		h := &hooks[i]
		if h.Kind != ojson.Object {
			continue
		}
		switch h.Get("kind").StringOr("") {
		case "step":
			step++
			m.step(h, step)
		case "contribution":
			m.contribution(h)
		case "gate":
			m.gate(h)
		}
	}
	return m.text()
}

// mdWriter joins lines with "\n" and remembers where the last non-empty line
// ended, so trailing blank lines can be cut: the result equals popping every
// trailing "" from the line list and joining the rest.
type mdWriter struct {
	b         strings.Builder
	n         int    // lines started
	lineStart int    // byte offset where the current line starts
	end       int    // byte length up to the end of the last non-empty line
	some      bool   // a non-empty line was written
	scratch   []byte // for numbers and compact JSON
}

func (m *mdWriter) start() {
	if m.n > 0 {
		m.b.WriteByte('\n')
	}
	m.n++
	m.lineStart = m.b.Len()
}

func (m *mdWriter) finish() {
	if m.b.Len() > m.lineStart {
		m.end, m.some = m.b.Len(), true
	}
}

func (m *mdWriter) line(parts ...string) {
	m.start()
	for _, p := range parts {
		m.b.WriteString(p)
	}
	m.finish()
}

// json writes the compact JSON of v.
func (m *mdWriter) json(v *ojson.Value) {
	m.scratch = ojson.AppendEncode(m.scratch[:0], v, "")
	m.b.Write(m.scratch)
}

func (m *mdWriter) text() string {
	if !m.some {
		return ""
	}
	return m.b.String()[:m.end]
}

// list writes "- name: a, b" when v is a non-empty array.
func (m *mdWriter) list(name string, v *ojson.Value) {
	if v != nil && v.Kind == ojson.Array && len(v.Items) > 0 {
		m.line("- ", name, ": ", joinJS(v, ", "))
	}
}

// when writes "- when: `key`" when the entry has a truthy when.
func (m *mdWriter) when(h *ojson.Value) {
	if w := h.Get("when"); Truthy(w, w != nil) {
		m.line("- when: `", jsString(w), "`")
	}
}

func (m *mdWriter) onError(h *ojson.Value) {
	if v := h.Get("onError"); Truthy(v, v != nil) {
		m.line("- onError: ", jsString(v))
	}
}

// fragmentParts returns the truthy inline text and path of an entry's fragment.
func fragmentParts(h *ojson.Value) (inline, path *ojson.Value) {
	f := h.Get("fragment")
	if f == nil || f.Kind != ojson.Object {
		return nil, nil
	}
	if v := f.Get("inline"); Truthy(v, v != nil) {
		inline = v
	}
	if v := f.Get("path"); Truthy(v, v != nil) {
		path = v
	}
	return inline, path
}

func (m *mdWriter) step(h *ojson.Value, n int) {
	m.start()
	m.b.WriteString("### Step ")
	m.scratch = strconv.AppendInt(m.scratch[:0], int64(n), 10)
	m.b.Write(m.scratch)
	m.b.WriteString(": ")
	m.refLabel(h.Get("ref"))
	m.b.WriteString(" (")
	m.b.WriteString(capID(h))
	m.b.WriteString(")")
	m.finish()
	m.list("produces", h.Get("produces"))
	m.list("consumes", h.Get("consumes"))
	m.when(h)
	m.onError(h)
	switch inline, path := fragmentParts(h); {
	case inline != nil:
		m.line()
		m.line(jsString(inline))
	case path != nil:
		m.line()
		m.line("_Step fragment path is declared but not rendered by loop-resolver: ", jsString(path), "_")
	}
	m.line()
}

func (m *mdWriter) contribution(h *ojson.Value) {
	into := "(unset)"
	if v := h.Get("into"); Truthy(v, v != nil) {
		into = jsString(v)
	}
	m.line(`<contribution from="`, capID(h), `" into="`, into, `">`)
	switch inline, path := fragmentParts(h); {
	case inline != nil:
		m.line(jsString(inline))
	case path != nil:
		m.line("_Contribution fragment path is declared but not rendered by loop-resolver: ", jsString(path), "_")
	}
	m.list("produces", h.Get("produces"))
	m.list("consumes", h.Get("consumes"))
	m.when(h)
	m.onError(h)
	m.line("</contribution>")
	m.line()
}

func (m *mdWriter) gate(h *ojson.Value) {
	blocking := "false"
	if b := h.Get("blocking"); b != nil && b.Kind == ojson.Bool && b.Bool {
		blocking = "true"
	}
	onError := "skip"
	if v := h.Get("onError"); Truthy(v, v != nil) {
		onError = jsString(v)
	}
	m.start()
	m.b.WriteString("**Gate** (")
	m.b.WriteString(capID(h))
	m.b.WriteString("): check=")
	switch c := h.Get("check"); {
	case c == nil || c.Kind == ojson.Null:
		m.b.WriteString("(none)")
	case c.Kind == ojson.Object || c.Kind == ojson.Array:
		m.json(c)
	default:
		m.b.WriteString(jsString(c))
	}
	m.b.WriteString(", blocking=")
	m.b.WriteString(blocking)
	m.b.WriteString(", onError=")
	m.b.WriteString(onError)
	m.finish()
	m.when(h)
	m.line()
}

func capID(h *ojson.Value) string {
	if v := h.Get("capId"); v != nil {
		return jsString(v)
	}
	return ""
}

// refLabel writes skill:STEM, agent:NAME, or the compact JSON of any other
// ref (a command ref: {"command":"demo run"}); (none) without a ref.
func (m *mdWriter) refLabel(ref *ojson.Value) {
	switch {
	case ref == nil || ref.Kind == ojson.Null:
		m.b.WriteString("(none)")
	case ref.Get("skill").IsString() && ref.Get("skill").Str != "":
		m.b.WriteString("skill:")
		m.b.WriteString(ref.Get("skill").Str)
	case ref.Get("agent").IsString() && ref.Get("agent").Str != "":
		m.b.WriteString("agent:")
		m.b.WriteString(ref.Get("agent").Str)
	case ref.Kind == ojson.Object || ref.Kind == ojson.Array:
		m.json(ref)
	default:
		m.b.WriteString(jsString(ref))
	}
}

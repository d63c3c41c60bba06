package validate

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/validate/ojson"
)

// Capability is one validated declaration. Manifest is the declaration as the
// registry emits it (source key order, fragments inlined); the other fields
// are typed views of it for the checks, the registry build and the resolver.
type Capability struct {
	ID       string
	Role     string // feature | runtime | reviewer
	Tier     string // core | standard | full
	Folder   string
	File     string // repository-relative path of capability.json
	Requires []string

	Skills        []string
	Agents        []string
	Config        []ConfigEntry
	ActivationKey string
	Steps         []*Hook
	Contributions []*Hook
	Gates         []*Hook
	Commands      []Command

	Manifest ojson.Value
	doc      *doc
	valid    bool
	// inlined are the fragments its hooks inline into the registry, each
	// reference once, for the repository's budget (checkInlinedTotal).
	inlined []inlinedFragment
}

// inlinedFragment is a fragment file a hook inlines: where the hook names
// it, and the bytes its text takes in the registry, as JSON text.
type inlinedFragment struct {
	ptr, rel string
	size     int
}

// ConfigEntry is one key of a capability's federated config slice.
type ConfigEntry struct {
	Key         string
	Type        string // boolean | string | number | enum
	Default     ojson.Value
	Description string
	Values      []string // enum only
}

// Command is one command family a feature owns (ADR-959).
type Command struct {
	Family, Module, Router string
}

// HookKind is step, contribution or gate.
type HookKind string

// The hook kinds.
const (
	StepHook         HookKind = "step"
	ContributionHook HookKind = "contribution"
	GateHook         HookKind = "gate"
)

// Hook is one loop hook of a feature.
type Hook struct {
	CapID    string
	Kind     HookKind
	Index    int // position in the capability's array of that kind
	Point    string
	Produces []string
	Consumes []string
	When     *string // nil when absent
	Into     string
	// Raw is the hook object as the registry emits it: source key order,
	// fragment inlined, defaults filled in (a step's onError, a contribution's
	// produces and consumes).
	Raw ojson.Value
}

// Pointer returns the JSON pointer of the hook inside its capability.json.
func (h *Hook) Pointer() string { return "/" + h.arrayName() + "/" + strconv.Itoa(h.Index) }

func (h *Hook) arrayName() string {
	switch h.Kind {
	case StepHook:
		return "steps"
	case ContributionHook:
		return "contributions"
	}
	return "gates"
}

// reservedNames are the names gsd-core refuses as keys and never walks
// through in a config (a prototype pollution guard).
var reservedNames = []string{"__proto__", "constructor", "prototype"}

// IsReservedName reports whether name is one gsd-core refuses as a key and
// never walks through in a config, a guard against prototype pollution:
// __proto__, constructor or prototype.
func IsReservedName(name string) bool { return slices.Contains(reservedNames, name) }

// featureOnly are the fields a runtime or reviewer capability may not carry.
var featureOnly = []string{"skills", "agents", "steps", "contributions", "gates", "hooks", "activationKey"}

// knownReviewerFields are the thirteen fields of ADR-2782's reviewer body.
var knownReviewerFields = []string{
	"slug", "flags", "transport", "probe", "invoke", "timeoutFloorMs", "emptyOutput",
	"reviewsSection", "evidenceClass", "requiresBinaries", "promptBudgetKey", "modelConfigKey", "handler",
}

// checkCapability parses and validates one capability folder on its own (the
// per-capability stage of ref §2.1). It returns nil only when the manifest
// cannot be read or parsed at all, or is not a JSON object; one read past
// its slips (mendDoc) is checked as its mended text, its json-syntax
// errors making it a capability with errors, never valid.
func checkCapability(src *CapabilitySource, s *sink) *Capability {
	d := readManifest(src, s)
	if d == nil {
		return nil
	}
	root := &d.Root
	schemaFrom := len(s.diags)
	role := root.Get("role").StringOr("")
	checkManifestSchema(d, role, s)
	c := &Capability{
		ID: root.Get("id").StringOr(""), Role: role, Tier: root.Get("tier").StringOr(""),
		Folder: src.Folder, File: src.Manifest.Path, Requires: root.Get("requires").Strings(), doc: d,
	}
	checkIDFolder(c, schemaFrom, s)
	if windowsDevice(src.Folder) {
		warnDeviceFolder(d, src.Folder, s)
	}
	if !root.Has("version") {
		s.warnAt(d, "", "version-missing", "no \"version\"; the reference generator requires a SemVer version such as \"1.0.0\"")
	}
	c.Config = configEntries(root.Get("config"))
	checkConfigSlice(d, root.Get("config"), s)
	checkRoleFields(d, c.Role, s)
	if rv := root.Get("reviewer"); rv != nil && c.Role != "feature" {
		checkReviewer(d, rv, s)
	}
	switch c.Role {
	case "feature":
		checkFeature(c, d, src, s)
	case "runtime":
		checkRuntime(d, root.Get("runtime"), s)
	}
	c.Manifest = d.Root
	return c
}

// readManifest parses the capability's manifest, capability.json, past
// the slips mendDoc mends; it reports and returns nil when the file
// cannot be read or parsed, or is not a JSON object. The tree's strings
// share the manifest's bytes (ojson.ParseShared), which its doc keeps
// (doc.Src) and so the Capability, the Cache and the Sources a snapshot
// serves: a copy of each string held the text twice. Nothing writes to
// them (a scan reads each file into its own buffer, shareBytes swaps in
// an earlier build's equal bytes, POST /validate's files are copied from
// its body).
func readManifest(src *CapabilitySource, s *sink) *doc {
	if src.Manifest.Err != nil {
		fileError(s, src.Manifest.Path, src.Manifest.Err)
		return nil
	}
	d := mendDoc(src.Manifest.Path, src.Manifest.Data, true, s)
	if d == nil {
		return nil
	}
	if d.Root.Kind != ojson.Object {
		s.at(d, "", "schema", "a capability declaration must be a JSON object, not %s", d.Root.Kind.Phrase())
		return nil
	}
	return d
}

// checkManifestSchema checks the manifest against the capability schema,
// then names the fields it does not know that are near one it does.
func checkManifestSchema(d *doc, role string, s *sink) {
	root := &d.Root
	_, found := checkSchemaFindings("capability", d, s, func(f *schemaFinding) bool {
		// A feature whose role was miswritten lacks no body of that
		// role: role-forbidden-field says so at its role.
		return f.keyword == "required" && f.object == "" && f.ptr == "" &&
			slices.Equal(f.missing, []string{role}) && miswrittenRole(root, role) != nil
	})
	checkNearMisses(d, capabilityFields(), s, found)
}

// checkIDFolder reports an id other than its folder's name. An id the
// schema rejects beside a folder that is a good id ("Hello" in hello/) is
// that one schema finding (among those from schemaFrom on): "rename one of
// them" offered renaming the folder to what no id may be. Its folder's
// name is then the id to write, which only the mismatch named: the schema
// finding alone left "MyTool" in my-tool/ to be lowercased to "mytool", a
// mismatch found on the next run.
func checkIDFolder(c *Capability, schemaFrom int, s *sink) {
	switch {
	case c.ID == "" || c.ID == c.Folder:
	case isKebab(c.ID) || !isKebab(c.Folder):
		s.at(c.doc, "/id", "id-folder-mismatch", "%s", idFolderMismatch(c.ID, c.Folder, path.Dir(c.File)))
	default:
		for i := schemaFrom; i < len(s.diags); i++ {
			if dg := &s.diags[i]; dg.Rule == "schema" && dg.Pointer == "/id" && dg.File == c.File {
				dg.Message = clipMessage(dg.Message + fmt.Sprintf("; write %q, its folder's name, as an id equals its folder's", c.Folder))
			}
		}
	}
}

// warnDeviceFolder warns of a capability folder named as a Windows device,
// at its id, or at the declaration when it has none (as version-missing).
func warnDeviceFolder(d *doc, folder string, s *sink) {
	at := "/id"
	if !d.Root.Has("id") {
		at = ""
	}
	s.warnAt(d, at, "reserved-name",
		"capability folder %q is a device name on Windows (%s), which Git for Windows cannot check out: the capability is missing there; rename it", folder, windowsDevices)
}

// parseDoc parses a JSON file, reporting syntax errors and duplicate keys. It
// returns nil when the file does not parse.
func parseDoc(file string, data []byte, s *sink) *doc {
	v, errs := ojson.Parse(data)
	return placeDoc(file, data, v, errs, false, s)
}

// maxMends bounds the slips read past in one file (mendDoc): each costs a
// parse of the whole file, and a file of more slips than a hand edit
// makes is most likely no JSON the guesses would read right.
const maxMends = 10

// mendDoc is parseDoc (with ojson.ParseShared when shared) for a
// file whose own checks run on a document with a syntax error, when the
// error is a slip ojson's Mended mends: the document is then that of
// the mended text, marked mended, so that the author learns of the
// file's other mistakes in the run that tells of the slip, each placed in
// the text as written (a mend moves no byte: a ',' with no blank to write
// it over is read, not written). Slips found past the first
// are mended in turn, up to maxMends; when the text still does not parse,
// or a slip is none Mended mends, the file is one that does not parse, as
// parseDoc has it. Each slip is a json-syntax error all the same, so the
// caller must take nothing of a mended document into the registry.
func mendDoc(file string, data []byte, shared bool, s *sink) *doc {
	v, errs, mended := readMended(data, shared)
	return placeDoc(file, data, v, errs, mended, s)
}

// readMended parses data (with ojson.ParseShared when shared) as mendDoc
// reads it: the tree and errors of data, or, when its syntax error is a
// slip ojson's Mended mends (in turn, up to maxMends) to a text that
// parses, the tree of the mended text with its errors after the slips in
// the order found, and mended true.
func readMended(data []byte, shared bool) (v ojson.Value, errs []ojson.Error, mended bool) {
	if shared {
		v, errs = ojson.ParseShared(data)
	} else {
		v, errs = ojson.Parse(data)
	}
	return mendParsed(data, shared, v, errs)
}

// mendParsed is readMended of data already parsed to v with errs (by
// ojson.ParseShared when shared): the parse is not made again.
func mendParsed(data []byte, shared bool, v ojson.Value, errs []ojson.Error) (ojson.Value, []ojson.Error, bool) {
	mendedParse := (*ojson.Mended).Parse
	if shared {
		mendedParse = (*ojson.Mended).ParseShared
	}
	first := slices.IndexFunc(errs, ojson.Error.Fatal)
	if first < 0 {
		return v, errs, false
	}
	// Mended in place, a copy of data: the trees of the parses between
	// are dropped, and their errors hold no string of the text.
	m := ojson.Mended{Text: bytes.Clone(data)}
	slips := []ojson.Error{errs[first]}
	for range maxMends {
		if !m.Mend(slips[len(slips)-1]) {
			break
		}
		mv, merrs := mendedParse(&m)
		i := slices.IndexFunc(merrs, ojson.Error.Fatal)
		if i < 0 {
			return mv, append(slips, merrs...), true
		}
		slips = append(slips, merrs[i])
	}
	return v, errs, false
}

// placeDoc is the document of file, data parsed to v with errs, its
// parse errors and the encoding's findings made. mended says that v is
// the tree of data's text mended (mendDoc), errs' syntax errors its slips:
// the document is then marked so. Its Src is data all the same, as
// written: a mend moves no byte, so v's offsets are data's.
func placeDoc(file string, data []byte, v ojson.Value, errs []ojson.Error, mended bool, s *sink) *doc {
	why16 := checkJSONEncoding(file, data, errs, s)
	if mended {
		notePastSlips(data, errs, s)
	}
	slices.SortStableFunc(errs, func(a, b ojson.Error) int { return cmp.Compare(a.Off, b.Off) })
	if reportParseErrors(file, data, errs, mended, why16, s) {
		return nil
	}
	return &doc{File: file, Src: data, Root: v, mended: mended}
}

// bomReaders says who reads file past a byte order mark and who would
// not: gsd-core reads a declaration and its central config schema with
// Node's JSON.parse, but never capreg.json, nor a tool card.
func bomReaders(file string) string {
	const others = "(Node's JSON.parse, Python's json)"
	switch {
	case file == RepoConfigFile:
		return "capreg, its one reader (gsd-core never reads " + RepoConfigFile + "), reads past it, but other JSON readers a script might use reject it " + others
	case strings.HasSuffix(file, ".card.json"):
		return "capreg reads past it, but other JSON readers a script reading the cards might use reject it " + others
	}
	return "capreg reads past it, but many JSON readers reject it (Node's JSON.parse, which gsd-core reads its manifests with)"
}

// checkJSONEncoding warns of a JSON file starting with a byte order mark,
// or holding bytes that are not UTF-8, and says why it reads as UTF-16
// where it is and fails to parse (errs); "" otherwise. Such a file is told
// so once, by its first json-syntax error (reportParseErrors), which a
// failed rebuild's /status and a CI annotation of errors only show: an
// invalid-utf8 warning beside it said "UTF-16" a second time.
func checkJSONEncoding(file string, data []byte, errs []ojson.Error, s *sink) (why16 string) {
	if bytes.HasPrefix(data, utf8BOM) {
		s.atOffset(file, data, 0, "", "json-bom", "the file starts with a UTF-8 byte order mark; %s: save it as UTF-8 without a BOM", bomReaders(file))
	}
	if why, utf16 := UTF16(data); utf16 && slices.ContainsFunc(errs, ojson.Error.Fatal) {
		return why
	}
	checkUTF8(file, data, s)
	return ""
}

// notePastSlips says, in the message of each slip of a mended document
// (errs, its syntax errors) past the first, which slip it was found past:
// the one before it in errs, in the order found, which is not always that
// of the file (in "[1,,]" the trailing comma is found once the second is
// blanked).
func notePastSlips(data []byte, errs []ojson.Error, s *sink) {
	prev := -1 // a slip's offset, that of the one found before it
	for i := range errs {
		if e := &errs[i]; e.Fatal() {
			if prev >= 0 {
				line, col := s.position(data, prev)
				e.Msg += fmt.Sprintf(" (found reading the file as if the slip at %d:%d were mended)", line, col)
			}
			prev = e.Off
		}
	}
}

// reportParseErrors reports errs, in the order of the file, and says
// whether one is fatal to the document. The syntax errors of a mended
// document (its slips) are marked so, and are not; the first syntax error
// of a UTF-16 file says why it failed: why16, why it reads as UTF-16.
//
// A generated file may repeat keys by the hundred thousand: the first
// MaxPerRule are listed, and one finding stands for the rest, as
// LimitPerRule makes for any rule, without a finding made for each.
// A repeat is reported once the value after it is parsed, so those
// inside that value come first: in the order of the file, the first
// listed are the first there, and the one standing for the rest
// comes after them, as LimitPerRule expects.
func reportParseErrors(file string, data []byte, errs []ojson.Error, mended bool, why16 string, s *sink) (fatal bool) {
	dups, over := 0, -1 // over: the finding standing for the rest
	for _, e := range errs {
		msg := e.Msg
		if e.Fatal() && why16 != "" {
			// Said here, where a failed rebuild's /status, a CI annotation
			// of errors only, show it: "unexpected byte 0xff" alone gave
			// no reason. The first error only.
			msg += fmt.Sprintf(": the file is UTF-16 (%s), which JSON readers do not read; save it as UTF-8", why16)
			why16 = ""
		}
		switch {
		case e.Fatal() && mended:
			s.atOffset(file, data, e.Off, e.Pointer, "json-syntax", "%s", msg)
			s.diags[len(s.diags)-1].mended = true
		case e.Fatal():
			fatal = true
			s.atOffset(file, data, e.Off, e.Pointer, "json-syntax", "%s", msg)
		case dups < MaxPerRule:
			s.atOffset(file, data, e.Off, e.Pointer, "json-duplicate-key", "%s", e.DescribeAt(s.position(data, e.Prev)))
			dups++
		case over < 0:
			s.atOffset(file, data, e.Off, e.Pointer, "json-duplicate-key", "%s", e.DescribeAt(s.position(data, e.Prev)))
			over = len(s.diags) - 1
			s.diags[over].Omitted = 1
		default:
			s.diags[over].Omitted++
		}
	}
	return fatal
}

// idFolderMismatch words an id that is not its folder's name. Names with
// letters beyond ASCII are also shown escaped: "café" typed on one system
// and a folder created on another (macOS decomposes é into e and a
// combining accent) print alike and differ only in their code points.
//
// dir is the folder's path, for the rename to type.
func idFolderMismatch(id, folder, dir string) string {
	if isKebab(id) && strings.EqualFold(id, folder) {
		// The folder's name in other case ("Lint-Gate") is no id: the
		// folder is the one to rename, in two steps on Windows and
		// macOS, whose file systems take Lint-Gate and lint-gate for one
		// name ("rename one of them" offered the id too).
		how := ""
		if plainPath(dir) {
			to := path.Join(path.Dir(dir), id)
			how = fmt.Sprintf(" (a change of case only: on Windows or macOS, git mv %s %s.tmp && git mv %s.tmp %s)", dir, to, to, to)
		}
		return fmt.Sprintf("id %q does not equal its folder name %q, which is no id (ids are lower-case letters, digits and hyphens): rename the folder to %q%s", id, folder, id, how)
	}
	msg := fmt.Sprintf("id %q does not equal its folder name %q; rename one of them", id, folder)
	if !isASCII(id) || !isASCII(folder) {
		msg += " (" + CodePoints(id, folder) + ")"
	}
	return msg
}

// plainPath reports whether p holds only letters, digits and ./_- , so
// that it can be typed in a shell as it is.
func plainPath(p string) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("./_-", c) >= 0) {
			return false
		}
	}
	return p != ""
}

// alikeNote is, for a name and the one a did-you-mean offers for it,
// their code points when the two print alike, the same letters in
// another Unicode form ("vérifier" composed and decomposed, as macOS may
// save it): "did you mean "vérifier"?" alone named what was written.
// "" for names that differ to the eye.
func alikeNote(got, meant string) string {
	if got == meant || unicodeform.NFC(got) != unicodeform.NFC(meant) {
		return ""
	}
	return " (" + CodePoints(got, meant) + ")"
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// checkUTF8 warns about the first byte of data that is not UTF-8. Such
// bytes are read as U+FFFD, as Node reads them, so the registry agrees
// with gsd-core, but the text is not what its author wrote.
func checkUTF8(file string, data []byte, s *sink) {
	// Checked first: UTF-16 without a byte order mark, ASCII text in it, is
	// valid UTF-8, NULs and all, and would be told only of a "\x00" at its
	// second byte.
	if why, ok := UTF16(data); ok {
		s.atOffset(file, data, 0, "", "invalid-utf8", "the file is UTF-16 (%s); save it as UTF-8", why)
		return
	}
	if utf8.Valid(data) {
		return
	}
	i := ojson.InvalidUTF8(data)
	s.atOffset(file, data, i, "", "invalid-utf8",
		"byte 0x%02X is not UTF-8 (it and any like it are read as U+FFFD, as Node reads them); save the file as UTF-8", data[i])
}

// invalidUTF8At is the line and column (in characters, each byte that is
// no UTF-8 one) of the first byte of data that is not UTF-8, and the byte.
func invalidUTF8At(data []byte) (line, col int, b byte) {
	i := ojson.InvalidUTF8(data)
	start := bytes.LastIndexByte(data[:i], '\n') + 1
	return bytes.Count(data[:i], []byte{'\n'}) + 1, utf8.RuneCount(data[start:i]) + 1, data[i]
}

// fileError reports a file that could not be read.
func fileError(s *sink, file string, err error) {
	rule := "file-unreadable"
	switch {
	case isErr(err, ErrTooLarge):
		rule = "file-too-large"
	case isErr(err, ErrNotRegular):
		rule = "not-regular-file"
	case isErr(err, ErrEscapesRoot), isErr(err, ErrEscapesFolder):
		rule = "path-escape"
	}
	msg := err.Error()
	if do := fileAction(file, err); do != "" {
		msg += ": " + do
	}
	s.add(Diagnostic{File: file, Rule: rule, Message: msg})
}

// fileAction is what to do about the input file that could not be read
// for err, a finding about the whole file: "" where err says it already
// (a config schema named where there is none; a link out of the
// repository, which the scan words with where it leads) or nothing can be
// said (an I/O error).
func fileAction(file string, err error) string {
	var missing *MissingSchemaError
	if errors.As(err, &missing) {
		if isErr(err, ErrIsDirectory) {
			return "name the schema's file, not its folder"
		}
		return ""
	}
	what := "the file"
	base := path.Base(file)
	switch {
	case base == ManifestName:
		what = "the capability's declaration"
	case strings.HasSuffix(base, ".card.json"):
		what = "the tool card"
	case base == RepoConfigFile:
		what = "the repository's configuration"
	case strings.HasSuffix(base, ".md"):
		what = "the host workflow"
	}
	switch {
	case isErr(err, ErrLinkLoop):
		return "remove the link, or point it at the file"
	case isErr(err, ErrDangling):
		return "restore what it points to, point it at the file, or remove the link"
	case isErr(err, ErrNotRegular):
		return "capreg never opens one; put " + what + " there as a regular file, or remove it"
	case isErr(err, ErrIsDirectory) && base == ManifestName:
		return "the capability's declaration is read from a file of this name; remove the folder and write the declaration there"
	case isErr(err, ErrIsDirectory):
		return "remove or rename the folder, and write " + what + " there as a file"
	case !isErr(err, ErrTooLarge):
		return ""
	case base == ManifestName:
		return "cut it below 8 MiB; long hook text belongs in fragment files (a hook's fragment.path), each read on its own"
	case strings.HasSuffix(base, ".card.json"):
		return "cut it below 8 MiB (a card describes one tool: its phrases and examples fit in a few kilobytes), or rename it if it is no tool card"
	}
	return "cut it below 8 MiB"
}

func configEntries(cfg *ojson.Value) []ConfigEntry {
	if cfg == nil || cfg.Kind != ojson.Object {
		return nil
	}
	out := make([]ConfigEntry, 0, len(cfg.Members))
	for _, m := range cfg.Members {
		e := ConfigEntry{Key: m.Key, Type: m.Value.Get("type").StringOr(""), Description: m.Value.Get("description").StringOr("")}
		if def := m.Value.Get("default"); def != nil {
			e.Default = *def
		}
		if e.Type == "enum" {
			e.Values = m.Value.Get("values").Strings()
		}
		out = append(out, e)
	}
	return out
}

// ReservedSegment returns the first dot-separated segment of a config
// key that is a reserved name ("prototype" in "ui.prototype"), or "":
// the reference's resolveConfigKey finds no key holding one (ref §5.2),
// which validation warns of and render resolves to the default.
func ReservedSegment(key string) string {
	for seg := range strings.SplitSeq(key, ".") {
		if IsReservedName(seg) {
			return seg
		}
	}
	return ""
}

// checkConfigSlice is the full config-slice check the reference runs at
// registry build (ref §2.11), for every role that declares config.
func checkConfigSlice(d *doc, cfg *ojson.Value, s *sink) {
	if cfg == nil || cfg.Kind != ojson.Object {
		return
	}
	for _, m := range cfg.Members {
		ptr := "/config/" + ojson.EscapePointer(m.Key)
		if slices.Contains(reservedNames, m.Key) {
			s.at(d, ptr, "reserved-name", "config key %q is a reserved name", m.Key)
		} else if seg := ReservedSegment(m.Key); seg != "" {
			s.warnAt(d, ptr, "config-key-unsettable",
				"config key %q holds the segment %q, which gsd-core's resolveConfigKey never walks: no config can set it "+
					"(a when, activationKey or configValues reading it always sees its default); rename the segment", m.Key, seg)
		}
		e := &m.Value
		if e.Kind != ojson.Object {
			continue // the schema reports it
		}
		typ := e.Get("type")
		if !typ.IsString() {
			continue
		}
		if !slices.Contains(configTypes, typ.Str) {
			s.at(d, ptr+"/type", "config-slice", "config type %q is not one of %s%s", typ.Str, strings.Join(configTypes, ", "), configTypeHint(typ.Str))
			continue
		}
		if desc := e.Get("description"); !desc.IsString() || desc.Str == "" {
			s.at(d, ptr, "config-slice", "config key %q needs a non-empty string \"description\"%s", m.Key, configFieldHint(e, desc, "description"))
		}
		def := e.Get("default")
		if def == nil {
			s.at(d, ptr, "config-slice", "config key %q needs a \"default\" of type %s%s", m.Key, typ.Str, configFieldHint(e, def, "default"))
			continue
		}
		checkDefault(d, ptr, typ.Str, e, def, s)
		if typ.Str != "enum" {
			checkValuesUnread(d, ptr, m.Key, typ.Str, e, s)
		}
	}
}

// valuesFields are the names a config entry's author gives the list of
// values it takes: gsd-core's own "values", JSON Schema's "enum", and
// the words of other settings schemas.
var valuesFields = []string{"values", "enum", "choices", "options", "allowed"}

// valuesFieldOf is the first of valuesFields that e holds as a list, or "".
func valuesFieldOf(e *ojson.Value) string {
	for _, f := range valuesFields {
		if v := e.Get(f); v != nil && v.Kind == ojson.Array {
			return f
		}
	}
	return ""
}

// checkValuesUnread warns of a config entry of type typ, not enum, that
// lists the values it takes: gsd-core reads "values" on an enum key only
// (ref §2.11), so the list restricts nothing, and a config giving any
// value of typ is taken, where the author meant it refused.
func checkValuesUnread(d *doc, ptr, key, typ string, e *ojson.Value, s *sink) {
	f := valuesFieldOf(e)
	if f == "" {
		return
	}
	fix := `write "type": "enum"`
	if f != "values" {
		fix += fmt.Sprintf(` and name the list "values", not %q`, f)
	}
	if typ != "string" || len(e.Get(f).Strings()) != len(e.Get(f).Items) {
		fix = `an enum's values are strings: drop the list, or make it "type": "enum" with "values" of strings`
	}
	s.warnAt(d, ptr+"/"+ojson.EscapePointer(f), "config-values-unread",
		"config key %q is of type %s and lists %q, which gsd-core reads on an enum key only: any %s is taken, the list restricts nothing; %s",
		key, typ, f, typ, fix)
}

// configFieldHint is misspeltHint's for the field name of the config
// entry e when e lacks it (got is nil): the entry's schema declares
// "type" only, so neither the schema's required keyword nor a near-miss
// warning names a "descripton" or "defaults" written for it. "" when e
// holds name or no key near it.
func configFieldHint(e, got *ojson.Value, name string) string {
	if got != nil {
		return ""
	}
	hint, _, _ := misspeltHint(e, nil, []string{name})
	return hint
}

// configTypes are the types a config key may have.
var configTypes = []string{"boolean", "string", "number", "enum"}

// configTypeAliases are the names other languages and schemas give the
// config types, each too many edits from its type for nearestName
// ("bool" is three from "boolean").
var configTypeAliases = map[string]string{
	"bool": "boolean", "str": "string", "text": "string",
	"int": "number", "integer": "number", "float": "number", "double": "number", "num": "number", "numeric": "number",
	"choice": "enum", "select": "enum", "enumeration": "enum",
}

// configTypeHint is the "did you mean" of a config type got, which is
// none of configTypes, as enumHint words it, or "".
func configTypeHint(got string) string {
	want := configTypeAliases[casefold.String(strings.TrimSpace(got))] // "num" is number, though one edit from enum
	if want == "" {
		want = nearestName(got, configTypes)
	}
	if want == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", want)
}

// jsonNumber is a number as JSON writes it.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// unquoteHint says to drop the quotes of a default written as a string
// that is the boolean or number its type wants ("true", "3"), as an
// author copying a value from YAML or an environment variable writes it;
// "" for any other default.
func unquoteHint(def *ojson.Value, typ string) string {
	if !def.IsString() {
		return ""
	}
	v := strings.TrimSpace(def.Str)
	switch {
	case typ == "boolean" && (strings.EqualFold(v, "true") || strings.EqualFold(v, "false")):
		v = strings.ToLower(v)
	case typ == "number":
		if _, err := strconv.ParseFloat(v, 64); !jsonNumber.MatchString(v) || err != nil {
			return "" // not as JSON writes a number, or past a double's range
		}
	default:
		return ""
	}
	return fmt.Sprintf(": write %s, without quotes", v)
}

func checkDefault(d *doc, ptr, typ string, e, def *ojson.Value, s *sink) {
	switch typ {
	case "boolean":
		if def.Kind != ojson.Bool {
			s.at(d, ptr+"/default", "config-slice", "default must be a boolean for type boolean, not %s%s", def.Kind.Phrase(), unquoteHint(def, typ))
		}
	case "string":
		if def.Kind != ojson.String {
			s.at(d, ptr+"/default", "config-slice", "default must be a string for type string, not %s", def.Kind.Phrase())
		}
	case "number":
		if f, ok := def.Float(); !ok || f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308 {
			s.at(d, ptr+"/default", "config-slice", "default must be a finite number for type number%s", unquoteHint(def, typ))
		}
	case "enum":
		vals := e.Get("values")
		if vals == nil || vals.Kind != ojson.Array || len(vals.Items) == 0 || len(vals.Strings()) != len(vals.Items) {
			hint := ""
			if f := valuesFieldOf(e); vals == nil && f != "" && f != "values" {
				hint = fmt.Sprintf(" (the entry's list is named %q: name it \"values\")", f)
			}
			s.at(d, ptr, "config-slice", "an enum config key needs a non-empty \"values\" array of strings%s", hint)
			return
		}
		if def.Kind != ojson.String || !slices.Contains(vals.Strings(), def.Str) {
			// The value given, and the one a slip away (trial2: "monthly"
			// for ["daily", "weekly"] was told the list alone).
			got, meant := def.Kind.Phrase(), ""
			if def.Kind == ojson.String {
				got = strconv.Quote(def.Str)
				if m := NearestID(def.Str, vals.Strings()); m != "" {
					meant = fmt.Sprintf(" (did you mean %q?)%s", m, alikeNote(def.Str, m))
				}
			}
			s.at(d, ptr+"/default", "config-slice", "default must be one of the enum values %s, not %s%s", quoteList(vals.Strings()), got, meant)
		}
	}
}

// checkRoleFields rejects fields the role may not carry (ref §2.3, §2.12, §2.13).
// A runtime or reviewer that is a feature whose role was miswritten
// (miswrittenRole) is one finding at its role, in place of the schema's
// missing body (which the schema check drops) and one for each field.
func checkRoleFields(d *doc, role string, s *sink) {
	root := &d.Root
	if feature := miswrittenRole(root, role); feature != nil {
		s.at(d, "/role", "role-forbidden-field", "role %q, but this declaration has no %q body and a feature's fields (%s), which a role:%s capability must not have: write \"role\": \"feature\"",
			role, role, strings.Join(feature, ", "), role)
		return
	}
	var forbidden []string
	switch role {
	case "feature":
		forbidden = []string{"reviewer"}
	case "runtime":
		forbidden = featureOnly
	case "reviewer":
		forbidden = append([]string{"runtime"}, featureOnly...)
	}
	for _, f := range forbidden {
		if root.Has(f) {
			s.at(d, "/"+f, "role-forbidden-field", "a role:%s capability must not have %q", role, f)
		}
	}
}

// miswrittenRole returns the feature's fields of a runtime or reviewer
// that is a feature whose role was miswritten (copied from another
// declaration): it has no body of its role and two or more of a
// feature's fields. It returns nil for any other.
func miswrittenRole(root *ojson.Value, role string) []string {
	if role != "runtime" && role != "reviewer" || root.Has(role) {
		return nil
	}
	var feature []string
	for _, f := range featureOnly {
		if root.Has(f) {
			feature = append(feature, f)
		}
	}
	if len(feature) < 2 {
		return nil
	}
	return feature
}

// checkDuplicateSkills warns of a skill a feature lists more than once, at
// each entry after its first, naming where that is. gsd-core accepts it
// (one capability claiming a stem twice is no owner conflict), but the
// capability's capabilityClusters entry, its skills sorted, then lists the
// skill twice. Entries that are no string are the schema's.
func checkDuplicateSkills(d *doc, s *sink) {
	checkDuplicateEntries(d, s, "skills", "skill", "skill-duplicate", "the registry's capabilityClusters would list it twice")
}

// checkDuplicateAgents warns of an agent a feature lists more than once,
// told as a duplicate skill is. gsd-core accepts it, and byAgent names the
// agent once, but the capability's manifest in the registry keeps both
// entries: a slip (a copy-paste, a merge keeping both sides) that changes
// nothing but reads as two agents.
func checkDuplicateAgents(d *doc, s *sink) {
	checkDuplicateEntries(d, s, "agents", "agent", "agent-duplicate", "byAgent names it once, but the registry's manifest of this capability keeps both")
}

// checkDuplicateEntries warns, under rule, of a string the array list of
// d lists more than once, at each entry after its first, naming where that
// is, and why it matters (effect). Entries that are no string are the
// schema's (StringItems passes them).
func checkDuplicateEntries(d *doc, s *sink, list, what, rule, effect string) {
	first := map[string]int{}
	for i, name := range d.Root.Get(list).StringItems() {
		j, dup := first[name]
		if !dup {
			first[name] = i
			continue
		}
		s.warnAt(d, fmt.Sprintf("/%s/%d", list, i), rule,
			"%s %q is already listed in %s, at %s: %s; remove this entry",
			what, name, list, s.where(d, fmt.Sprintf("/%s/%d", list, j)), effect)
	}
}

// checkOwnerNameBlanks warns of an entry of d's skills or agents (list)
// with a blank at its start or end, or only blanks: gsd-core keeps the
// name as written, so "gsd-ui-checker " names no agent file and bySkill
// or byAgent lists it apart from the name meant; a slip of an edit that
// nothing else tells unless a step's ref names the agent.
func checkOwnerNameBlanks(d *doc, s *sink, list, what string) {
	for i, written := range d.Root.Get(list).StringItems() {
		name := strings.TrimSpace(written)
		if name == written || written == "" {
			continue
		}
		ptr := fmt.Sprintf("/%s/%d", list, i)
		if name == "" {
			s.warnAt(d, ptr, "owner-name-blank", "%s %q is only blanks: gsd-core keeps it as a %s of that name; remove this entry", what, written, what)
			continue
		}
		s.warnAt(d, ptr, "owner-name-blank", "%s %q has a blank at its start or end: gsd-core keeps it as written, so it names no %s file and the registry lists it apart from %q; write %q", what, written, what, name, name)
	}
}

// checkFeature runs the feature-body rules that need more than the schema.
func checkFeature(c *Capability, d *doc, src *CapabilitySource, s *sink) {
	root := &d.Root
	c.Skills = root.Get("skills").Strings()
	c.Agents = root.Get("agents").Strings()
	checkDuplicateSkills(d, s)
	checkDuplicateAgents(d, s)
	checkOwnerNameBlanks(d, s, "skills", "skill")
	checkOwnerNameBlanks(d, s, "agents", "agent")
	for _, list := range []string{"skills", "agents"} {
		for i, stem := range root.Get(list).StringItems() {
			if slices.Contains(reservedNames, stem) {
				s.at(d, fmt.Sprintf("/%s/%d", list, i), "reserved-name", "%q is a reserved name", stem)
			}
		}
	}
	if ak := root.Get("activationKey"); ak.IsString() {
		c.ActivationKey = ak.Str
		if slices.Contains(reservedNames, ak.Str) {
			s.at(d, "/activationKey", "reserved-name", "activationKey %q is a reserved name", ak.Str)
		} else if cfg := root.Get("config"); ak.Str != "" && cfg != nil && cfg.Kind == ojson.Object && !hasConfigKey(c, ak.Str) {
			// "" is the schema's, as is a config that is no object
			// ("config": null): declaring the key under it is not yet
			// the fix.
			fix := `declare it under "config"`
			if meant := nearConfigKey(c, ak.Str); meant != "" {
				fix = fmt.Sprintf("did you mean %q? if it is a new key, %s", meant, fix) // a key one edit from another may be meant as new
			}
			s.at(d, "/activationKey", "activation-key-unknown",
				"activationKey %q is not a key of this capability's config (%s)", ak.Str, fix)
		} else if values := alwaysTrue(c, ak.Str); values != nil {
			s.at(d, "/activationKey", "when-always-true",
				"activationKey %q names an enum key whose values, %s, are all non-empty strings, so it is always true and never turns the capability off: "+
					"it tests one key's truthiness and compares nothing; declare a boolean key for the condition meant, and name it here", ak.Str, quoteList(values))
		}
	}
	checkRuntimeCompat(d, root.Get("runtimeCompat"), s)
	checkHookScripts(d, root.Get("hooks"), s)
	c.Commands = commands(d, root.Get("commands"), s)
	// A capability whose id is not its folder's name never reaches the
	// registry: its fragments are checked, not copied in. (A folder linked
	// to another's, reading its declaration and fragments again, is one:
	// sixty such links to a folder inlining 14 MiB took 1.3 GB.)
	in := &inlining{discard: c.ID != src.Folder}
	c.Steps = hooks(c, d, src, StepHook, in, s)
	c.Contributions = hooks(c, d, src, ContributionHook, in, s)
	c.Gates = hooks(c, d, src, GateHook, in, s)
	if !in.discard {
		c.inlined = in.refs
	}
}

// inlining is what one capability's hooks have inlined of their fragments.
type inlining struct {
	bytes   int  // each reference counted, as JSON text, up to maxInlined
	discard bool // the fragments are checked, and counted, but not inlined
	refs    []inlinedFragment
}

// maxInlined bounds the fragment text one capability's hooks inline into
// the registry, each reference counted, as JSON text: every reference
// copies its file, and 200 references to one 4 MiB fragment in an 11 KB
// declaration made capreg check peak at 8.4 GB (a daemon over its memory
// limit loses its last good registry). Twice the largest file a fragment
// may be. A control character is six bytes as JSON text ("\u0001"), so a
// fragment of them is counted six times its size.
const maxInlined = 16 << 20

// maxInlinedTotal bounds the same over the whole repository: four
// capabilities each under maxInlined, inlining 1 MiB of control
// characters fifteen times, made capreg check peak at 3.4 GB and the
// daemon at 7.5 GB, as the registry and each route's answers
// copy the text again. Real fragments are kilobytes.
const maxInlinedTotal = 32 << 20

// alwaysTrue returns the values of key, an enum key of c's config, when
// every one of them is a non-empty string: a when or activationKey naming
// it is always true, as a config value that is not one of them gives the
// default (ref §5.2's type-checked overlay, and capreg's render), and
// JavaScript takes every non-empty string for true ("when": "review.mode"
// with values "light" and "full" reads as a test of the mode, and tests
// nothing). nil for any other key, or an enum key with no values, which
// config-slice reports.
func alwaysTrue(c *Capability, key string) []string {
	for _, e := range c.Config {
		if e.Key != key {
			continue
		}
		if e.Type != "enum" || len(e.Values) == 0 || slices.Contains(e.Values, "") {
			return nil
		}
		return e.Values
	}
	return nil
}

func hasConfigKey(c *Capability, key string) bool {
	for _, e := range c.Config {
		if e.Key == key {
			return true
		}
	}
	return false
}

func isKebab(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func checkRuntimeCompat(d *doc, rc *ojson.Value, s *sink) {
	if rc == nil || rc.Kind != ojson.Object {
		return
	}
	if sup := rc.Get("supported"); sup != nil && sup.Kind == ojson.Array {
		ids := sup.Strings()
		switch {
		case len(sup.Items) == 0:
			s.at(d, "/runtimeCompat/supported", "runtime-compat", "supported must name at least one runtime, or be [\"*\"]")
		case len(sup.Items) > 1 && len(ids) == len(sup.Items) && !slices.ContainsFunc(ids, func(id string) bool { return id != "*" }):
			s.at(d, "/runtimeCompat/supported", "runtime-compat", "\"*\" stands alone and is given %d times: give it once, [\"*\"]", len(ids))
		case slices.Contains(ids, "*") && len(sup.Items) > 1:
			s.at(d, "/runtimeCompat/supported", "runtime-compat", "\"*\" stands alone; it cannot be mixed with runtime ids")
		}
		for i, id := range sup.StringItems() {
			if id != "*" && !isKebab(id) {
				s.at(d, fmt.Sprintf("/runtimeCompat/supported/%d", i), "runtime-compat", "%q is not a kebab-case runtime id", id)
			}
		}
	}
	if uns := rc.Get("unsupported"); uns != nil {
		for i, id := range uns.StringItems() {
			if !isKebab(id) {
				s.at(d, fmt.Sprintf("/runtimeCompat/unsupported/%d", i), "runtime-compat",
					"%q is not a kebab-case runtime id (\"*\" is not allowed in unsupported)", id)
			}
		}
	}
	if notes := rc.Get("notes"); notes != nil && notes.Kind == ojson.Object {
		for _, m := range notes.Members {
			if m.Key != "*" && !isKebab(m.Key) {
				s.at(d, "/runtimeCompat/notes/"+ojson.EscapePointer(m.Key), "runtime-compat", "notes key %q is not a kebab-case runtime id or \"*\"", m.Key)
			}
		}
	}
}

// checkHookScripts confines lifecycle hook scripts (ref §2.3): relative, no
// '..', no segment that could be read as an option.
func checkHookScripts(d *doc, hooks *ojson.Value, s *sink) {
	if hooks == nil || hooks.Kind != ojson.Array {
		return
	}
	for i := range hooks.Items {
		script := hooks.Items[i].Get("script")
		if !script.IsString() || script.Str == "" {
			continue
		}
		ptr := fmt.Sprintf("/hooks/%d/script", i)
		v := script.Str
		var why string
		switch {
		case strings.IndexFunc(v, func(r rune) bool { return !isScriptChar(r) }) >= 0:
			why = "may only contain letters, digits and . _ / -"
		case strings.HasPrefix(v, "/"):
			why = "must be relative to the capability, not absolute"
		case slices.Contains(strings.Split(v, "/"), ".."):
			why = "must not contain a '..' segment"
		case slices.ContainsFunc(strings.Split(v, "/"), func(seg string) bool { return strings.HasPrefix(seg, "-") }):
			why = "must not have a path segment starting with '-'"
		}
		if why != "" {
			s.at(d, ptr, "hook-script", "hook script %q %s", v, why)
		}
	}
}

func isScriptChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '/' || r == '-'
}

func commands(d *doc, cmds *ojson.Value, s *sink) []Command {
	if cmds == nil || cmds.Kind != ojson.Array {
		return nil
	}
	var out []Command
	for i := range cmds.Items {
		it := &cmds.Items[i]
		c := Command{Family: it.Get("family").StringOr(""), Module: it.Get("module").StringOr(""), Router: it.Get("router").StringOr("")}
		if slices.Contains(reservedNames, c.Family) {
			s.at(d, fmt.Sprintf("/commands/%d/family", i), "reserved-name", "command family %q is a reserved name", c.Family)
		}
		out = append(out, c)
	}
	return out
}

// hooks extracts one kind of loop hook and checks what the schema cannot:
// refs against owned stems, when against the config slice, the gate check
// discriminator, points, and fragments (which it inlines).
func hooks(c *Capability, d *doc, src *CapabilitySource, kind HookKind, inlined *inlining, s *sink) []*Hook {
	name := (&Hook{Kind: kind}).arrayName()
	arr := d.Root.Get(name)
	if arr == nil || arr.Kind != ojson.Array {
		return nil
	}
	out := make([]*Hook, 0, len(arr.Items))
	for i := range arr.Items {
		raw := &arr.Items[i]
		if raw.Kind != ojson.Object {
			continue
		}
		h := &Hook{CapID: c.ID, Kind: kind, Index: i, Point: raw.Get("point").StringOr(""),
			Produces: raw.Get("produces").Strings(), Consumes: raw.Get("consumes").Strings(), Into: raw.Get("into").StringOr("")}
		ptr := h.Pointer()
		if w := raw.Get("when"); w.IsString() {
			h.When = &w.Str
			// A config that is missing or no object is the schema's
			// finding; "not a key of this capability's config (it
			// declares none)" at every hook would repeat it, and untruly
			// of keys declared in a list or in the wrong place.
			if cfg := d.Root.Get("config"); cfg != nil && cfg.Kind == ojson.Object && !hasConfigKey(c, w.Str) {
				s.at(d, ptr+"/when", "when-unknown-key",
					"%s.when %q is not a key of this capability's config; when names one of its own config keys (%s)%s", kind, w.Str, configKeyList(c), whenHint(c, w.Str))
			} else if values := alwaysTrue(c, w.Str); values != nil {
				s.at(d, ptr+"/when", "when-always-true",
					"%s.when %q names an enum key whose values, %s, are all non-empty strings, so it is always true and the %s is never turned off by it: "+
						"when tests one key's truthiness and compares nothing; declare a boolean key for the condition meant, and name it in when", kind, w.Str, quoteList(values), kind)
			}
		}
		if own := raw.Get("capId"); own != nil && !(own.IsString() && own.Str == c.ID) {
			// The registry lists a hook as {capId, ...hook}, as gsd-core
			// builds it: the hook's own capId would win, filing it (and,
			// in gsd-core's render, its enablement) under another id.
			s.at(d, ptr+"/capId", "hook-capid",
				"a %s may not name its own capId: the registry lists it as {capId, ...%s}, so it would be filed under %s instead of %q; remove the field", kind, kind, ojson.Encode(own, ""), c.ID)
		}
		if raw.Has("point") && raw.Get("point").IsString() && PointIndex(h.Point) < 0 {
			s.at(d, ptr+"/point", "point-unknown", "%s", unknownPointMessage(h.Point, false))
		}
		if kind != GateHook {
			checkHookNameLines(d, ptr, raw, s)
		}
		switch kind {
		case StepHook:
			checkRef(c, d, ptr, raw.Get("ref"), s)
		case GateHook:
			checkGateCheck(d, ptr, raw, s)
		case ContributionHook:
			checkConfigValues(d, ptr, raw.Get("configValues"), s)
		}
		if f := raw.Get("fragment"); kind != GateHook && f != nil && f.Kind == ojson.Object {
			// Gates have no fragment in the format: an unknown key, ignored.
			inlineFragment(d, ptr+"/fragment", f, src, inlined, s)
		}
		h.Raw = withDefaults(kind, *raw)
		out = append(out, h)
	}
	return out
}

// checkHookNameLines warns of each name of a step or contribution that
// the markdown render-hooks writes on one line (its produces and consumes
// entries, its ref's skill or agent) holding a line break
// (hook-name-lines): the markdown copies it as it is, so what follows
// the break is a line of its own, and a produces of "X.md\n</contribution>
// \n### Step 9: agent:x (security)" closed its hook and wrote another
// hook, of another capability, into every prompt rendered at its point,
// with no finding (fragment-block-line tells of a fragment's).
func checkHookNameLines(d *doc, ptr string, raw *ojson.Value, s *sink) {
	warn := func(at, what, name string) {
		i := strings.IndexFunc(name, lineBreak)
		if i < 0 {
			return
		}
		r, _ := utf8.DecodeRuneInString(name[i:])
		s.warnAt(d, at, "hook-name-lines",
			"%s %q holds a line break (%s): the markdown render-hooks writes puts it on a line of its hook's, and what follows the break reads as a line of its own, another hook perhaps, of any capability; write the name on one line",
			what, name, strconv.QuoteRune(r))
	}
	for _, list := range []string{"produces", "consumes"} {
		if v := raw.Get(list); v != nil && v.Kind == ojson.Array {
			for i := range v.Items {
				if v.Items[i].IsString() {
					warn(fmt.Sprintf("%s/%s/%d", ptr, list, i), list+" entry", v.Items[i].Str)
				}
			}
		}
	}
	if ref := raw.Get("ref"); ref != nil && ref.Kind == ojson.Object {
		for _, k := range []string{"skill", "agent"} {
			if v := ref.Get(k); v.IsString() {
				warn(ptr+"/ref/"+k, "ref."+k, v.Str)
			}
		}
	}
}

// checkConfigValues warns of a configValues entry that is not a string:
// render-hooks resolves each alias's dotted config key (ref §5.4) and
// drops any other value, so the alias never reaches the rendered hook.
// The reference does not check configValues at build, hence a warning.
func checkConfigValues(d *doc, ptr string, cv *ojson.Value, s *sink) {
	if cv == nil || cv.Kind != ojson.Object {
		return // the schema's finding
	}
	for i := range cv.Members {
		m := &cv.Members[i]
		if m.Value.Kind != ojson.String {
			s.warnAt(d, ptr+"/configValues/"+ojson.EscapePointer(m.Key), "config-values-shape",
				"configValues alias %q maps to %s; it must name a dotted config key (a string such as \"workflow.security_asvs_level\"): render-hooks resolves only keys, so it drops this alias", m.Key, m.Value.Kind.Phrase())
		}
	}
}

// whenHint says what is wrong with a when that is an expression over its
// capability's config keys ("!workflow.x", "workflow.x == true"): when is
// one key, read for its truth, with no operator (ref §2.7); for another
// a slip from one of its keys, that key (nearConfigKey); "" for any other.
func whenHint(c *Capability, when string) string {
	if !strings.ContainsAny(when, "!=&|<> ()") {
		if meant := nearConfigKey(c, when); meant != "" {
			return fmt.Sprintf("; did you mean %q?%s", meant, alikeNote(when, meant))
		}
		return ""
	}
	for _, e := range c.Config {
		if strings.Contains(when, e.Key) {
			return fmt.Sprintf(": when is one key, true when its value is truthy, with no operators or negation; write %q, or declare a key whose value is the opposite", e.Key)
		}
	}
	return ": when is one key, true when its value is truthy, with no operators or negation"
}

// nearConfigKey is the key of c's config that key, which is none of
// them, is a slip from (NearestID: an edit, case or joining, a plural,
// the words in another order), or "".
func nearConfigKey(c *Capability, key string) string {
	keys := configKeys(c)
	slices.Sort(keys)
	return NearestID(key, keys)
}

// configKeys is the keys of c's config, in the order declared.
func configKeys(c *Capability) []string {
	keys := make([]string, len(c.Config))
	for i, e := range c.Config {
		keys[i] = e.Key
	}
	return keys
}

func configKeyList(c *Capability) string {
	if len(c.Config) == 0 {
		return "it declares none"
	}
	return strings.Join(configKeys(c), ", ")
}

// withDefaults fills in what CONTRACT.md §2 defaults: a step's onError is
// "skip", a contribution's produces and consumes are []. The registry's
// byLoopPoint entries then always carry them.
func withDefaults(kind HookKind, raw ojson.Value) ojson.Value {
	switch kind {
	case StepHook:
		if !raw.Has("onError") {
			raw.Members = append(slices.Clip(raw.Members), ojson.Member{Key: "onError", KeyOff: -1, Value: ojson.NewString("skip")})
		}
	case ContributionHook:
		for _, k := range []string{"produces", "consumes"} {
			if !raw.Has(k) {
				raw.Members = append(slices.Clip(raw.Members), ojson.Member{Key: k, KeyOff: -1, Value: ojson.NewArray()})
			}
		}
	}
	return raw
}

func checkRef(c *Capability, d *doc, ptr string, ref *ojson.Value, s *sink) {
	if ref == nil || ref.Kind != ojson.Object {
		return
	}
	kinds, found := discriminator(ref, "skill", "agent", "command")
	if len(kinds) != 1 {
		s.at(d, ptr+"/ref", "ref-discriminator", "ref must have exactly one of skill, agent, command (%s)", found)
		return
	}
	v := ref.Get(kinds[0])
	if !v.IsString() {
		s.at(d, ptr+"/ref/"+kinds[0], "ref-discriminator", "ref.%s must be a string", kinds[0])
		return
	}
	// A skills or agents that is no list is the schema's finding; "not
	// in this capability's skills []" would repeat it, untruly.
	if list := d.Root.Get(kinds[0] + "s"); kinds[0] != "command" && (list == nil || list.Kind != ojson.Array) {
		return
	}
	switch kinds[0] {
	case "skill":
		if strings.HasPrefix(v.Str, "gsd-") {
			s.at(d, ptr+"/ref/skill", "ref-skill-prefix", "ref.skill %q must not start with gsd-: stems are unprefixed (write %q)", v.Str, strings.TrimPrefix(v.Str, "gsd-"))
		} else if !slices.Contains(c.Skills, v.Str) {
			s.at(d, ptr+"/ref/skill", "ref-not-owned", "ref.skill %q is not in this capability's skills %s%s", v.Str, quoteList(c.Skills), ownedHint(v.Str, c.Skills))
		}
	case "agent":
		if !slices.Contains(c.Agents, v.Str) {
			hint := ownedHint(v.Str, c.Agents)
			if slices.Contains(c.Agents, "gsd-"+v.Str) {
				// A stem's habit: a skill's ref drops the prefix, an
				// agent's keeps it.
				hint = fmt.Sprintf(" (agent names keep the gsd- prefix: write %q)", "gsd-"+v.Str)
			}
			s.at(d, ptr+"/ref/agent", "ref-not-owned", "ref.agent %q is not in this capability's agents %s%s", v.Str, quoteList(c.Agents), hint)
		}
	}
}

// ownedHint is the did-you-mean for a ref naming v, none of the
// capability's own list: the entry of list it probably misspells, or "".
func ownedHint(v string, list []string) string {
	if near := NearestID(v, list); near != "" {
		return fmt.Sprintf(" (did you mean %q?)%s", near, alikeNote(v, near))
	}
	return ""
}

func checkGateCheck(d *doc, ptr string, gate *ojson.Value, s *sink) {
	check := gate.Get("check")
	if check == nil || check.Kind != ojson.Object {
		return
	}
	kinds, found := discriminator(check, "query", "predicate", "agentVerdict")
	if len(kinds) != 1 {
		s.at(d, ptr+"/check", "check-discriminator", "check must have exactly one of: query, predicate, agentVerdict (%s)", found)
		return
	}
	switch kinds[0] {
	case "agentVerdict":
		if b := gate.Get("blocking"); b != nil && b.Kind == ojson.Bool && b.Bool {
			s.at(d, ptr+"/blocking", "agent-verdict-blocking",
				"an agentVerdict gate is advisory: set \"blocking\": false (non-deterministic checks may not halt the loop)")
		}
	case "predicate":
		checkPredicate(d, ptr+"/check/predicate", check.Get("predicate"), s)
	}
}

// predicateKind is a kind of predicate and the fields it reads.
type predicateKind struct {
	kind   string
	fields []string
}

// predicateKinds are the kinds gsd_run check predicate evaluates (ref
// §2.6).
var predicateKinds = []predicateKind{
	{"command-exit-zero", []string{"command"}},
	{"artifact-frontmatter-equals", []string{"artifact", "field", "equals"}},
}

// checkPredicate warns of a predicate the evaluator's built-in kinds do
// not take: the reference's validator passes any (ref §2.6), and the gate
// then fails at run time, in the middle of a phase, where a blocking one
// halts the loop. A warning, not an error: an evaluator may know kinds of
// its own (the reference's §7.12 suggests checking kind against its table).
func checkPredicate(d *doc, ptr string, p *ojson.Value, s *sink) {
	const rule = "predicate-unknown"
	names := make([]string, len(predicateKinds))
	for i, k := range predicateKinds {
		names[i] = k.kind
	}
	if p.Kind != ojson.Object {
		s.at(d, ptr, rule, "a predicate is an object {\"kind\": …, …}, not %s: gsd_run check predicate evaluates %s", p.Kind.Phrase(), strings.Join(names, " or "))
		return
	}
	kind := p.Get("kind")
	if !kind.IsString() {
		s.at(d, ptr, rule, "a predicate names its kind, %s: gsd_run check predicate evaluates no other", strings.Join(names, " or "))
		return
	}
	i := slices.IndexFunc(predicateKinds, func(k predicateKind) bool { return k.kind == kind.Str })
	if i < 0 {
		hint := ""
		if near := NearestID(kind.Str, names); near != "" { // a kind one letter short too: no field's plural here
			hint = fmt.Sprintf(" (did you mean %q?)", near)
		}
		s.at(d, ptr+"/kind", rule, "predicate kind %q is none gsd_run check predicate evaluates (%s)%s: the gate would fail when it runs",
			kind.Str, strings.Join(names, ", "), hint)
		return
	}
	var missing, absent []string
	for _, f := range predicateKinds[i].fields {
		// equals may be any value, null included (a field that is
		// null); the others name a command, a file or a field: blanks
		// name none (a command of spaces exits 0, checking nothing).
		if v := p.Get(f); v == nil || f != "equals" && (!v.IsString() || strings.TrimSpace(v.Str) == "") {
			missing = append(missing, quoteKey(f))
			if v == nil {
				absent = append(absent, f)
			}
		}
	}
	if len(missing) > 0 {
		// A field written under a slip or another name ("cmd") is named.
		hint, _, _ := misspeltHint(p, nil, absent)
		s.at(d, ptr, rule, "a predicate of kind %s needs %s, which the evaluator reads (%s): the gate would fail when it runs%s",
			kind.Str, strings.Join(missing, ", "), predicateFieldsNote(kind.Str), hint)
	}
}

// predicateFieldsNote says which fields of a kind's predicate are
// strings, for the message of one missing or mistyped.
func predicateFieldsNote(kind string) string {
	if kind == "command-exit-zero" {
		return "command: a non-blank string"
	}
	return "artifact and field: non-blank strings; equals: any value"
}

// windowsDevices names the device names windowsDevice knows, for messages.
const windowsDevices = "CON, PRN, AUX, NUL, COM1-9, LPT1-9, CONIN$, CONOUT$"

// symlinksAsFiles says when Git checks a symbolic link out as a file
// holding its text, for the messages warning of one.
const symlinksAsFiles = "git config core.symlinks false, the default of Git for Windows without Developer Mode"

// windowsDevice reports whether name is one Windows reserves for a device,
// with any extension or spaces before it ("aux", "con.d", "aux .d"), as
// Go's filepath does on Windows: no file or folder may have it there.
func windowsDevice(name string) bool {
	if i := strings.IndexAny(name, ".:"); i >= 0 {
		name = name[:i] // "aux.d", "aux:stream"
	}
	base := strings.TrimRight(asciiLower(name), " ")
	switch base {
	case "con", "prn", "aux", "nul", "conin$", "conout$":
		return true
	}
	if len(base) < 4 || !(strings.HasPrefix(base, "com") || strings.HasPrefix(base, "lpt")) {
		return false
	}
	switch n := base[3:]; n {
	case "¹", "²", "³":
		return true
	default:
		return len(n) == 1 && n[0] >= '1' && n[0] <= '9'
	}
}

// asciiLower lowers the ASCII letters of s alone, as Windows compares
// device names ("conİn$" is no "conin$").
func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// relativeFragmentHint names the path relative to the capability folder
// dir (repository-relative) that rel, absolute or holding "..", names a
// file in: an absolute path through dir ("/home/ada/repo/capabilities/x/
// loop/a.md", a file's full path pasted), or one leaving dir and coming
// back in ("../x/loop/a.md"); "" for any other.
func relativeFragmentHint(rel, dir string) string {
	var in string
	if strings.HasPrefix(rel, "/") {
		if i := strings.LastIndex(rel, "/"+dir+"/"); i >= 0 {
			in = path.Clean(rel[i+len(dir)+2:])
		}
	} else if j := path.Join(dir, rel); strings.HasPrefix(j, dir+"/") {
		in = strings.TrimPrefix(j, dir+"/")
	}
	if in == "" || in == "." || strings.HasPrefix(in, "../") || in == ".." {
		return ""
	}
	return fmt.Sprintf(": write %q, relative to %s/", in, dir)
}

// inlineFragment reads fragment.path from the capability folder and writes its
// text into fragment.inline (ref §2.10). A fragment that already has a string
// inline is not read, but its path must still have the shape ref §2.5 asks
// of every path. inlined is what the capability's hooks have inlined so
// far, up to maxInlined.
func inlineFragment(d *doc, ptr string, f *ojson.Value, src *CapabilitySource, inlined *inlining, s *sink) {
	p := f.Get("path")
	if !p.IsString() || p.Str == "" {
		if in := f.Get("inline"); in.IsString() {
			// Written in the declaration, it is copied as it is too.
			fragmentBlockLine(d, ptr+"/inline", "", in.Str, s)
		}
		return
	}
	rel := p.Str
	if !fragmentPathShaped(d, ptr, rel, s) {
		return
	}
	if in := f.Get("inline"); in.IsString() {
		fragmentBlockLine(d, ptr+"/inline", rel, in.Str, s)
		return
	}
	if data, ok := readFragment(d, ptr, rel, src, s); ok {
		inlineFile(d, ptr, f, rel, data, inlined, s)
	}
}

// fragmentPathShaped reports whether fragment.path rel has the shape ref
// §2.5 asks of every path, a relative one inside the capability folder,
// and reports fragment-escape at ptr/path where it has not.
func fragmentPathShaped(d *doc, ptr, rel string, s *sink) bool {
	if strings.HasPrefix(rel, "/") || slices.Contains(strings.Split(rel, "/"), "..") {
		s.at(d, ptr+"/path", "fragment-escape", "fragment.path %q must be a relative path inside the capability folder, without '..'%s", rel, relativeFragmentHint(rel, path.Dir(d.File)))
		return false
	}
	if strings.Contains(rel, `\`) {
		// Windows reads a backslash as a separator and Linux as part of a
		// name: the same declaration inlined a file on one and named none
		// on the other ("..\..\x" left the folder on Windows).
		s.at(d, ptr+"/path", "fragment-escape", "fragment.path %q holds a backslash, which Windows reads as a separator and Linux and macOS as part of a name; write it with '/': %q", rel, strings.ReplaceAll(rel, `\`, "/"))
		return false
	}
	return true
}

// readFragment is the text of the file fragment.path rel names in the
// capability folder, if it is one that can be inlined: a regular file
// inside the folder, within the size bound, of UTF-8 text. Otherwise it
// reports why not at ptr/path, and ok is false.
func readFragment(d *doc, ptr, rel string, src *CapabilitySource, s *sink) (data []byte, ok bool) {
	clean := path.Clean(rel)
	file, ok := src.Files[clean]
	why, utf16 := UTF16(file.Data)
	switch {
	case strings.HasSuffix(rel, "/") || strings.HasSuffix(rel, "/."):
		// Only a directory is named so: open fails with ENOTDIR on a file.
		s.at(d, ptr+"/path", "fragment-unreadable", "fragment.path %q ends with a slash, which names a directory; name the file without it", rel)
	case !ok:
		s.at(d, ptr+"/path", "fragment-unreadable", "fragment.path %q names no file in the capability folder%s", rel, fragmentHint(clean, src))
	case isErr(file.Err, ErrEscapesFolder), isErr(file.Err, ErrEscapesRoot):
		s.at(d, ptr+"/path", "fragment-escape", "fragment.path %q is a link that resolves outside the capability folder", rel)
	case isErr(file.Err, ErrTooLarge):
		s.at(d, ptr+"/path", "file-too-large", "fragment %q is larger than 8 MiB", rel)
	case isErr(file.Err, ErrIsDirectory):
		s.at(d, ptr+"/path", "fragment-unreadable", "fragment.path %q names a directory; it must name a file in the capability folder", rel)
	case isErr(file.Err, ErrNotRegular):
		s.at(d, ptr+"/path", "not-regular-file", "fragment %q is not a regular file", rel)
	case file.Err != nil:
		s.at(d, ptr+"/path", "fragment-unreadable", "fragment %q could not be read: %v", rel, file.Err)
	case utf16:
		// Before utf8.Valid: without a byte order mark, ASCII text in
		// UTF-16 is valid UTF-8, and would be inlined NULs and all.
		s.at(d, ptr+"/path", "fragment-unreadable", "fragment %q is UTF-16 (%s); fragments are inlined as UTF-8 text: save it as UTF-8", rel, why)
	case !utf8.Valid(file.Data):
		line, col, b := invalidUTF8At(file.Data)
		s.at(d, ptr+"/path", "fragment-unreadable",
			"fragment %q is not valid UTF-8: byte 0x%02X at %d:%d (gsd-core would inline it as U+FFFD, a text its author did not write); save the file as UTF-8", rel, b, line, col)
	default:
		return file.Data, true
	}
	return nil, false
}

// inlineFile writes data, the text of fragment f's file rel, into its
// inline, counting it against the capability's bound (maxInlined, over
// which it is refused, not inlined) and warning of text that is a
// symbolic link checked out as a file. With inlined.discard it is checked
// and counted only.
func inlineFile(d *doc, ptr string, f *ojson.Value, rel string, data []byte, inlined *inlining, s *sink) {
	size := ojson.TextSize(data)
	if inlined.bytes+size > maxInlined {
		s.at(d, ptr+"/path", "file-too-large",
			"fragment %q (%s) is not inlined: this capability's hooks would inline over 16 MiB of fragments into the registry (as JSON text, where a control character takes six bytes), each reference copying its file; reference large fragments from fewer hooks, or make them smaller",
			rel, byteSize(len(data)))
		return
	}
	fragmentBlockLine(d, ptr+"/path", rel, string(data), s)
	fragmentConflict(d, ptr+"/path", rel, data, s)
	// Without a space: "./gradlew build" is a command, and a fragment
	// linked to a path with spaces is rare beside one.
	if linkText(data) && !bytes.ContainsRune(data, ' ') {
		s.at(d, ptr+"/path", "fragment-link-text",
			"fragment %q holds only the text %q, as a symbolic link checked out as a file does (%s): that text, not the file it names, is inlined; check out with symlinks enabled, or make the fragment a copy",
			rel, data, symlinksAsFiles)
	}
	inlined.bytes += size
	inlined.refs = append(inlined.refs, inlinedFragment{ptr, rel, size})
	if !inlined.discard {
		f.Set("inline", ojson.NewFileText(string(data)))
	}
}

// linkText reports whether data reads as the text Git writes for a
// symbolic link it checks out as a plain file: one relative path leading
// out of its folder or into it ("../shared/prompt.md", "./x", "../My
// Capabilities/x": Git writes the target as it is), and nothing else, not
// even a line end or an option. A fragment of prose never reads so; a link to a
// sibling ("other.md") is not told from a word, and is not warned of.
func linkText(data []byte) bool {
	if len(data) > MaxLinkText || !(bytes.HasPrefix(data, []byte("../")) || bytes.HasPrefix(data, []byte("./"))) {
		return false
	}
	return !bytes.ContainsAny(data, "\n\r\t\x00") && !hasOption(data) && utf8.Valid(data)
}

// hasOption reports whether data holds a space, a dash and no space after
// it: an option ("./setup.sh --dev" is a command), where " - " is part of
// a name ("../Shared - Team/x").
func hasOption(data []byte) bool {
	for i := bytes.Index(data, []byte(" -")); i >= 0; {
		if i+2 < len(data) && data[i+2] != ' ' {
			return true
		}
		next := bytes.Index(data[i+1:], []byte(" -"))
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
}

// blockLine matches a line that starts a block of the markdown render-hooks
// writes (ref §5.5): a step's heading, a contribution's opening or closing
// tag, a gate; at the margin or indented by up to three spaces, as
// CommonMark reads a heading or an HTML block (four make it code). The markdown writes a fragment as it is, inside its hook's
// block, so a fragment holding such a line makes what follows it read as
// another hook, of any capability ("### Step 9: agent:x (security)"),
// which only the JSON envelope tells apart.
var blockLine = regexp.MustCompile(`(?m)^ {0,3}(?:### Step \d+: .*\(.*\)|<contribution from="|</contribution>|\*\*Gate\*\* \()`)

// fragmentBlockLine warns of a fragment (rel, holding text; rel "" for
// one written inline) with a line that starts a block of the rendered
// markdown.
func fragmentBlockLine(d *doc, ptr, rel, text string, s *sink) {
	if strings.Contains(text, "\r") {
		// A lone CR ends a line too, as CommonMark reads one: a fragment
		// of old Mac line ends ("ok\r</contribution>\r### Step 9: …")
		// wrote another hook with no finding, (?m)^ seeing one line.
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	}
	loc := blockLine.FindStringIndex(text)
	if loc == nil {
		return
	}
	name := "the inline fragment"
	if rel != "" {
		name = fmt.Sprintf("fragment %q", rel)
	}
	line := 1 + strings.Count(text[:loc[0]], "\n")
	end := strings.IndexByte(text[loc[0]:], '\n')
	if end < 0 {
		end = len(text) - loc[0]
	}
	s.warnAt(d, ptr, "fragment-block-line",
		"%s line %d, %q, starts a block of the markdown render-hooks writes, where the fragment is copied as it is: what follows reads as another hook, perhaps of another capability; reword the line, or indent it by four spaces (code)",
		name, line, text[loc[0]:loc[0]+end])
}

// fragmentConflict reports a fragment file (rel, holding data) that a
// merge left unresolved (see conflictSpan): inlined, the markers and both
// sides reach the registry and every prompt rendered from it, and a check
// passed it in silence.
func fragmentConflict(d *doc, ptr, rel string, data []byte, s *sink) {
	if from, to, ok := conflictSpan(data, nil); ok {
		s.at(d, ptr, "merge-conflict",
			"fragment %q holds a merge left unresolved, its conflict markers from line %d (<<<<<<<) to line %d (>>>>>>>): both sides and the markers would be inlined into the registry and every prompt rendered from it; keep the lines meant from each side and delete the marker lines",
			rel, lineOf(data, from), lineOf(data, to))
	}
}

// conflictSpan finds the first merge conflict git left in data, a
// markdown text: a line starting <<<<<<<, then one that is =======, then
// one starting >>>>>>>, outside code (a prompt may quote a conflict in a
// fenced block, to teach resolving one). from and to are where its first
// and last marker lines start. A lone ======= is a heading's underline,
// and is not read as one. code is data's code, or nil to find it when
// needed.
func conflictSpan(data []byte, code spans) (from, to int, ok bool) {
	if !bytes.Contains(data, []byte("<<<<<<<")) {
		return 0, 0, false
	}
	coded := code != nil
	want := byte('<')
	for off := 0; off < len(data); {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data) - off
		}
		if ojson.ConflictMarker(data[off:off+end]) == want {
			if !coded {
				code, _, _, _, _ = codeRanges(data)
				coded = true
			}
			if !code.contains(off) {
				switch want {
				case '<':
					want, from = '=', off
				case '=':
					want = '>'
				default:
					return from, off, true
				}
			}
		}
		off += end + 1
	}
	return 0, 0, false
}

// fragmentHint names the file of the capability folder that a
// fragment.path naming none (clean, cleaned) probably means: one written
// from the repository's root or another folder than the capability's
// ("capabilities/ui/loop/x.md" for "loop/x.md"), a typo away
// ("loops/x.md"), the one file of that name in the folder, or the one
// in its folder named so and more words ("x-prompt.md" for "x.md"); ""
// for none.
func fragmentHint(clean string, src *CapabilitySource) string {
	if src == nil || len(src.Files)+len(src.Nearby) == 0 {
		return ""
	}
	names := make([]string, 0, len(src.Files)+len(src.Nearby))
	for name := range src.Files {
		names = append(names, name)
	}
	names = append(names, src.Nearby...)
	slices.Sort(names)
	names = slices.Compact(names)
	if hint := otherwiseNormalized(clean, names); hint != "" {
		return hint
	}
	for _, name := range names {
		if strings.HasSuffix(clean, "/"+name) {
			return fmt.Sprintf(" (a fragment.path is relative to the capability folder: did you mean %q?)", name)
		}
	}
	if want := nearestName(clean, names); want != "" {
		return fmt.Sprintf("; did you mean %q?", want)
	}
	var same []string
	for _, name := range names {
		if path.Base(name) == path.Base(clean) {
			same = append(same, name)
		}
	}
	if len(same) == 1 {
		return fmt.Sprintf("; did you mean %q?", same[0])
	}
	if longer := longerNamed(clean, names); len(longer) == 1 {
		return fmt.Sprintf("; did you mean %q?", longer[0])
	}
	return ""
}

// longerNamed are the names, in the folder of clean and with its
// extension, whose stem is clean's and more words: for clean
// "loop/threat.md", "loop/threat-model.md" (a file named by its first
// word, many edits from it).
func longerNamed(clean string, names []string) []string {
	dir, ext := path.Dir(clean), path.Ext(clean)
	stem := strings.TrimSuffix(path.Base(clean), ext)
	if stem == "" {
		return nil
	}
	var out []string
	for _, name := range names {
		if path.Dir(name) != dir || path.Ext(name) != ext {
			continue
		}
		rest, ok := strings.CutPrefix(strings.TrimSuffix(path.Base(name), ext), stem)
		if ok && rest != "" && strings.ContainsRune("-_.", rune(rest[0])) {
			out = append(out, name)
		}
	}
	return out
}

// otherwiseNormalized is fragmentHint's hint for clean when one of names
// is the same name in another Unicode normalization (a file made on macOS,
// which stores é decomposed, named by a path typed composed): the two
// print alike, so both are also given as code points; "" for none. No
// edit distance finds it: each accented letter written decomposed is a
// letter and an accent, two edits off the one letter composed.
func otherwiseNormalized(clean string, names []string) string {
	if isASCII(clean) {
		return ""
	}
	key := norm.NFC.String(clean)
	for _, name := range names {
		if name != clean && norm.NFC.String(name) == key {
			return fmt.Sprintf("; did you mean %q? (%s)", name, CodePoints(clean, name))
		}
	}
	return ""
}

// byteSize says n bytes in the unit a person reads: "512 bytes", "4.0 MiB".
func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return Plural(n, "byte")
}

// discriminator returns which of keys obj has, and words it for a finding:
// the keys found, or, with none, a member that looks like a misspelling of
// one ("querry" for "query"), since such objects take other members too and
// no unknown-key finding points at it.
func discriminator(obj *ojson.Value, keys ...string) ([]string, string) {
	var found []string
	for _, k := range keys {
		if obj.Has(k) {
			found = append(found, k)
		}
	}
	if len(found) > 0 {
		return found, "found " + quoteList(found)
	}
	for _, m := range obj.Members {
		if near := nearestField(m.Key, keys); near != "" {
			return nil, fmt.Sprintf("found none; %s may be a misspelling of %q", quoteKey(m.Key), near)
		}
	}
	return nil, "found none"
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// MayNameFragments reports whether a declaration may name fragment files,
// which FragmentPaths parses it to find: it holds the key "fragment"
// written out, or an escape, with which a key spelled "fr\u0061gment" is
// "fragment" too.
func MayNameFragments(manifest []byte) bool {
	return bytes.Contains(manifest, []byte(`"fragment"`)) || bytes.IndexByte(manifest, '\\') >= 0
}

// FragmentPaths lists the fragment files a capability declaration names: the
// fragment.path of each step and contribution that has no inline text. The
// scanner reads exactly these; a declaration that does not parse names none.
// One read past its slips (mendDoc) names those of its mended text, which
// validation checks: a fragment left unread there was told to be no file
// in the folder (fragment-unreadable), on top of the slip.
func FragmentPaths(manifest []byte) []string {
	if !MayNameFragments(manifest) {
		return nil // most declarations have none: skip the parse
	}
	root, errs, mended := readMended(manifest, false)
	if !mended && slices.ContainsFunc(errs, ojson.Error.Fatal) {
		return nil
	}
	var out []string
	for _, list := range []string{"steps", "contributions"} {
		arr := root.Get(list)
		if arr == nil || arr.Kind != ojson.Array {
			continue
		}
		for i := range arr.Items {
			f := arr.Items[i].Get("fragment")
			if p := f.Get("path"); p.IsString() && p.Str != "" && !f.Get("inline").IsString() && !slices.Contains(out, p.Str) {
				out = append(out, p.Str)
			}
		}
	}
	return out
}

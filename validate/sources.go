package validate

import (
	"errors"
	"io"
)

// Errors a File may carry instead of data. The scanner sets them; the checks
// turn them into diagnostics only where the file matters, so an oversized
// asset nobody references costs nothing.
var (
	ErrTooLarge      = errors.New("file is larger than the 8 MiB limit")
	ErrNotRegular    = errors.New("not a regular file (FIFO, device or socket)")
	ErrEscapesRoot   = errors.New("resolves outside the repository root")
	ErrEscapesFolder = errors.New("resolves outside the capability folder")
	ErrIsDirectory   = errors.New("is a directory, not a file")
	// ErrLinkLoop is a symlink that leads back to itself, which no change
	// of anything else makes resolve; ErrDangling one whose target is not
	// there (wrapped with what resolving it said).
	ErrLinkLoop = errors.New("symlink loop: the link leads back to itself")
	ErrDangling = errors.New("dangling symlink")
)

// SchemaFileName is the name of gsd-core's central config schema. When
// nothing names a central config schema, the scan uses the one file of
// this name its walk meets (Sources.ConfigSchemaFrom is SchemaFromDiscovery).
const SchemaFileName = "config-schema.manifest.json"

// What chose the central config schema (Sources.ConfigSchemaFrom,
// MissingSchemaError.NamedBy).
const (
	SchemaFromRepoConfig = RepoConfigFile    // capreg.json's configSchema
	SchemaFromFlag       = "--config-schema" // the flag, which wins over capreg.json
	// SchemaFromDiscovery: nothing named one, so the scan looked for files
	// named SchemaFileName; ConfigSchema is the only one it met, or nil
	// for none or several (ConfigSchemaFound).
	SchemaFromDiscovery = "discovery"
)

// MissingSchemaError is the config schema's File.Err when nothing is at the
// path a configuration names, or a directory is. A schema that capreg.json
// names is reported there, at the value naming it.
type MissingSchemaError struct {
	Path    string // the path named
	NamedBy string // SchemaFromRepoConfig or SchemaFromFlag
	// Setting is what the message calls the setting that named it, as
	// its reader knows it ("ScanOptions.ConfigSchema" for a library
	// caller, who passed no flag); "" for NamedBy itself.
	Setting string
	Err     error // fs.ErrNotExist or ErrIsDirectory
}

func (e *MissingSchemaError) Error() string {
	by := e.NamedBy
	if e.Setting != "" {
		by = e.Setting
	}
	return "config schema " + e.Path + " (named by " + by + "): " + e.Err.Error()
}

func (e *MissingSchemaError) Unwrap() error { return e.Err }

// MaxFileSize is the largest input file capreg reads.
const MaxFileSize = 8 << 20

// ReadLimited reads r to its end, or fails with ErrTooLarge past
// MaxFileSize bytes, having read at most one byte more.
func ReadLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, ErrTooLarge
	}
	return data, nil
}

// ReadLimitedSize is ReadLimited for a reader expected to hold size bytes
// (a file just stat'ed): the buffer is made once, with room to see the end,
// where io.ReadAll grows one from 512 bytes, which was most of what a scan
// allocated for the files it read. A reader holding more or less than size
// bytes reads as with ReadLimited.
func ReadLimitedSize(r io.Reader, size int64) ([]byte, error) {
	if size < 0 || size > MaxFileSize {
		return ReadLimited(r)
	}
	lr := io.LimitReader(r, MaxFileSize+1)
	b := make([]byte, 0, size+1)
	for {
		n, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(b) == cap(b) { // more than size: grow as io.ReadAll does
			b = append(b, 0)[:len(b)]
		}
	}
	if len(b) > MaxFileSize {
		return nil, ErrTooLarge
	}
	return b, nil
}

// File is one input file, read whole, or the reason it was not. Its Data
// must not change once validated: a tool card's and a capability.json's
// strings are its bytes (ojson.ParseShared), in the Result and in a Cache.
type File struct {
	Path string // repository-relative, slash-separated
	Data []byte
	Err  error // nil when Data holds the content
}

// Sources is everything validation needs, already read from disk. Validation
// is a pure function of it: it never touches the file system, so the CLI, the
// daemon and tests with in-memory repositories all run the same checks.
type Sources struct {
	// CapabilitiesDir is the repository-relative folder holding one
	// sub-folder per capability ("capabilities" unless capreg.json moves it).
	CapabilitiesDir string
	// Capabilities holds one entry per sub-folder that has a capability.json,
	// sorted by folder name in JavaScript's default (UTF-16) order.
	Capabilities []CapabilitySource
	// Workflows are the markdown files that may hold a loop-host marker,
	// sorted by path.
	Workflows []File
	// ConfigSchema is the central config schema, when one is named or
	// found (ConfigSchemaFrom says which).
	ConfigSchema *File
	// ConfigSchemaFrom says what chose ConfigSchema: SchemaFromRepoConfig,
	// SchemaFromFlag, or SchemaFromDiscovery; "" when capreg.json's
	// "configSchema": "" asks for none.
	ConfigSchemaFrom string
	// ConfigSchemaFound are the files named SchemaFileName the walk met,
	// sorted, each file once (under its first name), whether or not
	// discovery is in force: a proposed capreg.json may turn it on.
	ConfigSchemaFound []string
	// ConfigSchemaSetting is what a finding that asks for a central config
	// schema to be named (config-schema-ambiguous) calls the caller's
	// setting that names one, as its user knows it: a flag, passed ("" is
	// SchemaFromFlag, the CLI's), or another setting, set
	// ("ScanOptions.ConfigSchema" for a library caller, who has no flag).
	ConfigSchemaSetting string
	// StrayDeclarations are the files the walk met that look like
	// capability declarations but are not read as one (StrayKind), sorted,
	// each file once: validation warns about them (capability-misplaced)
	// where no capability.json beside them is read. An editor's copy of
	// one (EditorLeftover) beside a capability.json is not among them.
	StrayDeclarations []string
	// OwnRepositories are the folders below the root the walk did not
	// read for being git repositories of their own (a linked worktree, a
	// clone inside; not a submodule), and the links it met leading to
	// one (git-sync's current), sorted: POST /validate reads no change
	// under them either, and a repository holding nothing else is told
	// to give --repo one of them.
	OwnRepositories []string
	// SkippedDirs are the folders (and links to folders) below the root
	// the walk met and did not read for their name (node_modules, vendor,
	// venv, .venv; not .git), sorted: a finding that a step is declared by
	// no host workflow names them, as a workflow moved into one is not
	// read. Only their names: the walk lists nothing inside them.
	SkippedDirs []string
	// Vanished are the input files, and the folders where inputs may
	// live, that the walk listed and found gone when it opened them
	// (deleted or moved while it ran), and the manifest of a capability
	// folder it listed without one that is there when it is done (Git or
	// an editor rewrote it beside the scan), sorted: such a scan read part
	// of a change, and says so with an error (file-unreadable; for a fragment,
	// fragment-unreadable where its declaration names it), so a daemon
	// scans again at once rather than report that failure. A folder of no
	// inputs gone so is a warning that fails nothing, and is not among
	// them, nor is a capability folder's markdown no declaration names
	// (reported nowhere): a build failing for another reason is not
	// scanned again for them.
	Vanished []string
	// MisnamedCards are the files in the card roots the walk met that look
	// like tool cards but are not read as one (MisnamedCard), sorted, each
	// file once: validation warns about them (card-misnamed) where no card
	// of the name meant is read.
	MisnamedCards []string
	// Unread are the files Scan's walk met whose name makes them an input
	// but which it did not read for their place: tool cards outside
	// CardRoots, and capability.json files outside the capabilities folder
	// but those StrayDeclarations holds (and those in Packages), sorted, at
	// most 100; UnreadMore counts the others. capreg check notes them on
	// stderr; validation does not warn, as a card or a capability.json
	// outside the roots may be a fixture (the reference's tool index reads
	// every card; CONTRACT §1 lets capreg.json narrow it).
	Unread     []string
	UnreadMore int
	// LinkTexts are the files directly in the capabilities folder whose
	// name has no dot, read when at most MaxLinkText bytes (LinkTextName),
	// sorted by path: where Git checks a link to a capability folder out
	// as a file (core.symlinks false), that file holds the link's text and
	// the capability is not read, so validation warns (capability-misplaced).
	LinkTexts []File
	// Packages are the folders below the root the walk met a capreg.json
	// in, sorted: repositories of their own (a monorepo's packages), whose
	// declarations a check of the root does not read.
	Packages []string
	// ConfigSchemaRefused says that a central config schema was named but
	// not read, because its path leaves the repository (a path-escape
	// finding in Diagnostics says so); ConfigSchema is then nil.
	ConfigSchemaRefused bool
	// Cards are the tool cards, sorted by path.
	Cards []CardSource
	// Diagnostics are findings made while reading (escaping links, oversized
	// or unreadable inputs).
	Diagnostics Diagnostics
	// RepoConfig is capreg.json as read, when there is one: findings about
	// the paths it names are placed at the values naming them.
	RepoConfig *File
	// WorkflowRoots and CardRoots are where the scanner looked for workflows
	// and cards (capreg.json's "workflows" and "cards"); nil means the whole
	// repository. A proposed change (store.Overlay) honours them too.
	WorkflowRoots, CardRoots []string
}

// CapabilitySource is one capability folder.
type CapabilitySource struct {
	Folder   string // folder name, which must equal the id
	Manifest File   // <dir>/<folder>/capability.json
	// Files are the other regular files under the folder, keyed by their
	// slash-separated path relative to the folder; fragments resolve here.
	Files map[string]File
	// Nearby are names of files the scan did not read, listed where a
	// fragment.path names no file: those of the folder the path names and
	// of the capability folder, by their path relative to the latter,
	// sorted, at most MaxNearby. A did-you-mean picks from them.
	Nearby []string
}

// MaxNearby is how many names CapabilitySource.Nearby holds at most: a
// folder may hold thousands of assets.
const MaxNearby = 256

// CardSource is one tool card and whether its tool exists beside it.
type CardSource struct {
	File
	ToolPath   string // the card path without ".card.json"
	ToolExists bool
	// ToolLeaves is set where the tool is a symlink that resolves outside
	// the repository, which the scan does not follow (its path-escape
	// warning says so): there is something under the tool's name, and
	// the card is no orphan for want of one.
	ToolLeaves bool
	// Siblings are names of files beside the card (in its folder), listed
	// by the scan where its tool is missing (ToolExists and ToolLeaves
	// unset): those a SiblingList wants, sorted, at most MaxSiblings.
	// Nothing of them is read. card-orphan's did-you-mean picks from them.
	Siblings []string
	// Loose are the files beside such a card that may be its tool
	// renamed, where the scan lists Siblings: those a SiblingList takes
	// as loose (WantsLoose: named as a tool may be, and described by no
	// card of the repository), sorted; nil when none, or when more than
	// MaxLoose are, which says nothing of which was the tool.
	Loose []string
	// CommandPath is the repository path the card's command names by its
	// first word (CardCommandPath of the card's bytes), "" for none (a
	// bare word, a program on PATH). The scan sets it, and whether a file
	// is there (CommandFound: a file or a link to one, or a link leaving
	// the repository, which is not followed), and, when none is, the names
	// of the files of its folder (CommandNearby: repository paths, sorted,
	// at most MaxNearby), for a did-you-mean: validation reads no disk.
	// card-command-missing is judged only where CommandPath is the path
	// the card's command names: sources that do not say are not warned of.
	CommandPath   string
	CommandFound  bool
	CommandNearby []string
	// CommandNotExecutable says that the file CommandPath names, found
	// there (CommandFound), is a regular file with no execute bit, as the
	// scan read its mode: tool-not-executable warns of it. It is false
	// where the mode is not known: on Windows, whose file systems keep no
	// execute bit; for a link leaving the repository, which is not
	// followed; for a file that a body of POST /validate writes, which
	// carries no mode.
	CommandNotExecutable bool
}

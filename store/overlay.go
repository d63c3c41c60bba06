package store

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/capreg/capreg/validate"
)

// ErrBadPath is returned by Overlay for a path that is absolute or leaves the
// repository.
var ErrBadPath = errors.New("path must be relative and stay inside the repository")

// Overlay returns a copy of src with files added or replaced and paths
// deleted, as if the change had been made on disk. It lets a client validate
// a proposed change against the served repository without writing anything.
// Paths are repository-relative and slash-separated.
func Overlay(src *validate.Sources, files map[string][]byte, deleted []string) (*validate.Sources, error) {
	out := *src
	out.Capabilities = slices.Clone(src.Capabilities)
	for i := range out.Capabilities {
		c := &out.Capabilities[i]
		files := make(map[string]validate.File, len(c.Files))
		for k, v := range c.Files {
			files[k] = v
		}
		c.Files = files
	}
	out.Workflows = slices.Clone(src.Workflows)
	out.Cards = slices.Clone(src.Cards)
	for _, p := range deleted {
		clean, err := cleanRel(p)
		if err != nil {
			return nil, err
		}
		overlayDelete(&out, clean)
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		clean, err := cleanRel(p)
		if err != nil {
			return nil, err
		}
		overlayPut(&out, clean, files[p], files)
	}
	// As the scanner does, a folder without a capability.json is no capability.
	out.Capabilities = slices.DeleteFunc(out.Capabilities, func(c validate.CapabilitySource) bool { return c.Manifest.Path == "" })
	slices.SortFunc(out.Capabilities, func(a, b validate.CapabilitySource) int { return compareUTF16(a.Folder, b.Folder) })
	slices.SortFunc(out.Workflows, func(a, b validate.File) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(out.Cards, func(a, b validate.CardSource) int { return strings.Compare(a.Path, b.Path) })
	return &out, nil
}

func cleanRel(p string) (string, error) {
	clean := path.Clean(p)
	if p == "" || path.IsAbs(clean) || clean == "." || clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%q: %w", p, ErrBadPath)
	}
	return clean, nil
}

// capabilitySlot splits a path under the capabilities folder into the folder
// and the path inside it.
func capabilitySlot(src *validate.Sources, p string) (folder, inner string, ok bool) {
	dir := src.CapabilitiesDir
	rest := p
	if dir != "." {
		var found bool
		if rest, found = strings.CutPrefix(p, dir+"/"); !found {
			return "", "", false
		}
	}
	return strings.Cut(rest, "/")
}

func overlayDelete(src *validate.Sources, p string) {
	if folder, inner, ok := capabilitySlot(src, p); ok {
		for i := range src.Capabilities {
			c := &src.Capabilities[i]
			if c.Folder != folder {
				continue
			}
			if inner == "capability.json" {
				c.Manifest = validate.File{}
			}
			delete(c.Files, inner)
		}
	}
	src.Workflows = slices.DeleteFunc(src.Workflows, func(f validate.File) bool { return f.Path == p })
	src.Cards = slices.DeleteFunc(src.Cards, func(c validate.CardSource) bool { return c.Path == p })
	for i := range src.Cards {
		if src.Cards[i].ToolPath == p {
			src.Cards[i].ToolExists = false
		}
	}
	if src.ConfigSchema != nil && src.ConfigSchema.Path == p {
		src.ConfigSchema = nil
	}
}

func overlayPut(src *validate.Sources, p string, data []byte, all map[string][]byte) {
	f := validate.File{Path: p, Data: data}
	if folder, inner, ok := capabilitySlot(src, p); ok {
		i := slices.IndexFunc(src.Capabilities, func(c validate.CapabilitySource) bool { return c.Folder == folder })
		if i < 0 {
			src.Capabilities = append(src.Capabilities, validate.CapabilitySource{Folder: folder, Files: map[string]validate.File{}})
			i = len(src.Capabilities) - 1
		}
		if inner == "capability.json" {
			src.Capabilities[i].Manifest = f
		} else {
			src.Capabilities[i].Files[inner] = f
		}
	}
	switch {
	case strings.HasSuffix(p, ".card.json") && inRoots(p, src.CardRoots):
		tool := strings.TrimSuffix(p, ".card.json")
		_, exists := all[tool]
		if j := slices.IndexFunc(src.Cards, func(c validate.CardSource) bool { return c.Path == p }); j >= 0 {
			src.Cards[j].File = f
		} else {
			src.Cards = append(src.Cards, validate.CardSource{File: f, ToolPath: tool, ToolExists: exists})
		}
	case strings.HasSuffix(p, ".md") && inRoots(p, src.WorkflowRoots):
		j := slices.IndexFunc(src.Workflows, func(w validate.File) bool { return w.Path == p })
		switch {
		case j >= 0:
			src.Workflows[j] = f
		case validate.MayHoldMarker(data):
			src.Workflows = append(src.Workflows, f)
		}
	}
	for i := range src.Cards {
		if src.Cards[i].ToolPath == p {
			src.Cards[i].ToolExists = true
		}
	}
	if src.ConfigSchema != nil && src.ConfigSchema.Path == p {
		src.ConfigSchema = &f
	}
}

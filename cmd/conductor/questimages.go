package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// CheckQuestImages resolves the section images of q, a quest read from the file
// at path, through any symbolic links, and reports each one that leads
// outside the quest's folder (quest.Parse can only check the path as written; the files are I/O, so
// this lives with the command that validates quest files, not in core).
// Call it before anything draws the images. An image that does not exist is
// not drawn and not reported; a link that points nowhere is reported, since
// what it will point at is not known.
func CheckQuestImages(path string, q *quest.Quest) quest.Problems {
	dir, err := filepath.EvalSymlinks(filepath.Dir(path))
	if err != nil {
		dir = filepath.Dir(path)
	}
	dir, _ = filepath.Abs(dir)
	lines := quest.IndexLines(q.Source)
	var ps quest.Problems
	for i, s := range q.Sections {
		if s.Image == "" || quest.IsDataURI(s.Image) {
			continue // a picture kept in the quest file: Parse checked it
		}
		if !inside(dir, filepath.Join(dir, filepath.FromSlash(s.Image))) {
			ps = append(ps, quest.Problem{File: path, Line: lines.Table("sections", i), ID: "quest.image_outside", Args: map[string]any{"Path": s.Image}})
		}
	}
	return ps
}

// inside says whether target, once its links are resolved, is in dir.
func inside(dir, target string) bool {
	resolved, err := filepath.EvalSymlinks(target)
	if err != nil {
		if info, lerr := os.Lstat(target); lerr == nil && info.Mode()&os.ModeSymlink != 0 {
			return false // a dangling link
		}
		// Not there (yet): resolve the folders on its way that are.
		resolved = target
		for parent, rest := filepath.Dir(target), filepath.Base(target); parent != filepath.Dir(parent); {
			if r, err := filepath.EvalSymlinks(parent); err == nil {
				resolved = filepath.Join(r, rest)
				break
			}
			parent, rest = filepath.Dir(parent), filepath.Join(filepath.Base(parent), rest)
		}
	}
	resolved, _ = filepath.Abs(resolved)
	rel, err := filepath.Rel(dir, resolved)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

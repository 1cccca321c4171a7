package translations

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// A game module's message files live in its own folder, not here: a small
// package there embeds them and registers them from its init function,
//
//	//go:embed *.toml
//	var files embed.FS
//
//	func init() { translations.Register("ui/dragoncanyon/messages", files) }
//
// and the module's ui package imports it (blank), so whatever plays the
// game (the app, the command line, a test importing it) speaks its
// messages. They join the shipped files when a message is first rendered.

// module is one module's registered message files.
type module struct {
	dir   string // where they live in the repository, for translators
	fsys  fs.FS
	names []string // its NAME.TAG.toml files
}

// registry holds the registered modules; sealed once the messages were
// first used (a module registering later would be missed).
var registry struct {
	sync.Mutex
	modules []module
	sealed  bool
}

// Register adds a module's message files: fsys holds them flat, each named
// NAME.TAG.toml (its English one NAME.en.toml), and dir is the folder they
// live in in the repository ("ui/dragoncanyon/messages"), where a
// translator's new language's file for them goes (ModuleDir). Call it from
// an init function: it panics after the messages were first used, and on a
// file name or NAME the shipped files or another module has already — both
// build defects, which any test rendering a message shows.
func Register(dir string, fsys fs.FS) {
	names, err := fs.Glob(fsys, "*.toml")
	if err != nil || len(names) == 0 {
		panic(fmt.Sprintf("translations: Register(%q): no message files (%v)", dir, err))
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.sealed {
		panic(fmt.Sprintf("translations: Register(%q) after the messages were first used: register from an init function", dir))
	}
	for _, n := range names {
		if strings.Count(n, ".") != 2 {
			panic(fmt.Sprintf("translations: %s/%s is not named NAME.TAG.toml", dir, n))
		}
		if owner := owner(n); owner != "" && owner != dir {
			panic(fmt.Sprintf("translations: %s/%s: %s has message files named %s.*.toml already", dir, n, owner, fileName(n)))
		}
		for _, m := range registry.modules {
			if slices.Contains(m.names, n) {
				panic(fmt.Sprintf("translations: %s/%s: %s has a file by that name already", dir, n, m.dir))
			}
		}
	}
	registry.modules = append(registry.modules, module{dir, fsys, names})
}

// fileName is the NAME of a NAME.TAG.toml.
func fileName(file string) string {
	name, _, _ := strings.Cut(file, ".")
	return name
}

// owner is the folder whose message files are named as file is, whatever
// its language: "translations" for the shipped files, a registered
// module's dir, or "". The caller holds the registry.
func owner(file string) string {
	name := fileName(file)
	if shippedNames, _ := fs.Glob(shipped, name+".*.toml"); len(shippedNames) > 0 {
		return "translations"
	}
	for _, m := range registry.modules {
		if slices.ContainsFunc(m.names, func(n string) bool { return fileName(n) == name }) {
			return m.dir
		}
	}
	return ""
}

// ModuleDir is the folder in the repository that a registered module's
// message file named as file is (NAME.TAG.toml, any TAG: a new language's
// too) lives in, or "" for the app's own files (translations/).
func ModuleDir(file string) string {
	registry.Lock()
	defer registry.Unlock()
	if dir := owner(file); dir != "translations" {
		return dir
	}
	return ""
}

// registered are the registered modules, sealed: none can join them after.
func registered() []module {
	registry.Lock()
	defer registry.Unlock()
	registry.sealed = true
	return registry.modules
}

// withModules is fsys (the shipped files, or a test's) and the registered
// modules' files, as one flat folder.
func withModules(fsys fs.FS) fs.FS {
	l := layered{fsys}
	for _, m := range registered() {
		l = append(l, m.fsys)
	}
	return l
}

// layered is flat folders of message files seen as one: a name is the
// first folder's that holds it.
type layered []fs.FS

func (l layered) Open(name string) (fs.File, error) {
	for _, fsys := range l {
		f, err := fsys.Open(name)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// ReadDir lists every folder's entries, by name (fs.Glob uses it).
func (l layered) ReadDir(name string) ([]fs.DirEntry, error) {
	var out []fs.DirEntry
	seen := map[string]bool{}
	found := false
	for _, fsys := range l {
		entries, err := fs.ReadDir(fsys, name)
		if err != nil {
			continue
		}
		found = true
		for _, e := range entries {
			if !seen[e.Name()] {
				seen[e.Name()] = true
				out = append(out, e)
			}
		}
	}
	if !found {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

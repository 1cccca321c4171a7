package share

import (
	"net/http"
	"slices"
	"strings"
	"sync"
)

// Part is a module's part of the players' page: how the views of its games
// are drawn. The frame (this package) knows none: each game's ui package
// registers its own (RegisterPart), and the page loads the part of the
// module the newest view names.
type Part struct {
	// Module is the module's name, as its views carry it.
	Module string
	// Script is the part's JavaScript, served at /static/parts/<Module>.js.
	// The page runs it once a view of the module comes; it registers the
	// part's drawing with ConductorPage.register(Module, {render, resize})
	// (see web/static/app.js for what the frame gives it).
	Script []byte
	// Style is the part's CSS, served at /static/parts/<Module>.css and
	// loaded with the script.
	Style []byte
	// Messages are the prefixes of the message ids the part renders: every
	// message whose id starts with one is in the page, in its language,
	// unrendered ("{Name}" marks an argument the part fills in).
	Messages []string
}

var (
	partsMu sync.RWMutex
	parts   = map[string]Part{}
)

// RegisterPart makes p the page part of p.Module's views; registering a
// module again replaces its part. A part without a module or a script is
// a build defect: it panics.
func RegisterPart(p Part) {
	if p.Module == "" || len(p.Script) == 0 {
		panic("share: a page part needs a module and a script")
	}
	p.Messages = slices.Clone(p.Messages)
	partsMu.Lock()
	parts[p.Module] = p
	partsMu.Unlock()
	messageSets.Clear() // the page's messages change with the parts
}

// Parts are the registered page parts, by module name.
func Parts() []Part {
	partsMu.RLock()
	defer partsMu.RUnlock()
	out := make([]Part, 0, len(parts))
	for _, p := range parts {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Part) int { return strings.Compare(a.Module, b.Module) })
	return out
}

// partMessages are the message prefixes of every registered part.
func partMessages() []string {
	var out []string
	for _, p := range Parts() {
		out = append(out, p.Messages...)
	}
	return out
}

// servePart is GET /static/parts/{file}: a part's script (<module>.js) or
// styles (<module>.css). They hold no game data: anyone may fetch them, as
// the page's own static files.
func (s *Server) servePart(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	kinds := []struct{ ext, ctype string }{{".js", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"}}
	for _, k := range kinds {
		module, ok := strings.CutSuffix(file, k.ext)
		if !ok {
			continue
		}
		partsMu.RLock()
		p, found := parts[module]
		partsMu.RUnlock()
		body := p.Style
		if k.ext == ".js" {
			body = p.Script
		}
		if !found || body == nil {
			break
		}
		w.Header().Set("Content-Type", k.ctype)
		_, _ = w.Write(body)
		return
	}
	http.NotFound(w, r)
}

package share

import (
	"maps"
	"net/http"
	"sync"
)

// File is a file the players' view names (a revealed section's
// picture), served at /images/<name> to a device that is in.
type File struct {
	Type string // "image/png" or "image/jpeg"; nothing else is served
	Data []byte
}

// servedTypes are the only content types a file may be served as: a
// picture, never a page or a script that would run in the page's origin.
var servedTypes = map[string]bool{"image/png": true, "image/jpeg": true}

// files holds the files the newest view names.
type files struct {
	mu    sync.RWMutex
	named map[string]File
}

// SetFiles makes files the ones the page may fetch, replacing the earlier
// set: a name no longer given is no longer served. The shell gives the
// files the newest view names, and nothing else. It never waits for a
// device; the map is copied, the bytes are not (they must not change).
func (s *Server) SetFiles(named map[string]File) {
	s.files.mu.Lock()
	defer s.files.mu.Unlock()
	s.files.named = maps.Clone(named)
}

// serveFile is GET /images/{name}: a file of the newest view, to a device
// that is in. Like game data it is never kept: after an undo hides a
// section again, its picture is in no device's cache.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.device(r); !ok {
		http.Error(w, http.StatusText(http.StatusUnauthorized), http.StatusUnauthorized)
		return
	}
	s.files.mu.RLock()
	f, ok := s.files.named[r.PathValue("name")]
	s.files.mu.RUnlock()
	if !ok || !servedTypes[f.Type] {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", f.Type)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(f.Data)
}

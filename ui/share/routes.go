package share

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// routes are the page's only routes; anything else is 404, another method
// 405. None changes any game.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.servePage)
	mux.HandleFunc("POST /pin", s.servePIN)
	mux.HandleFunc("GET /state", s.serveState)
	mux.HandleFunc("GET /events", s.serveEvents)
	mux.Handle("GET /static/", staticHandler(staticFiles()))
	return guard(mux)
}

// serveState is GET /state: the newest view with its module and version.
func (s *Server) serveState(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.device(r); !ok {
		http.Error(w, http.StatusText(http.StatusUnauthorized), http.StatusUnauthorized)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(s.state.current().state)
}

// staticHandler serves the page's embedded files, never a folder listing.
func staticHandler(files fs.FS) http.Handler {
	server := http.StripPrefix("/static/", http.FileServerFS(files))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/static/")
		if info, err := fs.Stat(files, name); err != nil || info.IsDir() || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		server.ServeHTTP(w, r)
	})
}

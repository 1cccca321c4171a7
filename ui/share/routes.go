package share

import (
	"io/fs"
	"net"
	"net/http"
	"path"
	"strings"
)

// routes are the page's only routes; anything else is 404, another method
// 405. Only POST /intent may change a game: through the laptop, for the
// seat the device holds.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.servePage)
	mux.HandleFunc("POST /pin", s.servePIN)
	mux.HandleFunc("GET /state", s.serveState)
	mux.HandleFunc("GET /events", s.serveEvents)
	mux.HandleFunc("GET /seats", s.serveSeats)
	mux.HandleFunc("POST /seat", s.serveSeat)
	mux.HandleFunc("POST /intent", s.serveIntent)
	mux.HandleFunc("GET /intent/{id}", s.serveIntentStatus)
	mux.HandleFunc("GET /images/{name}", s.serveFile)
	mux.HandleFunc("GET /static/parts/{file}", s.servePart)
	mux.Handle("GET /static/", staticHandler(staticFiles()))
	return guard(s.onlyOurHost(mux))
}

// onlyOurHost answers only requests that name the sharing's own address
// (or the host it was started with): a web page elsewhere that points its
// own name at this address (DNS rebinding) gets nothing, not even the PIN
// form. 421 Misdirected Request.
func (s *Server) onlyOurHost(next http.Handler) http.Handler {
	_, port, _ := net.SplitHostPort(s.ln.Addr().String())
	host, _, _ := net.SplitHostPort(s.cfg.Addr)
	ours := map[string]bool{strings.ToLower(s.ln.Addr().String()): true, strings.ToLower(net.JoinHostPort(host, port)): true}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ours[strings.ToLower(r.Host)] {
			http.Error(w, http.StatusText(http.StatusMisdirectedRequest), http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
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

package share

import (
	"io"
	"log"
	"net/http"
	"strings"
	"time"
)

// contentSecurityPolicy lets the page load only its own files: no inline
// script or style, no frame, no form sent elsewhere.
const contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

// guard sets the headers every response carries, bounds each response's
// writing in time and each request's body in size, then serves.
func guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if strings.HasPrefix(r.URL.Path, "/static/") {
			h.Set("Cache-Control", "no-cache") // no game data: may be kept, checked again each time
		} else {
			h.Set("Cache-Control", "no-store")
		}
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(writeTimeout))
		if headerBytes(r) > maxHeaderBytes {
			w.Header().Set("Connection", "close")
			http.Error(w, http.StatusText(http.StatusRequestHeaderFieldsTooLarge), http.StatusRequestHeaderFieldsTooLarge)
			return
		}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
		}
		next.ServeHTTP(w, r)
	})
}

// headerBytes is about how many bytes the request's line and headers took
// on the wire.
func headerBytes(r *http.Request) int {
	n := len(r.Method) + len(r.RequestURI) + len(r.Proto) + 4
	n += len("Host: ") + len(r.Host) + 2
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	return n
}

// quietLog drops the server's own log lines (a device gone mid-request):
// nothing of the sharing is written anywhere.
func quietLog() *log.Logger { return log.New(io.Discard, "", 0) }

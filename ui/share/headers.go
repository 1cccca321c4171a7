package share

import (
	"bytes"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"time"
)

// contentSecurityPolicy lets the page load only its own files: no inline
// script or style, no frame, no form sent elsewhere.
const contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

// safetyHeaders are on every answer, the server's own error answers too
// (see headeredConn).
var safetyHeaders = [][2]string{
	{"Content-Security-Policy", contentSecurityPolicy},
	{"X-Frame-Options", "DENY"},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
}

// guard sets the headers every response carries, bounds each response's
// writing in time and each request's body in size, then serves.
func guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range safetyHeaders {
			h.Set(kv[0], kv[1])
		}
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

// goErrorHeaders is what net/http's server writes right after the status
// line of the answers it gives without a handler (a header block over
// MaxHeaderBytes, a request it cannot parse): no handler can add headers
// to those, so the connection does.
const goErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// headeredListener hands out connections that add the safety headers to
// the server's own error answers.
type headeredListener struct{ net.Listener }

func (l headeredListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return headeredConn{c}, nil
}

// headeredConn adds the safety headers to a write that is a whole answer
// of net/http's own: its status line followed by goErrorHeaders (a
// handler's answer never is: its headers come sorted, the safety headers
// first).
type headeredConn struct{ net.Conn }

func (c headeredConn) Write(p []byte) (int, error) {
	line, rest, ok := bytes.Cut(p, []byte("\r\n"))
	if !ok || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) || !bytes.HasPrefix(rest, []byte(goErrorHeaders[2:])) {
		return c.Conn.Write(p)
	}
	var b bytes.Buffer
	b.Write(line)
	for _, kv := range safetyHeaders {
		b.WriteString("\r\n" + kv[0] + ": " + kv[1])
	}
	b.WriteString("\r\nCache-Control: no-store\r\n")
	b.Write(rest)
	if _, err := c.Conn.Write(b.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// CloseWrite lets the server end its side of an error answer (a FIN, so
// the device reads the answer before the connection closes).
func (c headeredConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

package share_test

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// The files the view names are served to a device that is in, as
// pictures only, and only while they are given: a name dropped, an unknown
// name or a type that is not a picture gets nothing.
func TestFilesServedToDevicesOnly(t *testing.T) {
	s := sharetest.Start(t, share.Config{})
	png := []byte("\x89PNG\r\n\x1a\n pretend")
	s.SetFiles(map[string]share.File{
		"a1.png":   {Type: "image/png", Data: png},
		"page.htm": {Type: "text/html", Data: []byte("<script>alert(1)</script>")},
	})
	in := login(t, s)
	for _, tc := range []struct {
		name   string
		cookie bool
		status int
	}{
		{"a1.png", true, http.StatusOK},
		{"a1.png", false, http.StatusUnauthorized},
		{"page.htm", true, http.StatusNotFound}, // never served as a page
		{"b2.png", true, http.StatusNotFound},
		{"..%2fstate", true, http.StatusNotFound},
	} {
		var cookies []*http.Cookie
		if tc.cookie {
			cookies = append(cookies, in)
		}
		resp, body := sharetest.Request(t, http.MethodGet, s.URL()+"images/"+tc.name, nil, cookies...)
		if resp.StatusCode != tc.status {
			t.Errorf("%s (cookie %v): %s, want %d", tc.name, tc.cookie, resp.Status, tc.status)
			continue
		}
		if tc.status != http.StatusOK {
			continue
		}
		// no-store, like game data: a picture hidden again by an undo is
		// in no device's cache.
		if !bytes.Equal(body, png) || resp.Header.Get("Content-Type") != "image/png" || resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %q %v", tc.name, body, resp.Header)
		}
	}
	s.SetFiles(nil)
	if resp, _ := sharetest.Request(t, http.MethodGet, s.URL()+"images/a1.png", nil, in); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a file no longer given: %s", resp.Status)
	}
}

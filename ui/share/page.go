package share

import (
	"bytes"
	"errors"
	"maps"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dunconductor/conductor/translations"
)

// PageData is what web/page.html is executed with.
type PageData struct {
	Lang string
	// Messages are every message whose id starts with "share.page.",
	// rendered in Lang without arguments, the rulings', and the messages
	// of every registered part (Part.Messages), unrendered, by id.
	Messages map[string]string
	// Authed: the device is in (else the page shows the PIN form).
	Authed bool
	// Error is a message already translated: a wrong PIN, a lock-out, too
	// many devices, a sharing that ended.
	Error string
	// Module is the module of the newest view ("" before any).
	Module string
	// Others are the app's other languages, each a link under its own
	// name: every language the app has files for, none named in code.
	Others []translations.Language
}

const (
	langCookie     = "lang"
	pageMessageIDs = "share.page."
)

// servePage is GET /: the page, with the PIN form until the device is in.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	lang := s.language(w, r)
	_, authed := s.device(r)
	msg := ""
	if c, err := r.Cookie(deviceCookie); err == nil && c.Value != "" && !authed {
		msg = translations.New(lang).T("share.pin.ended", nil) // a token of an earlier sharing
	}
	s.renderPage(w, http.StatusOK, lang, authed, msg)
}

// servePIN is POST /pin: the PIN given once; right, the device's token.
func (s *Server) servePIN(w http.ResponseWriter, r *http.Request) {
	lang := s.language(w, r)
	tr := translations.New(lang)
	if err := r.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.renderPage(w, http.StatusRequestEntityTooLarge, lang, false, tr.T("share.request.too_large", nil))
			return
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			// Sent too slowly: the answer gets a time of its own.
			_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(writeTimeout))
			w.Header().Set("Connection", "close")
			s.renderPage(w, http.StatusRequestTimeout, lang, false, tr.T("share.request.slow", nil))
			return
		}
		s.renderPage(w, http.StatusBadRequest, lang, false, tr.T("share.request.bad", nil))
		return
	}
	held, _ := s.device(r)
	result, token, left, wait := s.access.tryPIN(remoteIP(r), strings.TrimSpace(r.PostForm.Get("pin")), held)
	switch result {
	case pinRight:
		setDevice(w, token)
		http.Redirect(w, r, "/", http.StatusSeeOther)
	case pinWrong:
		s.renderPage(w, http.StatusUnauthorized, lang, false, tr.T("share.pin.wrong", map[string]any{"Count": left}))
	case pinMalformed:
		s.renderPage(w, http.StatusUnauthorized, lang, false, tr.T("share.pin.format", nil))
	case pinLocked:
		s.renderPage(w, http.StatusTooManyRequests, lang, false, tr.T("share.pin.locked", nil))
	case pinBusy:
		secs := int((wait + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		s.renderPage(w, http.StatusTooManyRequests, lang, false, tr.T("share.pin.busy", map[string]any{"Count": secs}))
	case pinFull:
		s.renderPage(w, http.StatusServiceUnavailable, lang, false, tr.T("share.pin.full", map[string]any{"Count": s.cfg.MaxDevices}))
	}
}

// renderPage executes the page into a buffer first: a failure sends no
// half page.
func (s *Server) renderPage(w http.ResponseWriter, status int, lang string, authed bool, errText string) {
	tmpl, err := pageTemplate()
	var b bytes.Buffer
	if err == nil {
		data := PageData{Lang: lang, Messages: pageMessages(lang), Authed: authed, Error: errText, Module: s.state.current().module}
		for _, l := range translations.Languages {
			if l.Tag != lang {
				data.Others = append(data.Others, l)
			}
		}
		err = tmpl.Execute(&b, data)
	}
	if err != nil {
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// language is the page's language: ?lang= (kept in a cookie), else the
// cookie, else the best of Accept-Language we speak, else the default.
func (s *Server) language(w http.ResponseWriter, r *http.Request) string {
	if l := r.URL.Query().Get("lang"); translations.Known(l) {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: l, Path: "/", MaxAge: int(365 * 24 * time.Hour / time.Second), HttpOnly: true, SameSite: http.SameSiteStrictMode})
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil && translations.Known(c.Value) {
		return c.Value
	}
	return acceptLanguage(r.Header.Get("Accept-Language"))
}

// acceptLanguage is the language of an Accept-Language header we speak
// with the highest weight (the first of equals), or the default.
func acceptLanguage(header string) string {
	best, bestQ := translations.Default, 0.0
	for part := range strings.SplitSeq(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = f
		}
		base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		if translations.Known(base) && q > bestQ {
			best, bestQ = base, q
		}
	}
	return best
}

// pageMessages are the page's messages in lang, made once per language.
func pageMessages(lang string) map[string]string {
	once, _ := messageSets.LoadOrStore(lang, sync.OnceValue(func() map[string]string {
		ids, err := translations.IDs(lang)
		m := map[string]string{}
		if err != nil {
			return m
		}
		keys := make([]string, 0, len(ids))
		for id := range ids {
			if strings.HasPrefix(id, pageMessageIDs) || isRuling(id) {
				keys = append(keys, id)
			}
		}
		sort.Strings(keys)
		tr := translations.New(lang)
		for _, id := range keys {
			m[id] = tr.T(id, nil)
		}
		// The parts' messages, unrendered: each part fills in their
		// arguments itself.
		if prefixes := partMessages(); len(prefixes) > 0 {
			if more, err := translations.Templates(lang, prefixes...); err == nil {
				maps.Copy(m, more)
			}
		}
		return m
	}))
	return once.(func() map[string]string)()
}

var messageSets sync.Map // lang → func() map[string]string

// isRuling says whether id is a ruling's title or text (ruling.<id>.title,
// .text): public texts in our own words, with no arguments, which the page
// shows as the Conductor's rulings window does.
func isRuling(id string) bool {
	rest, ok := strings.CutPrefix(id, "ruling.")
	return ok && !strings.HasPrefix(rest, "topic.") && (strings.HasSuffix(rest, ".title") || strings.HasSuffix(rest, ".text"))
}

package share

import (
	"net/http"
	"time"
)

// Handler is the server's handler, for tests that call it with requests of
// their own making (a remote address of their choosing).
func (s *Server) Handler() http.Handler { return s.routes() }

// SetPingEvery changes how often a stream pings, until restore is called.
func SetPingEvery(d time.Duration) (restore func()) {
	old := pingEvery
	pingEvery = d
	return func() { pingEvery = old }
}

// SetReadTimeout changes the server's ReadTimeout for the sharings started
// until restore is called.
func SetReadTimeout(d time.Duration) (restore func()) {
	old := readTimeout
	readTimeout = d
	return func() { readTimeout = old }
}

// AcceptLanguage is the language an Accept-Language header picks.
var AcceptLanguage = acceptLanguage

// PageMessages are the page's messages in lang.
var PageMessages = pageMessages

// SetLimits changes the lock-out table's size and the sharing's PIN
// budget (wrong PINs a minute from all addresses) until restore is called.
func SetLimits(addresses, budget int) (restore func()) {
	oldA, oldB := maxAddresses, pinBudget
	maxAddresses, pinBudget = addresses, budget
	return func() { maxAddresses, pinBudget = oldA, oldB }
}

// IntentsRemembered is how many intent answers the server keeps.
func (s *Server) IntentsRemembered() int {
	s.intents.mu.Lock()
	defer s.intents.mu.Unlock()
	return len(s.intents.byID)
}

// SetIntentWait changes how long a phone waits for the laptop's answer,
// until restore is called.
func SetIntentWait(d time.Duration) (restore func()) {
	old := intentWait
	intentWait = d
	return func() { intentWait = old }
}

package share

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"sync"
	"time"
)

// Who gets in, and how:
//
//   - A device gives the PIN once (POST /pin) and gets a device token in a
//     cookie (conductor_device): 32 random bytes, known only to this
//     sharing. /state and /events need it; the page and its static files
//     hold no game data and do not.
//   - maxWrong wrong PINs from one address lock that address out for
//     lockFor, even with the right PIN; other addresses go on. The address
//     is the connection's own: no header is believed. A PIN is compared
//     only for an address the lock-out table counts: when the table is
//     full and no entry is over, a new address waits, its PIN unread.
//   - Besides, at most pinBudget wrong PINs a budgetWindow are taken from
//     all addresses together; once they are spent every PIN entry waits
//     (told for how long) until the oldest is a window old. Devices in
//     are never affected: they hold their token and give no PIN.
//   - At most max devices hold a token at once. When all places are
//     taken, a newcomer takes the place of the device not watching (no
//     open /events stream) for the longest; when every device in is
//     watching, every PIN entry gets the same "full" answer, its PIN not
//     compared, so the answer never tells a right PIN from a wrong one.
//   - Stop forgets every token: the next sharing has a new PIN and every
//     device gives it again.
const (
	deviceCookie = "conductor_device"
	maxWrong     = 5
	lockFor      = time.Minute
	budgetWindow = time.Minute
	tokenBytes   = 32
	cookieMaxAge = 24 * time.Hour
)

var (
	// maxAddresses is how many addresses with wrong tries are remembered
	// at once (tests make it smaller).
	maxAddresses = 4096
	// pinBudget is how many wrong PINs all addresses together may give in
	// one budgetWindow: with 1,000,000 PINs, half of them take 25,000
	// minutes (17 days) on average, whatever the number of addresses.
	pinBudget = 20
)

// pinResult is what a PIN given gets.
type pinResult int

const (
	pinRight     pinResult = iota
	pinWrong               // wrong, with tries left
	pinMalformed           // not 6 digits: not counted
	pinLocked              // this address is locked out
	pinFull                // every place is held by a device watching
	pinBusy                // the sharing's PIN budget is spent, or its table full: wait
)

type tries struct {
	wrong int
	last  time.Time // the last wrong try
	until time.Time // locked out until then
}

// over is when the entry may be forgotten: its lock-out's end, or a
// lockFor after its last wrong try.
func (t *tries) over() time.Time {
	if !t.until.IsZero() {
		return t.until
	}
	return t.last.Add(lockFor)
}

// access holds the PIN, the device tokens given and the wrong tries.
type access struct {
	mu       sync.Mutex
	pin      string
	max      int
	now      func() time.Time
	watching func(token string) bool // has the device an open stream
	tokens   map[string]time.Time    // token → when last seen watching (or given)
	wrong    map[string]*tries       // by remote IP
	spent    []time.Time             // the wrong PINs of the last budgetWindow, oldest first
	number   map[string]int          // token → the device's number in this sharing, from 1
	numbered int                     // the last number given
	dropped  func(token string)      // told of a token forgotten to make room (its seat ends)
}

func (a *access) init(pin string, max int, now func() time.Time, watching func(string) bool) {
	a.pin, a.max, a.now, a.watching = pin, max, now, watching
	a.tokens = map[string]time.Time{}
	a.wrong = map[string]*tries{}
	a.number = map[string]int{}
}

// forget drops every token and every wrong try.
func (a *access) forget() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.pin = ""
	clear(a.tokens)
	clear(a.number)
	clear(a.wrong)
	a.spent = nil
}

// known reports whether token was given in this sharing (and its place
// not taken since).
func (a *access) known(token string) bool {
	if len(token) != 2*tokenBytes {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	_, ok := a.tokens[token]
	return ok
}

// numberOf is the device number of token, 0 for a token not known.
func (a *access) numberOf(token string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.number[token]
}

// numbers are the devices in, token → number.
func (a *access) numbers() map[string]int {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make(map[string]int, len(a.number))
	for tok, n := range a.number {
		out[tok] = n
	}
	return out
}

// tokenOf is the token of device number n, "" for none.
func (a *access) tokenOf(n int) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	for tok, m := range a.number {
		if m == n {
			return tok
		}
	}
	return ""
}

// seen notes that the device holding token watches now, or stopped now.
func (a *access) seen(token string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.tokens[token]; ok {
		a.tokens[token] = a.now()
	}
}

// tryPIN checks pin given from address ip by a device holding token
// (empty, or one it holds already). Right: the device's token (a new one,
// unless it held one). Wrong: how many tries are left before the lock-out.
// Busy: how long to wait.
func (a *access) tryPIN(ip, pin, held string) (result pinResult, token string, left int, wait time.Duration) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	if _, ok := a.tokens[held]; ok && held != "" && a.right(pin) {
		return pinRight, held, 0, 0 // a device in: nothing to count
	}
	t := a.triesOf(ip, now)
	if t != nil && !t.until.IsZero() {
		return pinLocked, "", 0, 0
	}
	if !validPIN(pin) {
		return pinMalformed, "", maxWrong - t.count(), 0
	}
	if wait := a.budgetWait(now); wait > 0 {
		return pinBusy, "", 0, wait
	}
	if len(a.tokens) >= a.max && a.leastWatched() == "" {
		return pinFull, "", 0, 0 // the PIN is not read
	}
	if t == nil {
		if t, wait = a.newTries(ip, now); t == nil {
			return pinBusy, "", 0, wait // not counted, so not compared
		}
	}
	if !a.right(pin) {
		return a.wrongPIN(t, now)
	}
	return a.letIn(ip, now)
}

// triesOf is ip's wrong PINs of the minute under way, nil when none.
func (a *access) triesOf(ip string, now time.Time) *tries {
	t := a.wrong[ip]
	if t != nil && !now.Before(t.over()) {
		delete(a.wrong, ip) // the minute is over: a fresh start
		return nil
	}
	return t
}

// newTries starts counting ip's wrong PINs, making room in the table
// first; nil and how long to wait when there is none.
func (a *access) newTries(ip string, now time.Time) (*tries, time.Duration) {
	if len(a.wrong) >= maxAddresses {
		if wait := a.prune(now); wait > 0 {
			return nil, wait
		}
	}
	t := &tries{}
	a.wrong[ip] = t
	return t, 0
}

// wrongPIN counts a wrong PIN against t: locked out at maxWrong.
func (a *access) wrongPIN(t *tries, now time.Time) (pinResult, string, int, time.Duration) {
	t.wrong++
	t.last = now
	a.spent = append(a.spent, now)
	if t.wrong >= maxWrong {
		t.until = now.Add(lockFor)
		return pinLocked, "", 0, 0
	}
	return pinWrong, "", maxWrong - t.wrong, 0
}

// letIn gives ip's device a new token, forgetting its wrong PINs and, when
// the sharing is full, the device not watching for the longest.
func (a *access) letIn(ip string, now time.Time) (pinResult, string, int, time.Duration) {
	delete(a.wrong, ip)
	if len(a.tokens) >= a.max {
		old := a.leastWatched()
		delete(a.tokens, old)
		delete(a.number, old)
		if a.dropped != nil {
			a.dropped(old)
		}
	}
	token, err := randomToken()
	if err != nil {
		return pinFull, "", 0, 0
	}
	a.tokens[token] = now
	a.numbered++
	a.number[token] = a.numbered
	return pinRight, token, 0, 0
}

func (a *access) right(pin string) bool {
	return a.pin != "" && subtle.ConstantTimeCompare([]byte(pin), []byte(a.pin)) == 1
}

// budgetWait is how long until a wrong PIN may be given again on this
// sharing: 0 while the budget is not spent.
func (a *access) budgetWait(now time.Time) time.Duration {
	i := 0
	for i < len(a.spent) && !now.Before(a.spent[i].Add(budgetWindow)) {
		i++
	}
	a.spent = a.spent[i:]
	if len(a.spent) < pinBudget {
		return 0
	}
	return a.spent[len(a.spent)-pinBudget].Add(budgetWindow).Sub(now)
}

// leastWatched is the token of the device not watching for the longest,
// "" when every device in watches.
func (a *access) leastWatched() string {
	var best string
	var bestAt time.Time
	for tok, at := range a.tokens {
		if a.watching != nil && a.watching(tok) {
			continue
		}
		if best == "" || at.Before(bestAt) {
			best, bestAt = tok, at
		}
	}
	return best
}

func (t *tries) count() int {
	if t == nil {
		return 0
	}
	return t.wrong
}

// prune forgets the addresses whose lock-out or count is over; counts in
// progress stay. It is 0 when there is room again, else how long until
// the first entry is over.
func (a *access) prune(now time.Time) time.Duration {
	var first time.Time
	for ip, t := range a.wrong {
		if over := t.over(); !now.Before(over) {
			delete(a.wrong, ip)
		} else if first.IsZero() || over.Before(first) {
			first = over
		}
	}
	if len(a.wrong) < maxAddresses {
		return 0
	}
	return first.Sub(now)
}

// device is the request's device token, if it is one given in this sharing.
func (s *Server) device(r *http.Request) (string, bool) {
	c, err := r.Cookie(deviceCookie)
	if err != nil {
		return "", false
	}
	return c.Value, s.access.known(c.Value)
}

// setDevice gives the device its token.
func setDevice(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{
		Name:     deviceCookie,
		Value:    token,
		Path:     "/",
		MaxAge:   int(cookieMaxAge / time.Second),
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
}

// remoteIP is the address the connection comes from; no header is believed.
func remoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func validPIN(pin string) bool {
	if len(pin) != 6 {
		return false
	}
	for _, c := range []byte(pin) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// lastPIN is the PIN of the previous sharing: a new sharing never has it.
var lastPIN struct {
	sync.Mutex
	pin string
}

// newPIN is 6 random digits, never the previous sharing's.
func newPIN() (string, error) {
	lastPIN.Lock()
	defer lastPIN.Unlock()
	for {
		n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
		if err != nil {
			return "", err
		}
		if pin := fmt.Sprintf("%06d", n.Int64()); pin != lastPIN.pin {
			lastPIN.pin = pin
			return pin, nil
		}
	}
}

func randomToken() (string, error) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

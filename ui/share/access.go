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
//     is the connection's own: no header is believed.
//   - At most MaxDevices tokens are given in one sharing.
//   - Stop forgets every token: the next sharing has a new PIN and every
//     device gives it again.
const (
	deviceCookie = "conductor_device"
	maxWrong     = 5
	lockFor      = time.Minute
	maxAddresses = 4096 // addresses with wrong tries remembered at once
	tokenBytes   = 32
	cookieMaxAge = 24 * time.Hour
)

// pinResult is what a PIN given gets.
type pinResult int

const (
	pinRight     pinResult = iota
	pinWrong               // wrong, with tries left
	pinMalformed           // not 6 digits: not counted
	pinLocked              // this address is locked out
	pinFull                // every device slot is taken
)

type tries struct {
	wrong int
	until time.Time // locked out until then
}

// access holds the PIN, the device tokens given and the wrong tries.
type access struct {
	mu     sync.Mutex
	pin    string
	max    int
	now    func() time.Time
	tokens map[string]struct{}
	wrong  map[string]*tries // by remote IP
}

func (a *access) init(pin string, max int, now func() time.Time) {
	a.pin, a.max, a.now = pin, max, now
	a.tokens = map[string]struct{}{}
	a.wrong = map[string]*tries{}
}

// forget drops every token and every wrong try.
func (a *access) forget() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.pin = ""
	clear(a.tokens)
	clear(a.wrong)
}

// known reports whether token was given in this sharing.
func (a *access) known(token string) bool {
	if len(token) != 2*tokenBytes {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	_, ok := a.tokens[token]
	return ok
}

// tryPIN checks pin given from address ip by a device holding token
// (empty, or one it holds already). Right: the device's token (a new one,
// unless it held one). Wrong: how many tries are left before the lock-out.
func (a *access) tryPIN(ip, pin, held string) (result pinResult, token string, left int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	t := a.wrong[ip]
	if t != nil && !t.until.IsZero() {
		if now.Before(t.until) {
			return pinLocked, "", 0
		}
		delete(a.wrong, ip) // the minute is over: a fresh start
		t = nil
	}
	if !validPIN(pin) {
		return pinMalformed, "", maxWrong - t.count()
	}
	if a.pin == "" || subtle.ConstantTimeCompare([]byte(pin), []byte(a.pin)) != 1 {
		if t == nil {
			if len(a.wrong) >= maxAddresses && !a.prune(now) {
				return pinLocked, "", 0 // too many addresses trying at once
			}
			t = &tries{}
			a.wrong[ip] = t
		}
		t.wrong++
		if t.wrong >= maxWrong {
			t.until = now.Add(lockFor)
			return pinLocked, "", 0
		}
		return pinWrong, "", maxWrong - t.wrong
	}
	delete(a.wrong, ip)
	if _, ok := a.tokens[held]; ok && held != "" {
		return pinRight, held, 0
	}
	if len(a.tokens) >= a.max {
		return pinFull, "", 0
	}
	token, err := randomToken()
	if err != nil {
		return pinFull, "", 0
	}
	a.tokens[token] = struct{}{}
	return pinRight, token, 0
}

func (t *tries) count() int {
	if t == nil {
		return 0
	}
	return t.wrong
}

// prune forgets the addresses not locked out now; it reports whether
// there is room again.
func (a *access) prune(now time.Time) bool {
	for ip, t := range a.wrong {
		if t.until.IsZero() || !now.Before(t.until) {
			delete(a.wrong, ip)
		}
	}
	return len(a.wrong) < maxAddresses
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

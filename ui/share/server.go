package share

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/dunconductor/conductor/core/engine"
)

// Config is how a sharing starts.
type Config struct {
	// Addr is the host:port to bind, exactly ("192.168.1.20:8765"; tests
	// use "127.0.0.1:0"). A host must be named: the page is never put on
	// every interface at once.
	Addr string
	// PIN is the 6 digits a device gives once to get in; empty means a new
	// random one for this sharing.
	PIN string
	// MaxDevices is how many devices may get in during one sharing; 0
	// means 32.
	MaxDevices int
	// Now is the clock (nil: time.Now); tests move it for the lock-out.
	Now func() time.Time
}

// DefaultMaxDevices is how many devices may get in when Config says none.
const DefaultMaxDevices = 32

// Bounds of the HTTP server: no device holds anything for long.
var (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	idleTimeout       = 60 * time.Second
	writeTimeout      = 10 * time.Second // each response, and each write of a stream
	pingEvery         = 15 * time.Second
)

const (
	// maxHeaderBytes is the most a request's line and headers may take:
	// more is 431, with the security headers. The server itself reads up
	// to serverHeaderBytes (plus its own 4 KiB) so that guard can say so;
	// beyond that Go's own 431 answers, its headers added by headeredConn.
	maxHeaderBytes    = 8 << 10
	serverHeaderBytes = 16 << 10
	maxBodyBytes      = 1 << 10
)

// Server is one sharing: the players' page served on one address.
type Server struct {
	cfg      Config
	pin      string
	url      string
	srv      *http.Server
	ln       net.Listener
	ctx      context.Context // ends every stream on Stop
	cancel   context.CancelFunc
	served   chan struct{} // closed when Serve returns
	stopOnce sync.Once

	state   publisher // the newest public view
	access  access    // the PIN, the device tokens, the lock-out
	events  streams   // the open /events streams and the devices they count
	files   files     // the files the newest view names
	seats   seating   // who holds which seat
	intents intents   // the intents answered or under way, and the rate limit
	laptop  Laptop    // applies the intents; nil: no seat may act
}

// Start listens on cfg.Addr and serves the players' page in the background.
func Start(cfg Config) (*Server, error) {
	host, _, err := net.SplitHostPort(cfg.Addr)
	if err != nil || host == "" {
		return nil, engine.Refuse("share.error.address", map[string]any{"Addr": cfg.Addr})
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		return nil, engine.Refuse("share.error.address", map[string]any{"Addr": cfg.Addr})
	}
	if cfg.MaxDevices <= 0 {
		cfg.MaxDevices = DefaultMaxDevices
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	pin := cfg.PIN
	if pin == "" {
		if pin, err = newPIN(); err != nil {
			return nil, err
		}
	} else if !validPIN(pin) {
		return nil, engine.Refuse("share.error.pin", nil)
	}
	if _, err := pageTemplate(); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, engine.Refuse("share.error.listen", map[string]any{"Addr": cfg.Addr, "Reason": err.Error()})
	}
	s := &Server{cfg: cfg, pin: pin, ln: ln, served: make(chan struct{})}
	s.url = "http://" + ln.Addr().String() + "/"
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.events.init()
	s.seats.init()
	s.intents.init(cfg.Now)
	s.access.init(pin, cfg.MaxDevices, cfg.Now, s.events.watching)
	s.access.dropped = s.seats.forget
	s.srv = &http.Server{
		Handler:           s.routes(),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    serverHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return s.ctx },
		ErrorLog:          quietLog(),
	}
	go func() {
		defer close(s.served)
		_ = s.srv.Serve(headeredListener{ln})
	}()
	return s, nil
}

// URL is the page's address: "http://host:port/".
func (s *Server) URL() string { return s.url }

// PIN is the 6 digits a device gives to get in during this sharing.
func (s *Server) PIN() string { return s.pin }

// Publish makes view (module's public view, as JSON) the newest one. It
// copies view and never waits for a device. Each device watching is sent
// the newest view at once, or, when it was sent one less than 50 ms ago,
// as those 50 ms end: a burst of publishes reaches it as its last view.
func (s *Server) Publish(module string, view []byte) {
	s.PublishGame(module, view, Table{})
}

// PublishGame is Publish with the game's seats and version (t is copied
// shallowly: it must not change after).
func (s *Server) PublishGame(module string, view []byte, t Table) {
	s.seats.newTable(&t)
	s.state.publish(module, view, &t)
	s.events.wakeAll()
}

// Devices is how many devices watch now: distinct device tokens with an
// open /events stream.
func (s *Server) Devices() int { return s.events.devices() }

// OnDevices has f called, from a goroutine of the server's, whenever
// Devices changes.
func (s *Server) OnDevices(f func(n int)) { s.events.onDevices(f) }

// Stop ends every connection at once and forgets every device token; the
// server cannot start again (Start a new one: it gets a new PIN).
func (s *Server) Stop() error {
	var once bool
	s.stopOnce.Do(func() { once = true })
	if !once {
		return nil
	}
	s.cancel()
	err := s.srv.Close()
	<-s.served
	s.access.forget()
	s.events.stop()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

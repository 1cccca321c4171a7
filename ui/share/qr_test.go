package share_test

import (
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	qr "github.com/piglig/go-qr"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"
)

func dark(img image.Image, x, y int) bool {
	return color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y < 128
}

// QR draws the address as a size×size code, black on white, with a white
// quiet zone of at least 4 modules around, that reads back as the address.
func TestQR(t *testing.T) {
	for _, c := range []struct {
		text string
		size int
	}{
		{"http://192.168.1.20:8765/", 256},
		{"http://10.0.0.7:80/", 100},
		{"http://192.168.100.200:65535/", 333},
		{"http://" + strings.Repeat("a", 200) + ":1/", 600},
	} {
		img, err := share.QR(c.text, c.size)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		b := img.Bounds()
		if b.Dx() != c.size || b.Dy() != c.size {
			t.Fatalf("%s: %v, want %d square", c.text, b, c.size)
		}
		code, _ := qr.EncodeText(c.text, qr.Medium)
		scale := c.size / (code.Size() + 8)
		quiet := (c.size - code.Size()*scale) / 2
		if quiet < 4*scale {
			t.Fatalf("%s: a quiet zone of %d px for modules of %d px", c.text, quiet, scale)
		}
		darkInside := 0
		for y := range c.size {
			for x := range c.size {
				inside := x >= quiet && y >= quiet && x < quiet+code.Size()*scale && y < quiet+code.Size()*scale
				switch {
				case !inside && dark(img, x, y):
					t.Fatalf("%s: a dark pixel in the quiet zone at %d,%d", c.text, x, y)
				case inside && dark(img, x, y) != code.Module((x-quiet)/scale, (y-quiet)/scale):
					t.Fatalf("%s: pixel %d,%d is not its module", c.text, x, y)
				case inside && dark(img, x, y):
					darkInside++
				}
			}
		}
		if darkInside == 0 {
			t.Fatalf("%s: no dark module", c.text)
		}
		if got, err := qr.Decode(img); err != nil || got != c.text {
			t.Fatalf("%s reads back as %q (%v)", c.text, got, err)
		}
	}
	// Too long to encode, or too small to draw: a rule's message, no panic.
	for _, c := range []struct {
		text string
		size int
		id   string
	}{
		{strings.Repeat("x", 5000), 1000, "share.error.qr_too_long"},
		{"http://192.168.1.20:8765/", 20, "share.error.qr_too_small"},
		{"http://192.168.1.20:8765/", 0, "share.error.qr_too_small"},
		{"http://192.168.1.20:8765/", -5, "share.error.qr_too_small"},
	} {
		_, err := share.QR(c.text, c.size)
		var re *engine.RuleError
		if !errors.As(err, &re) || re.ID != c.id {
			t.Fatalf("%d chars in %d px: %v, want %s", len(c.text), c.size, err, c.id)
		}
	}
}

// The LAN addresses are IPv4 addresses other than loopback.
func TestLANAddresses(t *testing.T) {
	for _, a := range share.LANAddresses() {
		ip := net4(a)
		if ip == nil || ip.IsLoopback() || ip.IsUnspecified() {
			t.Fatalf("%q", a)
		}
	}
}

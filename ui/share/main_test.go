package share_test

import (
	"testing"

	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// The browser tests share one Chromium, each in a window and browser
// context of its own (sharetest.Main).
func TestMain(m *testing.M) { sharetest.Main(m) }

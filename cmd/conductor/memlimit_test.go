package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// The window's soft memory limit is set unless GOMEMLIMIT gives one.
func TestWindowMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	cases := []struct {
		env  string
		want int64
	}{
		{env: "", want: windowMemoryLimit},
		{env: "300MiB", want: math.MaxInt64}, // the environment's, left as the runtime read it (none in this test)
	}
	for _, c := range cases {
		debug.SetMemoryLimit(math.MaxInt64)
		t.Setenv("GOMEMLIMIT", c.env)
		limitMemory()
		if got := debug.SetMemoryLimit(-1); got != c.want {
			t.Errorf("GOMEMLIMIT=%q: limit %d, want %d", c.env, got, c.want)
		}
	}
}

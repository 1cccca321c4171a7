//go:build !linux && !windows

package speech

import "os/exec"

// setProcAttr does nothing here: only Linux ends a child with its parent
// (and Windows hides its console: procattr_windows.go).
func setProcAttr(*exec.Cmd) {}

//go:build !linux

package speech

import "os/exec"

// setProcAttr does nothing here: only Linux ends a child with its parent.
func setProcAttr(*exec.Cmd) {}

package speech

import (
	"os/exec"
	"syscall"
)

// setProcAttr has the service end with the app: a text still being read
// when the Conductor quits stops there.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}

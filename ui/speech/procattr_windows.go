package speech

import (
	"os/exec"
	"syscall"
)

// createNoWindow is CREATE_NO_WINDOW: PowerShell, a console program, runs
// without a console window flashing up behind the app's.
const createNoWindow = 0x08000000

// setProcAttr keeps the service's console hidden.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{HideWindow: true, CreationFlags: createNoWindow}
}

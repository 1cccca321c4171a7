package main

import (
	"os"
	"syscall"
)

// attachConsole lets the subcommands, --version and --help print in the
// command prompt they were typed in. conductor.exe is linked as a windowed
// program (-H windowsgui), so opening it from the Start menu shows no console
// window; such a program starts without one, and its standard handles lead
// nowhere unless they were redirected. When they lead nowhere it joins the
// console of the program that started it, if there is one. Handles already
// redirected (to a file or a pipe) are left as they are.
func attachConsole() {
	if len(os.Args) < 2 {
		return
	}
	kernel32 := syscall.NewLazyDLL("kernel32.dll")
	const attachParentProcess = ^uintptr(0) // (DWORD)-1
	attached := false
	reopen := func(std int, name string, flag int, f **os.File) {
		h, err := syscall.GetStdHandle(std)
		if err == nil && h != 0 && h != syscall.InvalidHandle {
			return
		}
		if !attached {
			if r, _, _ := kernel32.NewProc("AttachConsole").Call(attachParentProcess); r == 0 {
				return
			}
			attached = true
		}
		if c, err := os.OpenFile(name, flag, 0); err == nil {
			*f = c
		}
	}
	reopen(syscall.STD_OUTPUT_HANDLE, "CONOUT$", os.O_WRONLY, &os.Stdout)
	reopen(syscall.STD_ERROR_HANDLE, "CONOUT$", os.O_WRONLY, &os.Stderr)
	reopen(syscall.STD_INPUT_HANDLE, "CONIN$", os.O_RDONLY, &os.Stdin)
}

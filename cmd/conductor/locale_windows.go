package main

import (
	"syscall"
	"unsafe"
)

// systemLocales is the language Windows' settings give the user (Settings >
// Time & language), as a locale name such as "es-ES"; it counts after
// LC_ALL, LC_MESSAGES and LANG, which a Unix-like shell on Windows may set.
func systemLocales() []string {
	buf := make([]uint16, 85) // LOCALE_NAME_MAX_LENGTH
	proc := syscall.NewLazyDLL("kernel32.dll").NewProc("GetUserDefaultLocaleName")
	if n, _, _ := proc.Call(uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf))); n == 0 {
		return nil
	}
	return []string{syscall.UTF16ToString(buf)}
}

//go:build !windows

package main

// systemLocales is empty outside Windows: the locale's environment variables
// say the language there (see locale_windows.go).
func systemLocales() []string { return nil }

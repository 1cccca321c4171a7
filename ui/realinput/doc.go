// Package realinput holds the tests that use the app as a person does:
// the built binary in a virtual X server (Xvfb), driven by real X mouse
// clicks and key presses (xdotool, through XTest), with the controls found
// through the app itself (ui/probe's file of what is on screen) rather
// than at fixed pixels. `make realinput` runs them; `make test` too.
// Without CONDUCTOR_BIN (the binary to drive) they are skipped.
package realinput

// Command minimalwindow is the baseline of scripts/firstframe.sh: the
// smallest Fyne window, one label and nothing else, built with the same
// Fyne as the Conductor and opened at the size the Conductor opens at on
// the script's 1280×800 screen.
//
// With CONDUCTOR_FIRST_FRAME=1 it prints "first-frame MICROSECONDS" (Unix
// time) once its first frame has been drawn, as cmd/conductor does, and
// quits.
package main

import (
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.NewWithID("io.github.dunconductor.minimalwindow")
	w := a.NewWindow("Minimal window")
	w.SetContent(widget.NewLabel("A minimal window"))
	w.Resize(fyne.NewSize(1264, 720))
	w.Show() // draws the first frame before it returns
	if os.Getenv("CONDUCTOR_FIRST_FRAME") == "1" {
		fmt.Printf("first-frame %d\n", time.Now().UnixMicro())
		go fyne.Do(a.Quit)
	}
	a.Run()
}

package main

import _ "embed"

// icon is our drawing (assets/icon.svg) rendered at 512 px; Icon.png at the
// repository root is the same picture for `fyne package`.
//
//go:embed icon.png
var icon []byte

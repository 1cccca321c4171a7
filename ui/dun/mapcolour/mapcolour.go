// Package mapcolour holds the colours every drawing of a DUN quest map
// shares (the Conductor's map, the players' window, the quest editor), so
// that a room looks the same wherever it is drawn.
package mapcolour

import "image/color"

var (
	// Floor is a section's stone floor, by its kind.
	Floor = map[string]color.Color{
		"corridor": color.NRGBA{0x5a, 0x55, 0x4e, 0xff},
		"room":     color.NRGBA{0x6e, 0x63, 0x52, 0xff},
		"large":    color.NRGBA{0x76, 0x6a, 0x4e, 0xff},
		"main":     color.NRGBA{0x7a, 0x4b, 0x3a, 0xff},
	}
	// Door is a door's mark.
	Door = color.NRGBA{0xc8, 0x8a, 0x2c, 0xff}
	// Name is a section's name, written on NameChip.
	Name     = color.NRGBA{0xf4, 0xe8, 0xd0, 0xff}
	NameChip = color.NRGBA{0x10, 0x0c, 0x08, 0xb0}
)

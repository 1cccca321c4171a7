package main

// The games the app plays, a line each: importing a game's ui package
// registers its module with the engine and its screens with the shell
// (ui.MakeGames makes them once the store is open), its message files, its
// part of the players' page. Adding a game is adding its line here.
import (
	_ "github.com/dunconductor/conductor/ui/dragoncanyon"
	_ "github.com/dunconductor/conductor/ui/dun"
	_ "github.com/dunconductor/conductor/ui/twister"
)

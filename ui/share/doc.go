// Package share is the players' page: a small web server on the local
// network that shows the players, on their own phones, what the players'
// window shows: the module's public view of the game (engine.Public), after
// every applied event.
//
// The shell starts it (Start), feeds it the public view after every event,
// undo, redo and rewind included (Publish), and stops it (Stop). It never
// touches the game, never imports data, and nothing but the public view it
// is given ever leaves the machine. A device gets in once with the PIN the
// Conductor's screen shows; see access.go for the rules.
package share

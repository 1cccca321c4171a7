package engine

// Public is what a game implements when it can say what the players may
// see: the module's public view of the current state, decided in its core
// package and nowhere else, as JSON. The view holds nothing the players do
// not see at the table: no hidden section or text, no note for the app's
// side, no face-down card's value, no deck order, no seed. Every screen and
// page shown to the players draws from it (DUN's players' window; the
// players' page), never from the state itself.
//
// It is optional: a game without it has nothing to show the players, and a
// shell asks for it with a type assertion (play.(engine.Public)).
// cmd/conductor's tests fail for a module it wires whose games lack it.
type Public interface {
	PublicJSON() ([]byte, error)
}

// PublicFiles is what a game implements when its public view names files
// the players may see (DUN: a revealed section's picture): the names now
// in the view, and each file's bytes and content type. A name not in the
// view now gives nothing. The view names them; the bytes go apart, so a
// picture is not sent again with every step.
type PublicFiles interface {
	PublicFiles() []string
	PublicFile(name string) (data []byte, contentType string, ok bool)
}

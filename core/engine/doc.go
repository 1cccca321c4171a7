// Package engine is the game-agnostic part of Conductor: a game is a module's
// setup plus an ordered log of events, and its state is what replaying that
// log gives. The engine keeps the records, undo, redo and rewind history,
// snapshots and resume, the event codec (one registry per module), prompts,
// rule errors and seeded dice. It knows no game's vocabulary: each game is a
// module (core/dun, ...) that gives it a state, a reducer and the answer to
// "may this event apply now".
package engine

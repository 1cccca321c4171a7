// Package quests holds the app's own quest files, embedded: the built-in
// quests that core/dun/content reads and checks.
package quests

import "embed"

// Files are the built-in quests' TOML files, at the top of the file system.
//
//go:embed *.toml
var Files embed.FS

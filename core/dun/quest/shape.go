package quest

// CheckShape is the shape check quest files get before decoding (nesting and
// dotted keys bounded), for the other TOML content files of DUN (factions).
func CheckShape(file string, data []byte) *Problem { return scanShape(file, data) }

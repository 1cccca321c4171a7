package quest

// Limits of a quest file. The TOML decoder has no limits of its own: a
// deeply nested file costs it time and memory that grow with the square of
// the depth (a 32 KB file of nested inline tables took 13 s and 2.8 GB), so
// the file's shape is checked before it is decoded (scanShape), and its cost is then
// at most about 1 s and 300 MB for a 1 MiB file. Pictures kept in the file
// as data URIs are long plain strings, which cost the decoder little: they
// are bounded on their own (MaxImagesSize), the rest of the file by
// MaxTextSize. The other
// bounds keep the validator's work, and what a screen draws, small. Each is
// far above what a quest needs.
const (
	// MaxTextSize is the largest quest file accepted, not counting the
	// pictures it holds (the sections' data URIs): what bounds the
	// decoder's work.
	MaxTextSize = 1 << 20
	// MaxImageSize is the most bytes one picture kept in the quest file
	// may take (decoded), and MaxImagesSize all of them together.
	MaxImageSize  = 1 << 20
	MaxImagesSize = 16 << 20
	// MaxImageSide is the most pixels a picture kept in the quest file may
	// have on a side.
	MaxImageSide = 2048
	// MaxSize is the largest quest file accepted, pictures included: the
	// rest of the file within MaxTextSize, and the pictures' data URIs,
	// their base64 a third larger than the pictures.
	MaxSize = MaxTextSize + (MaxImagesSize+2)/3*4 + MaxSections*32

	// ImageSide is the longest side ImageFromFile shrinks a picture to.
	ImageSide = 1200
	// MaxImageFile is the largest picture file ImageFromFile takes, and
	// MaxImageFileSide the most pixels on a side (more would take too much
	// memory to decode).
	MaxImageFile     = 32 << 20
	MaxImageFileSide = 12000

	// MaxDepth is how deep a value may sit in the file's tree: the parts of
	// its table header, of each key on the way (dotted parts count one each)
	// and each array around it. A quest needs 4 (sections.elements.name.en).
	MaxDepth = 8

	// MaxSections is how many sections a quest's map may have; a printed
	// quest has 10 to 30.
	MaxSections = 500
	// MaxEntries is how many exits, elements, hidden texts or conditions a
	// quest may have in all (each kind counted on its own).
	MaxEntries = 2000
	// MaxSpawnRows: the Creature Spawn Table has one row per 1D6 face.
	MaxSpawnRows = 6
	// MaxGrid is the largest coordinate on the map's square grid, in
	// squares (x + w and y + h of a section, x and y of an exit or an
	// element). The built-in quests stay under 40.
	MaxGrid = 500

	// MaxLeaderVP is the most the quest's Leader may cost: the most a group
	// can have (dun.MaxGroupVP: 5 heroes of at most 1,000 VP each), since
	// the Leader is paid from the group's VP.
	MaxLeaderVP = 5000
	// MaxSpawnCost is the most a spawn-table row may cost: the most the
	// reserve can hold (dun.MaxReserve), since the reserve pays it.
	MaxSpawnCost = 100_000
	// MaxProfileCount is the most creatures of one faction profile a
	// spawn row may name, as in a faction's own row (faction.MaxPerRow).
	MaxProfileCount = 20
	// MaxSpawnProfiles is how many profiles one spawn row may name.
	MaxSpawnProfiles = 20
	// MaxDeckRandom is the most random cards a quest may put in a deck
	// (dun.MaxDeckCards): more than any collection holds.
	MaxDeckRandom = 1000

	// MaxProblems is how many problems a file reports; the rest are
	// counted in one last problem. Someone fixing a file reads the first ones.
	MaxProblems = 100
)

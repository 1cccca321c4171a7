package dun

import "github.com/dunconductor/conductor/core/dun/content"

// encodeContent is what a game keeps besides its setup: its quest file and
// the faction file it began with (core/dun/content).
func encodeContent(s Setup) []byte {
	var q, f []byte
	if s.QuestData != nil {
		q = s.QuestData.Source
	}
	if s.FactionData != nil {
		f = s.FactionData.Source
	}
	return content.Encode(q, f)
}

// decodeContent gives a setup its quest and faction from a game's content.
func decodeContent(setup *Setup, data []byte) error {
	q, f, err := content.Decode(data, setup.Quest+".toml", setup.Faction+".toml")
	if err != nil {
		return err
	}
	if q != nil {
		setup.QuestData = q
	}
	if f != nil {
		setup.FactionData = f
	}
	return nil
}

// ContentKinds are the kinds of content file DUN checks: quests and
// factions. The store finds the module of a kind through them.
func (module) ContentKinds() []string { return content.Kinds() }

// CheckContent checks a content file of one of DUN's kinds for the store
// (content.Check).
func (module) CheckContent(kind, file string, source []byte) (string, error) {
	return content.Check(kind, file, source)
}

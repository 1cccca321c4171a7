package engine

// Ruling is one settled reading of a game's rules, written in our own words:
// a question players ask at the table and the answer the app follows. Its
// texts are the messages "ruling.<ID>.title" and "ruling.<ID>.text"; Topic
// groups it, as the message "ruling.topic.<Topic>". IDs start with the
// module's name ("dun.scenario_die") so every game's rulings can be listed
// together. A prompt cites the one it applies in Prompt.Ruling.
type Ruling struct {
	ID    string `json:"id"`
	Topic string `json:"topic"`
}

// Rulings is what a module (its Module value and its game type) implements
// when it has rulings to show: the list, in the order to read them.
type Rulings interface {
	Rulings() []Ruling
}

// RulingTitle, RulingText and RulingTopic are the message IDs of a ruling's
// texts.
func RulingTitle(id string) string    { return "ruling." + id + ".title" }
func RulingText(id string) string     { return "ruling." + id + ".text" }
func RulingTopic(topic string) string { return "ruling.topic." + topic }

// ModuleRulings are the rulings of a registered module, or nil when it has
// none (or is not registered).
func ModuleRulings(name string) []Ruling {
	m, ok := Lookup(name)
	if !ok {
		return nil
	}
	if r, ok := m.(Rulings); ok {
		return r.Rulings()
	}
	return nil
}

// FindRuling looks a ruling up by id among every registered module's.
func FindRuling(id string) (Ruling, bool) {
	for _, name := range Modules() {
		for _, r := range ModuleRulings(name) {
			if r.ID == id {
				return r, true
			}
		}
	}
	return Ruling{}, false
}

package dunui

import (
	"fmt"
	"strings"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// quests are the quests a game can be played with: the app's own, then
// the imported ones by id. A stored file that no longer passes the checks
// (a later, stricter validator) is left out rather than failing the list.
func (s *Screens) quests() ([]*quest.Quest, error) {
	qs, err := content.BuiltinQuests()
	if err != nil {
		return nil, err
	}
	stored, err := s.store.ContentFiles(content.KindQuest)
	for _, f := range stored {
		if q, ps := quest.Parse(f.Name, f.Data); ps == nil {
			qs = append(qs, q)
		}
	}
	return qs, err
}

// questLabels are what a quest picker shows for each quest, in the
// reader's language: its title, told apart where titles clash (letter case
// and spaces aside). Of quests with the same title, the app's own keeps
// it; the Conductor's one beside it is "… (my copy)"; any other shows its
// id, "… (the-cellar-2)". Every label is another: a picker finds the quest
// chosen by its label.
func questLabels(tr *translations.Translator, quests []*quest.Quest) []string {
	builtins, _ := content.BuiltinQuests()
	builtin := map[string]bool{}
	for _, b := range builtins {
		builtin[b.ID] = true
	}
	key := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	groups := map[string][]int{}
	labels := make([]string, len(quests))
	for i, q := range quests {
		labels[i] = strings.TrimSpace(q.Title.In(tr.Lang))
		groups[key(labels[i])] = append(groups[key(labels[i])], i)
	}
	withID := func(i int) string {
		return tr.T("ui.newgame.quest_with_id", map[string]any{"Title": labels[i], "ID": quests[i].ID})
	}
	out := make([]string, len(quests))
	copy(out, labels)
	for _, group := range groups {
		if len(group) > 1 {
			tellApart(tr, group, func(i int) bool { return builtin[quests[i].ID] }, labels, out, withID)
		}
	}
	// A title may read as another's label ("The Cellar (my copy)"): the id
	// then tells them apart, and a number at worst.
	seen := map[string]bool{}
	for i := range out {
		if seen[out[i]] {
			out[i] = withID(i)
		}
		for n := 2; seen[out[i]]; n++ {
			out[i] = fmt.Sprintf("%s %d", withID(i), n)
		}
		seen[out[i]] = true
	}
	return out
}

// tellApart labels a group of quests (indexes) that share a title: the
// app's own keeps it when it is the only one, the Conductor's one copy of
// it is "… (my copy)", any other shows its id.
func tellApart(tr *translations.Translator, group []int, builtin func(int) bool, labels, out []string, withID func(int) string) {
	own := 0
	for _, i := range group {
		if builtin(i) {
			own++
		}
	}
	mine := len(group) - own
	for _, i := range group {
		switch {
		case builtin(i) && own == 1:
			// the app's own keeps its title
		case !builtin(i) && own == 1 && mine == 1:
			out[i] = tr.T("ui.newgame.quest_my_copy", map[string]any{"Title": labels[i]})
		default:
			out[i] = withID(i)
		}
	}
}

// newQuestID is an id for a quest imported as a new one, made from its id
// ("the-tomb-of-the-ash-king-2", "-3"…): neither one of the app's own nor
// one the store keeps.
func (s *Screens) newQuestID(id string) (string, error) {
	stored, err := s.store.ContentFiles(content.KindQuest)
	if err != nil {
		return "", err
	}
	taken := map[string]bool{}
	for _, f := range stored {
		taken[strings.TrimSuffix(f.Name, ".toml")] = true
	}
	for n := 2; ; n++ {
		c := fmt.Sprintf("%s-%d", id, n)
		if builtin, err := content.IsBuiltinQuest(c); err != nil {
			return "", err
		} else if !builtin && !taken[c] {
			return c, nil
		}
	}
}

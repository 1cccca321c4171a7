package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
)

// arrange puts the step the rules say is due first (after what to do on the
// board now), so its button is the card's main one, on N; offers that never
// lead (take a slain creature off the board, end a won quest) go last, so
// they never take N from the ADP's step.
func (t *tableScreen) arrange(ps []engine.Prompt) []engine.Prompt {
	s := t.game.State()
	var hints, lead, rest, last []engine.Prompt
	for _, p := range ps {
		switch {
		case p.Style == engine.StyleHint:
			hints = append(hints, p)
		case s.Due != nil && (p.Input == dun.InputInitiative || offers[*dun.AdpCombatTurn](p)):
			lead = append(lead, p)
		case offers[*dun.CreatureRemoved](p) || offers[*dun.QuestEnded](p):
			last = append(last, p)
		default:
			rest = append(rest, p)
		}
	}
	out := append(hints, lead...)
	out = append(out, rest...)
	return append(out, last...)
}

// offers says whether a prompt's choices apply events of type E.
func offers[E engine.Event](p engine.Prompt) bool {
	for _, c := range p.Choices {
		if _, ok := c.Event.(E); ok {
			return true
		}
	}
	return false
}

// initiativeInput leads to the Initiative panel when Initiative is due: the
// card's main button, on N.
func (t *tableScreen) initiativeInput(keys ui.Keys) fyne.CanvasObject {
	return keys.Button(t.t("ui.due.initiative"), ui.KeyChoice, true, t.showInitiative)
}

// questEndGroup ends the quest: the mission done (the ADP goes on until the
// heroes leave), the heroes left, defeated, or the quest abandoned (asked
// first). Each button is enabled while the rules allow it.
func (t *tableScreen) questEndGroup() fyne.CanvasObject {
	ended := (&dun.QuestEnded{}).Type()
	button := func(id string, e engine.Event) *ui.WrapButton {
		b := t.eventButton(id, e.Type(), func() { t.do(e) })
		t.eventSamples[id] = e
		return b
	}
	accomplished := button("ui.quest_end.accomplished", &dun.MissionAccomplished{})
	won := button("ui.quest_end.won", &dun.QuestEnded{Outcome: dun.OutcomeWon})
	lost := button("ui.quest_end.lost", &dun.QuestEnded{Outcome: dun.OutcomeLost})
	abandon := t.eventButton("ui.quest_end.abandon", ended, func() {
		dialog.ShowConfirm(t.t("ui.quest_end.abandon"), t.t("ui.quest_end.abandon_confirm"), func(ok bool) {
			if ok {
				t.do(&dun.QuestEnded{Outcome: dun.OutcomeAbandoned})
			}
		}, t.win)
	})
	t.eventSamples["ui.quest_end.abandon"] = &dun.QuestEnded{Outcome: dun.OutcomeAbandoned}
	return container.NewGridWithColumns(2, accomplished, won, lost, abandon)
}

// questOverPart is shown under the quest's end: in a campaign game, one tap
// records the result in the campaign.
func (t *tableScreen) questOverPart() fyne.CanvasObject {
	s := t.game.State()
	if s.QuestOver == nil || t.recordQuest == nil {
		return nil
	}
	outcome := s.QuestOver.Outcome
	b := ui.NewWrapButton(t.t("ui.quest_end.record"), func() { t.recordQuest(outcome) })
	b.Importance = widget.HighImportance
	return b
}

// campaignOf is the campaign game id belongs to.
func campaignOf(lib Campaigns, id int64) (data.Campaign, bool) {
	if lib == nil {
		return data.Campaign{}, false
	}
	games, err := lib.Games()
	if err != nil {
		return data.Campaign{}, false
	}
	for _, g := range games {
		if g.ID == id && g.CampaignID != 0 {
			cp, err := lib.Campaign(g.CampaignID)
			return cp, err == nil
		}
	}
	return data.Campaign{}, false
}

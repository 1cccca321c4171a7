package dunui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
)

// arrange orders the card as core says (dun.Arrange): a slain creature
// taken off the board, then the due step, so its button is the card's main
// one, on N, and the texts to read aloud last. The due Initiative with
// tied ADP rollers loses its random pick: the card's roll makes it first,
// in the same key (initiativeInput).
func (t *tableScreen) arrange(ps []engine.Prompt) []engine.Prompt {
	t.rollerPick = nil
	for i, p := range ps {
		if p.Input == dun.InputInitiative && dun.OffersRandomPick(p) {
			t.rollerPick = p.Choices[0].Event
			ps = slices.Clone(ps) // the caller's prompts stay as they are
			ps[i].Choices = nil
		}
	}
	return dun.Arrange(t.game.State(), ps)
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

// keyInitiative rolls the due Initiative when N is taken by a step before it.
const keyInitiative = 'i'

// initiativeInput rolls the due Initiative on the card: the situation the
// game worked out, the ADP's roller from the roster and the hero picked from
// the party, with the app's dice, in one tap (the card's main button). The
// panel is one tap away for typed dice or other values; without a roster or
// a party the main button opens it.
func (t *tableScreen) initiativeInput(keys ui.Keys) fyne.CanvasObject {
	key := rune(ui.KeyChoice)
	if _, taken := keys[key]; taken {
		key = keyInitiative
	}
	s := t.game.State()
	context, brokenDoor := dun.DueContext(s)
	situation := t.tr.T("ui.initiative.situation", map[string]any{"ContextKey": "ui.initiative." + context, "BrokenDoor": brokenDoor})
	_, rolled := dun.InitiativeRoller(s)
	// Tied ADP rollers: the random pick comes first, in the same tap.
	pick := t.rollerPick
	picked := func() bool {
		if pick == nil {
			return true
		}
		t.do(pick)
		return t.area.Notice() == "" // refused: said, and nothing rolled
	}
	label := t.t("ui.initiative.roll_now")
	if pick != nil {
		label = t.tr.T("ui.initiative.pick_and_roll", map[string]any{"Count": len(dun.InitiativeRollers(s))})
	}
	details := ui.NewWrapButton(t.t("ui.initiative.details"), func() {
		if picked() {
			t.showInitiative()
		}
	})
	if !rolled || len(s.Party) == 0 && t.lastHero == nil {
		// The values are not known yet: the panel asks for them.
		if pick == nil {
			label = t.t("ui.due.initiative")
		}
		return container.NewVBox(ui.Wrapped(situation, widget.MediumImportance),
			keys.Button(label, key, true, func() {
				if picked() {
					t.showInitiative()
				}
			}))
	}
	var hero fyne.CanvasObject
	side := func() dun.InitiativeSide { return *t.lastHero } // the values typed last time
	settled := func() bool { return true }
	var closest *cardClosest
	if len(s.Party) > 0 {
		closest = t.newCardClosest(s.Party)
		hero, side, settled = closest.pick.keySelect, closest.side, closest.settle
	} else {
		hero = ui.Wrapped(t.tr.T("ui.initiative.as_last_time", map[string]any{"Perception": *t.lastHero.Perception, "Intelligence": *t.lastHero.Intelligence}), widget.MediumImportance)
	}
	// The main button, unless a step before it (a slain creature) has N.
	doRoll := func() {
		if !picked() || !settled() {
			return
		}
		s := t.game.State() // the roller the pick chose
		roller, _ := dun.InitiativeRoller(s)
		e := dun.Initiative{Hero: side(),
			ADP:     dun.InitiativeSide{Perception: &roller.Perception, Intelligence: &roller.Intelligence, Modifier: dun.InitiativeModifier(s, roller)},
			Context: context, BrokenDoorTurns: dun.DueDoorTurns(s)} // the turns the heroes spent at the door
		t.do(t.game.RollInitiative(e))
	}
	roll := keys.Button(label, key, key == ui.KeyChoice, doRoll)
	if closest != nil {
		closest.roll = doRoll // several just as close roll from their own window
	}
	// Who rolls for the heroes beside the panel, then the roll across the
	// column: a third of a 1280 px window's card wrapped its long label
	// (a tie's random pick) below the fold.
	return container.NewVBox(ui.Wrapped(situation, widget.MediumImportance),
		container.NewGridWithColumns(2, hero, details), roll)
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
		confirm(t.tr, t.t("ui.quest_end.abandon"), t.t("ui.quest_end.abandon_confirm"), func(ok bool) {
			if ok {
				t.do(&dun.QuestEnded{Outcome: dun.OutcomeAbandoned})
			}
		}, t.win)
	})
	t.eventSamples["ui.quest_end.abandon"] = &dun.QuestEnded{Outcome: dun.OutcomeAbandoned}
	return container.NewGridWithColumns(2, accomplished, won, lost, abandon)
}

// questOverPart is shown under the quest's end: in a campaign game, one tap
// (or N) records the result in the campaign.
func (t *tableScreen) questOverPart(keys ui.Keys) fyne.CanvasObject {
	s := t.game.State()
	if s.QuestOver == nil || t.recordQuest == nil {
		return nil
	}
	outcome := s.QuestOver.Outcome
	return keys.Button(t.t("ui.quest_end.record"), ui.KeyChoice, true, func() { t.recordQuest(outcome) })
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

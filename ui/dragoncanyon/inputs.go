package dcui

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/dragoncanyon/spiral"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui"
)

// input builds what a prompt asks the Conductor to type in.
func (t *tableScreen) input(p engine.Prompt, keys ui.Keys) fyne.CanvasObject {
	switch p.Input {
	case dragoncanyon.InputActionCard:
		return t.actionCardInput()
	case dragoncanyon.InputReveal:
		return t.revealInput()
	case dragoncanyon.InputFight:
		return t.fightInput()
	case dragoncanyon.InputScore:
		return t.scoreInput()
	case dragoncanyon.InputBoard:
		return ui.Wrapped(t.t("ui.dc.board.pointer", nil), widget.MediumImportance)
	}
	return nil
}

// numbers are "1" to "n" for a select.
func numbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// actionCardInput is what a physical action card shows: a list to pick
// from for each part, its caption above it (wrapped), so the card stays as
// narrow as its longest choice and never widens its column.
func (t *tableScreen) actionCardInput() fyne.CanvasObject {
	setup := t.game.Setup()
	pick := func(caption string, opts []string) (*widget.Select, fyne.CanvasObject) {
		sel := widget.NewSelect(opts, nil)
		sel.PlaceHolder = "—"
		return sel, container.NewVBox(ui.Wrapped(caption, widget.MediumImportance), sel)
	}
	row, rowBox := pick(t.t("ui.dc.in.row", nil), numbers(dragoncanyon.Size))
	col, colBox := pick(t.t("ui.dc.in.col", nil), numbers(dragoncanyon.Size))
	action, actionBox := pick(t.t("ui.dc.in.action", nil), []string{t.t("ui.dc.action.fight", nil), t.t("ui.dc.action.dragon", nil)})
	var dirs, rots []string
	for _, d := range spiral.Directions {
		dirs = append(dirs, t.t("ui.dc.dir."+d, nil))
	}
	for _, r := range spiral.Rotations {
		rots = append(rots, t.t("ui.dc.rot."+r, nil))
	}
	start, startBox := pick(t.t("ui.dc.in.start", nil), dirs)
	turn, turnBox := pick(t.t("ui.dc.in.turn", nil), rots)
	strength := ui.NewStepper(t.t("ui.dc.in.strength", nil), 0, decklist.MinStrength, decklist.MaxStrength)
	var names []string
	for _, b := range setup.Buildings {
		names = append(names, b.Name)
	}
	building, buildingBox := pick(t.t("ui.dc.in.building", nil), names)
	submit := big(t.t("ui.dc.in.flip", nil), func() {
		r, c, a, d, k, b := row.SelectedIndex(), col.SelectedIndex(), action.SelectedIndex(), start.SelectedIndex(), turn.SelectedIndex(), building.SelectedIndex()
		if r < 0 || c < 0 || a < 0 || d < 0 || k < 0 || b < 0 {
			t.area.SetNotice(t.t("ui.dc.in.incomplete", nil))
			return
		}
		t.area.Do(&dragoncanyon.ActionFlipped{Card: &dragoncanyon.ActionCard{
			Tile: dragoncanyon.Pos{r + 1, c + 1}, Action: []string{decklist.Fight, decklist.MoveDragon}[a],
			Start: spiral.Directions[d], Turn: spiral.Rotations[k], Strength: strength.Value, Building: setup.Buildings[b].ID}})
	})
	return container.NewVBox(container.NewGridWithColumns(2, rowBox, colBox), actionBox, startBox, turnBox, buildingBox, strength.Content, submit)
}

// revealInput is the AI's physical card turned face-up.
func (t *tableScreen) revealInput() fyne.CanvasObject {
	s := t.game.State()
	strength := ui.NewStepper(t.t("ui.dc.in.strength", nil), 0, decklist.MinStrength, decklist.MaxStrength)
	slayer := widget.NewCheck(t.t("ui.dc.card.slayer", nil), nil)
	return container.NewVBox(strength.Content, slayer, big(t.t("ui.dc.in.reveal", nil), func() {
		t.area.Do(&dragoncanyon.AICardRevealed{Tile: *s.Pending.Head().Tile, Strength: strength.Value, Slayer: slayer.Checked})
	}))
}

// fightInput is the player's side of a fight and the spoils.
func (t *tableScreen) fightInput() fyne.CanvasObject {
	strength := ui.NewStepper(t.t("ui.dc.in.card_strength", nil), 0, decklist.MinStrength, decklist.MaxStrength)
	n := 1
	if t.game.Setup().Difficulty == dragoncanyon.Easier {
		n = 2
	}
	var dice []*facePicker
	box := container.NewVBox(strength.Content)
	for i := range n {
		d := newFacePicker(t.t("ui.dc.in.die", map[string]any{"N": i + 1}))
		dice = append(dice, d)
		box.Add(d.content)
	}
	roll := widget.NewButton(t.t("ui.dc.in.roll", nil), func() {
		for i, f := range t.game.StrengthRoll() {
			dice[i].set(f)
		}
	})
	box.Add(roll)
	// Narrow: two columns of check boxes, the texts wrapped, so the prompt
	// card never widens its column (and the board beside it keeps its size).
	var res []string
	caravan := container.NewGridWithColumns(2)
	var carries []*widget.Check
	for _, r := range dragoncanyon.ByValue {
		res = append(res, t.t("ui.dc.res."+r, nil))
		c := widget.NewCheck(res[len(res)-1], nil)
		carries = append(carries, c)
		caravan.Add(c)
	}
	taken := widget.NewRadioGroup(res, nil)
	loot := ui.NewWrapCheck(t.t("ui.dc.in.loot", nil), nil)
	box.Add(ui.Wrapped(t.t("ui.dc.in.caravan", nil), widget.MediumImportance))
	box.Add(caravan)
	box.Add(ui.Wrapped(t.t("ui.dc.in.taken", nil), widget.MediumImportance))
	box.Add(taken)
	box.Add(loot)
	box.Add(big(t.t("ui.dc.in.fight", nil), func() {
		e := &dragoncanyon.FightResolved{Strength: strength.Value, Loot: loot.Checked}
		for _, d := range dice {
			if !d.chosen {
				t.area.SetNotice(t.t("ui.dc.in.incomplete", nil))
				return
			}
			e.Dice = append(e.Dice, d.value)
		}
		for i, r := range dragoncanyon.ByValue {
			if carries[i].Checked {
				e.Caravan = append(e.Caravan, r)
			}
			if taken.Selected == res[i] {
				e.Taken = r
			}
		}
		t.area.Do(e)
	}))
	return box
}

// facePicker enters a strength die: a button for every face the module
// allows (dragoncanyon.MinFace to MaxFace, 0 included), the chosen one
// standing out; none is chosen at first.
type facePicker struct {
	value   int
	chosen  bool
	buttons []*widget.Button
	content fyne.CanvasObject
}

func newFacePicker(caption string) *facePicker {
	p := &facePicker{}
	grid := container.NewGridWithColumns(dragoncanyon.MaxFace - dragoncanyon.MinFace + 1)
	for f := dragoncanyon.MinFace; f <= dragoncanyon.MaxFace; f++ {
		b := widget.NewButton(strconv.Itoa(f), func() { p.set(f) })
		p.buttons = append(p.buttons, b)
		grid.Add(b)
	}
	p.content = container.NewVBox(ui.Wrapped(caption, widget.MediumImportance), grid)
	return p
}

// set chooses face f.
func (p *facePicker) set(f int) {
	p.value, p.chosen = f, true
	for i, b := range p.buttons {
		if dragoncanyon.MinFace+i == f {
			b.Importance = widget.HighImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
}

// scoreInput is the final scoring.
func (t *tableScreen) scoreInput() fyne.CanvasObject {
	setup := t.game.Setup()
	var players []*ui.Stepper
	box := container.NewVBox()
	for i := 1; i <= setup.Players; i++ {
		s := ui.NewStepper(t.t("ui.dc.in.points", map[string]any{"SeatKey": seatIDs[i-1]}), 0, -99, 999)
		players = append(players, s)
		box.Add(s.Content)
	}
	extra := ui.NewStepper(t.t("ui.dc.in.ai_extra", nil), 0, -99, 999)
	box.Add(extra.Content)
	type objective struct {
		done       *widget.Check
		player, ai *ui.Stepper
	}
	var objs []objective
	if setup.Players == 1 {
		for i := 1; i <= dragoncanyon.Objectives; i++ {
			o := objective{
				done:   widget.NewCheck(t.t("ui.dc.in.objective", map[string]any{"N": i}), nil),
				player: ui.NewStepper(t.t("ui.dc.in.objective_player", nil), 0, -99, 99),
				ai:     ui.NewStepper(t.t("ui.dc.in.objective_ai", nil), 0, -99, 99),
			}
			objs = append(objs, o)
			box.Add(container.NewVBox(o.done, o.player.Content, o.ai.Content))
		}
	}
	box.Add(big(t.t("ui.dc.in.score", nil), func() {
		e := &dragoncanyon.GameScored{AIExtra: extra.Value}
		for _, p := range players {
			e.Players = append(e.Players, p.Value)
		}
		for _, o := range objs {
			e.Objectives = append(e.Objectives, dragoncanyon.Objective{Done: o.done.Checked, PlayerVP: o.player.Value, AIVP: o.ai.Value})
		}
		t.area.Do(e)
	}))
	return box
}

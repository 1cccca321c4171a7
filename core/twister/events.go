package twister

import "github.com/dunconductor/conductor/core/engine"

// Events are Dungeon Twister's event types, each registered beside its
// type.
var Events = engine.NewRegistry()

// ctx is what an event's apply needs besides the state.
type ctx struct {
	setup Setup
	log   []engine.Message
}

func (c *ctx) say(id string, args map[string]any) {
	c.log = append(c.log, engine.Message{ID: id, Args: args})
}

// player checks a seat number.
func (c *ctx) player(p int, field string) error {
	if p < 1 || p > c.setup.Players {
		return engine.Refuse("rule.twister.player", map[string]any{"FieldKey": fieldKey(field), "Player": p, "Count": c.setup.Players})
	}
	return nil
}

// fieldKey names an event's field in the reader's words (a message ID), never
// as the field's id.
func fieldKey(field string) string { return "ui.twister.field." + field }

// Field names, listed so every one is translated.
var _ = []string{"ui.twister.field.revealer", "ui.twister.field.opponent", "ui.twister.field.room", "ui.twister.field.name",
	"ui.twister.field.owner", "ui.twister.field.attacker", "ui.twister.field.defender", "ui.twister.field.attacker_character",
	"ui.twister.field.defender_character", "ui.twister.field.by", "ui.twister.field.character", "ui.twister.field.controller",
	"ui.twister.field.player"}

func checkName(n, field string, required bool) error {
	if (required && n == "") || len(n) > MaxName {
		return engine.Refuse("rule.twister.name", map[string]any{"FieldKey": fieldKey(field), "Max": MaxName})
	}
	return nil
}

func points(p int) (int, error) {
	if p == 0 {
		return 1, nil
	}
	if p < 1 || p > MaxPoints {
		return 0, engine.Refuse("rule.twister.points", map[string]any{"Max": MaxPoints})
	}
	return p, nil
}

// Dungeon Twister's part of the players' page: draws the module's public view
// into the page's frame (ui/share), which loads this file once a view of
// the module comes. The frame's helpers come from ConductorPage.
'use strict';

(function (P) {
  var t = P.t, has = P.has, el = P.el, text = P.text, panel = P.panel;

  // This device's seat's own view (GET /seats), when it holds a seat: its
  // own combat card, face down for every other phone, and whether a step is its.
  var own = null, last = null;
  if (P.onSeats) {
    P.onSeats(function (info) {
      own = info && info.view ? info.view : null;
      if (last) render(last[0], last[1]);
    });
  }

  function ownPanel() {
    if (!own) return null;
    var box = el('div', { class: 'banners', id: 'seat-own' });
    if (own.your_step) box.appendChild(el('p', { class: 'banner', id: 'own-step' }, t('ui.twister.page.seat.your_step', { name: own.name })));
    if (own.card !== undefined && own.card !== null) box.appendChild(el('p', { class: 'banner', id: 'own-card' }, t('ui.twister.page.seat.card', { n: own.card })));
    return box.childNodes.length ? box : null;
  }

  function render(view, v) {
    last = [view, v];
    var players = {};
    (v.players || []).forEach(function (p) { players[p.seat] = p.name || t('ui.twister.page.player_n', { n: p.seat }); });
    var who = function (seat) { return players[seat] || t('ui.twister.page.player_n', { n: seat }); };
    var winners = v.winners || [];

    var root = el('div', { class: 'game twister' });
    root.appendChild(el('header', null,
      el('h2', null, t('ui.twister.page.title')),
      el('span', { class: 'goal' }, t('ui.twister.page.goal', { n: v.goal })),
      el('span', { class: 'muted' }, t('ui.twister.page.rooms', { n: v.rooms || 0 })),
      el('span', { class: 'muted' }, t('ui.twister.page.combats', { n: v.combats || 0 }))));
    var banners = el('div', { class: 'banners' });
    if (winners.length) banners.appendChild(el('p', { class: 'banner ok', id: 'winners' }, t('ui.twister.page.winners', { names: winners.map(who).join(', ') })));
    root.appendChild(banners);
    var op = ownPanel();
    if (op) root.appendChild(op);

    // The score.
    var table = el('table', { id: 'score' });
    table.appendChild(el('thead', null, el('tr', null,
      el('th', { scope: 'col' }, t('ui.twister.page.player')),
      el('th', { scope: 'col', class: 'num' }, t('ui.twister.page.points')),
      el('th', { scope: 'col', class: 'num' }, t('ui.twister.page.escapes')),
      el('th', { scope: 'col', class: 'num' }, t('ui.twister.page.kills')),
      el('th', { scope: 'col', class: 'num' }, t('ui.twister.page.treasure')))));
    var body = el('tbody');
    (v.score || []).forEach(function (s) {
      body.appendChild(el('tr', { class: winners.indexOf(s.player) >= 0 ? 'winner' : null },
        el('th', { scope: 'row' }, who(s.player)),
        el('td', { class: 'num points', 'data-label': t('ui.twister.page.points') }, String(s.points)),
        el('td', { class: 'num', 'data-label': t('ui.twister.page.escapes') }, String(s.escapes)),
        el('td', { class: 'num', 'data-label': t('ui.twister.page.kills') }, String(s.kills)),
        el('td', { class: 'num', 'data-label': t('ui.twister.page.treasure') }, String(s.treasure))));
    });
    table.appendChild(body);
    root.appendChild(panel('score-panel', t('ui.twister.page.score'), el('div', { class: 'table-scroll' }, table)));

    // The room revealed last and who places what.
    if (v.room) {
      var rp = panel('room', t('ui.twister.page.room'));
      rp.appendChild(el('p', { id: 'room' }, v.room.name ? t('ui.twister.page.room.named', { room: v.room.name, revealer: who(v.room.revealer) }) : t('ui.twister.page.room.unnamed', { revealer: who(v.room.revealer) })));
      if (v.room.opponent) rp.appendChild(el('p', null, t('ui.twister.page.room.opponent', { opponent: who(v.room.opponent) })));
      if (v.placement && v.placement.length) {
        rp.appendChild(el('h3', null, t('ui.twister.page.placement')));
        var ol = el('ol', { class: 'placement', id: 'placement' });
        v.placement.forEach(function (st, i) {
          var items = el('ul');
          (st.items || []).forEach(function (it) {
            var kind = t('ui.twister.page.kind.' + it.kind);
            items.appendChild(el('li', null,
              kind ? t('ui.twister.page.item', { name: it.name, kind: kind, owner: who(it.owner) }) : t('ui.twister.page.item.plain', { name: it.name, owner: who(it.owner) }),
              has('ui.twister.page.why.' + it.why) ? el('span', { class: 'why' }, ': ' + t('ui.twister.page.why.' + it.why)) : null));
          });
          ol.appendChild(el('li', null, el('strong', null, who(st.placer)), items));
        });
        rp.appendChild(ol);
      }
      root.appendChild(rp);
    }

    // The combat under way.
    var cp = panel('combat', t('ui.twister.page.combat'));
    if (!v.combat) {
      cp.appendChild(el('p', { class: 'empty' }, t('ui.twister.page.combat.none')));
    } else {
      var c = v.combat;
      var side = function (seat, character) {
        return character ? t('ui.twister.page.combat.character', { player: who(seat), character: character }) : who(seat);
      };
      cp.appendChild(el('p', { id: 'combat-who' }, t('ui.twister.page.combat.who', { attacker: side(c.attacker, c.attacker_character), defender: side(c.defender, c.defender_character) })));
      var steps = c.override ? ['attacker_declares', 'defender_declares', 'override', 'reveal'] : ['attacker_declares', 'defender_declares', 'attacker_card', 'defender_card', 'reveal'];
      var at = steps.indexOf(c.step);
      var sl = el('ol', { class: 'steps', id: 'combat-steps' });
      steps.forEach(function (s, i) {
        sl.appendChild(el('li', { class: i === at ? 'current' : (i < at ? 'done' : null), 'aria-current': i === at ? 'step' : null }, t('ui.twister.page.step.' + s)));
      });
      cp.appendChild(sl);
      if (c.override && has('ui.twister.page.override.' + c.override)) cp.appendChild(el('p', null, t('ui.twister.page.combat.override', { what: t('ui.twister.page.override.' + c.override) })));
    }
    root.appendChild(cp);

    // A ruling's title and text are the Conductor's own (ruling.<id>.title, .text): each opens to its text.
    var rulings = (v.rulings || []).filter(function (id) { return has('ruling.' + id + '.title'); });
    if (rulings.length) {
      var rl = el('ul', { class: 'plain', id: 'rulings' });
      rulings.forEach(function (id) {
        rl.appendChild(el('li', null, el('details', null, el('summary', null, t('ruling.' + id + '.title')), el('p', null, t('ruling.' + id + '.text')))));
      });
      root.appendChild(panel('rulings', t('ui.twister.page.rulings'), rl));
    }

    view.replaceChildren(root);
  }

  P.register('dungeon-twister', { render: render });
})(window.ConductorPage);

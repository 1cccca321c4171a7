// Dragon Canyon's part of the players' page: draws the module's public view
// into the page's frame (ui/share), which loads this file once a view of
// the module comes. The frame's helpers come from ConductorPage.
'use strict';

(function (P) {
  var t = P.t, has = P.has, el = P.el, panel = P.panel;

  // dcKey is a message an argument names (…Key): the Conductor's own
  // messages the page was given, unrendered; nothing for one it was not.
  function dcKey(id) {
    return typeof id === 'string' ? t(id) : '';
  }

  // dcReason renders one of the AI's reasons (a message id with
  // arguments), or nothing when the page does not know it.
  function dcReason(id, args) {
    if (typeof id !== 'string') return '';
    var base = id;
    args = args || {};
    var key = args.Count === 1 && has(base + '.one') ? base + '.one' : base;
    if (!has(key)) return '';
    var a = {};
    Object.keys(args).forEach(function (k) {
      a[k] = /Key$/.test(k) ? dcKey(args[k]) : args[k];
    });
    return t(key, a);
  }

  // seatName is a seat in a sentence ("the AI"), seatLabel as a label
  // ("Player 1").
  function seatName(seat) {
    return t('ui.dc.page.seat.' + seat);
  }

  function seatLabel(seat) {
    return t('ui.dc.page.seat.name.' + seat) || seatName(seat);
  }

  function same(a, b) {
    return a && b && a[0] === b[0] && a[1] === b[1];
  }

  function resources(r) {
    var ul = el('ul', { class: 'resources' });
    ['wood', 'food', 'stone', 'bone'].forEach(function (k) {
      ul.appendChild(el('li', null, t('ui.dc.page.res.' + k) + ' ', el('b', null, String((r && r[k]) || 0))));
    });
    return ul;
  }

  function render(view, v) {
    var stackNames = {};
    (v.stacks || []).forEach(function (s) { stackNames[s.id] = s.name; });
    var root = el('div', { class: 'game canyon' });
    root.appendChild(el('header', null,
      el('h2', null, t('ui.dc.page.title')),
      el('span', { class: 'badge', id: 'round' }, t('ui.dc.page.round', { n: v.round })),
      el('span', { id: 'phase' }, t('ui.dc.page.phase.' + v.phase)),
      v.seat ? el('span', { class: 'muted' }, t('ui.dc.page.turn_of', { seat: seatName(v.seat) })) : null));

    var banners = el('div', { class: 'banners' });
    if (v.end && !v.result) {
      var left = (v.end.left || []).map(seatName).filter(Boolean).join(', ');
      var stack = stackNames[v.end.stack] || '';
      banners.appendChild(el('p', { class: 'banner bad', id: 'end' }, left ? t('ui.dc.page.end', { stack: stack, seats: left }) : t('ui.dc.page.end.none', { stack: stack })));
    }
    root.appendChild(banners);

    if (v.result) {
      var rp = panel('result', t('ui.dc.page.result'));
      var ul = el('ul', { class: 'plain', id: 'result' });
      ul.appendChild(el('li', null, t('ui.dc.page.result.ai', { n: v.result.ai })));
      (v.result.players || []).forEach(function (n, i) {
        ul.appendChild(el('li', null, t('ui.dc.page.result.player', { seat: seatLabel('p' + (i + 1)), n: n })));
      });
      rp.appendChild(ul);
      var rr = dcReason(v.result.reason, v.result.args);
      if (rr) rp.appendChild(el('p', { class: 'banner ok' }, rr));
      root.appendChild(rp);
    }

    // The board.
    var order = {};
    if (v.search && v.search.spiral) v.search.spiral.forEach(function (p, i) { order[p[0] + ',' + p[1]] = i + 1; });
    var board = el('div', { class: 'board', id: 'board', role: 'grid' });
    (v.board || []).forEach(function (row, r) {
      row.forEach(function (tile, c) {
        var pos = [r + 1, c + 1];
        var d = v.decision || {};
        var cls = 'tile ' + tile.resource + (tile.canyon ? ' canyon' : '') + (order[pos.join(',')] ? ' has-order' : '') + (same(d.tile, pos) ? ' decided' : '') + (same(d.target, pos) ? ' target' : '');
        var node = el('div', { class: cls, role: 'gridcell', 'aria-label': t('ui.dc.page.tile', { row: pos[0], col: pos[1] }), 'data-pos': pos.join(',') },
          el('span', { class: 'res' }, t('ui.dc.page.res.' + tile.resource) + ' ', el('b', { class: 'amount' }, String(tile.amount))),
          tile.canyon ? el('span', { class: 'canyon-tag' }, t('ui.dc.page.canyon')) : null,
          order[pos.join(',')] ? el('span', { class: 'order' }, String(order[pos.join(',')])) : null);
        if (tile.force) {
          var f = tile.force;
          node.appendChild(el('span', { class: 'card ' + (f.owner === 'ai' ? 'ai' : 'player') },
            el('b', null, t('ui.dc.page.seat.short.' + f.owner)),
            el('span', null, t(f.face_up ? 'ui.dc.page.card.face_up' : 'ui.dc.page.card.face_down')),
            f.face_up && typeof f.strength === 'number' ? el('span', null, t('ui.dc.page.card.strength', { n: f.strength })) : null,
            f.slayer ? el('span', null, t('ui.dc.page.card.slayer')) : null));
        }
        if (same(v.dragon, pos)) node.appendChild(el('span', { class: 'dragon' }, t('ui.dc.page.dragon')));
        board.appendChild(node);
      });
    });
    root.appendChild(panel('board-panel', t('ui.dc.page.board'), board, el('p', { class: 'muted' }, t('ui.dc.page.board.help'))));

    // The AI's last decision and why.
    var dp = panel('decision', t('ui.dc.page.decision'));
    var why = v.decision && !(v.result && v.result.reason === v.decision.reason) ? dcReason(v.decision.reason, v.decision.args) : '';
    dp.appendChild(el('p', { id: 'reason' }, why || t('ui.dc.page.decision.none')));
    // The reason's details (a fight's card abilities and Guard Towers), one
    // a line under it.
    if (why) {
      var details = (v.decision.details || []).map(function (x) { return dcReason(x && x.reason, x && x.args); }).filter(Boolean);
      if (details.length) {
        var dl = el('ul', { class: 'plain', id: 'reason-details' });
        details.forEach(function (s) { dl.appendChild(el('li', null, s)); });
        dp.appendChild(dl);
      }
    }
    if (v.action_card) {
      var a = v.action_card;
      var items = el('ul', { class: 'plain', id: 'action-card' });
      if (has('ui.dc.page.action.' + a.action)) items.appendChild(el('li', null, t('ui.dc.page.action.' + a.action)));
      if (a.tile) items.appendChild(el('li', null, t('ui.dc.page.action_card.tile', { tile: a.tile.join(',') })));
      if (a.start && a.turn) items.appendChild(el('li', null, t('ui.dc.page.action_card.search', { start: t('ui.dc.page.dir.' + a.start), turn: t('ui.dc.page.rot.' + a.turn) })));
      if (typeof a.strength === 'number') items.appendChild(el('li', null, t('ui.dc.page.action_card.strength', { n: a.strength })));
      if (a.building && stackNames[a.building]) items.appendChild(el('li', null, t('ui.dc.page.action_card.building', { name: stackNames[a.building] })));
      dp.appendChild(el('h3', null, t('ui.dc.page.action_card')));
      dp.appendChild(items);
    }
    root.appendChild(dp);

    // The AI's side.
    var ai = v.ai || {};
    var names = function (ids) {
      var out = (ids || []).map(function (id) { return stackNames[id]; }).filter(Boolean);
      return out.length ? out.join(', ') : t('ui.dc.page.none');
    };
    root.appendChild(panel('ai', t('ui.dc.page.ai'),
      el('h3', null, t('ui.dc.page.stash')), resources(ai.stash),
      el('h3', null, t('ui.dc.page.caravan')), resources(ai.caravan),
      el('p', null, el('strong', null, t('ui.dc.page.buildings') + ': '), names(ai.buildings)),
      el('p', null, t('ui.dc.page.loot', { n: ai.loot || 0 })),
      el('p', null, t('ui.dc.page.force_cards', { pile: ai.force_pile || 0, board: ai.force_on_board || 0, discard: ai.force_discard || 0 })),
      el('p', null, t('ui.dc.page.action_cards', { pile: ai.action_pile || 0, discard: ai.action_discard || 0 }))));

    var sp = panel('stacks', t('ui.dc.page.stacks'));
    var sl = el('ul', { class: 'plain' });
    (v.stacks || []).forEach(function (s) {
      sl.appendChild(el('li', null, t('ui.dc.page.stack', { name: s.name, vp: s.vp, left: s.left })));
    });
    sp.appendChild(sl);
    sp.appendChild(el('h3', null, t('ui.dc.page.players')));
    var pl = el('ul', { class: 'plain' });
    (v.players || []).forEach(function (p) {
      pl.appendChild(el('li', null, el('strong', null, seatLabel(p.seat) + ': '), names(p.buildings)));
    });
    sp.appendChild(pl);
    root.appendChild(sp);

    view.replaceChildren(root);
  }

  P.register('dragon-canyon', { render: render });
})(window.ConductorPage);

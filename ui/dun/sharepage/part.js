// Dungeon Universalis's part of the players' page: draws the module's public view
// into the page's frame (ui/share), which loads this file once a view of
// the module comes. The frame's helpers come from ConductorPage.
'use strict';

(function (P) {
  var t = P.t, has = P.has, el = P.el, text = P.text, panel = P.panel, sv = P.sv, SVG = P.SVG, speechControls = P.speechControls, readButton = P.readButton, read = P.read, autoRead = P.autoRead;

  // This device's seat's own view (GET /seats), when it holds a hero's
  // seat: the hero's sheet, and whether its player conducts this turn.
  var own = null;
  function heroPanel() {
    if (!own || !own.hero) return null;
    var h = own.hero;
    var box = el('div', { class: 'banners', id: 'seat-hero' },
      el('p', { class: 'banner' }, el('strong', null, t('ui.dun.page.seat.hero', { name: h.name, vp: h.vp })), ' ',
        t('ui.dun.page.seat.attributes', { per: h.perception, int: h.intelligence, agi: h.agility, dex: h.dexterity, str: h.strength, mov: h.movement })));
    if (own.conducting) box.appendChild(el('p', { class: 'banner ok', id: 'seat-conducting' }, t('ui.dun.page.seat.conducting')));
    return box;
  }
  if (P.onSeats) {
    P.onSeats(function (info) {
      own = info && info.view ? info.view : null;
      var old = document.getElementById('seat-hero'), fresh = heroPanel();
      var banners = document.querySelector('.game.dun > .banners');
      if (old) old.remove();
      if (fresh && banners) banners.after(fresh);
    });
  }

  function render(view, v, before) {
    var scroll = view.querySelector('.map-scroll');
    var scrollPos = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
    var sections = v.sections || [];
    var names = {};
    sections.forEach(function (s) { names[s.id] = text(s.name); });

    var root = el('div', { class: 'game dun' });
    var title = v.quest ? text(v.quest.title) : t('ui.dun.page.free_play');
    // With a rotating Conductor every phone names who conducts this turn (by the hero's name, or the player's number).
    var conducts = v.conductor ? el('span', { class: 'badge', id: 'conductor' }, v.conductor.name ? t('ui.dun.page.conductor', { name: v.conductor.name }) : t('ui.dun.page.conductor_n', { n: v.conductor.index })) : null;
    root.appendChild(el('header', null, el('h2', { id: 'quest-title' }, title), el('span', { class: 'badge', id: 'turn' }, t('ui.dun.page.turn', { n: v.turn })), conducts));

    var banners = el('div', { class: 'banners' });
    if (v.mission_accomplished && !v.outcome) banners.appendChild(el('p', { class: 'banner ok', id: 'mission' }, t('ui.dun.page.mission')));
    if (v.outcome && has('ui.dun.page.outcome.' + v.outcome)) {
      banners.appendChild(el('p', { class: 'banner ' + (v.outcome === 'won' ? 'ok' : 'bad'), id: 'outcome' }, t('ui.dun.page.outcome.' + v.outcome)));
    }
    root.appendChild(banners);
    var hero = heroPanel();
    if (hero) root.appendChild(hero);

    var mapBox = null;
    if (v.quest) {
      var mp = panel('map-panel', t('ui.dun.page.map'));
      if (!sections.length) {
        mp.appendChild(el('p', { class: 'empty' }, t('ui.dun.page.map.empty')));
      } else {
        mapBox = el('div', { class: 'map-scroll', id: 'map' });
        mp.appendChild(mapBox);
        mp.appendChild(legend(v));
      }
      root.appendChild(mp);
    }

    // The texts read aloud, the newest first, then the introduction.
    var texts = v.texts || [];
    var tp = panel('texts-panel', t('ui.dun.page.read_aloud'), speechControls());
    var list = el('ol', { class: 'texts', id: 'texts', reversed: true });
    var spoken = [];
    texts.forEach(function (x) {
      var heading = x.kind === 'red' ? t('ui.dun.page.text.red') : (names[x.section] || '');
      spoken.push((heading && x.kind !== 'red' ? heading + '. ' : '') + text(x.text));
    });
    for (var i = texts.length - 1; i >= 0; i--) {
      var x = texts[i];
      var red = x.kind === 'red';
      var heading = red ? t('ui.dun.page.text.red') : (names[x.section] || '');
      var h = el('h3', null, heading, i === texts.length - 1 ? el('span', { class: 'tag' }, t('ui.dun.page.read_aloud.newest')) : null);
      list.appendChild(el('li', {
        class: 'text' + (red ? ' red' : ' section') + (i === texts.length - 1 ? ' newest' : ''),
        'data-kind': red ? 'red' : 'section',
        'data-section': red ? null : x.section
      }, h, el('p', null, text(x.text)), readButton(spoken[i])));
    }
    if (v.quest && text(v.quest.introduction)) {
      list.appendChild(el('li', { class: 'text intro' }, el('h3', null, t('ui.dun.page.text.introduction')),
        el('p', null, text(v.quest.introduction)), readButton(title + '. ' + text(v.quest.introduction))));
    }
    if (!texts.length && !(v.quest && v.quest.introduction)) tp.appendChild(el('p', { class: 'empty' }, t('ui.dun.page.read_aloud.none')));
    tp.appendChild(list);
    root.appendChild(tp);

    var creatures = v.creatures || [];
    var cp = panel('creatures-panel', t('ui.dun.page.creatures'));
    if (!creatures.length) {
      cp.appendChild(el('p', { class: 'empty' }, t('ui.dun.page.creatures.none')));
    } else {
      var ol = el('ol', { class: 'creatures', id: 'creatures' });
      creatures.forEach(function (c) {
        var name = text(c.names);
        if (!name) return; // never an id
        ol.appendChild(el('li', null,
          el('span', { class: 'name' }, name),
          el('span', { class: 'wounds' }, t('ui.dun.page.creature.wounds', { n: c.wounds || 0 })),
          typeof c.vitality_left === 'number' ? el('span', { class: 'left' }, t('ui.dun.page.creature.left', { n: c.vitality_left })) : null));
      });
      cp.appendChild(ol);
    }
    root.appendChild(cp);

    var textsScroll = view.querySelector('.texts-panel');
    var textsTop = textsScroll ? textsScroll.scrollTop : 0;
    view.replaceChildren(root);

    var newestChanged = !before || before.newest !== v.newest || before.title !== title;
    if (mapBox) {
      drawMap(mapBox, v);
      if (newestChanged || !scrollPos) showNewest(mapBox, v);
      else {
        mapBox.scrollLeft = scrollPos[0];
        mapBox.scrollTop = scrollPos[1];
      }
    }
    var newTexts = before && before.title === title && texts.length > before.count;
    var tpNow = root.querySelector('.texts-panel');
    if (tpNow) tpNow.scrollTop = newTexts ? 0 : textsTop;
    if (newTexts && autoRead()) read(spoken.slice(before.count));
    return { newest: v.newest, title: title, count: texts.length, view: v };
  }

  // The map's drawing: one grid square is cell px; the map scrolls in its
  // box when it would be too small to read at the box's width.
  function mapCell(box, w, h) {
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    var width = box.clientWidth || (document.documentElement.clientWidth - 32);
    var fit = width / w;
    var tall = Math.max(window.innerHeight * 0.7, 240) / h;
    return Math.max(Math.min(fit, tall), rem * 1.15);
  }

  function extent(v) {
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    (v.sections || []).forEach(function (s) {
      minX = Math.min(minX, s.x); minY = Math.min(minY, s.y);
      maxX = Math.max(maxX, s.x + s.w); maxY = Math.max(maxY, s.y + s.h);
    });
    (v.exits || []).forEach(function (e) {
      minX = Math.min(minX, e.x); minY = Math.min(minY, e.y);
      maxX = Math.max(maxX, e.x); maxY = Math.max(maxY, e.y);
    });
    var pad = 0.6;
    return { x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad };
  }

  function drawMap(box, v) {
    var ext = extent(v);
    var cell = mapCell(box, ext.w, ext.h);
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    var svg = sv('svg', {
      xmlns: SVG,
      viewBox: [ext.x, ext.y, ext.w, ext.h].join(' '),
      width: Math.round(ext.w * cell),
      height: Math.round(ext.h * cell),
      role: 'img',
      'aria-label': t('ui.dun.page.map')
    });
    (v.sections || []).forEach(function (s) {
      var g = sv('g', { class: 'sec kind-' + s.kind + (s.id === v.newest ? ' newest' : ''), 'data-id': s.id });
      var kindName = t('ui.dun.page.kind.' + s.kind);
      g.appendChild(sv('title', null, text(s.name) + (kindName ? ' (' + kindName + ')' : '')));
      g.appendChild(sv('rect', { class: 'floor', x: s.x, y: s.y, width: s.w, height: s.h }));
      if (s.image) {
        // The section's picture, by the name the view gives it.
        g.appendChild(sv('image', { class: 'picture', href: '/images/' + encodeURIComponent(s.image), x: s.x, y: s.y, width: s.w, height: s.h, preserveAspectRatio: 'xMidYMid slice' }));
      }
      for (var gx = 1; gx < s.w; gx++) g.appendChild(sv('line', { class: 'gridline', x1: s.x + gx, y1: s.y, x2: s.x + gx, y2: s.y + s.h }));
      for (var gy = 1; gy < s.h; gy++) g.appendChild(sv('line', { class: 'gridline', x1: s.x, y1: s.y + gy, x2: s.x + s.w, y2: s.y + gy }));
      if (s.id === v.newest) g.appendChild(sv('rect', { class: 'glow', x: s.x - 0.14, y: s.y - 0.14, width: s.w + 0.28, height: s.h + 0.28, rx: 0.2 }));
      g.appendChild(nameLabel(text(s.name), s, rem / cell));
      svg.appendChild(g);
    });
    (v.exits || []).forEach(function (e) {
      svg.appendChild(exitMark(e, v));
    });
    box.replaceChildren(svg);
    fitLabels(svg);
  }

  // fitLabels shrinks each section's name, measured as the browser draws
  // it, until it lies whole inside its section: a name is never cut.
  function fitLabels(svg) {
    Array.prototype.forEach.call(svg.querySelectorAll('.sec'), function (g) {
      var label = g.querySelector('text');
      var floor = g.querySelector('rect.floor');
      if (!label || !floor) return;
      var turn = label.hasAttribute('transform');
      var w = parseFloat(floor.getAttribute(turn ? 'height' : 'width')) - 0.3;
      var h = parseFloat(floor.getAttribute(turn ? 'width' : 'height')) - 0.2;
      for (var i = 0; i < 4; i++) {
        var b;
        try { b = label.getBBox(); } catch (e) { return; }
        if (!b.width || !b.height) return; // not drawn: nothing to measure
        var k = Math.min(w / b.width, h / b.height);
        if (k >= 1) return;
        label.setAttribute('font-size', (parseFloat(label.getAttribute('font-size')) * k * 0.97).toFixed(4));
      }
    });
  }

  // nameLabel writes name inside section s, as large as fits up to size fs
  // (grid units), on several lines or along a tall section if need be.
  function nameLabel(name, s, fs) {
    var best = null;
    var tries = [{ w: s.w, h: s.h, turn: false }];
    if (s.h > s.w) tries.push({ w: s.h, h: s.w, turn: true });
    tries.forEach(function (o) {
      for (var f = fs; f >= fs * 0.45; f *= 0.9) {
        var lines = wrap(name, Math.floor((o.w - 0.4) / (0.62 * f)));
        if (lines && lines.length * f * 1.15 <= o.h - 0.2) {
          if (!best || f > best.f * 1.2) best = { f: f, lines: lines, turn: o.turn }; // along a section only when much larger
          return;
        }
      }
    });
    if (!best) {
      // Nothing fits at the smallest size: a word on a line of its own
      // if need be; fitLabels shrinks it further once drawn.
      var o = s.h > s.w ? { w: s.h, turn: true } : { w: s.w, turn: false };
      var longest = Math.max.apply(null, name.split(/\s+/).map(function (x) { return x.length; }));
      var lines = wrap(name, Math.max(Math.floor((o.w - 0.4) / (0.62 * fs * 0.45)), longest)) || [name];
      best = { f: fs * 0.45, lines: lines, turn: o.turn };
    }
    var cx = s.x + s.w / 2, cy = s.y + s.h / 2;
    var attrs = { x: cx, y: cy, 'font-size': best.f.toFixed(3), 'text-anchor': 'middle', 'dominant-baseline': 'central' };
    if (best.turn) attrs.transform = 'rotate(-90 ' + cx + ' ' + cy + ')';
    var label = sv('text', attrs);
    var first = -(best.lines.length - 1) / 2;
    best.lines.forEach(function (line, i) {
      label.appendChild(sv('tspan', { x: cx, dy: (i === 0 ? first * 1.15 : 1.15) + 'em' }, line));
    });
    return label;
  }

  // wrap breaks s into lines of at most max characters, or null.
  function wrap(s, max) {
    if (max < 1) return null;
    var words = s.split(/\s+/).filter(Boolean);
    var lines = [];
    var line = '';
    for (var i = 0; i < words.length; i++) {
      if (words[i].length > max) return null;
      if (!line) line = words[i];
      else if (line.length + 1 + words[i].length <= max) line += ' ' + words[i];
      else {
        lines.push(line);
        line = words[i];
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  function exitMark(e, v) {
    var known = !!e.to;
    var kind = known ? (e.kind || 'door') : 'unknown';
    var g = sv('g', { class: 'exit ' + kind, 'data-from': e.from });
    var into = null;
    (v.sections || []).forEach(function (s) { if (s.id === e.to) into = text(s.name); });
    g.appendChild(sv('title', null, known ? t('ui.dun.page.exit.into', { kind: t('ui.dun.page.exit.' + kind), name: into }) : t('ui.dun.page.exit.unknown')));
    g.appendChild(exitShape(kind, e.x, e.y, 0.36));
    return g;
  }

  function exitShape(kind, x, y, r) {
    if (kind === 'unknown') {
      var g = sv('g');
      g.appendChild(sv('circle', { cx: x, cy: y, r: r * 1.1 }));
      g.appendChild(sv('text', { x: x, y: y, 'font-size': r * 1.5, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, '?'));
      return g;
    }
    if (kind === 'arrow') {
      return sv('path', { d: 'M' + (x - r) + ' ' + (y - r) + 'L' + (x + r) + ' ' + y + 'L' + (x - r) + ' ' + (y + r) + 'Z' });
    }
    return sv('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 0.06 });
  }

  function legend(v) {
    var ul = el('ul', { class: 'legend', 'aria-label': t('ui.dun.page.map.legend') });
    var kinds = [];
    (v.sections || []).forEach(function (s) { if (kinds.indexOf(s.kind) < 0) kinds.push(s.kind); });
    kinds.forEach(function (k) {
      ul.appendChild(el('li', null, el('span', { class: 'swatch kind-' + k }), t('ui.dun.page.kind.' + k)));
    });
    if (v.newest) ul.appendChild(el('li', null, el('span', { class: 'swatch newest' }), t('ui.dun.page.map.newest')));
    var exits = [];
    (v.exits || []).forEach(function (e) {
      var k = e.to ? (e.kind || 'door') : 'unknown';
      if (exits.indexOf(k) < 0) exits.push(k);
    });
    exits.forEach(function (k) {
      var icon = sv('svg', { viewBox: '-0.5 -0.5 1 1', 'aria-hidden': 'true' }, sv('g', { class: 'exit ' + k }, exitShape(k, 0, 0, 0.36)));
      ul.appendChild(el('li', null, icon, k === 'unknown' ? t('ui.dun.page.exit.unknown') : t('ui.dun.page.exit.' + k)));
    });
    return ul;
  }

  // showNewest scrolls the map's box so the newest section is in view.
  function showNewest(box, v) {
    var svg = box.querySelector('svg');
    var sec = null;
    (v.sections || []).forEach(function (s) { if (s.id === v.newest) sec = s; });
    if (!svg || !sec) return;
    var ext = extent(v);
    var cell = parseFloat(svg.getAttribute('width')) / ext.w;
    var cx = (sec.x + sec.w / 2 - ext.x) * cell;
    var cy = (sec.y + sec.h / 2 - ext.y) * cell;
    box.scrollLeft = Math.max(0, cx - box.clientWidth / 2);
    box.scrollTop = Math.max(0, cy - box.clientHeight / 2);
  }

  P.register('dun', {
    render: render,
    // The map is drawn to the window's width: drawn again when it changes.
    resize: function (view, kept) {
      var box = view.querySelector('#map');
      if (!box || !kept) return;
      drawMap(box, kept.view);
      showNewest(box, kept.view);
    }
  });
})(window.ConductorPage);

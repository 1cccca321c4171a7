// The players' page: draws the game's public view, as the Conductor's
// server streams it (/events), for phones, tablets and TVs at the table.
// No framework, nothing from elsewhere: the page's words come from the
// server in <script id="messages">, in the page's language.
'use strict';

(function () {
  var M = readJSON('messages') || {};
  var lang = document.documentElement.lang === 'es' ? 'es' : 'en';
  var SVG = 'http://www.w3.org/2000/svg';

  // ---- Small helpers ----

  function readJSON(id) {
    var node = document.getElementById(id);
    if (!node) return null;
    try {
      return JSON.parse(node.textContent);
    } catch (e) {
      return null;
    }
  }

  // t renders message id with args ({Name} marks one); a message the page
  // does not have renders as nothing, never as its id. An argument missing
  // shows as "?" (something the players may not know).
  function t(id, args) {
    var s = M[id];
    if (typeof s !== 'string') return '';
    return s.replace(/\{(\w+)\}/g, function (all, k) {
      if (args && args[k] !== undefined && args[k] !== null) return String(args[k]);
      return '?';
    });
  }

  function has(id) {
    return typeof M[id] === 'string';
  }

  // el makes an element: attrs holds attributes (class, id, …), then
  // children (strings or nodes; null and '' are left out).
  function el(tag, attrs) {
    var node = document.createElement(tag);
    setAttrs(node, attrs);
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  function sv(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    setAttrs(node, attrs);
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  function setAttrs(node, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === undefined || v === null || v === false) return;
      node.setAttribute(k, v === true ? '' : String(v));
    });
  }

  function append(node, child) {
    if (child === null || child === undefined || child === '' || child === false) return;
    if (Array.isArray(child)) {
      child.forEach(function (c) { append(node, c); });
      return;
    }
    node.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }

  // text gives this language's version of a text in every language.
  function text(m) {
    if (!m) return '';
    if (typeof m === 'string') return m;
    return m[lang] || m.en || '';
  }

  var store = {
    get: function (k) {
      try { return window.localStorage.getItem('conductor.' + k); } catch (e) { return null; }
    },
    set: function (k, v) {
      try { window.localStorage.setItem('conductor.' + k, v); } catch (e) { /* private mode: not kept */ }
    }
  };

  // ---- Light and dark ----

  var darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  function theme() {
    var saved = store.get('theme');
    if (saved === 'dark' || saved === 'light') return saved;
    return darkQuery && darkQuery.matches ? 'dark' : 'light';
  }

  function applyTheme() {
    var saved = store.get('theme');
    if (saved === 'dark' || saved === 'light') document.documentElement.setAttribute('data-theme', saved);
    else document.documentElement.removeAttribute('data-theme');
    var button = document.getElementById('theme');
    if (button) {
      button.textContent = theme() === 'dark' ? t('share.page.theme.to_light') : t('share.page.theme.to_dark');
      button.hidden = false;
    }
  }

  function setupTheme() {
    applyTheme();
    var button = document.getElementById('theme');
    if (button) {
      button.addEventListener('click', function () {
        store.set('theme', theme() === 'dark' ? 'light' : 'dark');
        applyTheme();
      });
    }
    if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener('change', applyTheme);
  }

  // ---- Reading aloud ----

  var synth = ('speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function') ? window.speechSynthesis : null;
  var lastRead = [];

  function voice() {
    if (!synth || !synth.getVoices) return null;
    var want = lang === 'es' ? 'es' : 'en';
    var exact = lang === 'es' ? 'es-ES' : 'en-GB';
    var voices = synth.getVoices() || [];
    var best = null;
    for (var i = 0; i < voices.length; i++) {
      var l = (voices[i].lang || '').replace('_', '-');
      if (l === exact) return voices[i];
      if (!best && l.toLowerCase().indexOf(want) === 0) best = voices[i];
    }
    return best;
  }

  // read says texts one after the other, stopping whatever is being said.
  function read(texts) {
    if (!synth || !texts.length) return;
    lastRead = texts.slice();
    var say = function () {
      var v = voice();
      texts.forEach(function (s) {
        var u = new window.SpeechSynthesisUtterance(s);
        u.lang = lang === 'es' ? 'es-ES' : 'en-GB';
        if (v) u.voice = v;
        synth.speak(u);
      });
    };
    if (synth.speaking || synth.pending) {
      synth.cancel();
      setTimeout(say, 60); // some browsers drop what is said right after a cancel
    } else {
      say();
    }
  }

  // mayNotSpeak: the browser lets a page speak only once someone has
  // touched it (a reload forgets that).
  function mayNotSpeak() {
    var a = navigator.userActivation;
    return !!(a && !a.hasBeenActive);
  }

  function autoRead() {
    return store.get('autoRead') === '1';
  }

  // speechControls are Stop, Repeat and "read each new text as it comes".
  function speechControls() {
    var bar = el('div', { class: 'speech', role: 'group', 'aria-label': t('share.page.speech.controls') });
    if (!synth) {
      bar.appendChild(el('p', { class: 'note', id: 'speech-unavailable' }, t('share.page.speech.unavailable')));
      return bar;
    }
    var stop = el('button', { type: 'button', class: 'btn', id: 'speech-stop' }, t('share.page.speech.stop'));
    stop.addEventListener('click', function () { synth.cancel(); });
    var again = el('button', { type: 'button', class: 'btn', id: 'speech-repeat' }, t('share.page.speech.repeat'));
    again.addEventListener('click', function () { read(lastRead); });
    var box = el('input', { type: 'checkbox', id: 'speech-auto' });
    box.checked = autoRead();
    box.addEventListener('change', function () { store.set('autoRead', box.checked ? '1' : '0'); });
    bar.appendChild(stop);
    bar.appendChild(again);
    bar.appendChild(el('label', { for: 'speech-auto' }, box, t('share.page.speech.auto')));
    if (autoRead() && mayNotSpeak()) {
      var tap = el('p', { class: 'note', id: 'speech-tap' }, t('share.page.speech.tap'));
      bar.appendChild(tap);
      document.addEventListener('pointerdown', function () { tap.remove(); }, { once: true });
    }
    return bar;
  }

  // readButton reads what when pressed, or says the browser cannot.
  function readButton(what) {
    if (!synth) {
      return el('button', { type: 'button', class: 'btn read', disabled: true }, t('share.page.speech.unavailable'));
    }
    var b = el('button', { type: 'button', class: 'btn read' }, t('share.page.speech.read'));
    b.addEventListener('click', function () { read([what]); });
    return b;
  }

  // ---- The connection ----

  var source = null;
  var retry = null;

  function setConn(state) {
    var line = document.getElementById('conn');
    if (!line) return;
    if (!state) {
      line.hidden = true;
      line.replaceChildren();
      return;
    }
    line.hidden = false;
    if (state === 'ended') {
      var again = el('button', { type: 'button', class: 'btn', id: 'conn-reload' }, t('share.page.conn.reload'));
      again.addEventListener('click', function () { window.location.reload(); });
      line.replaceChildren(t('share.page.conn.ended'), again);
    } else {
      line.replaceChildren(t('share.page.conn.lost'));
    }
  }

  function connect() {
    if (retry) {
      clearTimeout(retry);
      retry = null;
    }
    if (source) source.close();
    source = new EventSource('/events');
    source.addEventListener('state', function (ev) {
      setConn('');
      var st;
      try {
        st = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      render(st);
    });
    source.addEventListener('open', function () { setConn(''); });
    source.addEventListener('error', function () {
      if (source.readyState === EventSource.CLOSED) {
        // The server answered but refused the stream: is this device
        // still let in?
        source.close();
        checkAccess();
      } else {
        setConn('lost'); // the browser reconnects by itself
      }
    });
  }

  function checkAccess() {
    setConn('lost');
    fetch('/state', { credentials: 'same-origin', cache: 'no-store' }).then(function (r) {
      if (r.status === 401) setConn('ended');
      else retry = setTimeout(connect, 3000);
    }, function () {
      retry = setTimeout(connect, 3000);
    });
  }

  // ---- Drawing a state ----

  var current = null; // the last state drawn
  var memory = {}; // what a module's drawing keeps from one state to the next

  function render(st) {
    if (!st || typeof st !== 'object') return;
    current = st;
    var view = document.getElementById('view');
    if (!view) return;
    if (!st.module || st.public === null || st.public === undefined) {
      view.replaceChildren(el('p', { class: 'waiting' }, t('share.page.waiting')));
      memory = {};
      return;
    }
    view.setAttribute('data-module', st.module);
    view.setAttribute('data-version', String(st.version));
    switch (st.module) {
      case 'dun':
        drawDun(view, st.public);
        break;
      case 'dragon-canyon':
        drawCanyon(view, st.public);
        break;
      case 'dungeon-twister':
      case 'twister':
        drawTwister(view, st.public);
        break;
      case 'recap': // the last sitting's recap, shown by the Conductor (ui/recap.go)
        drawRecap(view, st.public);
        break;
      default:
        view.replaceChildren(el('p', { class: 'waiting' }, t('share.page.module.unknown')));
    }
  }

  // A recap: {en: {title, when, lines: [{kind, text, quote}]}, es: …}.
  function drawRecap(view, v) {
    var r = v[lang] || v.en;
    if (!r) return;
    var list = el('div', { class: 'recap-lines' });
    (r.lines || []).forEach(function (l) {
      append(list, el(l.kind === 'heading' ? 'h3' : 'p', { class: 'recap-' + l.kind }, l.text));
      if (l.quote) append(list, el('blockquote', { class: l.kind === 'alert' ? 'text red' : 'text' }, l.quote));
    });
    view.replaceChildren(panel('recap', r.title, el('p', { class: 'recap-when' }, r.when), list));
    memory = {};
  }

  function panel(cls, title) {
    var p = el('section', { class: 'panel ' + cls });
    if (title) p.appendChild(el('h2', null, title));
    for (var i = 2; i < arguments.length; i++) append(p, arguments[i]);
    return p;
  }

  // ---- DUN ----

  function drawDun(view, v) {
    var before = memory.dun || null;
    var scroll = view.querySelector('.map-scroll');
    var scrollPos = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
    var sections = v.sections || [];
    var names = {};
    sections.forEach(function (s) { names[s.id] = text(s.name); });

    var root = el('div', { class: 'game dun' });
    var title = v.quest ? text(v.quest.title) : t('share.page.free_play');
    root.appendChild(el('header', null, el('h2', { id: 'quest-title' }, title), el('span', { class: 'badge', id: 'turn' }, t('share.page.turn', { n: v.turn }))));

    var banners = el('div', { class: 'banners' });
    if (v.mission_accomplished && !v.outcome) banners.appendChild(el('p', { class: 'banner ok', id: 'mission' }, t('share.page.mission')));
    if (v.outcome && has('share.page.outcome.' + v.outcome)) {
      banners.appendChild(el('p', { class: 'banner ' + (v.outcome === 'won' ? 'ok' : 'bad'), id: 'outcome' }, t('share.page.outcome.' + v.outcome)));
    }
    root.appendChild(banners);

    var mapBox = null;
    if (v.quest) {
      var mp = panel('map-panel', t('share.page.map'));
      if (!sections.length) {
        mp.appendChild(el('p', { class: 'empty' }, t('share.page.map.empty')));
      } else {
        mapBox = el('div', { class: 'map-scroll', id: 'map' });
        mp.appendChild(mapBox);
        mp.appendChild(legend(v));
      }
      root.appendChild(mp);
    }

    // The texts read aloud, the newest first, then the introduction.
    var texts = v.texts || [];
    var tp = panel('texts-panel', t('share.page.read_aloud'), speechControls());
    var list = el('ol', { class: 'texts', id: 'texts', reversed: true });
    var spoken = [];
    texts.forEach(function (x) {
      var heading = x.kind === 'red' ? t('share.page.text.red') : (names[x.section] || '');
      spoken.push((heading && x.kind !== 'red' ? heading + '. ' : '') + text(x.text));
    });
    for (var i = texts.length - 1; i >= 0; i--) {
      var x = texts[i];
      var red = x.kind === 'red';
      var heading = red ? t('share.page.text.red') : (names[x.section] || '');
      var h = el('h3', null, heading, i === texts.length - 1 ? el('span', { class: 'tag' }, t('share.page.read_aloud.newest')) : null);
      list.appendChild(el('li', {
        class: 'text' + (red ? ' red' : ' section') + (i === texts.length - 1 ? ' newest' : ''),
        'data-kind': red ? 'red' : 'section',
        'data-section': red ? null : x.section
      }, h, el('p', null, text(x.text)), readButton(spoken[i])));
    }
    if (v.quest && text(v.quest.introduction)) {
      list.appendChild(el('li', { class: 'text intro' }, el('h3', null, t('share.page.text.introduction')),
        el('p', null, text(v.quest.introduction)), readButton(title + '. ' + text(v.quest.introduction))));
    }
    if (!texts.length && !(v.quest && v.quest.introduction)) tp.appendChild(el('p', { class: 'empty' }, t('share.page.read_aloud.none')));
    tp.appendChild(list);
    root.appendChild(tp);

    var creatures = v.creatures || [];
    var cp = panel('creatures-panel', t('share.page.creatures'));
    if (!creatures.length) {
      cp.appendChild(el('p', { class: 'empty' }, t('share.page.creatures.none')));
    } else {
      var ol = el('ol', { class: 'creatures', id: 'creatures' });
      creatures.forEach(function (c) {
        var name = text(c.names);
        if (!name) return; // never an id
        ol.appendChild(el('li', null,
          el('span', { class: 'name' }, name),
          el('span', { class: 'wounds' }, t('share.page.creature.wounds', { n: c.wounds || 0 })),
          typeof c.vitality_left === 'number' ? el('span', { class: 'left' }, t('share.page.creature.left', { n: c.vitality_left })) : null));
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
    memory = { dun: { newest: v.newest, title: title, count: texts.length, view: v } };
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
      'aria-label': t('share.page.map')
    });
    (v.sections || []).forEach(function (s) {
      var g = sv('g', { class: 'sec kind-' + s.kind + (s.id === v.newest ? ' newest' : ''), 'data-id': s.id });
      var kindName = t('share.page.kind.' + s.kind);
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
    g.appendChild(sv('title', null, known ? t('share.page.exit.into', { kind: t('share.page.exit.' + kind), name: into }) : t('share.page.exit.unknown')));
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
    var ul = el('ul', { class: 'legend', 'aria-label': t('share.page.map.legend') });
    var kinds = [];
    (v.sections || []).forEach(function (s) { if (kinds.indexOf(s.kind) < 0) kinds.push(s.kind); });
    kinds.forEach(function (k) {
      ul.appendChild(el('li', null, el('span', { class: 'swatch kind-' + k }), t('share.page.kind.' + k)));
    });
    if (v.newest) ul.appendChild(el('li', null, el('span', { class: 'swatch newest' }), t('share.page.map.newest')));
    var exits = [];
    (v.exits || []).forEach(function (e) {
      var k = e.to ? (e.kind || 'door') : 'unknown';
      if (exits.indexOf(k) < 0) exits.push(k);
    });
    exits.forEach(function (k) {
      var icon = sv('svg', { viewBox: '-0.5 -0.5 1 1', 'aria-hidden': 'true' }, sv('g', { class: 'exit ' + k }, exitShape(k, 0, 0, 0.36)));
      ul.appendChild(el('li', null, icon, k === 'unknown' ? t('share.page.exit.unknown') : t('share.page.exit.' + k)));
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

  // ---- Dragon Canyon ----

  function dcKey(id) {
    if (typeof id !== 'string') return '';
    // The Conductor's own messages, given unrendered (translations.Templates).
    if (id.indexOf('reason.dc.') === 0 || id.indexOf('ui.dc.') === 0) return t(id);
    return '';
  }

  // dcReason renders one of the AI's reasons (a message id with
  // arguments), or nothing when the page does not know it.
  function dcReason(id, args) {
    if (typeof id !== 'string' || id.indexOf('reason.dc.') !== 0) return '';
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
    return t('share.page.dc.seat.' + seat);
  }

  function seatLabel(seat) {
    return t('share.page.dc.seat.name.' + seat) || seatName(seat);
  }

  function same(a, b) {
    return a && b && a[0] === b[0] && a[1] === b[1];
  }

  function resources(r) {
    var ul = el('ul', { class: 'resources' });
    ['wood', 'food', 'stone', 'bone'].forEach(function (k) {
      ul.appendChild(el('li', null, t('share.page.dc.res.' + k) + ' ', el('b', null, String((r && r[k]) || 0))));
    });
    return ul;
  }

  function drawCanyon(view, v) {
    var stackNames = {};
    (v.stacks || []).forEach(function (s) { stackNames[s.id] = s.name; });
    var root = el('div', { class: 'game canyon' });
    root.appendChild(el('header', null,
      el('h2', null, t('share.page.dc.title')),
      el('span', { class: 'badge', id: 'round' }, t('share.page.dc.round', { n: v.round })),
      el('span', { id: 'phase' }, t('share.page.dc.phase.' + v.phase)),
      v.seat ? el('span', { class: 'muted' }, t('share.page.dc.turn_of', { seat: seatName(v.seat) })) : null));

    var banners = el('div', { class: 'banners' });
    if (v.end && !v.result) {
      var left = (v.end.left || []).map(seatName).filter(Boolean).join(', ');
      var stack = stackNames[v.end.stack] || '';
      banners.appendChild(el('p', { class: 'banner bad', id: 'end' }, left ? t('share.page.dc.end', { stack: stack, seats: left }) : t('share.page.dc.end.none', { stack: stack })));
    }
    root.appendChild(banners);

    if (v.result) {
      var rp = panel('result', t('share.page.dc.result'));
      var ul = el('ul', { class: 'plain', id: 'result' });
      ul.appendChild(el('li', null, t('share.page.dc.result.ai', { n: v.result.ai })));
      (v.result.players || []).forEach(function (n, i) {
        ul.appendChild(el('li', null, t('share.page.dc.result.player', { seat: seatLabel('p' + (i + 1)), n: n })));
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
        var node = el('div', { class: cls, role: 'gridcell', 'aria-label': t('share.page.dc.tile', { row: pos[0], col: pos[1] }), 'data-pos': pos.join(',') },
          el('span', { class: 'res' }, t('share.page.dc.res.' + tile.resource) + ' ', el('b', { class: 'amount' }, String(tile.amount))),
          tile.canyon ? el('span', { class: 'canyon-tag' }, t('share.page.dc.canyon')) : null,
          order[pos.join(',')] ? el('span', { class: 'order' }, String(order[pos.join(',')])) : null);
        if (tile.force) {
          var f = tile.force;
          node.appendChild(el('span', { class: 'card ' + (f.owner === 'ai' ? 'ai' : 'player') },
            el('b', null, t('share.page.dc.seat.short.' + f.owner)),
            el('span', null, t(f.face_up ? 'share.page.dc.card.face_up' : 'share.page.dc.card.face_down')),
            f.face_up && typeof f.strength === 'number' ? el('span', null, t('share.page.dc.card.strength', { n: f.strength })) : null,
            f.slayer ? el('span', null, t('share.page.dc.card.slayer')) : null));
        }
        if (same(v.dragon, pos)) node.appendChild(el('span', { class: 'dragon' }, t('share.page.dc.dragon')));
        board.appendChild(node);
      });
    });
    root.appendChild(panel('board-panel', t('share.page.dc.board'), board, el('p', { class: 'muted' }, t('share.page.dc.board.help'))));

    // The AI's last decision and why.
    var dp = panel('decision', t('share.page.dc.decision'));
    var why = v.decision && !(v.result && v.result.reason === v.decision.reason) ? dcReason(v.decision.reason, v.decision.args) : '';
    dp.appendChild(el('p', { id: 'reason' }, why || t('share.page.dc.decision.none')));
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
      if (has('share.page.dc.action.' + a.action)) items.appendChild(el('li', null, t('share.page.dc.action.' + a.action)));
      if (a.tile) items.appendChild(el('li', null, t('share.page.dc.action_card.tile', { tile: a.tile.join(',') })));
      if (a.start && a.turn) items.appendChild(el('li', null, t('share.page.dc.action_card.search', { start: t('share.page.dc.dir.' + a.start), turn: t('share.page.dc.rot.' + a.turn) })));
      if (typeof a.strength === 'number') items.appendChild(el('li', null, t('share.page.dc.action_card.strength', { n: a.strength })));
      if (a.building && stackNames[a.building]) items.appendChild(el('li', null, t('share.page.dc.action_card.building', { name: stackNames[a.building] })));
      dp.appendChild(el('h3', null, t('share.page.dc.action_card')));
      dp.appendChild(items);
    }
    root.appendChild(dp);

    // The AI's side.
    var ai = v.ai || {};
    var names = function (ids) {
      var out = (ids || []).map(function (id) { return stackNames[id]; }).filter(Boolean);
      return out.length ? out.join(', ') : t('share.page.none');
    };
    root.appendChild(panel('ai', t('share.page.dc.ai'),
      el('h3', null, t('share.page.dc.stash')), resources(ai.stash),
      el('h3', null, t('share.page.dc.caravan')), resources(ai.caravan),
      el('p', null, el('strong', null, t('share.page.dc.buildings') + ': '), names(ai.buildings)),
      el('p', null, t('share.page.dc.loot', { n: ai.loot || 0 })),
      el('p', null, t('share.page.dc.force_cards', { pile: ai.force_pile || 0, board: ai.force_on_board || 0, discard: ai.force_discard || 0 })),
      el('p', null, t('share.page.dc.action_cards', { pile: ai.action_pile || 0, discard: ai.action_discard || 0 }))));

    var sp = panel('stacks', t('share.page.dc.stacks'));
    var sl = el('ul', { class: 'plain' });
    (v.stacks || []).forEach(function (s) {
      sl.appendChild(el('li', null, t('share.page.dc.stack', { name: s.name, vp: s.vp, left: s.left })));
    });
    sp.appendChild(sl);
    sp.appendChild(el('h3', null, t('share.page.dc.players')));
    var pl = el('ul', { class: 'plain' });
    (v.players || []).forEach(function (p) {
      pl.appendChild(el('li', null, el('strong', null, seatLabel(p.seat) + ': '), names(p.buildings)));
    });
    sp.appendChild(pl);
    root.appendChild(sp);

    view.replaceChildren(root);
    memory = {};
  }

  // ---- Dungeon Twister ----

  function drawTwister(view, v) {
    var players = {};
    (v.players || []).forEach(function (p) { players[p.seat] = p.name || t('share.page.tw.player_n', { n: p.seat }); });
    var who = function (seat) { return players[seat] || t('share.page.tw.player_n', { n: seat }); };
    var winners = v.winners || [];

    var root = el('div', { class: 'game twister' });
    root.appendChild(el('header', null,
      el('h2', null, t('share.page.tw.title')),
      el('span', { class: 'goal' }, t('share.page.tw.goal', { n: v.goal })),
      el('span', { class: 'muted' }, t('share.page.tw.rooms', { n: v.rooms || 0 })),
      el('span', { class: 'muted' }, t('share.page.tw.combats', { n: v.combats || 0 }))));
    var banners = el('div', { class: 'banners' });
    if (winners.length) banners.appendChild(el('p', { class: 'banner ok', id: 'winners' }, t('share.page.tw.winners', { names: winners.map(who).join(', ') })));
    root.appendChild(banners);

    // The score.
    var table = el('table', { id: 'score' });
    table.appendChild(el('thead', null, el('tr', null,
      el('th', { scope: 'col' }, t('share.page.tw.player')),
      el('th', { scope: 'col', class: 'num' }, t('share.page.tw.points')),
      el('th', { scope: 'col', class: 'num' }, t('share.page.tw.escapes')),
      el('th', { scope: 'col', class: 'num' }, t('share.page.tw.kills')),
      el('th', { scope: 'col', class: 'num' }, t('share.page.tw.treasure')))));
    var body = el('tbody');
    (v.score || []).forEach(function (s) {
      body.appendChild(el('tr', { class: winners.indexOf(s.player) >= 0 ? 'winner' : null },
        el('th', { scope: 'row' }, who(s.player)),
        el('td', { class: 'num points', 'data-label': t('share.page.tw.points') }, String(s.points)),
        el('td', { class: 'num', 'data-label': t('share.page.tw.escapes') }, String(s.escapes)),
        el('td', { class: 'num', 'data-label': t('share.page.tw.kills') }, String(s.kills)),
        el('td', { class: 'num', 'data-label': t('share.page.tw.treasure') }, String(s.treasure))));
    });
    table.appendChild(body);
    root.appendChild(panel('score-panel', t('share.page.tw.score'), el('div', { class: 'table-scroll' }, table)));

    // The room revealed last and who places what.
    if (v.room) {
      var rp = panel('room', t('share.page.tw.room'));
      rp.appendChild(el('p', { id: 'room' }, v.room.name ? t('share.page.tw.room.named', { room: v.room.name, revealer: who(v.room.revealer) }) : t('share.page.tw.room.unnamed', { revealer: who(v.room.revealer) })));
      if (v.room.opponent) rp.appendChild(el('p', null, t('share.page.tw.room.opponent', { opponent: who(v.room.opponent) })));
      if (v.placement && v.placement.length) {
        rp.appendChild(el('h3', null, t('share.page.tw.placement')));
        var ol = el('ol', { class: 'placement', id: 'placement' });
        v.placement.forEach(function (st, i) {
          var items = el('ul');
          (st.items || []).forEach(function (it) {
            var kind = t('share.page.tw.kind.' + it.kind);
            items.appendChild(el('li', null,
              kind ? t('share.page.tw.item', { name: it.name, kind: kind, owner: who(it.owner) }) : t('share.page.tw.item.plain', { name: it.name, owner: who(it.owner) }),
              has('share.page.tw.why.' + it.why) ? el('span', { class: 'why' }, ': ' + t('share.page.tw.why.' + it.why)) : null));
          });
          ol.appendChild(el('li', null, el('strong', null, who(st.placer)), items));
        });
        rp.appendChild(ol);
      }
      root.appendChild(rp);
    }

    // The combat under way.
    var cp = panel('combat', t('share.page.tw.combat'));
    if (!v.combat) {
      cp.appendChild(el('p', { class: 'empty' }, t('share.page.tw.combat.none')));
    } else {
      var c = v.combat;
      var side = function (seat, character) {
        return character ? t('share.page.tw.combat.character', { player: who(seat), character: character }) : who(seat);
      };
      cp.appendChild(el('p', { id: 'combat-who' }, t('share.page.tw.combat.who', { attacker: side(c.attacker, c.attacker_character), defender: side(c.defender, c.defender_character) })));
      var steps = c.override ? ['attacker_declares', 'defender_declares', 'override', 'reveal'] : ['attacker_declares', 'defender_declares', 'attacker_card', 'defender_card', 'reveal'];
      var at = steps.indexOf(c.step);
      var sl = el('ol', { class: 'steps', id: 'combat-steps' });
      steps.forEach(function (s, i) {
        sl.appendChild(el('li', { class: i === at ? 'current' : (i < at ? 'done' : null), 'aria-current': i === at ? 'step' : null }, t('share.page.tw.step.' + s)));
      });
      cp.appendChild(sl);
      if (c.override && has('share.page.tw.override.' + c.override)) cp.appendChild(el('p', null, t('share.page.tw.combat.override', { what: t('share.page.tw.override.' + c.override) })));
    }
    root.appendChild(cp);

    // A ruling's title and text are the Conductor's own (ruling.<id>.title, .text): each opens to its text.
    var rulings = (v.rulings || []).filter(function (id) { return has('ruling.' + id + '.title'); });
    if (rulings.length) {
      var rl = el('ul', { class: 'plain', id: 'rulings' });
      rulings.forEach(function (id) {
        rl.appendChild(el('li', null, el('details', null, el('summary', null, t('ruling.' + id + '.title')), el('p', null, t('ruling.' + id + '.text')))));
      });
      root.appendChild(panel('rulings', t('share.page.tw.rulings'), rl));
    }

    view.replaceChildren(root);
    memory = {};
  }

  // ---- Start ----

  var resizing = null;
  window.addEventListener('resize', function () {
    if (resizing) clearTimeout(resizing);
    resizing = setTimeout(function () {
      var box = document.getElementById('map');
      if (box && memory.dun) {
        drawMap(box, memory.dun.view);
        showNewest(box, memory.dun.view);
      }
    }, 150);
  });

  setupTheme();
  var pin = document.getElementById('pin');
  if (pin) {
    pin.addEventListener('input', function () {
      pin.value = pin.value.replace(/\D+/g, '').slice(0, 6);
    });
  }
  if (document.body.classList.contains('authed') && window.EventSource) connect();
})();

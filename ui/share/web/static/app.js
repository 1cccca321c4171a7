// The players' page's frame: the stream of the game's public view, as the
// Conductor's server sends it (/events), for phones, tablets and TVs at the
// table; the header, the light and dark switch, reading aloud; and the
// loading of the part that draws the view. It knows no game: each module's
// part (/static/parts/<module>.js and .css, registered by its ui package)
// draws that module's views through ConductorPage (below).
// No framework, nothing from elsewhere: the page's words come from the
// server in <script id="messages">, in the page's language.
'use strict';

(function () {
  var M = readJSON('messages') || {};
  var lang = document.documentElement.lang || 'en'; // any language the app has files for
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
    if (m[lang]) return m[lang];
    if (m.en) return m.en;
    var keys = Object.keys(m).sort(); // a text only in other languages: the first, always the same
    return keys.length ? m[keys[0]] : '';
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

  // langRegion is the page's language with a region, as voices name theirs:
  // its own when the tag has one, else the language's home (British English,
  // as the laptop's voice reads it; es-ES, fr-FR…).
  function langRegion() {
    var parts = lang.split('-');
    if (parts.length > 1) return lang;
    return parts[0] + '-' + (parts[0] === 'en' ? 'GB' : parts[0].toUpperCase());
  }

  function voice() {
    if (!synth || !synth.getVoices) return null;
    var want = lang.split('-')[0].toLowerCase();
    var exact = langRegion();
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
        u.lang = langRegion();
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
      fire('state', st);
    });
    source.addEventListener('seats', function () { fire('seats'); });
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

  // ---- Who else hears the stream (seats.js) ----

  var listeners = { state: [], seats: [] };
  function fire(kind, arg) {
    listeners[kind].forEach(function (f) { f(arg); });
  }

  // ---- Drawing a state ----

  var current = null; // the last state received
  var kept = { module: '', what: undefined }; // what a part's drawing keeps from one state to the next
  var parts = {}; // module → {render, resize}, as each part registers
  var loading = {}; // module → true while its files load, 'failed' when they cannot

  function render(st) {
    if (!st || typeof st !== 'object') return;
    current = st;
    var view = document.getElementById('view');
    if (!view) return;
    if (!st.module || st.public === null || st.public === undefined) {
      view.replaceChildren(el('p', { class: 'waiting' }, t('share.page.waiting')));
      kept = { module: '', what: undefined };
      return;
    }
    view.setAttribute('data-module', st.module);
    view.setAttribute('data-version', String(st.version));
    if (st.module === 'recap') { // the last sitting's recap, shown by the Conductor (ui/recap.go)
      drawRecap(view, st.public);
      kept = { module: '', what: undefined };
      return;
    }
    var part = parts[st.module];
    if (!part) {
      if (loading[st.module] === 'failed') view.replaceChildren(el('p', { class: 'waiting' }, t('share.page.module.unknown')));
      else load(st.module);
      return;
    }
    var before = kept.module === st.module ? kept.what : undefined;
    kept = { module: st.module, what: part.render(view, st.public, before) };
    view.setAttribute('data-drawn', String(st.version));
  }

  // load fetches a module's part, its styles first, then draws the state
  // received meanwhile.
  function load(module) {
    if (loading[module]) return;
    loading[module] = true;
    var base = '/static/parts/' + encodeURIComponent(module);
    var failed = function () {
      loading[module] = 'failed';
      if (current && current.module === module) render(current);
    };
    var style = el('link', { rel: 'stylesheet', href: base + '.css' });
    var script = el('script', { src: base + '.js' });
    script.addEventListener('error', failed);
    script.addEventListener('load', function () {
      if (!parts[module]) failed();
      else if (current && current.module === module) render(current);
    });
    var go = function () { document.head.appendChild(script); };
    style.addEventListener('load', go);
    style.addEventListener('error', go); // a part may have no styles
    document.head.appendChild(style);
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
  }

  function panel(cls, title) {
    var p = el('section', { class: 'panel ' + cls });
    if (title) p.appendChild(el('h2', null, title));
    for (var i = 2; i < arguments.length; i++) append(p, arguments[i]);
    return p;
  }

  // ---- What a part is given ----

  // A part's script calls ConductorPage.register(module, part): part.render
  // (view, public, kept) draws one state of the module into the page's
  // <main>, given what its last drawing returned (undefined after another
  // module's or none), and returns what to keep for the next; part.resize
  // (view, kept), when given, redraws after the window's size changed.
  window.ConductorPage = {
    lang: lang,
    SVG: SVG,
    t: t,
    has: has,
    el: el,
    sv: sv,
    append: append,
    text: text,
    panel: panel,
    speechControls: speechControls,
    readButton: readButton,
    read: read,
    autoRead: autoRead,
    // on(kind, f) calls f after each 'state' (with it) or 'seats' event.
    on: function (kind, f) {
      if (listeners[kind] && typeof f === 'function') listeners[kind].push(f);
    },
    register: function (module, part) {
      if (typeof module === 'string' && part && typeof part.render === 'function') parts[module] = part;
    }
  };

  // ---- Start ----

  var resizing = null;
  window.addEventListener('resize', function () {
    if (resizing) clearTimeout(resizing);
    resizing = setTimeout(function () {
      var view = document.getElementById('view');
      var part = parts[kept.module];
      if (view && part && part.resize && kept.what !== undefined) part.resize(view, kept.what);
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

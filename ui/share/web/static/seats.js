// The seats on the players' page: take a seat (the Conductor approves it),
// then take that seat's steps from this device. It knows no game: the
// server sends the seat's actions with their labels already in the page's
// language (GET /seats), and this draws a form for each, field by field
// (number, choice, flag, text). A step goes as an intent (POST /intent)
// with a fresh id, kept in localStorage until its answer comes, so that a
// reload or a lost connection asks GET /intent/{id} what became of it.
// The protocol: docs/players-page.md, Seats.
'use strict';

(function () {
  var P = window.ConductorPage;
  var box = document.getElementById('seats');
  if (!P || !box) return;
  var t = P.t, el = P.el, append = P.append;
  var info = null; // the last GET /seats
  var lastGame = null; // the game's version the seats were fetched for
  var answer = null; // {type, text, kind}: the last answer, beside its button
  var opened = null; // the action whose form is open (keyOf), null: the first

  // keyOf tells actions apart: several may share a type (a game's tests).
  function keyOf(action) {
    return action.type + '\u0000' + action.label + '\u0000' + JSON.stringify(action.fixed || {});
  }
  var note = null; // {text, kind}: what became of a step sent before a reload
  var sending = false;
  var seatsListeners = [];

  function getJSON(path) {
    return fetch(path, { credentials: 'same-origin', cache: 'no-store' }).then(function (r) {
      return r.json().then(function (j) { j.code = r.status; return j; });
    });
  }

  // post sends as the page only can: its own Origin and the intent header.
  function post(path, body) {
    return fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { 'Content-Type': 'application/json', 'X-Conductor-Intent': '1' },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return { status: 'refused' }; }).then(function (j) { j.code = r.status; return j; });
    });
  }

  function fetchSeats() {
    getJSON('/seats').then(function (s) {
      if (s.code !== 200) return;
      // Drawn again only when it changed: what is being typed stays.
      var same = info !== null && JSON.stringify(info) === JSON.stringify(s);
      info = s;
      lastGame = s.game;
      if (!same) draw();
      seatsListeners.forEach(function (f) { f(s); });
    }, function () { /* the connection line says it */ });
  }

  function newID() {
    var b = new Uint8Array(16);
    window.crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ('0' + x.toString(16)).slice(-2); }).join('');
  }

  var pendingKey = 'conductor.pendingIntent';
  function pending(v) {
    try {
      if (v === undefined) return JSON.parse(window.localStorage.getItem(pendingKey) || 'null');
      if (v === null) window.localStorage.removeItem(pendingKey);
      else window.localStorage.setItem(pendingKey, JSON.stringify(v));
    } catch (e) { return null; }
    return null;
  }

  // answered words an intent's answer; kind is ok, wait or bad.
  function answered(a) {
    switch (a.status) {
      case 'applied':
      case 'duplicate':
        return { text: t('share.page.seats.applied'), kind: 'ok' };
      case 'waiting':
        return { text: t('share.page.seats.waiting'), kind: 'wait' };
      case 'unknown':
        return { text: t('share.page.seats.unknown'), kind: 'bad' };
    }
    return { text: a.reason || t('share.page.seats.unknown'), kind: 'bad' };
  }

  // follow asks what became of the pending intent until it is answered.
  function follow() {
    var p = pending();
    if (!p) return;
    getJSON('/intent/' + encodeURIComponent(p.id)).then(function (a) {
      if (a.status === 'waiting') {
        setTimeout(follow, 2000);
        return;
      }
      pending(null);
      note = answered(a);
      if (answer && answer.kind === 'wait') answer = null;
      draw();
    }, function () { setTimeout(follow, 3000); });
  }

  // put sets a field's value in the event: a name with dots is a path into
  // it, a number an index into a list ("dice.0", "fighters.0.name").
  function put(ev, name, value) {
    var path = name.split('.'), node = ev;
    for (var i = 0; i < path.length - 1; i++) {
      var key = path[i], list = /^\d+$/.test(path[i + 1]);
      if (node[key] === undefined || node[key] === null) node[key] = list ? [] : {};
      node = node[key];
    }
    node[path[path.length - 1]] = value;
  }

  function send(action, form, button) {
    if (sending) return;
    var ev = { type: action.type };
    Object.keys(action.fixed || {}).forEach(function (k) { ev[k] = action.fixed[k]; });
    (action.fields || []).forEach(function (f, i) {
      var input = form.querySelector('[data-field="' + i + '"]');
      if (!input) return;
      if (f.kind === 'number') put(ev, f.name, parseInt(input.value, 10));
      else if (f.kind === 'choice') put(ev, f.name, f.options[input.selectedIndex].value);
      else if (f.kind === 'flag') put(ev, f.name, input.checked);
      else put(ev, f.name, input.value);
    });
    var id = newID();
    pending({ id: id, seat: info.seat.id });
    sending = true;
    note = null;
    answer = { type: keyOf(action), text: t('share.page.seats.sending'), kind: 'wait' };
    button.disabled = true;
    drawAnswer(form, action);
    post('/intent', { seat: info.seat.id, game: info.game, id: id, event: ev }).then(function (a) {
      sending = false;
      var w = answered(a);
      answer = { type: keyOf(action), text: w.text, kind: w.kind };
      if (a.status === 'waiting') follow();
      else pending(null);
      button.disabled = false;
      drawAnswer(form, action); // in place: a refused step's values stay to correct
      fetchSeats(); // applied or stale: the seat's actions now
    }, function () {
      sending = false;
      answer = { type: keyOf(action), text: t('share.page.seats.waiting'), kind: 'wait' };
      button.disabled = false;
      drawAnswer(form, action);
      follow();
    });
  }

  function drawAnswer(form, action) {
    var line = form.querySelector('.answer');
    if (!line) return;
    var a = answer && answer.type === keyOf(action) ? answer : null;
    line.textContent = a ? a.text : '';
    line.className = 'answer' + (a ? ' ' + a.kind : '');
    line.hidden = !a;
  }

  function field(f, i, k) {
    var id = 'seat-' + k + '-field-' + i;
    var input;
    switch (f.kind) {
      case 'number':
        input = el('input', { id: id, type: 'number', inputmode: 'numeric', min: f.min, max: f.max || null, value: f.min || 0, required: true, 'data-field': i });
        break;
      case 'choice':
        input = el('select', { id: id, 'data-field': i });
        (f.options || []).forEach(function (o) { append(input, el('option', null, o.label)); });
        break;
      case 'flag':
        input = el('input', { id: id, type: 'checkbox', 'data-field': i });
        return el('label', { class: 'flag', for: id }, input, f.label);
      default:
        input = el('input', { id: id, type: 'text', maxlength: f.max || null, 'data-field': i });
    }
    return el('div', { class: 'field' }, el('label', { for: id }, f.label), input);
  }

  function actionForm(action, k) {
    var button = el('button', { type: 'submit', class: 'btn primary' }, action.label);
    var form = el('form', { class: 'action', 'data-type': action.type },
      (action.fields || []).map(function (f, i) { return field(f, i, k); }), button, el('p', { class: 'answer', role: 'status', hidden: true }));
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      send(action, form, button);
    });
    drawAnswer(form, action);
    // Each action folds under its label: one open at a time, the first
    // (or the one used last) open, so a seat of many steps stays short.
    var open = opened === null ? k === 0 : opened === keyOf(action);
    var fold = el('details', { class: 'step', open: open }, el('summary', null, action.label), form);
    fold.addEventListener('toggle', function () {
      // A fold drawn over since (the seats redrawn) says nothing.
      if (!fold.open || !fold.isConnected) return;
      opened = keyOf(action);
      Array.prototype.forEach.call(box.querySelectorAll('details.step'), function (d) {
        if (d !== fold) d.open = false;
      });
    });
    return fold;
  }

  function seatButton(s) {
    var b = el('button', { type: 'button', class: 'btn', 'data-seat': s.id, disabled: s.held !== 'free' },
      s.name, s.held === 'other' ? el('span', { class: 'muted' }, ' · ' + t('share.page.seats.other')) : null);
    b.addEventListener('click', function () {
      post('/seat', { seat: s.id }).then(function (a) {
        note = a.status === 'asked' ? null : answered(a);
        draw();
        fetchSeats();
      });
    });
    return b;
  }

  function leaveButton(label) {
    var b = el('button', { type: 'button', class: 'btn', id: 'seat-leave' }, label);
    b.addEventListener('click', function () { post('/seat', { seat: '' }).then(fetchSeats); });
    return b;
  }

  function draw() {
    if (!info || !info.seats || info.seats.length === 0) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.setAttribute('data-game', String(info.game)); // the version drawn
    var parts = [el('h2', null, t('share.page.seats.title'))];
    if (note) parts.push(el('p', { class: 'answer ' + note.kind, id: 'seat-note' }, note.text));
    if (info.seat) {
      parts.push(el('p', { class: 'yours', id: 'seat-yours' }, t('share.page.seats.yours') + ': ', el('strong', null, info.seat.name)));
      var actions = info.actions || [];
      if (actions.length === 0) parts.push(el('p', { class: 'muted' }, t('share.page.seats.none')));
      actions.forEach(function (a, k) { parts.push(actionForm(a, k)); });
      parts.push(leaveButton(t('share.page.seats.leave')));
    } else if (info.asked) {
      parts.push(el('p', { id: 'seat-asked' }, t('share.page.seats.asked')));
      parts.push(leaveButton(t('share.page.seats.cancel')));
    } else {
      parts.push(el('p', null, t('share.page.seats.take')));
      parts.push(el('div', { class: 'seat-list' }, info.seats.map(seatButton)));
    }
    box.replaceChildren.apply(box, parts);
  }

  // The stream: a new version of the game, or the seating changed.
  P.on('state', function (st) {
    if (st && st.game !== lastGame) fetchSeats();
  });
  P.on('seats', fetchSeats);
  // A part may draw the seat's own view (GET /seats' view) with its own.
  P.onSeats = function (f) {
    seatsListeners.push(f);
    if (info) f(info);
  };
  fetchSeats();
  follow();
})();

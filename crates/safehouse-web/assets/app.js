// Safehouse table script (hand-written, no framework).
//
// Everything on the page works without it: moves are plain form posts and every link is a
// real page. The script adds: live updates over the table's WebSocket (each update asks the
// server for the table drawn again from this seat's view, and the game log's lines after the
// last one shown: log.js), moves without page loads, focus and choices kept across updates, copy
// buttons, and keyboard steps in replays.
(function () {
  'use strict';

  // Copy buttons (invite links).
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button.copy');
    if (!button) return;
    var input = document.getElementById(button.dataset.copy);
    if (!input) return;
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(function () {});
    button.classList.add('done');
  });

  setupPage();
  tutorialGuide();

  var play = document.getElementById('play');
  if (!play) return;
  if (play.dataset.replay) { replayKeys(); return; }

  var id = play.dataset.match;
  var watch = play.dataset.watch === '1';
  var seq = Number(play.dataset.seq);
  var busy = false;
  var again = false;
  var notice = document.getElementById('notice');
  var conn = document.getElementById('conn');

  function showNotice(text) {
    notice.textContent = '';
    if (!text) return;
    var p = document.createElement('p');
    p.textContent = text;
    notice.appendChild(p);
  }

  // The game log (log.js): the server's lines after the last action shown.
  function gameLog() { return window.SafehouseLog || null; }

  // The table drawn again by the server, and the log lines after those shown.
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch('/play/' + id + '/frag', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'safehouse', 'x-safehouse-lang': play.dataset.lang },
      body: JSON.stringify({ watch: watch, log_after: gameLog() ? gameLog().after() : null })
    }).then(function (response) {
      if (!response.ok) throw new Error('frag ' + response.status);
      return response.json();
    }).then(function (data) {
      swap(data.live);
      seq = data.seq;
      play.dataset.seq = String(seq);
      play.dataset.finished = data.finished ? '1' : '0';
      document.title = data.title;
      if (gameLog()) gameLog().append(data.log, data.log_seq);
    }).catch(function () { /* the socket reconnects and refreshes */ }).then(function () {
      busy = false;
      if (again) { again = false; refresh(); }
    });
  }

  // Replaces the live part, keeping focus, the chosen cards and open panels.
  function swap(html) {
    var live = document.getElementById('live');
    var active = document.activeElement;
    var inside = active && live.contains(active);
    var focusId = inside && active.id ? active.id : null;
    var focusKey = inside && active.name ? [active.name, active.value] : null;
    var checked = Array.prototype.map.call(live.querySelectorAll('input[type=radio]:checked'), function (r) {
      return [r.name, r.value];
    });
    var open = Array.prototype.map.call(live.querySelectorAll('details[open][id]'), function (d) { return d.id; });
    live.innerHTML = html;
    checked.forEach(function (pair) {
      var radio = find(live, 'input[type=radio]', pair[0], pair[1]);
      if (radio && !radio.disabled) radio.checked = true;
    });
    open.forEach(function (openId) {
      var details = document.getElementById(openId);
      if (details) details.open = true;
    });
    var target = (focusId && document.getElementById(focusId)) || (focusKey && find(live, '[name]', focusKey[0], focusKey[1]));
    if (target && target.focus) target.focus({ preventScroll: true });
    markTargets();
  }

  function find(root, selector, name, value) {
    var all = root.querySelectorAll(selector);
    for (var i = 0; i < all.length; i++) {
      if (all[i].name === name && all[i].value === value) return all[i];
    }
    return null;
  }

  // A chosen card marks the places it may go (the server lists them in data-targets).
  function markTargets() {
    var live = document.getElementById('live');
    Array.prototype.forEach.call(live.querySelectorAll('.target'), function (el) { el.classList.remove('target'); });
    Array.prototype.forEach.call(live.querySelectorAll('input[type=radio][data-targets]:checked'), function (radio) {
      radio.dataset.targets.split(' ').forEach(function (targetId) {
        var el = targetId && document.getElementById(targetId);
        if (el) el.classList.add('target');
      });
    });
  }
  document.addEventListener('change', function (event) {
    if (event.target.matches && event.target.matches('#live input[type=radio]')) markTargets();
  });

  // Moves: the table's form, sent without a page load.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (form.id !== 'act-form') return;
    event.preventDefault();
    var submitter = event.submitter;
    var data = new URLSearchParams(new FormData(form, submitter));
    data.set('seq', String(seq));
    showNotice('');
    play.classList.add('sending');
    // form.getAttribute: `form.action` is the buttons named "action", not the URL.
    fetch(form.getAttribute('action'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'safehouse', 'x-safehouse-lang': play.dataset.lang, 'content-type': 'application/x-www-form-urlencoded' },
      body: data.toString()
    }).then(function (response) { return response.json(); }).then(function (answer) {
      showNotice(answer.ok ? '' : answer.message);
      refresh();
    }).catch(function () {
      // No answer from the script's way: post the form as a plain page instead.
      if (submitter && submitter.name) {
        var field = document.createElement('input');
        field.type = 'hidden';
        field.name = submitter.name;
        field.value = submitter.value;
        form.appendChild(field);
      }
      HTMLFormElement.prototype.submit.call(form);
    }).then(function () { play.classList.remove('sending'); });
  });

  // Live updates.
  var retry = 0;
  var signedOut = false;
  function connect() {
    var scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    var socket = new WebSocket(scheme + '//' + location.host + '/play/' + id + '/ws' + (watch ? '?watch=1' : ''));
    socket.onopen = function () {
      retry = 0;
      conn.textContent = '';
      play.classList.remove('offline');
    };
    socket.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      // Other scripts of the page (chat.js) read the same messages.
      document.dispatchEvent(new CustomEvent('safehouse:message', { detail: message }));
      if (message.type === 'welcome') {
        if (message.seq !== seq || (gameLog() && gameLog().after() < message.seq)) refresh();
      } else if (message.type === 'update') {
        refresh();
      } else if (message.type === 'seats') {
        refresh();
      } else if (message.type === 'signed_out') {
        // Another device of this seat signed this browser out: loaded again, the page shows the
        // table to watch (the stale seat cookie is dropped) and says why.
        signedOut = true;
        location.replace('/play/' + id + '?e=signed_out');
      }
    };
    socket.onclose = function () {
      if (signedOut) return;
      if (play.dataset.finished === '1' && retry > 2) return;
      play.classList.add('offline');
      conn.textContent = conn.dataset.offline;
      setTimeout(connect, Math.min(10000, 500 * Math.pow(2, retry++)));
    };
  }

  markTargets();
  connect();

  function replayKeys() {
    document.addEventListener('keydown', function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var tag = (event.target.tagName || '').toLowerCase();
      if (tag === 'input' || tag === 'select' || tag === 'textarea') return;
      var link = event.key === 'ArrowLeft' ? document.getElementById('prev-step')
        : event.key === 'ArrowRight' ? document.getElementById('next-step') : null;
      if (link && link.getAttribute('aria-disabled') !== 'true') {
        event.preventDefault();
        location.href = link.href;
      }
    });
    var range = document.getElementById('step-range');
    if (range) range.addEventListener('change', function () { range.form.submit(); });
    // The move list follows the current step (it scrolls on its own, not the page): the entry
    // is centred, whole (a move of many events may be taller than half the list), or, taller
    // than the list, shown from its top.
    var current = document.getElementById('current-move');
    var list = current && current.closest('.replay-log');
    if (list && list.scrollHeight > list.clientHeight) {
      var room = list.clientHeight - current.offsetHeight;
      list.scrollTop = current.offsetTop - list.offsetTop - Math.max(0, room / 2);
    }
    // Auto-play: the server names the next step's link while the replay plays.
    if (play.dataset.autoplay) {
      var next = setTimeout(function () { location.href = play.dataset.autoplay; }, Number(play.dataset.autoplayMs) || 1500);
      // A step of the person's own (Pause, Back, a key, the slider) leaves the page before the
      // timer fires: the timer must not then start a navigation of its own, which would win
      // over theirs and play on (a pause pressed while the server was slow to answer could be lost).
      window.addEventListener('beforeunload', function () { clearTimeout(next); });
    }
  }

  // The first games (tutorials): the control the guide asks for next, and the choices it needs
  // (a card, a colour...), carry `tutorial-next`, so that a newcomer sees where to click. The
  // page names the move in `data-expected` (the game's JSON); a button matches when its action,
  // or its template with `$choice` places, gives that move.
  function tutorialGuide() {
    var tutorial = document.getElementById('tutorial');
    if (!tutorial || !tutorial.dataset.expected) return;
    var expected;
    try { expected = JSON.parse(tutorial.dataset.expected); } catch (e) { return; }
    var buttons = document.querySelectorAll('#act-form button[name=action]');
    for (var i = 0; i < buttons.length; i++) {
      var button = buttons[i];
      if (button.closest('#all-moves')) continue;
      var template;
      try { template = JSON.parse(button.value); } catch (e) { continue; }
      var choices = [];
      var fits = Object.keys(template).concat(Object.keys(expected)).every(function (key) {
        var value = template[key];
        if (typeof value === 'string' && value.charAt(0) === '$' && key in expected) {
          choices.push({ name: value.slice(1), value: String(expected[key]) });
          return true;
        }
        return JSON.stringify(value) === JSON.stringify(expected[key]);
      });
      if (!fits) continue;
      button.classList.add('tutorial-next');
      choices.forEach(function (choice) {
        Array.prototype.forEach.call(document.getElementsByName(choice.name), function (input) {
          if (input.value === choice.value) (input.closest('label') || input).classList.add('tutorial-next');
        });
      });
      return;
    }
  }

  function setupPage() {
    var players = document.getElementById('players');
    if (players) {
      var update = function () {
        var n = Number(players.value);
        Array.prototype.forEach.call(document.querySelectorAll('.seat-setup li[data-seat]'), function (li) {
          li.classList.toggle('unused', Number(li.dataset.seat) >= n);
        });
      };
      players.addEventListener('change', update);
      update();
    }
    var preset = document.getElementById('preset');
    if (preset) {
      preset.addEventListener('change', function () {
        var option = preset.options[preset.selectedIndex];
        var values;
        try { values = JSON.parse(option.dataset.options || 'null'); } catch (e) { values = null; }
        if (!values) return;
        Object.keys(values).forEach(function (key) {
          var fields = document.getElementsByName('opt.' + key);
          Array.prototype.forEach.call(fields, function (field) {
            var value = values[key];
            if (field.type === 'checkbox') field.checked = value === true;
            else if (field.type === 'hidden') return;
            else if (field.tagName === 'SELECT') field.value = JSON.stringify(value);
            else if (field.type === 'number') field.value = value === null ? '' : String(value);
            else field.value = JSON.stringify(value);
          });
        });
      });
    }
  }
})();

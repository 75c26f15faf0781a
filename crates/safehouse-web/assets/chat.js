// Safehouse table chat and "play again" (hand-written, no framework).
//
// The chat panel and the rematch panel are drawn by the server (escaped); without this script
// the chat form is a plain form post and "play again" a plain button. The script adds: lines
// that arrive over the table's WebSocket (app.js hands every message on as a `safehouse:message`
// event), sending without a page load, the history fetched again after a reconnect and at the
// end of the match (when the spectators' chat opens to the players), and the pointer to the
// rematch as soon as somebody starts it. Every name and text is drawn with textContent.
(function () {
  'use strict';

  var play = document.getElementById('play');
  if (!play || play.dataset.replay) return;
  var id = play.dataset.match;
  var panel = document.getElementById('chat');
  var list = document.getElementById('chat-list');
  var form = document.getElementById('chat-form');
  var error = document.getElementById('chat-error');
  var rematch = document.getElementById('rematch');
  var known = {};
  if (list) {
    Array.prototype.forEach.call(list.querySelectorAll('li[data-n]'), function (li) { known[li.dataset.n] = true; });
  }

  function writer(line) {
    if (line.name) return String(line.name);
    if (typeof line.seat === 'number') return panel.dataset.player.replace('{n}', String(line.seat + 1));
    return panel.dataset.spectator;
  }

  function add(line) {
    if (!list || !line || typeof line.n !== 'number' || known[line.n]) return;
    known[line.n] = true;
    var li = document.createElement('li');
    li.className = 'chat-line' + (line.channel === 'spectators' ? ' spectators' : '');
    li.dataset.n = String(line.n);
    var who = document.createElement('span');
    who.className = 'who';
    who.textContent = writer(line);
    if (line.channel === 'spectators') {
      var tag = document.createElement('span');
      tag.className = 'tag';
      tag.textContent = panel.dataset.spectatorTag;
      who.appendChild(document.createTextNode(' '));
      who.appendChild(tag);
    }
    var text = document.createElement('span');
    text.className = 'text';
    text.textContent = String(line.text);
    li.appendChild(who);
    li.appendChild(document.createTextNode(': '));
    li.appendChild(text);
    // In the table log's order, whatever order lines arrive in.
    var after = null;
    Array.prototype.some.call(list.children, function (other) {
      if (Number(other.dataset.n) > line.n) { after = other; return true; }
      return false;
    });
    list.insertBefore(li, after);
    var empty = panel.querySelector('.chat-empty');
    if (empty) empty.remove();
    list.scrollTop = list.scrollHeight;
  }

  function reload() {
    if (!panel) return;
    fetch('/play/' + id + '/chat', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (response) { return response.json(); })
      .then(function (history) {
        (history.lines || []).forEach(add);
        if (form && history.can_write) {
          form.hidden = false;
          var off = document.getElementById('chat-off');
          if (off) off.remove();
        }
      })
      .catch(function () { /* the next reconnect tries again */ });
  }

  function showRematch(newId) {
    if (!rematch || !/^[A-Za-z0-9]{1,64}$/.test(newId)) return;
    rematch.hidden = false;
    var started = document.getElementById('rematch-started');
    var link = document.getElementById('rematch-watch');
    if (link) link.setAttribute('href', '/play/' + newId);
    if (started) started.hidden = false;
    var button = document.getElementById('rematch-button');
    if (button) button.textContent = button.dataset.join;
    offerRematch();
  }

  // "Play again", for a seat (only seats have the form).
  function offerRematch() {
    var offer = document.getElementById('rematch-form');
    if (!rematch || !offer) return;
    offer.hidden = false;
    rematch.hidden = false;
  }

  document.addEventListener('safehouse:message', function (event) {
    var message = event.detail || {};
    if (message.type === 'chat') {
      add(message.line);
    } else if (message.type === 'rematch') {
      showRematch(String(message.match || ''));
    } else if (message.type === 'welcome') {
      // On (re)connecting: the lines written since the page was drawn or while offline.
      reload();
      if (message.finished) offerRematch();
    } else if (message.type === 'update' && message.outcome) {
      // The end: the players may now read the spectators' chat, and play again.
      reload();
      offerRematch();
    }
  });

  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var input = form.querySelector('input[name=text]');
      var data = new URLSearchParams(new FormData(form));
      error.textContent = '';
      fetch(form.getAttribute('action'), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'x-requested-with': 'safehouse', 'x-safehouse-lang': play.dataset.lang, 'content-type': 'application/x-www-form-urlencoded' },
        body: data.toString()
      }).then(function (response) { return response.json(); }).then(function (answer) {
        if (answer.ok) {
          input.value = '';
          add(answer.line);
        } else {
          error.textContent = answer.message || '';
        }
      }).catch(function () { HTMLFormElement.prototype.submit.call(form); });
    });
  }
})();

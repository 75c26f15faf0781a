// Safehouse table clocks (hand-written, no framework).
//
// The server is the truth: every time the table is drawn (the page, and the live part again
// after each update), each seat's clock carries the time it had left when the server drew it
// (data-remaining-ms) and whether it runs (data-running="1"). This script only counts the running
// one down smoothly from the moment that drawing arrived, and never below zero; the next drawing
// replaces it. Without the script the page shows the time left as drawn. A turn-based table's
// move deadline is such a running clock too.
(function () {
  'use strict';

  var seen = typeof WeakMap === 'function' ? new WeakMap() : null;

  function format(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var seconds = total % 60;
    var mm = hours > 0 ? (minutes < 10 ? '0' : '') + minutes : String(minutes);
    return (hours > 0 ? hours + ':' : '') + mm + ':' + (seconds < 10 ? '0' : '') + seconds;
  }

  function tick() {
    var now = Date.now();
    var clocks = document.querySelectorAll('.clock[data-remaining-ms]');
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i];
      var since = seen ? seen.get(el) : el.safehouseSince;
      if (since === undefined) {
        since = now;
        if (seen) seen.set(el, since); else el.safehouseSince = since;
      }
      var left = Number(el.dataset.remainingMs);
      if (el.dataset.running === '1') left -= now - since;
      var text = format(left);
      var out = el.querySelector('.clock-time') || el;
      if (out.textContent !== text) out.textContent = text;
      el.classList.toggle('low', el.dataset.running === '1' && left <= 10000);
      el.classList.toggle('out', left <= 0);
    }
  }

  // A turn-based move's due moment comes as UTC; the reader's own time zone and language read
  // better ("Tue, 8 Dec, 14:03"). Each drawing brings a new element, written once.
  function localDue() {
    var lang = document.documentElement.lang || undefined;
    var times = document.querySelectorAll('time.due[data-due-ms]:not([data-local])');
    for (var i = 0; i < times.length; i++) {
      var el = times[i];
      el.setAttribute('data-local', '1');
      try {
        el.textContent = new Date(Number(el.dataset.dueMs)).toLocaleString(lang, {
          weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit'
        });
      } catch (e) {
        // An unknown language: the UTC words stay.
      }
    }
  }

  function every() {
    tick();
    localDue();
  }

  every();
  setInterval(every, 250);
})();

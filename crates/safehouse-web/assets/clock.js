// Safehouse table clocks (hand-written, no framework).
//
// The server is the truth: every time the table is drawn (the page, and the live part again
// after each update), each seat's clock carries the time it had left when the server drew it
// (data-remaining-ms) and whether it runs (data-running="1"). This script only counts the running
// one down smoothly from the moment that drawing arrived, and never below zero; the next drawing
// replaces it. Without the script the page shows the time left as drawn.
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

  tick();
  setInterval(tick, 250);
})();

// Safehouse game log (hand-written, no framework).
//
// The server draws the whole log into the table page (#log-list, one <li data-seq> per line)
// and tells the page the seq it reaches (data-log-seq on #play). After each update the table
// script (app.js) asks the server for the lines after SafehouseLog.after() and hands them to
// SafehouseLog.append: a line whose action (seq) is already shown is dropped, so a reconnect or
// two answers crossing never show an action twice, and nothing is kept in the browser.
(function () {
  'use strict';

  var play = document.getElementById('play');
  var list = document.getElementById('log-list');
  if (!play || !list || play.dataset.replay) return;

  function after() {
    var n = Number(play.dataset.logSeq);
    return isFinite(n) && n >= 0 ? n : 0;
  }

  // `lines`: the server's <li data-seq> markup; `upto`: the seq the server's log reached.
  function append(lines, upto) {
    var shown = after();
    if (lines && lines.length) {
      var holder = document.createElement('ol');
      holder.innerHTML = lines.join('');
      var added = false;
      Array.prototype.slice.call(holder.children).forEach(function (li) {
        if (Number(li.dataset.seq) > shown) {
          list.appendChild(li);
          added = true;
        }
      });
      if (added) {
        play.classList.add('has-log');
        list.scrollTop = list.scrollHeight;
      }
    }
    if (typeof upto === 'number' && upto > shown) play.dataset.logSeq = String(upto);
  }

  window.SafehouseLog = { after: after, append: append };
  list.scrollTop = list.scrollHeight;
})();

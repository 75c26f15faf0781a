// The waiting room (`/tables/{id}`): follows the room's WebSocket, redraws the seats from the
// server after every change, and moves everyone to the table when the game starts. Without this
// script the page still works (every control is a form; a reload shows the room as it is).
(function () {
  "use strict";
  var room = document.getElementById("waiting");
  if (!room) return;
  var id = room.getAttribute("data-id");
  var tablePath = room.getAttribute("data-table");
  var seats = document.getElementById("waiting-seats");
  var lang = document.documentElement.getAttribute("lang") || "en";
  var socket = null;
  var retry = 500;
  var drawing = false;
  var again = false;
  // A form of this page is on its way (taking a seat, starting): its answer brings the browser
  // where it belongs, with the seat cookie it sets. Following a "started" message then would
  // cancel that answer (and its cookie) and take a person who just took the last seat to the
  // spectators' side.
  var sending = false;
  document.addEventListener("submit", function () {
    sending = true;
    // An answer that never came: follow the room again.
    setTimeout(function () {
      sending = false;
    }, 10000);
  });

  function redraw() {
    if (drawing) {
      again = true;
      return;
    }
    drawing = true;
    var query = window.location.search || "";
    fetch("/tables/" + id + "/frag" + query, {
      headers: { "X-Safehouse-Lang": lang },
      credentials: "same-origin",
    })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html !== null) {
          seats.innerHTML = html;
          // The name field goes with the free seats this browser is offered: hidden while it
          // sits here, shown again once its seat is gone (the host removed this person).
          var nameField = document.getElementById("take-name-field");
          if (nameField) nameField.hidden = !seats.querySelector("button.take");
          room.setAttribute("data-version", String(Number(room.getAttribute("data-version") || "0") + 1));
        }
      })
      .catch(function () {})
      .then(function () {
        drawing = false;
        if (again) {
          again = false;
          redraw();
        }
      });
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + "/tables/" + id + "/ws");
    socket.onopen = function () {
      retry = 500;
      room.setAttribute("data-live", "1");
    };
    socket.onmessage = function (event) {
      var message;
      try {
        message = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      if (message.type === "started") {
        room.setAttribute("data-started", "1");
        if (!sending) window.location.assign(tablePath);
      } else if (message.type === "expired") {
        window.location.reload();
      } else if (message.type === "waiting") {
        redraw();
      }
    };
    socket.onclose = function () {
      room.removeAttribute("data-live");
      if (room.getAttribute("data-started")) return;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  connect();
})();

// Placeholder until the players' page is written: shows the raw state.
"use strict";
(function () {
  var view = document.getElementById("view");
  if (!view) return;
  var es = new EventSource("/events");
  es.addEventListener("state", function (e) {
    view.textContent = e.data;
  });
})();

// Keep a half-filled form when another device moves: the 2-second poll brings the fresh
// table, but while this device is filling in a form it waits behind a banner instead of
// wiping the form. A stale submit is still refused by the server ("the table changed").
(function () {
  var dirty = false;
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("#live form")) dirty = true;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    var fromPoll = source && source.hasAttribute("data-poll");
    if (fromPoll && dirty && event.detail.xhr.status === 200) {
      event.detail.shouldSwap = false;
      var banner = document.getElementById("table-moved");
      if (banner) banner.hidden = false;
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "live") dirty = false;
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#table-moved button")) {
      dirty = false;
      window.location.reload();
    }
  });
})();

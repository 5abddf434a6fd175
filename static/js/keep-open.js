/* Keep open the disclosures this device opened when the live region (#live) is swapped, by a
   move of this device or another's: only those with an id, found again by it after the swap.
   One script for every game's panel (loaded by base.html). */
(function () {
  var open = [];
  document.addEventListener("htmx:beforeSwap", function () {
    open = Array.prototype.map.call(document.querySelectorAll("#live details[open][id]"),
                                    function (d) { return d.id; });
  });
  document.addEventListener("htmx:afterSwap", function () {
    open.forEach(function (id) { var d = document.getElementById(id); if (d) d.open = true; });
  });
})();

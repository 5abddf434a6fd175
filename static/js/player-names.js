/* The new-table form names players where its options refer to them ("Who goes first?"):
   each [data-player-label=i] shows what is typed in the i-th player field, or its
   "Player N" (data-numbered) while that field is empty. An option that stands for the player
   by name ([data-player-value], Dark Tales' first player) also sends that name, and is not
   offered while its field is empty. Loaded by games/new.html. */
(function () {
  function relabel(form) {
    var fields = form.querySelectorAll("input[name=player]");
    form.querySelectorAll("[data-player-label]").forEach(function (label) {
      var field = fields[Number(label.dataset.playerLabel)];
      var name = field ? field.value.trim().replace(/\s+/g, " ") : "";
      label.textContent = name || label.dataset.numbered;
      if (label.hasAttribute("data-player-value")) {
        label.value = name;
        if (!name && label.selected) label.parentNode.value = "";
        label.hidden = label.disabled = !name;
      }
    });
  }
  document.addEventListener("input", function (event) {
    if (event.target.name === "player" && event.target.form) relabel(event.target.form);
  });
})();

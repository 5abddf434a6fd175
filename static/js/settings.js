// Per-device reading settings (text size, contrast, font, motion), kept in this browser only.
(function () {
  var KEYS = ["text", "contrast", "font", "motion"];
  function apply() {
    KEYS.forEach(function (key) {
      var value = localStorage.getItem("tk-" + key);
      if (value) document.documentElement.dataset[key] = value;
      else delete document.documentElement.dataset[key];
    });
  }
  apply();
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (!field.matches || !field.matches("[data-reading-setting]")) return;
    var key = field.dataset.readingSetting;
    var value = field.type === "checkbox" ? (field.checked ? field.value : "") : field.value;
    if (value) localStorage.setItem("tk-" + key, value); else localStorage.removeItem("tk-" + key);
    apply();
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-reading-setting]").forEach(function (field) {
      var stored = localStorage.getItem("tk-" + field.dataset.readingSetting) || "";
      if (field.type === "checkbox") field.checked = stored === field.value;
      else field.value = stored;
    });
  });
})();

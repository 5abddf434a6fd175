// Per-device reading settings (text size, contrast, font, motion, ...), kept in this browser
// only: each as localStorage "tk-<key>", shown as <html data-<key>="value"> for the CSS.
// The fields are any element with data-reading-setting="<key>" (the header's menu,
// templates/_reading_settings.html, and any page's own copy): a select stores its value, a
// checkbox its value while ticked. A new setting needs a field, nothing here.
// Loaded in <head> without defer, so the settings apply before the page is first drawn.
(function () {
  var PREFIX = "tk-";
  var root = document.documentElement;

  function read(key) {
    try { return localStorage.getItem(PREFIX + key) || ""; } catch (e) { return ""; }
  }
  function write(key, value) {
    try {
      if (value) localStorage.setItem(PREFIX + key, value); else localStorage.removeItem(PREFIX + key);
    } catch (e) { /* private mode: the setting lasts for this page only */ }
  }
  function storedKeys() {
    var keys = [];
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var name = localStorage.key(i);
        if (name && name.indexOf(PREFIX) === 0) keys.push(name.slice(PREFIX.length));
      }
    } catch (e) { /* no storage: nothing stored */ }
    return keys;
  }
  function show(key, value) {
    if (value) root.setAttribute("data-" + key, value); else root.removeAttribute("data-" + key);
  }
  function fieldsIn(scope, key) {
    var selector = key ? '[data-reading-setting="' + key + '"]' : "[data-reading-setting]";
    var found = Array.prototype.slice.call(scope.querySelectorAll ? scope.querySelectorAll(selector) : []);
    if (scope.matches && scope.matches(selector)) found.unshift(scope);
    return found;
  }
  function fill(field) {
    var stored = read(field.dataset.readingSetting);
    if (field.type === "checkbox") field.checked = stored === field.value;
    else field.value = stored;
  }

  storedKeys().forEach(function (key) { show(key, read(key)); });

  document.addEventListener("change", function (event) {
    var field = event.target;
    if (!field.matches || !field.matches("[data-reading-setting]")) return;
    var key = field.dataset.readingSetting;
    var value = field.type === "checkbox" ? (field.checked ? field.value : "") : field.value;
    write(key, value);
    show(key, value);
    fieldsIn(document, key).forEach(function (other) { if (other !== field) fill(other); });
  });
  // Another tab changed a setting.
  window.addEventListener("storage", function (event) {
    if (!event.key || event.key.indexOf(PREFIX) !== 0) return;
    var key = event.key.slice(PREFIX.length);
    show(key, event.newValue || "");
    fieldsIn(document, key).forEach(fill);
  });
  document.addEventListener("DOMContentLoaded", function () { fieldsIn(document).forEach(fill); });
  // Fields that arrive with an HTMX swap show this device's settings too.
  document.addEventListener("htmx:load", function (event) { fieldsIn(event.detail.elt).forEach(fill); });

  // The header's menu closes on Escape and on a tap outside it.
  function closeMenus(except) {
    document.querySelectorAll("details.reading-menu[open]").forEach(function (menu) {
      if (menu !== except) menu.open = false;
    });
  }
  document.addEventListener("click", function (event) {
    closeMenus(event.target.closest ? event.target.closest("details.reading-menu") : null);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var open = document.querySelector("details.reading-menu[open]");
    if (!open) return;
    open.open = false;
    open.querySelector("summary").focus();
  });
})();

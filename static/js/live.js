// The live table: news of a move (a new version) or of a seat taken or left (a new seating:
// the shared display's "Hand the tablet to …" list changes) comes on the table's stream
// (server-sent events, htmx's sse extension: the #live-stream element), and the page then
// fetches its own seat's fragment
// through the poll element, exactly as a poll that found a change does. The poll stays as the
// fallback: every 2 s while the stream is not working (not yet open, dropped, or held back by
// a buffering proxy: no news has come through it since it opened), and only every 30 s while
// it is, as a safety net for a connection that died without saying so.
//
// Keep a half-filled form when another device moves: the fresh table waits behind a banner
// instead of wiping the form. Sent, it is made if it commutes with the moves since (another
// seat's unrelated tap), else refused with the latest table (games/core/commute.py).
(function () {
  var SAFETY_MS = 30000; // the poll's interval while the stream brings the news
  var live = false; // the stream is open and news has come through it since it opened
  var lastNews = 0; // when the page last heard from the server (stream event or poll)
  var heard = new WeakSet(); // the EventSources already listened to
  var announced = { version: 0, seating: 0 }; // the newest the stream has announced
  var placing = 0; // placements of an answer still to come (bringBelowBar)

  function shown(mark) {
    var region = document.getElementById("live");
    return region ? parseInt(region.getAttribute("data-" + mark), 10) : NaN;
  }
  function currentVersion() {
    return shown("version");
  }
  // Whether the marks announced are newer than the page's (either one grew).
  function newer(marks) {
    return marks.version > currentVersion() || marks.seating > shown("seating");
  }

  window.tkLive = {
    // hx-trigger filter of the poll's "every 2s": poll unless the stream is doing the work.
    pollDue: function () {
      return !live || Date.now() - lastNews >= SAFETY_MS;
    },
    // hx-trigger filter of "sse:version": fetch the fragment only for marks this page does
    // not show yet (its own move's answer already brought them).
    isNews: function (message) {
      try {
        return newer(JSON.parse(message.data));
      } catch (error) {
        return true;
      }
    },
    isLive: function () {
      return live;
    },
    // The newest version the stream has announced (0 before its first news).
    announced: function () {
      return announced.version;
    },
    // Whether the page is done answering its last move or news: the live region swapped and
    // settled (htmx's "htmx-settling" class lasts from the swap until "htmx:afterSettle",
    // 20 ms later, where the answer is brought on the screen) and no placement still to come
    // (bringBelowBar's, a frame and 250 ms later). What the page shows then stays until the
    // next news: tests read positions only once it is (tests/browser/live.py settled).
    settled: function () {
      return placing === 0 && !document.querySelector("#live.htmx-settling");
    },
  };

  document.addEventListener("htmx:sseOpen", function (event) {
    var source = event.detail.source;
    if (source && !heard.has(source)) {
      heard.add(source);
      source.addEventListener("version", function (message) {
        live = true;
        lastNews = Date.now();
        try {
          var marks = JSON.parse(message.data);
          announced = {
            version: Math.max(announced.version, marks.version),
            seating: Math.max(announced.seating, marks.seating || 0),
          };
        } catch (error) {
          // a malformed event: the next one, or the poll, brings the version
        }
      });
    }
  });
  document.addEventListener("htmx:sseError", function () {
    live = false; // the poll takes over until news comes through the stream again
  });
  // One request for the live region at a time, the page's own move first. A poll answered
  // while a move was on its way replaced the region the move was sent from, and htmx then
  // swapped the move's answer into that detached region: the answer was lost, and htmx's
  // hx-preserve moved the preserved elements (Galzyr's tab-bar radios) out of the page into
  // it. So a move cancels the poll in flight, and no poll starts until the move is answered.
  var moves = new Set(); // the XHRs of this page's moves on their way
  var MOVE_MS = 20000; // a move unanswered this long no longer holds the polls back
  var movedAt = 0;
  function isPoll(element) {
    return element.hasAttribute("data-poll") || element.hasAttribute("data-hand-over-poll");
  }
  function moving() {
    return moves.size > 0 && Date.now() - movedAt < MOVE_MS;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail.elt;
    var target = event.detail.target;
    if (!source || !target || target.id !== "live") return;
    if (isPoll(source)) {
      if (moving()) event.preventDefault(); // the move's answer brings the table
      return;
    }
    moves.add(event.detail.xhr);
    movedAt = Date.now();
    document.querySelectorAll("#live [data-poll], #live [data-hand-over-poll]").forEach(function (poll) {
      htmx.trigger(poll, "htmx:abort");
    });
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    moves.delete(event.detail.xhr);
    if (source && source.hasAttribute("data-poll") && event.detail.successful) {
      lastNews = Date.now();
    }
    // htmx drops a request on an element that has one in flight, so news that came while a
    // poll or a move was on its way would be lost: once it is answered, catch up.
    setTimeout(catchUp, 0);
  });

  // Fetch the table again while the page shows older marks than the stream announced.
  function catchUp() {
    var poll = document.querySelector("#live [data-poll]");
    if (poll && newer(announced)) htmx.trigger(poll, "tk:catchup");
  }

  // The version an answer for #live carries (its first line: <div id="live" data-version=…>).
  function answerVersion(xhr) {
    var found = /id="live" data-version="(\d+)"/.exec(xhr.responseText || "");
    return found ? parseInt(found[1], 10) : NaN;
  }

  var dirty = false;
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("#live form")) dirty = true;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "live" && answerVersion(event.detail.xhr) < currentVersion()) {
      // Two answers crossed (a poll and this device's own move): never go back to an older
      // table than the one shown.
      event.detail.shouldSwap = false;
      return;
    }
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    var fromPoll = source && source.hasAttribute("data-poll");
    if (fromPoll && dirty && event.detail.xhr.status === 200) {
      event.detail.shouldSwap = false;
      var banner = document.getElementById("table-moved");
      if (banner) banner.hidden = false;
    }
  });
  // A column that scrolls on its own (Galzyr's campaign beside the scene) keeps its place
  // when the table is swapped in afresh: [data-keep-scroll="name"].
  var scrolled = {};
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "live") return;
    scrolled = {};
    document.querySelectorAll("#live [data-keep-scroll]").forEach(function (column) {
      scrolled[column.getAttribute("data-keep-scroll")] = column.scrollTop;
    });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "live") dirty = false;
    if (sent && sent.page !== null) window.scrollTo(window.scrollX, sent.page); // see "sent"
    document.querySelectorAll("#live [data-keep-scroll]").forEach(function (column) {
      var top = scrolled[column.getAttribute("data-keep-scroll")];
      if (top) column.scrollTop = top;
    });
  });
  // On a phone the page scrolls as a whole: the form a player just sent stays where it was
  // on the screen when the table is swapped in afresh, though what is above it grew or shrank
  // (a long checklist replaced by a short one moved "Gain" a screen away from the thumb).
  var sent = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    sent = null;
    if (!event.detail.target || event.detail.target.id !== "live") return;
    var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    var form = elt && elt.closest ? elt.closest("#live form[action]") : null;
    if (!form) return;
    var action = form.getAttribute("action");
    var same = document.querySelectorAll("#live form[action]");
    var index = Array.prototype.filter.call(same, function (f) {
      return f.getAttribute("action") === action;
    }).indexOf(form);
    // In a column that scrolls on its own (a tablet's Galzyr campaign) that column moves and
    // the page stays where it was: the swap scrolled it (after "End the turn" the scene went
    // out of sight and the page showed its middle, QA 7).
    var column = form.closest("[data-keep-scroll]");
    var inColumn = column && column.scrollHeight > column.clientHeight;
    var opener = form.closest("[data-opens-answer]");
    sent = { action: action, index: index, top: form.getBoundingClientRect().top,
      page: inColumn ? window.scrollY : null,
      opens: opener ? opener.getAttribute("data-opens-answer") || "[data-answer]" : null };
  });
  function showAnswer(answer, where) {
    var bar = document.querySelector(".topbar");
    var below = (bar ? bar.getBoundingClientRect().bottom : 0) + 8;
    var bottom = window.innerHeight - 48;
    var top = answer.getBoundingClientRect().top;
    if (top < below || top > bottom) {
      window.scrollBy(0, top - Math.max(below, Math.min(where, bottom)));
    }
  }
  // A form that opens something new (Galzyr's keypad and scene buttons) stays on the page
  // below what it opened: the opened thing's first [data-answer] (the scene's title) is
  // brought to the top of the screen, in its own scrolling column too (QAF: the title was
  // 850-2,250 px above the screen and the tap looked like it did nothing). A form whose
  // answer is elsewhere names it: data-opens-answer="#gz-checklist" (Galzyr's save, whose
  // form goes with the game it ends: QAF3 landed on the column's end, the checklist cut).
  // The element's top just below the sticky header, in its own scrolling column too. Done
  // again once the layout has settled: the phone's tab bar shrinks a frame after the swap
  // (149 -> 58 px), which left a title under the header 5 times in 13 (QAF2).
  function bringBelowBar(element) {
    function place() {
      if (!element.isConnected) return;
      var bar = document.querySelector(".topbar");
      var below = (bar ? bar.getBoundingClientRect().bottom : 0) + 8;
      var column = element.closest("[data-keep-scroll]");
      if (column && column.scrollHeight > column.clientHeight) {
        // A column that scrolls by itself (a tablet's campaign): the page shows the whole
        // column below the header (the end of a short page had pushed its top under it and
        // cut its foot), and the column brings the element to its top.
        var hidden = below - 8 - column.getBoundingClientRect().top;
        if (hidden > 0) window.scrollBy(0, -hidden);
        var from = Math.max(column.getBoundingClientRect().top + 8, below);
        column.scrollTop += element.getBoundingClientRect().top - from;
        return;
      }
      element.scrollIntoView({ block: "start" });
      var top = element.getBoundingClientRect().top;
      if (top < below) window.scrollBy(0, top - below);
    }
    function placeLater() {
      placing -= 1;
      place();
    }
    place();
    placing += 2;
    requestAnimationFrame(function () { requestAnimationFrame(placeLater); });
    setTimeout(placeLater, 250);
  }
  function showOpened(selector) {
    var opened = document.querySelector("#live " + selector);
    if (opened) bringBelowBar(opened);
  }
  // After the swap has settled: keep-open.js has opened again the folds the player had open.
  document.addEventListener("htmx:afterSettle", function () {
    if (!sent) return;
    if (sent.opens) {
      var opens = sent.opens;
      sent = null;
      showOpened(opens);
      return;
    }
    var action = sent.action;
    var forms = Array.prototype.filter.call(
      document.querySelectorAll("#live form[action]"),
      function (f) { return f.getAttribute("action") === action; }
    );
    var form = forms[sent.index] || forms[0];
    if (form && form.offsetParent !== null) {
      var column = sent.page !== null && form.closest("[data-keep-scroll]");
      if (column) {
        window.scrollTo(window.scrollX, sent.page);
        column.scrollTop += form.getBoundingClientRect().top - sent.top;
      } else {
        window.scrollBy(0, form.getBoundingClientRect().top - sent.top);
      }
    } else if (sent.page === null) {
      // The form went with the step it made (Galzyr's roll, "Use 2 successes", "Continue"):
      // its answer, the last [data-answer] (the dice, the outcome, the scene's next part or
      // its end), is shown where the form was, or at least on the screen below the header.
      // A page with no such answer (Tavern Tales' Collect) shows the move's sentence, said at
      // the top of the table (QAF: it stayed up there, the phone still down on the board).
      var answers = document.querySelectorAll("#live [data-answer]");
      var said = document.querySelector("#live > .flash[role=status]:not([hidden])");
      var answer = answers.length ? answers[answers.length - 1] : said;
      if (answer) showAnswer(answer, sent.top);
    }
    sent = null;
  });
  // A refusal is said at the top of the table, which a phone may have scrolled far from.
  document.addEventListener("htmx:afterSettle", function () {
    var refused = document.querySelector("#live .flash.error");
    var bar = document.querySelector(".topbar");
    var below = bar ? bar.getBoundingClientRect().bottom : 0;
    // under the sticky header is out of sight too (QAF2: a question's first line hid there)
    if (refused && refused.getBoundingClientRect().top < below) bringBelowBar(refused);
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#table-moved button")) {
      dirty = false;
      window.location.reload();
    }
  });
})();

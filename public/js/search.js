/*
 * The search page's progressive enhancement. Without JavaScript the page says that search needs it
 * and links to the claims list. With it, on the served site, this loads Pagefind's own interface
 * (/pagefind/pagefind-ui.js, a classic script the build writes beside the pages) and starts it;
 * Pagefind then fetches only the parts of the index a query needs. Opened from file:// (the
 * offline snapshot), where no script may fetch, it loads nothing and says so instead. This file
 * itself fetches nothing, so the snapshot's check of the scripts pages load passes.
 */
(function () {
  'use strict';
  var root = document.querySelector('[data-search]');
  if (!root) return;
  var status = root.querySelector('[data-search-status]');
  var target = root.querySelector('[data-search-ui]');
  var say = function (key) {
    var message = root.querySelector('[data-message="' + key + '"]');
    if (status && message) status.innerHTML = message.innerHTML;
  };

  if (window.location.protocol === 'file:') {
    say('offline');
    return;
  }

  var script = document.createElement('script');
  script.src = root.getAttribute('data-ui-script');
  script.onload = function () {
    if (typeof window.PagefindUI !== 'function' || !target) {
      say('unavailable');
      return;
    }
    new window.PagefindUI({
      element: '#' + target.id,
      bundlePath: root.getAttribute('data-bundle'),
      showSubResults: true,
      showImages: false,
      autofocus: true,
    });
    // Pagefind's input is labelled only by its placeholder; give it the page's visible label.
    var input = target.querySelector('input[type="text"]');
    var label = root.querySelector('[data-search-label]');
    if (input && label) {
      input.id = label.getAttribute('for');
      label.hidden = false;
    }
    if (status) status.hidden = true;
    root.classList.add('is-ready');
  };
  script.onerror = function () {
    say('unavailable');
  };
  document.head.appendChild(script);
})();

/*
 * The search page's progressive enhancement. Without JavaScript the page says that search needs it
 * and links to the claims list. With it, on the served site, this loads Pagefind's own interface
 * (pagefind/pagefind-ui.js under the site's base path, a classic script the build writes beside the
 * pages) and starts it; Pagefind then fetches only the parts of the index a query needs. Opened
 * from file:// (the offline snapshot), where no script may fetch, it loads nothing and says so
 * instead. When the index cannot be loaded (a web archive's replay that does not have it, a
 * server that lost it), the page says so rather than showing "Searching…" for ever. This file
 * itself fetches nothing, so the snapshot's check of the scripts pages load passes.
 */
(function () {
  'use strict';
  var root = document.querySelector('[data-search]');
  if (!root) return;
  var status = root.querySelector('[data-search-status]');
  var target = root.querySelector('[data-search-ui]');
  var failed = false;
  var say = function (key) {
    var message = root.querySelector('[data-message="' + key + '"]');
    if (status && message) {
      status.innerHTML = message.innerHTML;
      status.hidden = false;
    }
  };
  var fail = function () {
    if (failed) return;
    failed = true;
    say('unavailable');
    root.classList.remove('is-ready');
    root.classList.add('is-failed');
    if (target) target.hidden = true;
  };

  if (window.location.protocol === 'file:') {
    say('offline');
    return;
  }

  // Pagefind reports a missing index only as a rejected promise and a console message.
  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason && event.reason.message ? String(event.reason.message) : String(event.reason);
    if (/pagefind/i.test(reason)) fail();
  });
  // A search still "searching" after this long has lost its index (a query takes well under a second).
  var watchdog = null;
  var watchLoading = function () {
    if (!target || typeof MutationObserver !== 'function') return;
    new MutationObserver(function () {
      var loading = target.querySelector('.pagefind-ui__loading');
      if (loading && watchdog === null) {
        watchdog = window.setTimeout(function () {
          if (target.querySelector('.pagefind-ui__loading')) fail();
          watchdog = null;
        }, 8000);
      } else if (!loading && watchdog !== null) {
        window.clearTimeout(watchdog);
        watchdog = null;
      }
    }).observe(target, { childList: true, subtree: true });
  };

  var script = document.createElement('script');
  script.src = root.getAttribute('data-ui-script');
  script.onload = function () {
    if (typeof window.PagefindUI !== 'function' || !target) {
      fail();
      return;
    }
    new window.PagefindUI({
      element: '#' + target.id,
      bundlePath: root.getAttribute('data-bundle'),
      // Result URLs are the pages' paths in the built folder; the site may be served under a base path.
      baseUrl: root.getAttribute('data-base') || '/',
      showSubResults: true,
      showImages: false,
      autofocus: true,
    });
    watchLoading();
    // Pagefind's input is labelled only by its placeholder; give it the page's visible label.
    var input = target.querySelector('input[type="text"]');
    var label = root.querySelector('[data-search-label]');
    if (input && label) {
      input.setAttribute('aria-labelledby', label.id);
      label.hidden = false;
    }
    if (status && !failed) status.hidden = true;
    if (!failed) root.classList.add('is-ready');
  };
  script.onerror = fail;
  document.head.appendChild(script);
})();

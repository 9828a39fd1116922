/*
 * "Show the default model instead" keeps the reader's place: every [data-default-toggle] link gets
 * the current #anchor appended, on load and whenever the anchor changes. A classic script (no
 * modules, no fetch) so it also works from file://. Without it the link still works, landing at the
 * top of the default model's page.
 */
(function () {
  'use strict';
  function update() {
    var links = document.querySelectorAll('[data-default-toggle]');
    for (var i = 0; i < links.length; i++) {
      var link = links[i];
      var base = link.getAttribute('data-toggle-base');
      if (base === null) {
        base = (link.getAttribute('href') || '').split('#')[0];
        link.setAttribute('data-toggle-base', base);
      }
      link.setAttribute('href', base + (window.location.hash || ''));
    }
  }
  update();
  window.addEventListener('hashchange', update);
})();

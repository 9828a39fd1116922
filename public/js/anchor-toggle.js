/*
 * "Show the default model instead" keeps the reader's place: every [data-default-toggle] link gets
 * the current #anchor appended, on load and whenever the anchor changes. A classic script (no
 * modules, no fetch) so it also works from file://. Without it the link still works, landing at the
 * top of the default model's page.
 *
 * On a claim page it also shows the "What if…" button ([data-what-if]) and loads the panel's script
 * (its data-src) the first time it is pressed, or at once when the address holds a what-if; and it
 * shows each picture's SVG download link, loading the script that makes the file
 * (what-if/pictures.js, src/client/pictures/downloads.ts) the first time one is pressed. The page
 * loads no other script until then.
 */
(function () {
  'use strict';
  var self = document.currentScript && document.currentScript.src;

  var pictureLinks = document.querySelectorAll('.picture-downloads > .picture-svg');
  var picturesLoading = false;
  // The links show only where the script that makes their files can be found from this one's address.
  if (pictureLinks.length > 0 && self) {
    for (var p = 0; p < pictureLinks.length; p++) pictureLinks[p].hidden = false;
    document.addEventListener('click', function (event) {
      var link = event.target instanceof Element ? event.target.closest('.picture-svg a') : null;
      // Once loaded, the pictures' script answers every press itself.
      if (!link || window.ledgerPictures) return;
      event.preventDefault();
      if (picturesLoading) return;
      picturesLoading = true;
      var script = document.createElement('script');
      script.src = new URL('../what-if/pictures.js', self).href;
      script.onload = function () {
        if (window.ledgerPictures) link.click();
      };
      script.onerror = function () {
        picturesLoading = false;
      };
      document.head.appendChild(script);
    });
  }
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

  var whatIf = document.querySelector('[data-what-if]');
  var button = whatIf && whatIf.querySelector('.what-if-open');
  if (!button) return;
  var status = whatIf.querySelector('.what-if-status');
  var loading = false;
  function open() {
    if (window.ledgerWhatIf) return window.ledgerWhatIf.toggle();
    if (loading) return;
    loading = true;
    status.textContent = 'Loading the engine…';
    var script = document.createElement('script');
    script.src = new URL(whatIf.getAttribute('data-src'), document.baseURI).href;
    script.onload = function () {
      status.textContent = '';
      if (window.ledgerWhatIf) window.ledgerWhatIf.toggle();
    };
    script.onerror = function () {
      loading = false;
      status.textContent = 'The what-if panel could not load its script, so only the published score is shown.';
    };
    document.head.appendChild(script);
  }
  whatIf.hidden = false;
  button.addEventListener('click', open);
  if (/(^|[?&])what-if=/.test(window.location.search.slice(1))) open();
})();

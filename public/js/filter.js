/*
 * The claim listing's filters, in place. Without this script every filter link opens a
 * pre-rendered page; with it, on a page that lists every claim, a click shows and hides rows by
 * their data-type and data-state, re-orders them by data-probability, data-coverage or
 * data-recorded, and updates the counts, the links and aria-current, with no page load. A classic
 * script: no modules, no fetch, so it also works from file://. It repeats the ordering of
 * src/lib/listing/browse.ts (sortRows).
 */
(function () {
  'use strict';
  var nav = document.querySelector('[data-filters]');
  var table = document.querySelector('[data-claims]');
  // Only a table of every claim can be filtered in place; elsewhere the links open their pages.
  if (!nav || !table || !table.tBodies[0] || !table.hasAttribute('data-complete')) return;
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var links = Array.prototype.slice.call(nav.querySelectorAll('a[data-set]'));
  var status = document.querySelector('[data-status]');
  var empty = document.querySelector('[data-empty]');
  var wrap = document.querySelector('[data-claims-wrap]');
  var reset = nav.querySelector('a[data-reset]');
  var current = {
    type: nav.getAttribute('data-type'),
    state: nav.getAttribute('data-state'),
    sort: nav.getAttribute('data-sort'),
  };

  // The URL of any combination, from the resolved URLs of links already on the page, so that it is
  // right whether the site is served or opened from file:// with relative links.
  var template = null;
  var home = null;
  links.forEach(function (a) {
    var m = /^(.*\/)browse\/[^/]+\/[^/]+\/[^/]+\/(index\.html)?$/.exec(a.href);
    if (m && !template) template = { prefix: m[1], suffix: m[2] || '' };
    if (!m && !home) home = a.href;
  });
  if (reset) home = reset.href;
  if (!home && template) home = template.prefix + (template.suffix ? 'index.html' : '');
  function hrefFor(c) {
    if (c.type === 'all' && c.state === 'all' && c.sort === 'recorded') return home;
    return template
      ? template.prefix + 'browse/' + c.type + '/' + c.state + '/' + c.sort + '/' + template.suffix
      : null;
  }

  function matches(row, type, state) {
    return (
      (type === 'all' || row.getAttribute('data-type') === type) &&
      (state === 'all' || row.getAttribute('data-state') === state)
    );
  }
  function index(row) {
    return Number(row.getAttribute('data-index'));
  }
  function key(row, sort) {
    var value = row.getAttribute('data-' + sort);
    return value === '' || value === null ? null : parseFloat(value);
  }
  function compare(x, y) {
    if (current.sort === 'recorded') {
      var rx = x.getAttribute('data-recorded');
      var ry = y.getAttribute('data-recorded');
      if (rx !== ry) return rx < ry ? 1 : -1;
      return index(x) - index(y);
    }
    var kx = key(x, current.sort);
    var ky = key(y, current.sort);
    if (kx === null || ky === null) {
      if (kx !== ky) return kx === null ? 1 : -1;
      return index(x) - index(y);
    }
    return ky - kx || index(x) - index(y);
  }
  function count(type, state) {
    return rows.filter(function (row) {
      return matches(row, type, state);
    }).length;
  }

  function label(set, value) {
    for (var i = 0; i < links.length; i++) {
      var a = links[i];
      if (a.getAttribute('data-set') === set && a.getAttribute('data-value') === value) {
        var copy = a.cloneNode(true);
        var n = copy.querySelector('.count');
        if (n) n.parentNode.removeChild(n);
        return copy.textContent.trim();
      }
    }
    return value;
  }

  function apply() {
    var shown = 0;
    rows
      .slice()
      .sort(compare)
      .forEach(function (row) {
        var show = matches(row, current.type, current.state);
        row.hidden = !show;
        if (show) shown++;
        body.appendChild(row);
      });
    links.forEach(function (a) {
      var set = a.getAttribute('data-set');
      var value = a.getAttribute('data-value');
      var target = { type: current.type, state: current.state, sort: current.sort };
      target[set] = value;
      var href = hrefFor(target);
      if (href) a.href = href;
      if (current[set] === value) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
      var n = a.querySelector('[data-count-for]');
      if (n) n.textContent = String(set === 'type' ? count(value, current.state) : count(current.type, value));
    });
    nav.setAttribute('data-type', current.type);
    nav.setAttribute('data-state', current.state);
    nav.setAttribute('data-sort', current.sort);
    if (empty) empty.hidden = shown > 0;
    if (wrap) wrap.hidden = shown === 0;
    if (status) {
      var what = current.type === 'all' ? 'claims' : label('type', current.type) + ' claims';
      if (current.state !== 'all') what += ' that are ' + label('state', current.state);
      status.textContent =
        'Showing ' + shown + ' of ' + rows.length + ' claims: ' + what + ', ' + label('sort', current.sort) + ' first.';
    }
  }

  nav.addEventListener('click', function (event) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    var a = event.target && event.target.closest ? event.target.closest('a[data-set], a[data-reset]') : null;
    if (!a) return;
    event.preventDefault();
    if (a.hasAttribute('data-reset')) {
      current = { type: 'all', state: 'all', sort: 'recorded' };
    } else {
      current[a.getAttribute('data-set')] = a.getAttribute('data-value');
    }
    apply();
  });
  nav.setAttribute('data-enhanced', 'true');
})();

/*
 * The claim listing's filters, in place. Without this script every filter link opens a
 * pre-rendered page; with it, on a page that lists every claim, a click shows and hides rows by
 * their data-type and data-state, re-orders them by data-probability, data-coverage or
 * data-recorded, and updates the counts, the links and aria-current, with no page load. On a page
 * of the unfiltered listing that holds only one page of the claims (`data-listing`), it loads the
 * compact listing of every claim first (a classic script setting window.ledgerListing, so no
 * fetch, and it works from file://) and shows the first page of whatever the filters keep; if it
 * cannot load, the links stay plain links. Served over HTTP, each filter also becomes the page's
 * address (the filter's own /browse/… page), so that reload, Back and sharing keep it. A classic
 * script, no modules. It repeats the ordering of
 * src/lib/listing/browse.ts (sortRows).
 */
(function () {
  'use strict';
  var enhanced = false;
  // After a reload, Back may return to an address this page's filters once stood for, in this same
  // page: when the page does not filter in place, it loads that address.
  window.addEventListener('popstate', function (event) {
    if (!enhanced && event.state && event.state.ledgerFilter) location.reload();
  });
  var nav = document.querySelector('[data-filters]');
  var table = document.querySelector('[data-claims]');
  if (!nav || !table || !table.tBodies[0]) return;
  var body = table.tBodies[0];
  var listing = table.getAttribute('data-listing');
  var template = document.querySelector('template[data-row-template]');
  // Only a table of every claim, or one whose page can fetch every claim, is filtered in place;
  // elsewhere the links open their pages.
  if (!table.hasAttribute('data-complete') && !(listing && template)) return;
  var pageSize = Number(table.getAttribute('data-page-size')) || 100;
  var pager = document.querySelector('[data-pager]');
  // Each row: the element (built when first shown, for fetched rows) and what it is filtered and sorted by.
  var rows = Array.prototype.slice.call(body.rows).map(function (el) {
    return {
      el: el,
      type: el.getAttribute('data-type'),
      state: el.getAttribute('data-state'),
      probability: el.getAttribute('data-probability'),
      coverage: el.getAttribute('data-coverage'),
      recorded: el.getAttribute('data-recorded'),
      index: Number(el.getAttribute('data-index')),
    };
  });
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
  var urls = null;
  var home = null;
  links.forEach(function (a) {
    var m = /^(.*\/)browse\/[^/]+\/[^/]+\/[^/]+\/(index\.html)?$/.exec(a.href);
    if (m && !urls) urls = { prefix: m[1], suffix: m[2] || '' };
    if (!m && !home) home = a.href;
  });
  if (reset) home = reset.href;
  if (!home && urls) home = urls.prefix + (urls.suffix ? 'index.html' : '');
  function hrefFor(c, page) {
    if (c.type === 'all' && c.state === 'all' && c.sort === 'recorded' && !(page > 1)) return home;
    return urls
      ? urls.prefix +
          'browse/' +
          c.type +
          '/' +
          c.state +
          '/' +
          c.sort +
          '/' +
          (page > 1 ? page + '/' : '') +
          urls.suffix
      : null;
  }

  function matches(row, type, state) {
    return (type === 'all' || row.type === type) && (state === 'all' || row.state === state);
  }
  function index(row) {
    return row.index;
  }
  function key(row, sort) {
    var value = row[sort];
    return value === '' || value === null || value === undefined ? null : parseFloat(value);
  }
  function compare(x, y) {
    if (current.sort === 'recorded') {
      var rx = x.recorded;
      var ry = y.recorded;
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

  // A fetched row as the table's own markup: the template's cells, filled with text only.
  function build(data) {
    var tr = template.content.firstElementChild.cloneNode(true);
    function field(name) {
      return tr.querySelector('[data-f="' + name + '"]');
    }
    tr.setAttribute('data-type', data.t);
    tr.setAttribute('data-state', data.st);
    tr.setAttribute('data-probability', data.p === null ? '' : data.p);
    tr.setAttribute('data-coverage', data.c);
    tr.setAttribute('data-recorded', data.d);
    tr.setAttribute('data-index', String(data.i));
    var link = field('statement');
    link.href = data.h;
    link.textContent = data.s;
    var reason = field('reason');
    if (data.r) reason.textContent = 'No number: ' + data.r;
    else reason.parentNode.removeChild(reason);
    field('type').textContent = data.tw;
    var badge = field('state');
    badge.className = 'state state-' + data.st;
    badge.setAttribute('data-state', data.st);
    badge.textContent = data.st.replace(/-/g, ' ');
    field('probability').textContent = data.p === null ? '—' : data.p;
    field('stability').textContent = data.sb === null ? '—' : data.sb;
    field('coverage').textContent = data.c;
    field('reviews').textContent = data.cd + ' of ' + data.cn;
    if (data.p === null) {
      // No probability, no gradient number beside it (as the table's own rows): a link to its step.
      var gradient = field('gradient');
      gradient.textContent = '—';
      gradient.className = 'muted';
      var step = document.createElement('a');
      step.className = 'sub';
      step.href = data.h + '#gradient';
      step.textContent = 'on its page';
      var status = field('status');
      status.parentNode.replaceChild(step, status);
    } else {
      field('gradient').textContent = data.g;
      field('status').textContent = data.gw;
    }
    var time = field('recorded');
    time.setAttribute('datetime', data.d);
    time.textContent = data.d;
    return tr;
  }

  // The pager of the first page of the current combination, with links to its pre-rendered pages.
  function repage(matching) {
    if (!pager) return;
    var pages = Math.max(1, Math.ceil(matching / pageSize));
    var list = pager.querySelector('ul');
    pager.hidden = pages < 2 || !list;
    if (pages < 2 || !list) return;
    var item = list.querySelector('li');
    while (list.firstChild) list.removeChild(list.firstChild);
    for (var n = 1; n <= pages + 1; n++) {
      var li = item.cloneNode(false);
      var a = document.createElement('a');
      for (var i = 0; i < item.firstElementChild.attributes.length; i++) {
        var attribute = item.firstElementChild.attributes[i];
        if (/^data-astro-cid-/.test(attribute.name)) a.setAttribute(attribute.name, attribute.value);
      }
      var next = n === pages + 1;
      a.href = hrefFor(current, next ? 2 : n) || '#';
      a.textContent = next ? 'Next' : String(n);
      if (next) a.rel = 'next';
      if (n === 1) a.setAttribute('aria-current', 'page');
      li.appendChild(a);
      list.appendChild(li);
    }
  }

  function apply() {
    var shown = 0;
    var sorted = rows.slice().sort(compare);
    // Every claim is on the page: hide those the filters drop. One page of them: show that page.
    if (listing) while (body.firstChild) body.removeChild(body.firstChild);
    sorted.forEach(function (row) {
      var show = matches(row, current.type, current.state);
      if (show) shown++;
      if (!listing) {
        row.el.hidden = !show;
        body.appendChild(row.el);
      } else if (show && shown <= pageSize) {
        if (!row.el) row.el = build(row.data);
        body.appendChild(row.el);
      }
    });
    if (listing) repage(shown);
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
      var range =
        shown > pageSize ? ' (1 to ' + pageSize + ' on this page, 1 of ' + Math.ceil(shown / pageSize) + ')' : '';
      status.textContent =
        'Showing ' +
        shown +
        ' of ' +
        rows.length +
        ' claims' +
        range +
        ': ' +
        what +
        ', ' +
        label('sort', current.sort) +
        ' first.';
    }
  }

  function start() {
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
      remember(true);
    });
    // Back and Forward return to the filters each address stands for.
    window.addEventListener('popstate', function (event) {
      var s = event.state;
      if (!s || !s.ledgerFilter) return;
      current = { type: s.type, state: s.state, sort: s.sort };
      apply();
    });
    // A page brought back from the browser's cache shows the filters its address stands for.
    window.addEventListener('pageshow', function (event) {
      var s = window.history && history.state;
      if (!event.persisted || !s || !s.ledgerFilter) return;
      current = { type: s.type, state: s.state, sort: s.sort };
      apply();
    });
    remember(false);
    enhanced = true;
    nav.setAttribute('data-enhanced', 'true');
  }

  // The address follows the filters (the History API): the filter's own pre-rendered page, so that
  // reload, Back and a shared link show what the reader sees. Served pages only: from file:// the
  // snapshot's links are relative to the page's own address, which must stay as it is.
  function remember(push) {
    if (!/^https?:$/.test(location.protocol) || !window.history || !history.pushState) return;
    var state = { ledgerFilter: true, type: current.type, state: current.state, sort: current.sort };
    try {
      if (push) history.pushState(state, '', hrefFor(current) || location.href);
      else history.replaceState(state, '', location.href);
    } catch {
      // An address the browser refuses: the filters still work in place.
    }
  }

  if (table.hasAttribute('data-complete')) {
    start();
    return;
  }
  // One page of the claims: every claim comes from the compact listing (a classic script, which
  // loads from file:// too) before the filters work in place.
  function loaded() {
    var data = window.ledgerListing;
    if (!data || !Array.isArray(data.rows)) return;
    var onPage = {};
    rows.forEach(function (row) {
      onPage[row.index] = row.el;
    });
    rows = data.rows.map(function (d) {
      return {
        el: onPage[d.i] || null,
        data: d,
        type: d.t,
        state: d.st,
        probability: d.p === null ? '' : d.p,
        coverage: d.c,
        recorded: d.d,
        index: d.i,
      };
    });
    start();
  }
  var script = document.createElement('script');
  script.src = new URL(listing, document.baseURI).href;
  // If it cannot load, the filter links open their pre-rendered pages.
  script.onload = loaded;
  document.head.appendChild(script);
})();

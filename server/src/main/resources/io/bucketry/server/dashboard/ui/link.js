'use strict';
// The page's address, #series=<id>&from=<time>&to=<time> (or #groupBy=<keys>&tag=<condition>…&from=…, a chart of
// groups), so that a link (and back and forward) opens the same series or groups and range. from=now-1h (no to) is a range that ends now; ISO-8601 times a fixed range; neither the default.
const Link = (() => {
  const UNITS = { ms: 1, s: 1000, m: 60000, h: 3600000, d: 86400000, w: 604800000 };
  const RELATIVE = /^(?:now)?-(\d+)(ms|s|m|h|d|w)$/;

  // An absolute time as the API takes it (ISO-8601, a day in UTC, epoch ms, epoch seconds with their unit), in ms.
  function instant(text) {
    const unit = /^(\d+)(ms|s)$/.exec(text);
    const ms = unit ? Number(unit[1]) * UNITS[unit[2]] : /^-?\d+$/.test(text) ? Number(text) : Date.parse(text);
    if (Number.isNaN(ms)) {
      throw new Error('The link\'s time "' + text + '" is not one the page reads (ISO-8601 such as 2026-12-03T10:00:00Z, or now-1h)');
    }
    return ms;
  }

  // {series, groupBy, tags, range: 'auto' | a span such as '1h' | 'custom', span (ms), from, to (ms; to null: now)}
  // of hash.
  function read(hash) {
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    const state = { series: params.get('series') || null, groupBy: params.get('groupBy') || null,
      tags: params.getAll('tag'), range: 'auto' };
    const from = params.get('from');
    const to = params.get('to');
    const relative = from ? RELATIVE.exec(from) : null;
    if (relative && (!to || to === 'now')) {
      return Object.assign(state, { range: relative[1] + relative[2], span: Number(relative[1]) * UNITS[relative[2]] });
    }
    if (from) {
      return Object.assign(state, { range: 'custom', from: instant(from), to: to && to !== 'now' ? instant(to) : null });
    }
    return state;
  }

  // The hash of view (without '#').
  function write(view) {
    const params = new URLSearchParams();
    if (view.group) {
      params.set('groupBy', view.group.by);
      view.group.tags.forEach((t) => params.append('tag', t));
    } else {
      params.set('series', view.series);
    }
    if (view.range === 'custom') {
      params.set('from', new Date(view.custom.from).toISOString());
      if (view.custom.to !== null) {
        params.set('to', new Date(view.custom.to).toISOString());
      }
    } else if (view.range !== 'auto') {
      params.set('from', 'now-' + view.range);
    }
    return params.toString();
  }

  return { read, write };
})();

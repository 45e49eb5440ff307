'use strict';
// The alerting view: the series whose last 5-minute average of a field, over the last 10 minutes, is above a threshold.
const Alerts = (() => {
  // The latest window of each series that holds field, from the all-series aggregates; and every numeric field seen.
  function latestWindows(windows, field) {
    const last = {};
    const names = new Set();
    windows.forEach((w) => {
      Object.keys(w.fields).forEach((f) => names.add(f));
      if (w.fields[field] && (!last[w.series] || last[w.series].start < w.start)) {
        last[w.series] = w;
      }
    });
    return { last: Object.values(last), names: [...names].sort() };
  }

  async function show(el, onPick) {
    const field = el.field.value.trim();
    const threshold = Number(el.threshold.value);
    const now = Date.now();
    const windows = await Api.get('/v1/aggregates?' + Api.query({ from: now - 10 * 60000, to: now, window: '5m' }));
    const { last, names } = latestWindows(windows, field);
    el.fields.replaceChildren(...names.map((n) => Object.assign(document.createElement('option'), { value: n })));
    const above = last.filter((w) => w.fields[field].avg > threshold);
    Panels.list(el.list, above, (li, w) => {
      li.dataset.series = w.series;
      li.textContent = w.series + ' ';
      const detail = document.createElement('span');
      detail.className = 'muted';
      detail.textContent = Panels.fmtNumber(w.fields[field].avg) + ' at '
        + Time.clock(new Date(Date.parse(w.start)), true);
      li.appendChild(detail);
    }, (w) => onPick(w.series));
    if (above.length === 0) {
      el.list.innerHTML = '<li class="muted">none</li>';
    }
  }

  return { show };
})();

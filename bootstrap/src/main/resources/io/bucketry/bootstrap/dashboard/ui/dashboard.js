'use strict';
// The page's state and refresh loop: series search, range, charts, states, latest, statistics, alerts.
(() => {
  const $ = (id) => document.getElementById(id);
  const STATE_LIMIT = 5000;
  const REFRESH_MS = 5000;
  const view = { series: null, range: '24h' };
  const errors = {};
  window.bucketry = { view, plots: Charts.plots, errors };

  function report(source, error) {
    if (error) {
      errors[source] = error.message;
    } else {
      delete errors[source];
    }
    const messages = [...new Set(Object.values(errors))];
    $('error').hidden = messages.length === 0;
    $('error').textContent = messages.join(' — ');
  }

  // Runs task as source, one at a time: a task asked for while one runs is run after it (the latest ask wins).
  const running = {};
  const pending = {};
  async function run(source, task) {
    if (running[source]) {
      pending[source] = task;
      return;
    }
    running[source] = true;
    try {
      await task();
      report(source, null);
      $('updated').textContent = 'updated ' + new Date().toLocaleTimeString(undefined, { hour12: false });
    } catch (e) {
      report(source, e);
    } finally {
      running[source] = false;
    }
    const next = pending[source];
    if (next) {
      delete pending[source];
      run(source, next);
    }
  }

  function currentRange() {
    const now = Date.now();
    if (view.range !== 'custom') {
      return { from: now - Api.DURATIONS[view.range], to: now, live: true };
    }
    const from = Date.parse($('custom-from').value);
    const to = $('custom-to').value ? Date.parse($('custom-to').value) : now;
    if (Number.isNaN(from)) {
      throw new Error('Choose the start of the custom range');
    }
    return { from, to, live: !$('custom-to').value };
  }

  async function showSeries() {
    if (!view.series) {
      return;
    }
    const range = currentRange();
    const path = '/v1/series/' + encodeURIComponent(view.series);
    const win = Api.windowFor(range.from, range.to, Api.MAX_POINTS);
    const url = path + '/aggregates?' + Api.query({ from: range.from, to: range.to, window: Api.windowText(win) });
    const [windows, latest] = await Promise.all([Api.get(url),
      Api.get(path + '/latest').catch((e) => { if (e.status === 404) return null; throw e; })]);
    Object.assign(view, { from: range.from, to: range.to, window: win, aggregatesUrl: url, windows });
    $('window').textContent = 'window ' + Api.windowText(win) + ', ' + windows.length + ' points'
      + (range.live ? ', refreshed every ' + REFRESH_MS / 1000 + ' s' : '');
    Panels.latest($('latest'), latest);
    const fields = Charts.drawNumeric($('charts'), windows, view);
    const texts = latest ? Object.keys(latest.fields).filter((f) => typeof latest.fields[f] === 'string') : [];
    await showStates(path, range, windows, texts);
    if (fields.length === 0 && texts.length === 0) {
      $('window').textContent += ' — no readings in this range';
    }
  }

  // States come from the readings themselves; with more than STATE_LIMIT readings in the range, the
  // window counts tell where the last STATE_LIMIT readings start, and the band shows those.
  async function showStates(path, range, windows, texts) {
    if (texts.length === 0) {
      $('states').replaceChildren();
      return;
    }
    const total = windows.reduce((sum, w) => sum + w.count, 0);
    let from = range.from;
    for (let i = windows.length - 1, seen = 0; i >= 0 && total > STATE_LIMIT; i--) {
      seen += windows[i].count;
      if (seen > STATE_LIMIT) {
        from = Date.parse(windows[i].end);
        break;
      }
    }
    const readings = await Api.get(path + '/readings?' + Api.query({ from, to: range.to, limit: STATE_LIMIT }));
    const full = readings.length >= STATE_LIMIT;
    const end = full ? Date.parse(readings[readings.length - 1].time) : Math.min(range.to, Date.now());
    const note = from > range.from || full
      ? 'Too many readings in this range to show every state: the band shows ' + readings.length.toLocaleString()
        + ' of ' + total.toLocaleString() + ' readings, ' + Panels.fmtTime(from) + ' – ' + Panels.fmtTime(end)
        + '. Choose a shorter range to see the rest.'
      : '';
    $('states').replaceChildren();
    texts.forEach((f) => Panels.stateBand($('states'), f, Charts.runs(readings, f, end), from, end, note));
  }

  async function showStats() {
    Panels.stats($('stats'), await Api.get('/v1/stats'));
  }

  async function showAlerts() {
    const field = $('alert-field').value.trim();
    const threshold = Number($('alert-threshold').value);
    const now = Date.now();
    const windows = await Api.get('/v1/aggregates?' + Api.query({ from: now - 10 * 60000, to: now, window: '5m' }));
    const last = {};
    const names = new Set();
    windows.forEach((w) => {
      Object.keys(w.fields).forEach((f) => names.add(f));
      if (w.fields[field] && (!last[w.series] || last[w.series].start < w.start)) {
        last[w.series] = w;
      }
    });
    $('alert-fields').replaceChildren(...[...names].sort().map((n) => Object.assign(document.createElement('option'), { value: n })));
    const above = Object.values(last).filter((w) => w.fields[field].avg > threshold);
    Panels.list($('alerts'), above, (li, w) => {
      li.dataset.series = w.series;
      li.textContent = w.series + ' ';
      const detail = document.createElement('span');
      detail.className = 'muted';
      detail.textContent = Panels.fmtNumber(w.fields[field].avg) + ' at ' + Panels.fmtTime(Date.parse(w.start)).split(' ').pop();
      li.appendChild(detail);
    }, (w) => pick(w.series));
    if (above.length === 0) {
      $('alerts').innerHTML = '<li class="muted">none</li>';
    }
  }

  async function search() {
    const page = await Api.get('/v1/series?' + Api.query({ prefix: $('search').value.trim(), limit: 50 }));
    Panels.list($('series-list'), page.series, (li, s) => {
      li.dataset.series = s.id;
      li.classList.toggle('on', s.id === view.series);
      li.textContent = s.id + ' ';
      if (s.readings !== undefined && s.readings !== null) {
        const count = document.createElement('span');
        count.className = 'muted';
        count.textContent = Panels.fmtNumber(s.readings);
        li.appendChild(count);
      }
    }, (s) => pick(s.id));
    $('series-more').textContent = page.next ? 'more series: type more of the id' : '';
  }

  function pick(id) {
    view.series = id;
    $('title').textContent = id;
    location.hash = 'series=' + encodeURIComponent(id);
    document.querySelectorAll('#series-list li').forEach((li) => li.classList.toggle('on', li.dataset.series === id));
    Charts.clear($('charts'));
    run('view', showSeries);
  }

  let typing;
  $('search').addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => run('series', search), 150);
  });
  $('ranges').addEventListener('click', (e) => {
    if (!e.target.dataset.range) {
      return;
    }
    view.range = e.target.dataset.range;
    document.querySelectorAll('#ranges button').forEach((b) => b.classList.toggle('on', b === e.target));
    $('custom').hidden = view.range !== 'custom';
    if (view.range !== 'custom') {
      Charts.clear($('charts'));
      run('view', showSeries);
    }
  });
  $('custom').addEventListener('submit', (e) => {
    e.preventDefault();
    Charts.clear($('charts'));
    run('view', showSeries);
  });
  ['alert-field', 'alert-threshold'].forEach((id) => $(id).addEventListener('change', () => run('alerts', showAlerts)));

  function tick() {
    let live = true;
    try {
      live = currentRange().live;
    } catch (e) {
      live = false;
    }
    if (live) {
      run('view', showSeries);
    }
    run('stats', showStats);
    run('alerts', showAlerts);
  }

  const linked = /series=([^&]+)/.exec(location.hash);
  run('series', search);
  if (linked) {
    pick(decodeURIComponent(linked[1]));
  }
  tick();
  setInterval(tick, REFRESH_MS);
})();

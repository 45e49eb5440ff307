'use strict';
// The page's state and refresh loop: series search, range, charts, states, latest, statistics, alerts.
(() => {
  const $ = (id) => document.getElementById(id);
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
    await States.show($('states'), path, range, windows, texts);
    if (fields.length === 0 && texts.length === 0) {
      $('window').textContent += ' — no readings in this range';
    }
  }

  async function showStats() {
    Panels.stats($('stats'), await Api.get('/v1/stats'));
  }

  async function showAlerts() {
    await Alerts.show({ field: $('alert-field'), threshold: $('alert-threshold'), fields: $('alert-fields'), list: $('alerts') }, pick);
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

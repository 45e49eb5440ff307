'use strict';
// The page's state and refresh loop: series search and tag filter, range (in the address, see link.js), charts of a
// series or of groups, states, latest, statistics, alerts.
(() => {
  const $ = (id) => document.getElementById(id);
  const REFRESH_MS = 5000;
  // range 'auto': the last DEFAULT_RANGE, or from the series' first reading when that is later
  const DEFAULT_RANGE = Api.DURATIONS['24h'];
  const view = { series: null, group: null, range: 'auto', span: null, custom: null, first: undefined };
  const errors = {};
  window.bucketry = { view, plots: Charts.plots, groupPlots: Groups.plots, errors };

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
      $('updated').textContent = 'updated ' + Time.text(Date.now());
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
    if (view.range === 'custom') {
      if (!view.custom) {
        throw new Error('Choose the start of the custom range');
      }
      const to = view.custom.to === null ? now : view.custom.to;
      return { from: view.custom.from, to, live: view.custom.to === null };
    }
    if (view.range !== 'auto') {
      return { from: now - view.span, to: now, live: true };
    }
    if (view.first === null || view.first === undefined || now - view.first >= DEFAULT_RANGE) {
      return { from: now - DEFAULT_RANGE, to: now, live: true };
    }
    const margin = Math.max(1000, Math.round((now - view.first) / 50));
    return { from: view.first - margin, to: now, live: true, fitted: true };
  }

  // The time of the first reading of the series, for the default range to fit it; null when unknown.
  async function firstReading(series) {
    const page = await Api.get('/v1/series?' + Api.query({ prefix: series, limit: 1 }));
    const listed = page.series[0];
    return listed && listed.id === series && listed.first ? Date.parse(listed.first) : null;
  }

  async function showSeries() {
    if (!view.series) {
      return;
    }
    if (view.range === 'auto' && view.first === undefined) {
      view.first = await firstReading(view.series);
    }
    const range = currentRange();
    const path = '/v1/series/' + encodeURIComponent(view.series);
    const win = Api.windowFor(range.from, range.to, Api.MAX_POINTS);
    // fill=null: every window of the range is answered, an empty one without fields, so a gap is drawn as one
    const url = path + '/aggregates?' + Api.query({ from: range.from, to: range.to, window: Api.windowText(win), fill: 'null' });
    const [windows, latest] = await Promise.all([Api.get(url),
      Api.get(path + '/latest').catch((e) => { if (e.status === 404) return null; throw e; })]);
    Object.assign(view, { from: range.from, to: range.to, window: win, aggregatesUrl: url, windows });
    $('window').textContent = 'window ' + Api.windowText(win) + ', ' + windows.length + ' points'
      + (range.fitted ? ', from the first reading (' + Panels.fmtTime(view.first) + '): the last 24 h hold nothing before it' : '')
      + (range.live ? ', refreshed every ' + REFRESH_MS / 1000 + ' s' : '');
    Panels.latest($('latest'), latest);
    const fields = Charts.drawNumeric($('charts'), windows, view);
    const texts = latest ? Object.keys(latest.fields).filter((f) => typeof latest.fields[f] === 'string') : [];
    await States.show($('states'), path, range, windows, texts);
    if (fields.length === 0 && texts.length === 0) {
      $('window').textContent += ' — no readings in this range';
    }
  }

  // The view's charts: a series' or, with view.group, the groups'.
  async function showView() {
    return view.group ? showGroups() : showSeries();
  }

  async function showGroups() {
    const range = currentRange();
    $('window').textContent = '';
    $('window').textContent = await Groups.show($('group-charts'), view, range)
      + (range.live ? ', refreshed every ' + REFRESH_MS / 1000 + ' s' : '');
  }

  function clearCharts() {
    Charts.clear($('charts'));
    Groups.clear($('group-charts'));
  }

  async function showStats() {
    Panels.stats($('stats'), await Api.get('/v1/stats'));
  }

  async function showAlerts() {
    await Alerts.show({ field: $('alert-field'), threshold: $('alert-threshold'), fields: $('alert-fields'), list: $('alerts') }, pick);
  }

  let listed = false;   // until the list is first shown (a refused token, say), every refresh asks for it again
  async function search() {
    const page = await Api.get('/v1/series?' + Api.query({ prefix: $('search').value.trim(),
      tag: Tags.conditions($('tags').value), limit: 50 }));
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
      if (s.tags) {
        const tags = document.createElement('span');
        tags.className = 'muted tags';
        tags.textContent = Tags.text(s.tags);
        li.appendChild(tags);
      }
    }, (s) => pick(s.id));
    $('series-more').textContent = page.next ? 'more series: type more of the id' : '';
    listed = true;
  }

  // Shows the state of the address (a link, back or forward) unless it is already shown.
  let shown = null;
  function showLinked() {
    const hash = location.hash.replace(/^#/, '');
    if (hash === shown) {
      return;
    }
    shown = hash;
    let state;
    try {
      state = Link.read(hash);
    } catch (e) {
      report('link', e);
      return;
    }
    report('link', null);
    Object.assign(view, { range: state.range, span: state.span || null,
      custom: state.range === 'custom' ? { from: state.from, to: state.to } : null });
    if (state.range === 'custom') {
      $('custom-from').value = localInput(state.from);
      $('custom-to').value = state.to === null ? '' : localInput(state.to);
    }
    showRange();
    if (state.series) {
      pick(state.series, true);
    } else if (state.groupBy) {
      $('group-by').value = state.groupBy;
      $('tags').value = state.tags.map((t) => t.replace(/ /g, '\\ ')).join(' ');
      run('series', search);
      chartGroups(state.groupBy, state.tags, true);
    }
  }

  // The value of a datetime-local input for ms.
  function localInput(ms) {
    return new Date(ms - new Date(ms).getTimezoneOffset() * 60000).toISOString().slice(0, 19);
  }

  // Marks the range's button and shows the custom form for a custom range.
  function showRange() {
    document.querySelectorAll('#ranges button').forEach((b) => b.classList.toggle('on', b.dataset.range === view.range));
    $('custom').hidden = view.range !== 'custom';
  }

  // Puts the view in the address: a new entry of the history, for back and forward (or, for the view of a
  // link, the link as the page writes it, in place).
  function link(replace) {
    if (view.series || view.group) {
      shown = Link.write(view);
      if (location.hash.replace(/^#/, '') === shown) {
        return;
      }
      if (replace) {
        history.replaceState(null, '', '#' + shown);
      } else {
        location.hash = shown;
      }
    }
  }

  function pick(id, linked) {
    if (id !== view.series) {
      view.first = undefined;
    }
    Object.assign(view, { series: id, group: null });
    $('title').textContent = id;
    link(linked);
    document.querySelectorAll('#series-list li').forEach((li) => li.classList.toggle('on', li.dataset.series === id));
    clearCharts();
    run('view', showView);
  }

  // Charts the groups of the tag keys by (text, as groupBy takes it) among the series that match tags (tag= conditions).
  function chartGroups(by, tags, linked) {
    Object.assign(view, { series: null, group: { by, tags }, first: null });
    $('title').textContent = 'groups by ' + by + (tags.length ? ' where ' + tags.join(' ') : '');
    link(linked);
    document.querySelectorAll('#series-list li').forEach((li) => li.classList.remove('on'));
    clearCharts();
    $('latest').replaceChildren();
    $('states').replaceChildren();
    run('view', showView);
  }

  let typing;
  ['search', 'tags'].forEach((id) => $(id).addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => run('series', search), 150);
  }));
  $('grouping').addEventListener('submit', (e) => {
    e.preventDefault();
    const by = $('group-by').value.trim();
    if (!by) {
      report('view', new Error('Give the tag key to group by (such as building), or keys separated by commas'));
      return;
    }
    chartGroups(by, Tags.conditions($('tags').value));
  });
  $('ranges').addEventListener('click', (e) => {
    const range = e.target.dataset.range;
    if (!range) {
      return;
    }
    if (range === 'custom') {
      view.range = 'custom';
      showRange();
      return;
    }
    Object.assign(view, { range, span: Api.DURATIONS[range], custom: null });
    showRange();
    link();
    clearCharts();
    run('view', showView);
  });
  $('custom').addEventListener('submit', (e) => {
    e.preventDefault();
    const from = Date.parse($('custom-from').value);
    const to = $('custom-to').value ? Date.parse($('custom-to').value) : null;
    if (Number.isNaN(from)) {
      report('view', new Error('Choose the start of the custom range'));
      return;
    }
    Object.assign(view, { range: 'custom', custom: { from, to } });
    link();
    clearCharts();
    run('view', showView);
  });
  window.addEventListener('hashchange', showLinked);
  ['alert-field', 'alert-threshold'].forEach((id) => $(id).addEventListener('change', () => run('alerts', showAlerts)));

  function tick() {
    if (view.range !== 'custom' || (view.custom !== null && view.custom.to === null)) {
      run('view', showView);
    }
    if (!listed) {
      run('series', search);
    }
    run('stats', showStats);
    run('alerts', showAlerts);
  }

  run('series', search);
  showLinked();
  tick();
  setInterval(tick, REFRESH_MS);
})();

'use strict';
// The windows of groups of series (GET /v1/aggregates?groupBy=…): one chart per numeric field, a line per group
// (the average of its merged windows), the legend naming each group and the number of series merged.
const Groups = (() => {
  // Windows asked for per line: the route refuses more than maxWindows groups × windows (100,000 by default,
  // so 500 groups at this many), and its refusal is shown as every error is.
  const POINTS = 200;
  // Lines drawn at most, the first groups of the answer (in its order): more are no longer told apart.
  const MAX_LINES = 20;
  const PALETTE = ['#2f6fed', '#d13b3b', '#2e9d57', '#e0a020', '#8e44ad', '#16a2b8', '#e8710a', '#6b7385',
    '#c2185b', '#5d8a00'];
  const plots = {};

  const label = (g) => Tags.groupName(g.group) + ' · ' + g.series + ' series';

  // uPlot's columns: window start (epoch seconds) and, per group, its average of field in each window (null where
  // it has none; a short run of empty windows joined as on a series' chart).
  function columns(groups, field) {
    const starts = [...new Set(groups.flatMap((g) => g.windows.map((w) => Date.parse(w.start))))].sort((a, b) => a - b);
    const cols = [starts.map((t) => t / 1000)];
    groups.forEach((g) => {
      const avg = new Map(g.windows.filter((w) => w.fields[field]).map((w) => [Date.parse(w.start), w.fields[field].avg]));
      cols.push(starts.map((t) => (avg.has(t) ? avg.get(t) : null)));
      Charts.joinShortGaps(cols, [cols.length - 1]);
    });
    return cols;
  }

  function options(groups, range, width) {
    return {
      width, height: 260,
      scales: { x: { time: true, range: () => [range.from / 1000, range.to / 1000] } },
      series: [{ value: (u, v) => (v == null ? '—' : Time.text(v * 1000)) }].concat(groups.map((g, i) => ({
        label: label(g), stroke: PALETTE[i % PALETTE.length], width: 2 }))),
      axes: [{ values: Charts.timeLabels, space: 80 }, { size: 60 }],
      legend: { live: true },
    };
  }

  function clear(container) {
    Object.keys(plots).forEach((f) => {
      plots[f].destroy();
      delete plots[f];
    });
    container.replaceChildren();
  }

  // Draws (or redraws) the charts of the answer's groups over range into container; returns the groups drawn.
  function draw(container, answer, range) {
    const groups = answer.slice(0, MAX_LINES);
    const labels = groups.map(label).join('\n');
    Charts.drawEach(container, plots, Charts.numericFields(groups.flatMap((g) => g.windows)), {
      data: (f) => columns(groups, f), options: (f, width) => options(groups, range, width),
      heading: (f) => f + ' (average per group)', stale: (plot) => plot.labels !== labels });
    Object.values(plots).forEach((plot) => { plot.labels = labels; });
    return groups;
  }

  // Asks for the windows of the groups of view.group over range and draws them; the text under the title says what
  // is drawn. A refusal (too many groups × windows, a bad key or filter) clears the charts and is thrown.
  async function show(container, view, range) {
    const win = Api.windowFor(range.from, range.to, POINTS);
    const url = '/v1/aggregates?' + Api.query({ groupBy: view.group.by, tag: view.group.tags, from: range.from,
      to: range.to, window: Api.windowText(win), fill: 'null' });
    Object.assign(view, { groupsUrl: url, groupsDrawn: null });   // asked for; drawn once answered
    let answer;
    try {
      answer = await Api.get(url);
    } catch (e) {
      clear(container);
      throw e;
    }
    const drawn = draw(container, answer, range);
    Object.assign(view, { window: win, groupsDrawn: url });
    return 'window ' + Api.windowText(win) + ', ' + answer.length + ' groups'
      + (drawn.length < answer.length ? ': the first ' + drawn.length + ' are drawn; filter by tag to see others' : '')
      + (answer.length === 0 ? ' — no readings in this range' : '');
  }

  return { show, clear, plots, MAX_LINES };
})();

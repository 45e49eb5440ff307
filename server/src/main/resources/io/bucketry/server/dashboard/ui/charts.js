'use strict';
// Draws one uPlot chart per numeric field (min-max band and average line) and text fields as state bands.
const Charts = (() => {
  const plots = {};

  function numericFields(windows) {
    const names = new Set();
    windows.forEach((w) => Object.keys(w.fields).forEach((f) => names.add(f)));
    return [...names].sort();
  }

  // uPlot's columns: window start (epoch seconds), min, max, avg. The windows come with fill=null, so a window
  // without the field is null, which uPlot draws as a break in the line and the band; a run of empty windows
  // no longer than GAP_SPACINGS times the usual spacing of the windows that hold the field is only the
  // readings being sparser than the windows, and is joined (undefined: uPlot spans it).
  const GAP_SPACINGS = 3;

  function columns(windows, field) {
    const at = (w, key) => (w.fields[field] ? w.fields[field][key] : null);
    const cols = [windows.map((w) => Date.parse(w.start) / 1000), windows.map((w) => at(w, 'min')),
      windows.map((w) => at(w, 'max')), windows.map((w) => at(w, 'avg'))];
    return joinShortGaps(cols, [1, 2, 3]);
  }

  // Joins the short runs of empty windows (above) in the columns of cols that lines names, judged by the last of them.
  function joinShortGaps(cols, lines) {
    const values = cols[lines[lines.length - 1]];
    const held = cols[0].filter((x, i) => values[i] !== null);
    const spacings = held.slice(1).map((x, i) => x - held[i]).sort((a, b) => a - b);
    const usual = spacings.length ? spacings[Math.floor(spacings.length / 2)] : 0;
    for (let i = 0, last = -1; i < cols[0].length; i++) {
      if (values[i] === null) {
        continue;
      }
      if (last >= 0 && i - last > 1 && cols[0][i] - cols[0][last] <= GAP_SPACINGS * usual) {
        for (let j = last + 1; j < i; j++) {
          lines.forEach((line) => { cols[line][j] = undefined; });
        }
      }
      last = i;
    }
    return cols;
  }

  // Time axis labels in 24-hour local time, as the header writes the time: HH:mm:ss between ticks less than a
  // minute apart, HH:mm up to a day (the day, YYYY-MM-DD, at midnight), the day beyond.
  function timeLabels(u, splits, axis, space, incr) {
    return splits.map((s) => {
      if (s === null) {
        return null;
      }
      const d = new Date(s * 1000);
      const midnight = d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0;
      return incr >= 86400 || midnight ? Time.day(d) : Time.clock(d, incr < 60);
    });
  }

  const BLUE = '47,111,237';

  function options(field, range, width) {
    return {
      width, height: 220,
      scales: { x: { time: true, range: () => [range.from / 1000, range.to / 1000] } },
      series: [{ value: (u, v) => (v == null ? '—' : Time.text(v * 1000)) },
        // min and max are the band's edges, not lines of their own: lines one window apart would hide the band
        { label: 'min', stroke: 'transparent' },
        { label: 'max', stroke: 'transparent' },
        { label: 'avg', stroke: 'rgb(' + BLUE + ')', width: 2 }],
      bands: [{ series: [2, 1], fill: 'rgba(' + BLUE + ',0.3)' }],
      axes: [{ values: timeLabels, space: 80 }, { size: 60 }],
      legend: { live: true },
    };
  }

  // Draws (or redraws) the charts of windows over range into container; returns the fields drawn.
  function drawNumeric(container, windows, range) {
    const fields = numericFields(windows);
    drawEach(container, plots, fields, { data: (f) => columns(windows, f), options: (f, width) => options(f, range, width),
      heading: (f) => f, stale: () => false });
    return fields;
  }

  // Draws one chart per field into container, kept in plots by field: chart.data(field) its columns,
  // chart.options(field, width) a new one's options, chart.heading(field) its title. A field's chart is redrawn with
  // its new columns, or made anew where chart.stale(plot) says it cannot take them; one of another field is removed.
  function drawEach(container, plots, fields, chart) {
    if (typeof uPlot === 'undefined') {
      throw new Error('The chart library was not served (/webjars/uplot/…): put org.webjars.npm:uplot on the class path');
    }
    Object.keys(plots).filter((f) => !fields.includes(f) || chart.stale(plots[f])).forEach((f) => {
      plots[f].root.parentNode.remove();
      plots[f].destroy();
      delete plots[f];
    });
    const width = Math.max(300, container.clientWidth - 10);
    fields.forEach((field) => {
      const data = chart.data(field);
      if (plots[field]) {
        plots[field].setData(data);
        return;
      }
      const box = document.createElement('div');
      box.className = 'chart';
      box.dataset.field = field;
      box.innerHTML = '<h3></h3>';
      box.querySelector('h3').textContent = chart.heading(field);
      container.appendChild(box);
      plots[field] = new uPlot(chart.options(field, width), data, box);
    });
  }

  function clear(container) {
    Object.keys(plots).forEach((f) => {
      plots[f].destroy();
      delete plots[f];
    });
    container.replaceChildren();
  }

  const KNOWN = { OK: '#2e9d57', UP: '#2e9d57', NORMAL: '#2e9d57', GOOD: '#2e9d57', WARN: '#e0a020', WARNING: '#e0a020',
    ERROR: '#d13b3b', CRITICAL: '#d13b3b', CRIT: '#d13b3b', ALARM: '#d13b3b', FAIL: '#d13b3b', DOWN: '#d13b3b' };

  function colour(state) {
    const known = KNOWN[String(state).toUpperCase()];
    if (known) {
      return known;
    }
    let hash = 0;
    for (const c of String(state)) {
      hash = (hash * 31 + c.charCodeAt(0)) % 360;
    }
    return 'hsl(' + hash + ',55%,45%)';
  }

  // Runs of one state: a reading's value holds until the next reading's time, the last until the band's end.
  function runs(readings, field, end) {
    const out = [];
    readings.filter((r) => typeof r.fields[field] === 'string').forEach((r) => {
      const t = Date.parse(r.time);
      const last = out[out.length - 1];
      if (last && last.state === r.fields[field]) {
        return;
      }
      if (last) {
        last.to = t;
      }
      out.push({ state: r.fields[field], from: t, to: end });
    });
    return out;
  }

  return { drawNumeric, drawEach, clear, colour, runs, plots, timeLabels, numericFields, joinShortGaps };
})();

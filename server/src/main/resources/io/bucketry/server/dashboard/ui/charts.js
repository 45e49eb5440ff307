'use strict';
// Draws one uPlot chart per numeric field (min-max band and average line) and text fields as state bands.
const Charts = (() => {
  const plots = {};

  function numericFields(windows) {
    const names = new Set();
    windows.forEach((w) => Object.keys(w.fields).forEach((f) => names.add(f)));
    return [...names].sort();
  }

  // uPlot's columns: window start (epoch seconds), min, max, avg; null where a window lacks the field.
  function columns(windows, field) {
    const at = (w, key) => (w.fields[field] ? w.fields[field][key] : null);
    return [windows.map((w) => Date.parse(w.start) / 1000), windows.map((w) => at(w, 'min')),
      windows.map((w) => at(w, 'max')), windows.map((w) => at(w, 'avg'))];
  }

  function options(field, range, width) {
    return {
      width, height: 220,
      scales: { x: { time: true, range: () => [range.from / 1000, range.to / 1000] } },
      series: [{},
        { label: 'min', stroke: 'rgba(47,111,237,0.35)', width: 1 },
        { label: 'max', stroke: 'rgba(47,111,237,0.35)', width: 1 },
        { label: 'avg', stroke: '#2f6fed', width: 2 }],
      bands: [{ series: [2, 1], fill: 'rgba(47,111,237,0.15)' }],
      axes: [{}, { size: 60 }],
      legend: { live: true },
    };
  }

  // Draws (or redraws) the charts of windows over range into container; returns the fields drawn.
  function drawNumeric(container, windows, range) {
    if (typeof uPlot === 'undefined') {
      throw new Error('The chart library was not served (/webjars/uplot/…): put org.webjars.npm:uplot on the class path');
    }
    const fields = numericFields(windows);
    Object.keys(plots).filter((f) => !fields.includes(f)).forEach((f) => {
      plots[f].root.parentNode.remove();
      plots[f].destroy();
      delete plots[f];
    });
    const width = Math.max(300, container.clientWidth - 10);
    fields.forEach((field) => {
      const data = columns(windows, field);
      if (plots[field]) {
        plots[field].setData(data);
        return;
      }
      const box = document.createElement('div');
      box.className = 'chart';
      box.dataset.field = field;
      box.innerHTML = '<h3></h3>';
      box.querySelector('h3').textContent = field;
      container.appendChild(box);
      plots[field] = new uPlot(options(field, range, width), data, box);
    });
    return fields;
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

  return { drawNumeric, clear, colour, runs, plots };
})();

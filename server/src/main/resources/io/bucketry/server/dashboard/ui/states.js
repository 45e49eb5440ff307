'use strict';
// The state bands of a series' text fields over a range, from its readings.
const States = (() => {
  const STATE_LIMIT = 5000;

  // States come from the readings themselves; with more than STATE_LIMIT readings in the range, the
  // window counts tell where the last STATE_LIMIT readings start, and the band shows those.
  async function show(container, path, range, windows, texts) {
    if (texts.length === 0) {
      container.replaceChildren();
      return;
    }
    const total = windows.reduce((sum, w) => sum + w.count, 0);
    let from = range.from;
    for (let i = windows.length - 1, seen = 0; i >= 0 && total > STATE_LIMIT; i--) {
      seen += windows[i].count;
      if (seen > STATE_LIMIT) {   // start after this window; in the last window itself when it alone holds more
        from = Math.max(range.from, Date.parse(i === windows.length - 1 ? windows[i].start : windows[i].end));
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
    container.replaceChildren();
    texts.forEach((f) => Panels.stateBand(container, f, Charts.runs(readings, f, end), from, end, note));
  }

  return { show, STATE_LIMIT };
})();

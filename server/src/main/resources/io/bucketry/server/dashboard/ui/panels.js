'use strict';
// Renders the plain panels: latest reading, storage statistics, state bands, alerts, series list.
const Panels = (() => {
  const fmtTime = Time.text;
  const fmtNumber = (v) => (typeof v === 'number' ? Number(v.toPrecision(6)).toLocaleString() : String(v));

  function table(el, rows) {
    el.replaceChildren(...rows.map(([name, value]) => {
      const tr = document.createElement('tr');
      tr.dataset.key = name;
      [name, value].forEach((text) => {
        const td = document.createElement('td');
        td.textContent = text;
        tr.appendChild(td);
      });
      return tr;
    }));
  }

  function latest(el, reading) {
    if (!reading) {
      el.innerHTML = '<p class="muted">no readings</p>';
      return;
    }
    el.innerHTML = '<h3>Latest reading <span class="muted"></span></h3><table></table>';
    el.querySelector('span').textContent = fmtTime(Date.parse(reading.time));
    table(el.querySelector('table'), Object.entries(reading.fields).map(([k, v]) => [k, fmtNumber(v)]));
  }

  function stats(el, s) {
    table(el, [['backend', s.backend], ['series', fmtNumber(s.series)], ['readings', fmtNumber(s.readings)],
      ['buckets', fmtNumber(s.buckets)], ['readings per bucket (avg)', fmtNumber(s.avgReadingsPerBucket)],
      ['readings per bucket (max)', fmtNumber(s.maxReadingsPerBucket)],
      ['bytes per bucket (avg)', s.avgBucketBytes === null ? 'not measurable' : fmtNumber(Math.round(s.avgBucketBytes))],
      ['document reduction', '×' + fmtNumber(s.documentReduction)]]);
  }

  // One band per text field over [from, end): a coloured segment per run of equal values.
  function stateBand(container, field, runs, from, end, note) {
    const box = document.createElement('div');
    box.className = 'state';
    box.dataset.field = field;
    box.dataset.from = new Date(from).toISOString();
    box.dataset.to = new Date(end).toISOString();
    box.innerHTML = '<h3></h3><div class="band"></div><div class="axis muted"><span></span><span></span></div>'
      + '<div class="legend"></div><p class="muted note"></p>';
    box.querySelector('h3').textContent = field;
    const spans = box.querySelectorAll('.axis span');
    spans[0].textContent = fmtTime(from);
    spans[1].textContent = fmtTime(end);
    box.querySelector('.note').textContent = note || '';
    const band = box.querySelector('.band');
    runs.forEach((run) => {
      const seg = document.createElement('div');
      seg.className = 'segment';
      seg.dataset.state = run.state;
      seg.dataset.from = new Date(run.from).toISOString();
      seg.dataset.to = new Date(run.to).toISOString();
      seg.style.left = (100 * (Math.max(run.from, from) - from) / (end - from)) + '%';
      seg.style.width = Math.max(0.2, 100 * (run.to - Math.max(run.from, from)) / (end - from)) + '%';
      seg.style.background = Charts.colour(run.state);
      seg.title = run.state + ': ' + fmtTime(run.from) + ' – ' + fmtTime(run.to);
      seg.textContent = run.state;
      band.appendChild(seg);
    });
    const legend = box.querySelector('.legend');
    [...new Set(runs.map((r) => r.state))].forEach((state) => {
      const item = document.createElement('span');
      item.innerHTML = '<i></i>';
      item.querySelector('i').style.background = Charts.colour(state);
      item.appendChild(document.createTextNode(state));
      legend.appendChild(item);
    });
    container.appendChild(box);
  }

  function list(el, items, render, onPick) {
    el.replaceChildren(...items.map((item) => {
      const li = document.createElement('li');
      render(li, item);
      li.addEventListener('click', () => onPick(item));
      return li;
    }));
  }

  return { table, latest, stats, stateBand, list, fmtTime, fmtNumber };
})();

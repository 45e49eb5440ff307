'use strict';
// Times as the page writes them, in the browser's zone and 24-hour time, whatever its locale: 2026-12-03 13:45:10.
const Time = (() => {
  const two = (n) => String(n).padStart(2, '0');
  const day = (d) => d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate());
  const clock = (d, seconds) => two(d.getHours()) + ':' + two(d.getMinutes()) + (seconds ? ':' + two(d.getSeconds()) : '');
  // the day and the clock to the second of ms (epoch milliseconds)
  const text = (ms) => day(new Date(ms)) + ' ' + clock(new Date(ms), true);
  return { day, clock, text };
})();

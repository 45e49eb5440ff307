'use strict';
// Talks to the Bucketry HTTP API: every failure becomes an Error whose message a person can read.
const Api = (() => {
  const TIMEOUT_MS = 10000;
  const TOKEN_KEY = 'bucketry.token';

  // A server with tokens answers 401: ask for a read token once, keep it for this tab only, send it as Bearer.
  async function get(path, asked) {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const headers = token ? { Authorization: 'Bearer ' + token } : {};
    let res;
    try {
      res = await fetch(path, { cache: 'no-store', headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      const why = e.name === 'TimeoutError' ? 'no answer within ' + TIMEOUT_MS / 1000 + ' s' : e.message;
      throw new Error('Cannot reach the Bucketry server at ' + location.origin + ' (' + why + ')');
    }
    if (res.status === 401 && !asked) {
      const stored = sessionStorage.getItem(TOKEN_KEY);
      if (stored && stored !== token) {
        return get(path, true);   // another request asked meanwhile
      }
      const given = window.prompt('This Bucketry server needs a token of scope read (kept in this tab only):');
      if (given) {
        sessionStorage.setItem(TOKEN_KEY, given.trim());
        return get(path, true);
      }
    }
    const text = await res.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch (e) {
      body = null;
    }
    if (!res.ok) {
      if (body && body.error) {
        throw Object.assign(new Error(res.status + ' ' + body.error + ': ' + body.message), { status: res.status });
      }
      throw Object.assign(new Error('The server answered ' + res.status + ' to ' + path), { status: res.status });
    }
    if (body === null) {
      throw new Error('The server answered ' + path + ' with something that is not JSON');
    }
    return body;
  }

  function query(params) {
    return Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => k + '=' + encodeURIComponent(v)).join('&');
  }

  const S = 1000, M = 60 * S, H = 60 * M, D = 24 * H;
  const STEPS = [S, 2 * S, 5 * S, 10 * S, 15 * S, 30 * S, M, 2 * M, 5 * M, 10 * M, 15 * M, 30 * M,
    H, 2 * H, 3 * H, 6 * H, 12 * H, D, 2 * D, 7 * D];

  // The smallest round window that gives at most maxPoints windows over [from, to): windows are
  // aligned to the epoch, so a range can touch one window more than its length divided by the window.
  function windowFor(from, to, maxPoints) {
    const fits = (w) => Math.ceil((to - from) / w) + 1 <= maxPoints;
    const step = STEPS.find(fits);
    return step !== undefined ? step : Math.ceil((to - from) / (maxPoints - 1) / D) * D;
  }

  function windowText(ms) {
    for (const [unit, size] of [['d', D], ['h', H], ['m', M], ['s', S]]) {
      if (ms % size === 0) {
        return (ms / size) + unit;
      }
    }
    return ms + 'ms';
  }

  return { get, query, windowFor, windowText, MAX_POINTS: 1000, DURATIONS: { '1h': H, '24h': D, '7d': 7 * D, '90d': 90 * D } };
})();

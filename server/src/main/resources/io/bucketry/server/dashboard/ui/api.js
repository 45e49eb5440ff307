'use strict';
// Talks to the Bucketry HTTP API: every failure becomes an Error whose message a person can read.
const Api = (() => {
  const TIMEOUT_MS = 10000;
  const TOKEN_KEY = 'bucketry.token';

  // A server with tokens answers 401: ask for a read token, keep it for this tab only, send it as Bearer. A token
  // the server refuses is forgotten and asked for again; once the person declines, the page stops asking (the
  // error says how to give one).
  let declined = false;
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
    if (res.status === 401 && !asked && !declined) {
      const stored = sessionStorage.getItem(TOKEN_KEY);
      if (stored && stored !== token) {
        return get(path, true);   // another request asked meanwhile
      }
      if (token) {
        sessionStorage.removeItem(TOKEN_KEY);
      }
      const given = window.prompt((token ? 'The server refused that token. ' : 'This Bucketry server needs a token. ')
        + 'A token of scope read (kept in this tab only):');
      if (given && given.trim()) {
        sessionStorage.setItem(TOKEN_KEY, given.trim());
        return get(path, true);
      }
      declined = true;
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
        const hint = res.status === 401 && declined ? ' (reload the page to give a token)' : '';
        throw Object.assign(new Error(res.status + ' ' + body.error + ': ' + body.message + hint), { status: res.status });
      }
      throw Object.assign(new Error('The server answered ' + res.status + ' to ' + path), { status: res.status });
    }
    if (body === null) {
      throw new Error('The server answered ' + path + ' with something that is not JSON');
    }
    return body;
  }

  // The query of params; an array value is its parameter repeated (tag=a:1&tag=b:2).
  function query(params) {
    return Object.entries(params).flatMap(([k, v]) => (Array.isArray(v) ? v.map((each) => [k, each]) : [[k, v]]))
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
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

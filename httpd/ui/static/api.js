// Calls to barkit's HTTP API. The page lives at <base>/ui/ and the API at
// <base>/, so every address here is relative to the page ("../v1/scan"):
// the page works wherever the API is mounted, under a path prefix too, and
// needs no CORS since it is on the API's own origin.

// An APIError is a failed call, with the Error object the API answered
// ({"error": {"code", "message"}}), or what went wrong on the way.
export class APIError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'APIError';
    this.status = status; // HTTP status; 0 when there was no answer
    this.code = code; // the API's error code, such as "bad-request"
  }
}

// url returns the absolute address of an API path ("v1/scan"), with the
// query params, for showing in curl commands.
export function url(path, params) {
  const u = new URL('../' + path, document.baseURI);
  if (params && [...params].length) u.search = params.toString();
  return u.href;
}

// call fetches an API path (relative: "v1/scan") and returns the response
// when it is a success; it throws an APIError with the API's own words
// otherwise.
export async function call(path, init = {}) {
  let res;
  try {
    res = await fetch('../' + path, init);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new APIError(0, 'network', 'The server could not be reached (' + e.message + ').');
  }
  if (!res.ok) throw await errorOf(res);
  return res;
}

// errorOf reads the Error object of a failed response.
async function errorOf(res) {
  let text = '';
  try {
    text = await res.text();
    const body = JSON.parse(text);
    if (body && body.error && typeof body.error.message === 'string') {
      return new APIError(res.status, String(body.error.code || ''), body.error.message);
    }
  } catch (e) {
    if (e.name === 'AbortError') throw e;
  }
  const detail = text.trim() ? ': ' + text.trim().slice(0, 200) : '';
  return new APIError(res.status, 'http-' + res.status, `${res.status} ${res.statusText}${detail}`);
}

let listing;

// symbologies returns the symbologies listing (GET /v1/symbologies),
// fetched once.
export function symbologies() {
  if (!listing) {
    listing = call('v1/symbologies').then((res) => res.json());
    listing.catch(() => { listing = undefined; }); // try again next time
  }
  return listing;
}

// health returns the Health object (GET /health).
export async function health() {
  return (await call('health')).json();
}

// shellQuote quotes s for a POSIX shell.
export function shellQuote(s) {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return "'" + s.replaceAll("'", "'\\''") + "'";
}

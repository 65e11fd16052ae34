// The Generate view: the barcode appears as its data is typed, through
// GET ../v1/generate (debounced), with a download link and the curl
// command of the same request.

import { call, url, symbologies, shellQuote } from './api.js';
import { el, plainVisible } from './show.js';

const $ = (id) => document.getElementById(id);

// debounce is how long typing must pause before the preview is asked for:
// short enough to feel live, long enough not to ask for every key.
const debounce = 250; // milliseconds

let examples = {}; // id -> {data, hint, ecLevels, ecHint}, from examples.json
let names = { qr: 'QR Code' }; // id -> display name
let example = ''; // the example the data field holds, while it is untouched
let timer = 0;
let inflight = null; // AbortController of the request in progress
let shown = null; // the query of the preview shown
let imageURL = null; // object URL of the preview

export async function initGenerate() {
  const form = $('gen-form');
  form.addEventListener('submit', (e) => e.preventDefault());
  form.addEventListener('input', (e) => {
    if (e.target.id === 'gen-symbology') return; // handled on change
    schedule();
  });
  form.addEventListener('change', (e) => {
    if (e.target.id === 'gen-symbology') symbologyChanged();
    if (e.target.id === 'gen-format') formatChanged();
    schedule();
  });
  $('gen-data').addEventListener('input', () => { example = ''; });
  $('curl-copy').addEventListener('click', copyCurl);
  $('download').addEventListener('click', (e) => {
    if ($('download').getAttribute('aria-disabled') === 'true') e.preventDefault();
  });

  try {
    const res = await fetch('examples.json');
    if (res.ok) examples = await res.json();
  } catch {
    // examples are a convenience: without them the fields start empty
  }
  try {
    const list = await symbologies();
    const select = $('gen-symbology');
    const writable = list.details.filter((d) => d.write).sort((a, b) => a.name.localeCompare(b.name));
    select.replaceChildren(...writable.map((d) => {
      const o = el('option', '', d.name);
      o.value = d.id;
      return o;
    }));
    names = Object.fromEntries(list.details.map((d) => [d.id, d.name]));
    select.value = 'qr';
  } catch (e) {
    fail(e);
  }
  const data = $('gen-data');
  if (!data.value) {
    example = (examples.qr && examples.qr.data) || '';
    data.value = example;
  }
  formatChanged();
  describe();
  update();
}

// select chooses a symbology, as the Symbologies view's Generate buttons
// do, with its example data unless the data field holds the user's own.
export function select(id) {
  $('gen-symbology').value = id;
  symbologyChanged();
  update();
}

// symbologyChanged puts the new symbology's example in the data field if
// the field still holds the previous example or nothing, and drops an
// error correction level the new symbology does not take.
function symbologyChanged() {
  const id = $('gen-symbology').value;
  const ex = examples[id] || {};
  const data = $('gen-data');
  if ((data.value === example || data.value === '') && ex.data) {
    data.value = ex.data;
    example = ex.data;
  }
  const ec = $('gen-ec');
  if (ec.value && !(ex.ecLevels || []).includes(ec.value)) ec.value = '';
  describe();
}

// formatChanged turns off the options the text rendering ignores: scale
// and colours.
function formatChanged() {
  const text = $('gen-format').value === 'txt';
  for (const id of ['gen-scale', 'gen-fg', 'gen-bg', 'gen-transparent']) $(id).disabled = text;
}

// describe shows what the symbology takes as data and error correction.
function describe() {
  const ex = examples[$('gen-symbology').value] || {};
  $('gen-data-hint').textContent = ex.hint || '';
  $('gen-ec-hint').textContent = ex.ecHint || (ex.ecLevels ? '' : 'This symbology has no error correction level.');
  $('gen-ec-list').replaceChildren(...(ex.ecLevels || []).map((v) => {
    const o = document.createElement('option');
    o.value = v;
    return o;
  }));
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, debounce);
}

// params returns the request's query: data, symbology and format always,
// the other options where they differ from the API's defaults.
function params() {
  const p = new URLSearchParams();
  p.set('data', $('gen-data').value);
  p.set('symbology', $('gen-symbology').value);
  p.set('format', $('gen-format').value);
  const ec = $('gen-ec').value.trim();
  if (ec) p.set('ecLevel', ec);
  const rotate = $('gen-rotate').value;
  if (rotate !== '0') p.set('rotate', rotate);
  if (p.get('format') !== 'txt') {
    const scale = $('gen-scale').value.trim();
    if (scale && scale !== '4') p.set('scale', scale);
    const fg = $('gen-fg').value.toLowerCase();
    if (fg !== '#000000') p.set('foreground', fg);
    const bg = $('gen-bg').value.toLowerCase();
    if ($('gen-transparent').checked) p.set('background', 'transparent');
    else if (bg !== '#ffffff') p.set('background', bg);
  }
  if ($('gen-hrt').checked) p.set('hrt', 'true');
  if (!$('gen-margin').checked) p.set('margin', 'false');
  if ($('gen-gs1').checked) p.set('gs1', 'true');
  return p;
}

const extensions = { svg: 'svg', png: 'png', txt: 'txt' };

// update asks the API for the barcode of the form's options and shows it.
// A request still running when the next starts is abandoned, so the
// preview always shows the latest options.
async function update() {
  clearTimeout(timer);
  const p = params();
  const query = p.toString();
  showCurl(p);
  if (query === shown) return;
  if (inflight) inflight.abort();
  const preview = $('preview');
  if (!$('gen-data').value) {
    inflight = null;
    shown = query;
    preview.dataset.state = 'empty';
    preview.dataset.query = query;
    $('preview-image').hidden = true;
    $('preview-text').hidden = true;
    $('preview-empty').hidden = false;
    $('gen-error').hidden = true;
    $('gen-status').textContent = '';
    disableDownload();
    return;
  }
  const ctrl = new AbortController();
  inflight = ctrl;
  preview.dataset.state = 'loading';
  preview.setAttribute('aria-busy', 'true');
  try {
    const res = await call('v1/generate?' + query, { signal: ctrl.signal });
    const blob = await res.blob();
    const format = p.get('format');
    let size = '';
    if (format === 'txt') {
      const text = await blob.text();
      if (inflight !== ctrl) return;
      $('preview-text').textContent = text;
      $('preview-text').hidden = false;
      $('preview-image').hidden = true;
    } else {
      const img = $('preview-image');
      const next = URL.createObjectURL(blob);
      const loaded = new Image();
      loaded.src = next;
      await loaded.decode();
      if (inflight !== ctrl) {
        URL.revokeObjectURL(next);
        return;
      }
      img.src = next;
      if (imageURL) URL.revokeObjectURL(imageURL);
      imageURL = next;
      img.alt = `${names[p.get('symbology')] || p.get('symbology')} of “${plainVisible(p.get('data'))}”`;
      img.classList.toggle('pixelated', format === 'png');
      img.hidden = false;
      $('preview-text').hidden = true;
      size = `, ${loaded.naturalWidth} × ${loaded.naturalHeight} pixels`;
    }
    $('preview-empty').hidden = true;
    $('gen-error').hidden = true;
    preview.classList.remove('stale');
    const download = $('download');
    download.href = '../v1/generate?' + query;
    download.download = `barcode-${p.get('symbology')}.${extensions[format]}`;
    download.removeAttribute('aria-disabled');
    download.textContent = `Download ${format.toUpperCase()}`;
    shown = query;
    preview.dataset.query = query;
    preview.dataset.state = 'ready';
    $('gen-status').textContent =
      `${names[p.get('symbology')] || p.get('symbology')}, ${format.toUpperCase()}, ${formatBytes(blob.size)}${size}.`;
  } catch (e) {
    if (e.name === 'AbortError' || inflight !== ctrl) return;
    fail(e);
    // An answer of the API stands for these options; a failure to reach
    // it is tried again at the next change, even to the same options.
    shown = e.status ? query : null;
    preview.dataset.query = query;
    preview.dataset.state = 'error';
  } finally {
    if (inflight === ctrl) {
      inflight = null;
      preview.removeAttribute('aria-busy');
    }
  }
}

// fail shows an error as the API words it; the last good preview stays,
// dimmed, and cannot be downloaded.
function fail(e) {
  const box = $('gen-error');
  box.replaceChildren(el('p', 'message', e.message));
  if (e.code) {
    const status = e.status ? ` (HTTP ${e.status})` : '';
    box.append(el('p', 'error-code', 'Error code ', el('code', '', e.code), status));
  }
  box.hidden = false;
  $('preview').classList.add('stale');
  $('gen-status').textContent = '';
  disableDownload();
}

function disableDownload() {
  const download = $('download');
  download.removeAttribute('href');
  download.setAttribute('aria-disabled', 'true');
  download.textContent = 'Download';
}

function formatBytes(n) {
  return n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KiB`;
}

// showCurl shows the request as a curl command.
function showCurl(p) {
  const parts = ['curl', '-s'];
  const format = p.get('format');
  if (format !== 'txt') parts.push('-o', shellQuote(`barcode-${p.get('symbology')}.${extensions[format] || 'svg'}`));
  parts.push(shellQuote(url('v1/generate', p)));
  $('gen-curl').textContent = parts.join(' ');
}

async function copyCurl() {
  const text = $('gen-curl').textContent;
  try {
    await navigator.clipboard.writeText(text);
    $('gen-status').textContent = 'Copied the curl command.';
  } catch {
    // Without clipboard access, select the command for Ctrl+C.
    const range = document.createRange();
    range.selectNodeContents($('gen-curl'));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    $('gen-status').textContent = 'The command is selected: press Ctrl+C to copy it.';
  }
}

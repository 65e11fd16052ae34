// The Scan view: an image, picked, dropped, pasted or taken with the camera,
// is posted to POST ../v1/scan as multipart/form-data; each code found is
// outlined on the image from its location and listed with its data and
// parsed content.

import { call, url, symbologies, shellQuote } from './api.js';
import { visibleText, bytesOf, hexDump, el, fieldList } from './show.js';

const $ = (id) => document.getElementById(id);
const svgNS = 'http://www.w3.org/2000/svg';

// The groups the symbology filter offers besides single symbologies
// (DESIGN.md §4); "all" is the filter's empty value.
const groups = [
  ['retail', 'Retail: EAN/UPC, ISBN, GS1 DataBar'],
  ['industrial', 'Industrial: Code 128, Code 39, Code 93, ITF'],
  ['linear', 'Linear (1D)'],
  ['matrix', 'Matrix (2D)'],
  ['gs1', 'GS1-capable'],
];

let current = null; // the image being shown: {blob, name}
let imageURL = null; // object URL of current.blob
let inflight = null; // AbortController of the scan in progress
let stream = null; // the camera's MediaStream while it is on
let caption = ''; // the image's caption, once scanned

export function initScan() {
  fillFilter();
  const input = $('file');
  input.addEventListener('change', () => {
    if (input.files.length) useImage(input.files[0], input.files[0].name);
    input.value = ''; // picking the same file again scans it again
  });

  const drop = $('drop');
  const over = (on) => drop.classList.toggle('over', on);
  drop.addEventListener('dragenter', (e) => { e.preventDefault(); over(true); });
  drop.addEventListener('dragover', (e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; over(true); });
  drop.addEventListener('dragleave', (e) => { if (!drop.contains(e.relatedTarget)) over(false); });
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    over(false);
    const f = imageFile(e.dataTransfer);
    if (f) useImage(f, f.name || 'dropped image');
    else fail({ message: 'What was dropped is not a file. Drop an image file, or choose one.' });
  });
  // A file dropped beside the drop zone must not replace the page.
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => e.preventDefault());

  document.addEventListener('paste', (e) => {
    if ($('scan').hidden) return;
    const f = imageFile(e.clipboardData);
    if (!f) return; // text pasted into a field stays text
    e.preventDefault();
    useImage(f, f.name && f.name !== 'image.png' ? f.name : 'pasted image.png');
  });

  $('scan-options').addEventListener('change', () => { if (current) scan(); });
  $('scan-options').addEventListener('submit', (e) => e.preventDefault());

  // The camera is offered where the browser gives access to it: secure
  // contexts (https, or localhost) with getUserMedia.
  if (window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
    $('camera-start').hidden = false;
    $('camera-start').addEventListener('click', startCamera);
    $('camera-shot').addEventListener('click', shoot);
    $('camera-stop').addEventListener('click', () => {
      stopCamera();
      $('camera-start').focus();
    });
  }
  showCurl();
}

// fillFilter adds the groups and the symbologies barkit reads to the
// symbology filter.
async function fillFilter() {
  const select = $('scan-symbologies');
  const g = el('optgroup');
  g.label = 'Groups';
  for (const [id, label] of groups) g.append(option(id, label));
  select.append(g);
  try {
    const list = await symbologies();
    const s = el('optgroup');
    s.label = 'Symbologies';
    const readable = list.details.filter((d) => d.read).sort((a, b) => a.name.localeCompare(b.name));
    for (const d of readable) s.append(option(d.id, d.name));
    select.append(s);
  } catch (e) {
    fail(e); // the groups still work
  }
}

function option(value, label) {
  const o = el('option', '', label);
  o.value = value;
  return o;
}

// imageFile returns the first file of a drop or paste, preferring images.
function imageFile(dt) {
  if (!dt) return null;
  const files = Array.from(dt.files || []);
  for (const item of Array.from(dt.items || [])) {
    if (item.kind === 'file' && !files.length) {
      const f = item.getAsFile();
      if (f) files.push(f);
    }
  }
  return files.find((f) => f.type.startsWith('image/')) || files[0] || null;
}

// useImage shows blob and scans it.
export function useImage(blob, name) {
  current = { blob, name };
  if (imageURL) URL.revokeObjectURL(imageURL);
  imageURL = URL.createObjectURL(blob);
  const img = $('scan-image');
  $('stage').classList.remove('no-image');
  img.hidden = false;
  img.onload = () => fit(img.naturalWidth, img.naturalHeight);
  img.onerror = () => {
    // The API reads formats some browsers do not show (TIFF): outline
    // the codes on an empty frame of the image's size instead.
    img.hidden = true;
    $('stage').classList.add('no-image');
    showCaption();
  };
  img.src = imageURL;
  img.alt = `The image ${name}`;
  clearResult();
  scan();
}

// options returns the scan's options as multipart fields.
function options() {
  const fields = [];
  const syms = $('scan-symbologies').value;
  if (syms) fields.push(['symbologies', syms]);
  if (document.querySelector('input[name=effort]:checked').value === 'fast') fields.push(['tryHarder', 'false']);
  return fields;
}

// scan posts the current image to the API and shows what it found. A scan
// still running when another starts is abandoned.
async function scan() {
  if (inflight) inflight.abort();
  const ctrl = new AbortController();
  inflight = ctrl;
  const form = new FormData();
  form.append('image', current.blob, current.name);
  const fields = options();
  for (const [k, v] of fields) form.append(k, v);
  showCurl(current.name, fields);

  $('scan-error').hidden = true;
  $('scan-result').hidden = false;
  $('scan-result').setAttribute('aria-busy', 'true');
  $('scan-status').textContent = `Scanning ${current.name}…`;
  const start = performance.now();
  try {
    const res = await call('v1/scan', { method: 'POST', body: form, signal: ctrl.signal });
    const body = await res.json();
    if (inflight !== ctrl) return;
    showResult(body.barcodes || [], (performance.now() - start) / 1000);
  } catch (e) {
    if (e.name === 'AbortError' || inflight !== ctrl) return;
    $('scan-result').hidden = true;
    fail(e);
    $('scan-status').textContent = `${current.name} could not be scanned.`;
  } finally {
    if (inflight === ctrl) {
      inflight = null;
      $('scan-result').removeAttribute('aria-busy');
    }
  }
}

// fail shows an error: the API's message as the API words it, with its
// code.
function fail(e) {
  const box = $('scan-error');
  box.replaceChildren(el('p', 'message', e.message));
  if (e.code) {
    const status = e.status ? ` (HTTP ${e.status})` : '';
    box.append(el('p', 'error-code', 'Error code ', el('code', '', e.code), status));
  }
  box.hidden = false;
  $('scan-status').textContent = '';
}

function clearResult() {
  $('overlay').replaceChildren();
  $('badges').replaceChildren();
  $('codes').replaceChildren();
  caption = '';
  $('scan-caption').textContent = '';
}

// showResult outlines and lists the codes found.
function showResult(codes, seconds) {
  clearResult();
  const img = $('scan-image');
  const frame = codes.length ? codes[0].frameSize : { width: img.naturalWidth, height: img.naturalHeight };
  fit(frame.width, frame.height);
  const overlay = $('overlay');
  overlay.setAttribute('viewBox', `0 0 ${frame.width || 1} ${frame.height || 1}`);

  codes.forEach((c, i) => {
    const n = i + 1;
    const pts = ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'].map((k) => c.location[k]);
    const points = pts.map((p) => `${p.x},${p.y}`).join(' ');
    const g = document.createElementNS(svgNS, 'g');
    g.setAttribute('class', 'outline');
    g.dataset.code = n;
    for (const cls of ['halo', 'line']) {
      const poly = document.createElementNS(svgNS, 'polygon');
      poly.setAttribute('points', points);
      poly.setAttribute('class', cls);
      g.append(poly);
    }
    overlay.append(g);

    const badge = el('span', 'badge', String(n));
    const left = Math.min(...pts.map((p) => p.x));
    const top = Math.min(...pts.map((p) => p.y));
    badge.style.left = `${(100 * left) / frame.width}%`;
    badge.style.top = `${(100 * top) / frame.height}%`;
    badge.dataset.code = n;
    $('badges').append(badge);

    $('codes').append(codeItem(c, n));
  });

  const found = codes.length === 1 ? '1 barcode' : `${codes.length} barcodes`;
  const time = `${seconds.toFixed(2)} s`;
  if (codes.length) {
    $('scan-status').textContent = `Found ${found} in ${current.name} (${time}).`;
  } else {
    const fast = options().some(([k]) => k === 'tryHarder');
    const tip = fast ? ' Try the thorough search.' : ' Try a sharper or larger picture, or one with the code flatter and better lit.';
    $('scan-status').textContent = `No barcode found in ${current.name} (${time}).${tip}`;
    $('codes').append(el('li', 'none muted', 'No barcode found.'));
  }
  caption = `${current.name}, ${frame.width} × ${frame.height} pixels` +
    (codes.length ? '. Each code is outlined and numbered as in the list.' : '.');
  showCaption();
}

// showCaption shows the image's caption, saying so when the browser
// cannot show the image itself.
function showCaption() {
  const missing = $('stage').classList.contains('no-image') ?
    ' This browser cannot show the image: the outlines are drawn on an empty frame of its size.' : '';
  $('scan-caption').textContent = caption + missing;
}

// fit sizes the image's stage for a picture of w × h pixels: as wide as
// its column, small pictures enlarged so their codes can be seen, but no
// taller than most of the window.
function fit(w, h) {
  const stage = $('stage');
  if (!w || !h) {
    stage.style.aspectRatio = '';
    stage.style.width = '';
    return;
  }
  stage.style.aspectRatio = `${w} / ${h}`;
  stage.style.width = `min(100%, calc(75vh * ${w / h}))`;
}

// codeItem is the list entry of code c, numbered n.
function codeItem(c, n) {
  const li = el('li', 'code');
  li.id = `code-${n}`;
  li.dataset.code = n;
  const head = el('h3', '', el('span', 'badge', String(n)), ' ', c.symbologyName, ' ', el('code', 'muted', c.symbology));
  li.append(head);

  const bytes = bytesOf(c.rawBytes);
  const binary = c.contentType === 'binary';
  li.append(el('p', 'label', binary ? `Data (binary, ${bytes.length} bytes, in hex)` : 'Data'));
  li.append(el('pre', binary ? 'data hex' : 'data', binary ? hexDump(bytes) : visibleText(c.data)));

  const meta = {
    contentType: c.contentType,
    ecLevel: c.ecLevel || '—',
    orientation: `${c.orientation}°`,
    symbologyIdentifier: c.symbologyIdentifier,
    isGS1: c.isGS1 ? 'yes' : 'no',
  };
  li.append(fieldList(meta));

  if (c.parsed) {
    const label = el('p', 'label', 'Parsed content: ', el('strong', '', c.parsed.type));
    li.append(label);
    if (c.parsed.type === 'text' && c.parsed.text === c.data) {
      label.append(el('span', 'muted', ' (the data itself)'));
    } else {
      li.append(fieldList(c.parsed, ['type']));
    }
  }

  const actions = el('div', 'row');
  if (navigator.clipboard && window.isSecureContext) {
    const copy = el('button', '', 'Copy the data');
    copy.type = 'button';
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(c.data);
        $('scan-status').textContent = `Copied the data of code ${n}.`;
      } catch (e) {
        $('scan-status').textContent = `Could not copy: ${e.message}`;
      }
    });
    actions.append(copy);
  }
  li.append(actions);

  const more = el('details', 'more');
  more.append(el('summary', '', `Raw bytes (${bytes.length}) and JSON`));
  more.append(el('pre', 'hex', hexDump(bytes)));
  more.append(el('pre', 'json', JSON.stringify(c, null, 2)));
  li.append(more);

  // Pointing at or into an entry lights up its outline.
  const hot = (on) => {
    for (const e of document.querySelectorAll(`[data-code="${n}"]`)) e.classList.toggle('hot', on);
  };
  li.addEventListener('mouseenter', () => hot(true));
  li.addEventListener('mouseleave', () => hot(false));
  li.addEventListener('focusin', () => hot(true));
  li.addEventListener('focusout', () => hot(false));
  return li;
}

// showCurl shows the scan request as a curl command.
function showCurl(name = 'photo.jpg', fields = []) {
  const parts = ['curl', '-s', '-F', shellQuote(`image=@${name}`)];
  for (const [k, v] of fields) parts.push('-F', shellQuote(`${k}=${v}`));
  parts.push(shellQuote(url('v1/scan')));
  $('scan-curl').textContent = parts.join(' ');
}

async function startCamera() {
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      audio: false,
    });
  } catch (e) {
    fail({ message: `The camera could not be started: ${e.message || e.name}` });
    return;
  }
  $('camera-video').srcObject = stream;
  $('camera').hidden = false;
  $('camera-start').hidden = true;
  $('camera-shot').focus();
}

// shoot scans the camera's current picture.
function shoot() {
  const video = $('camera-video');
  if (!video.videoWidth) {
    fail({ message: 'The camera has no picture yet; try again in a moment.' });
    return;
  }
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d').drawImage(video, 0, 0);
  canvas.toBlob((blob) => {
    if (blob) useImage(blob, 'camera.jpg');
  }, 'image/jpeg', 0.92);
}

// stopCamera turns the camera off, if it is on.
export function stopCamera() {
  if (!stream) return;
  for (const t of stream.getTracks()) t.stop();
  stream = null;
  $('camera-video').srcObject = null;
  $('camera').hidden = true;
  $('camera-start').hidden = false;
}

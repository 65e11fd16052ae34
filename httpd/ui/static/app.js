// barkit's web page: three views (Scan, Generate, Symbologies) chosen by
// the address's fragment (#scan, #generate, #symbologies), each calling the
// public API. No framework, no build step: plain modules.

import { health } from './api.js';
import { initScan, stopCamera } from './scan.js';
import { initGenerate, select } from './generate.js';
import { initSymbologies } from './symbologies.js';

const views = ['scan', 'generate', 'symbologies'];

// show makes the view of the address's fragment visible; focus moves to
// its heading when the user chose it, so keyboard and screen reader users
// land on the new content.
function show(focus) {
  let name = location.hash.slice(1);
  if (!views.includes(name)) name = 'scan';
  for (const v of views) {
    document.getElementById(v).hidden = v !== name;
  }
  for (const a of document.querySelectorAll('nav a[data-view]')) {
    if (a.dataset.view === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (name !== 'scan') stopCamera();
  const title = { scan: 'Scan', generate: 'Generate', symbologies: 'Symbologies' }[name];
  document.title = `${title} · barkit`;
  if (focus) document.getElementById(`${name}-title`)?.focus();
}

window.addEventListener('hashchange', () => show(true));
show(false);

initScan();
initGenerate();
initSymbologies((id) => {
  select(id);
  location.hash = '#generate';
});

health().then((h) => {
  document.getElementById('version').textContent = h.version;
  if (h.docs) document.getElementById('docs').href = h.docs;
}).catch(() => {
  // the version is decoration; errors show where the API is used
});

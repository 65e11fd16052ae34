// The Symbologies view: what the server reads and writes, from
// GET ../v1/symbologies, with a filter and a way to try each writable one.

import { symbologies } from './api.js';
import { el } from './show.js';

const $ = (id) => document.getElementById(id);

let rows = []; // [{tr, text}] for the filter

// initSymbologies fills the table; onGenerate(id) is called by a row's
// Generate button.
export async function initSymbologies(onGenerate) {
  $('sym-filter').addEventListener('input', filter);
  $('sym-status').textContent = 'Loading the symbologies…';
  let list;
  try {
    list = await symbologies();
  } catch (e) {
    $('sym-status').textContent = '';
    $('sym-error').replaceChildren(el('p', 'message', e.message));
    $('sym-error').hidden = false;
    return;
  }
  const body = $('symbologies-table').tBodies[0];
  rows = list.details.slice().sort((a, b) => a.name.localeCompare(b.name)).map((d) => {
    const yes = (b) => el('td', b ? 'yes' : 'no', b ? 'yes' : 'no');
    const action = el('td', 'action');
    if (d.write) {
      const b = el('button', 'small', 'Generate');
      b.type = 'button';
      b.setAttribute('aria-label', `Generate ${d.name}`);
      b.addEventListener('click', () => onGenerate(d.id));
      action.append(b);
    }
    const groups = [d.kind, ...d.groups];
    const tr = el('tr', '',
      el('th', '', d.name),
      el('td', '', el('code', '', d.id)),
      el('td', '', d.kind),
      yes(d.read),
      yes(d.write),
      action,
      el('td', '', d.groups.join(', ')),
      el('td', 'aliases', d.aliases.join(', ')),
      el('td', '', el('code', '', d.format)));
    tr.firstChild.scope = 'row';
    // The narrow layout shows each cell's column name before it, and the
    // roles keep the table a table for assistive technology when its
    // display is not.
    const labels = ['', 'id', 'kind', 'read', 'write', '', 'groups', 'aliases', 'zxing name'];
    tr.setAttribute('role', 'row');
    tr.firstChild.setAttribute('role', 'rowheader');
    tr.querySelectorAll('td').forEach((td, i) => {
      td.setAttribute('role', 'cell');
      if (labels[i + 1]) td.dataset.label = labels[i + 1];
    });
    const text = [d.name, d.id, ...groups, ...d.aliases, d.format].join(' ').toLowerCase();
    body.append(tr);
    return { tr, text };
  });
  filter();
}

// filter shows the rows whose name, id, kind, groups, aliases or engine
// name hold every word typed.
function filter() {
  const words = $('sym-filter').value.toLowerCase().split(/\s+/).filter(Boolean);
  let n = 0;
  for (const r of rows) {
    const show = words.every((w) => r.text.includes(w));
    r.tr.hidden = !show;
    if (show) n++;
  }
  const total = rows.length;
  $('sym-status').textContent = n === total ? `${total} symbologies.` : `${n} of ${total} symbologies.`;
}

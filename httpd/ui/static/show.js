// Showing scanned data as it is: control characters as small boxed
// mnemonics (GS, LF; what the Unicode control pictures ␝ and ␊ draw, but
// legible with every font, since many lack those pictures), other
// invisible characters by code point, bytes in hex, and parsed content as
// fields.

// The names of the C0 control characters, 0x00 to 0x1F.
const controlNames = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
];
const controlTitles = {
  HT: 'horizontal tab', LF: 'line feed', CR: 'carriage return', FS: 'file separator',
  GS: 'group separator', RS: 'record separator', US: 'unit separator', EOT: 'end of transmission',
  NUL: 'null', ESC: 'escape', DEL: 'delete',
};

// Invisible or look-alike characters other than C0 and DEL, shown by code
// point: C1 controls, no-break and zero-width spaces, soft hyphen,
// direction marks, line and paragraph separators, byte order mark.
const invisible = /[\u0080-\u009f\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\ufff9-\ufffb]/;

// controlName returns the mnemonic of a control or invisible character
// ("GS", "DEL", "U+00A0"), or "" for any other.
function controlName(ch) {
  const c = ch.codePointAt(0);
  if (c < 0x20) return controlNames[c];
  if (c === 0x7f) return 'DEL';
  if (invisible.test(ch)) return 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
  return '';
}

// visibleText returns a fragment that shows s with every control and
// invisible character visible as a boxed mnemonic, its full name as a
// tooltip, and a line break after LF (and after a CR that no LF follows) so
// that lines still read as lines.
export function visibleText(s) {
  const frag = document.createDocumentFragment();
  let run = '';
  const chars = Array.from(s);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const name = controlName(ch);
    if (!name) {
      run += ch;
      continue;
    }
    if (run) frag.append(run);
    run = '';
    const span = document.createElement('span');
    span.className = 'ctl';
    span.textContent = name;
    span.title = controlTitles[name] ? `${name} (${controlTitles[name]})` : name;
    frag.append(span);
    if (ch === '\n' || (ch === '\r' && chars[i + 1] !== '\n')) frag.append('\n');
  }
  if (run) frag.append(run);
  return frag;
}

// plainVisible is s with its control and invisible characters as <GS>,
// <LF>, <U+00A0>, as the command line shows them, for attributes.
export function plainVisible(s) {
  return Array.from(s, (ch) => {
    const name = controlName(ch);
    return name ? `<${name}>` : ch;
  }).join('');
}

// bytesOf decodes base64 (the Barcode's rawBytes) to bytes.
export function bytesOf(b64) {
  const bin = atob(b64 || '');
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// hexDump shows bytes as hexdump -C does: offset, 16 bytes in hex, and
// their printable ASCII.
export function hexDump(bytes) {
  const lines = [];
  for (let off = 0; off < bytes.length; off += 16) {
    const row = bytes.subarray(off, off + 16);
    let hex = '';
    let ascii = '';
    for (let i = 0; i < 16; i++) {
      if (i === 8) hex += ' ';
      if (i < row.length) {
        hex += row[i].toString(16).padStart(2, '0') + ' ';
        ascii += row[i] >= 0x20 && row[i] < 0x7f ? String.fromCharCode(row[i]) : '.';
      } else {
        hex += '   ';
      }
    }
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hex} |${ascii}|`);
  }
  return lines.join('\n');
}

// el makes an element with a class and children.
export function el(tag, className, ...children) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  for (const c of children) {
    if (c !== undefined && c !== null) e.append(c);
  }
  return e;
}

// isLink reports whether s is a web address worth a link. Only http and
// https: a scanned javascript: or data: URL is shown, never followed.
function isLink(s) {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

// valueNode shows one value of parsed content.
function valueNode(v) {
  if (v === null || v === undefined) return el('span', 'muted', '—');
  if (Array.isArray(v)) {
    if (v.length === 0) return el('span', 'muted', 'none');
    const list = el('ul', 'plain');
    for (const item of v) list.append(el('li', '', valueNode(item)));
    return list;
  }
  if (typeof v === 'object') return fieldList(v);
  if (typeof v === 'string') {
    if (v === '') return el('span', 'muted', '(empty)');
    if (isLink(v)) {
      const a = el('a', 'data', visibleText(v));
      a.href = v;
      a.rel = 'noopener noreferrer nofollow';
      a.target = '_blank';
      return a;
    }
    return el('span', 'data', visibleText(v));
  }
  return el('span', '', String(v));
}

// fieldList shows an object's fields as a description list, with the
// API's own field names.
export function fieldList(obj, skip = []) {
  const dl = el('dl', 'fields');
  for (const [k, v] of Object.entries(obj)) {
    if (skip.includes(k)) continue;
    dl.append(el('dt', '', k), el('dd', '', valueNode(v)));
  }
  return dl;
}

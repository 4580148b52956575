// Register mode (spec §19): many packs verified together by one call of the
// service (`run_register`, the register crate's `register`), shown as a
// table of requests (filtered by status and tenant, sorted by any column,
// paged), each request's chain of packs, and the register findings with
// their explanations; any pack opens in Verify mode. A module of its own so
// that app.js only calls it; the page helpers come from app.js (`ui`), so
// that pack text still enters the DOM only through its `el` (textContent
// and setAttribute, never markup). Its words are the `ui-register-*`
// messages and the service's `words` (verdicts, effects, open item kinds
// and each code's explanation, in the app's language).

import { t } from './i18n.js';

/** app.js's helpers, given to `bindRegister`. */
let ui = null;

const reg = {
  view: null, // the service's RegisterView
  trust: null, // the trust store it was made with
  job: null, // the register under way
  rows: [], // per request, what the table sorts and filters on
  packs: new Map(), // sha256 -> index into view.register.packs
  rank: new Map(), // verdict -> severity (§12's order)
  table: { sort: 'tenant', dir: 1, status: '', tenant: '', overdue: false, page: 0 },
  findings: { code: '', page: 0 },
  chain: null, // index of the request whose packs are shown
};

const $ = (sel, root = document) => root.querySelector(sel);

/** Wires the mode's controls; `helpers` are app.js's (see app.js `registerUi`). */
export function bindRegister(helpers) {
  ui = helpers;
  $('#register-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const path = $('#register-path').value.trim();
    run(path ? [path] : []);
  });
  $('#register-folder-pick').addEventListener('click', async () => {
    const dir = await ui.invoke('pick_evidence_folder');
    if (!dir) return;
    $('#register-path').value = dir;
    run([dir]);
  });
  $('#register-packs-pick').addEventListener('click', async () => {
    const paths = await ui.invoke('pick_packs');
    if (!paths || !paths.length) return;
    $('#register-path').value = '';
    run(paths);
  });
  $('#register-choose-trust').addEventListener('click', () => ui.chooseTrust(showError));
  $('#register-cancel').addEventListener('click', () => {
    if (reg.job !== null) ui.invoke('cancel_verification', { job: reg.job });
  });
  $('#register-export').addEventListener('submit', (e) => e.preventDefault());
  for (const button of document.querySelectorAll('#register-export [data-format]')) {
    button.addEventListener('click', () => exportRegister(button.dataset.format, $('#register-export-path').value.trim()));
  }
  $('#register-export-dialog').addEventListener('click', async () => {
    if (!reg.view) return;
    const path = await ui.invoke('pick_save_path', { suggested: 'register.json' });
    // The dialog has asked before replacing a file.
    if (path) exportRegister(path.toLowerCase().endsWith('.csv') ? 'csv' : 'json', path, true);
  });
  return ui.listen('register-progress', (event) => progress(event.payload));
}

/** Opens the register of `paths` (the command line's `--register`). */
export function openRegister(paths, { asOf = '', trust = null } = {}) {
  $('#register-path').value = paths.length === 1 ? paths[0] : '';
  $('#register-as-of').value = asOf ?? '';
  return run(paths, trust);
}

/** Says which trust store a register made now is verified with. */
export function renderRegisterTrust() {
  const { path } = ui.trust();
  const line = $('#register-trust');
  line.setAttribute('data-trust', path ?? '');
  line.className = path ? '' : 'warn';
  line.textContent = path ? t('ui-register-trust', { path }) : t('ui-register-no-trust');
}

/** The register shown again in the app's language now. */
export async function relabelRegister() {
  renderRegisterTrust();
  if (!reg.view) return;
  reg.view.words = await ui.invoke('register_words', { job: reg.view.job });
  showAll();
}

// ---------------------------------------------------------------------------
// Making a register

function showError(message) {
  const box = $('#register-error');
  box.textContent = message;
  box.hidden = !message;
  if (message) ui.alertError(message);
}

function describe(err) {
  return err && err.kind === 'cancelled' ? t('ui-register-cancelled') : ui.describe(err);
}

async function run(paths, trust = ui.trust().path) {
  showError('');
  if (!paths.length) return fail(t('ui-register-no-path'));
  if (!trust) return fail(t('ui-error-no-trust'));
  // A register under way is replaced by this one.
  if (reg.job !== null) ui.invoke('cancel_verification', { job: reg.job });
  const job = await ui.invoke('new_job');
  reg.job = job;
  $('#register-result').hidden = true;
  $('#register-progress').hidden = false;
  $('#register-progress-bar').removeAttribute('value');
  $('#register-progress-label').textContent = t('ui-register-listing');
  const asOf = $('#register-as-of').value.trim();
  let view = null;
  let error = null;
  try {
    view = await ui.invoke('run_register', { job, query: { paths, trust, as_of: asOf || null } });
  } catch (err) {
    error = err;
  }
  // Replaced by another register since: that one is shown.
  if (reg.job !== job) return null;
  reg.job = null;
  $('#register-progress').hidden = true;
  if (error) return fail(describe(error));
  show(view, trust);
  const summary = $('#register-summary');
  ui.announce(summary, view.register.requests.length ? worst(view) : '');
  ui.refocus(summary);
  return view;
}

function fail(message) {
  showError(message);
  ui.refocus($('#register-error'));
  return null;
}

function progress(p) {
  if (p.job !== reg.job || !p.total) return;
  const bar = $('#register-progress-bar');
  bar.max = p.total;
  bar.value = p.done;
  $('#register-progress-label').textContent = t('ui-register-progress', { done: p.done, total: p.total });
}

/** The most severe request status (§12's order). */
function worst(view) {
  let out = null;
  for (const r of view.register.requests) {
    if (out === null || reg.rank.get(r.status) > reg.rank.get(out)) out = r.status;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Showing it

function show(view, trust) {
  reg.view = view;
  reg.trust = trust;
  reg.packs = new Map(view.register.packs.map((p, i) => [p.sha256, i]));
  reg.table = { sort: 'tenant', dir: 1, status: '', tenant: '', overdue: false, page: 0 };
  reg.findings = { code: '', page: 0 };
  reg.chain = null;
  $('#register-export-status').textContent = '';
  showAll();
  $('#register-result').hidden = false;
}

function showAll() {
  const view = reg.view;
  reg.rank = new Map(view.words.verdicts.map((v, i) => [v.verdict, i]));
  reg.rows = view.register.requests.map((r, i) => {
    const overdue = r.open_items.filter((x) => x.overdue).length;
    const dues = r.open_items.map((x) => x.due).filter((d) => d && !Number.isNaN(Date.parse(d)));
    dues.sort((a, b) => Date.parse(a) - Date.parse(b));
    return {
      i,
      r,
      tenant: r.tenant_id ?? '',
      request: r.request_id ?? '',
      status: reg.rank.get(r.status) ?? 0,
      heads: r.heads.map(file).join(', '),
      open: r.open_items.length * 100000 + overdue,
      overdue,
      due: dues.length ? Date.parse(dues[0]) : Infinity,
      dueText: dues[0] ?? '',
    };
  });
  renderSummary();
  renderRequests();
  renderChain();
  renderFindings();
  renderUnread();
  renderSkipped();
}

const verdictWords = (v) => reg.view.words.verdicts.find((w) => w.verdict === v) ?? { word: v, icon: '' };
const file = (sha) => reg.view.register.packs[reg.packs.get(sha)]?.file ?? sha;
const pathOf = (sha) => reg.view.paths[reg.packs.get(sha)] ?? null;

function renderSummary() {
  const { view } = reg;
  const box = $('#register-summary');
  const status = view.register.requests.length ? worst(view) : null;
  const words = status ? verdictWords(status) : { word: t('ui-register-empty-status'), icon: '—' };
  box.setAttribute('data-verdict', status ?? 'none');
  box.setAttribute('data-exit', String(view.exit));
  box.setAttribute('data-packs', String(view.register.packs.length));
  $('.icon', box).textContent = words.icon;
  $('.word', box).textContent = t('ui-verdict-exit', { verdict: words.word, exit: view.exit });
  $('.meaning', box).textContent = t('ui-register-counts', {
    packs: view.register.packs.length,
    requests: view.register.requests.length,
    as_of: view.register.as_of,
    trust: view.trust.path ?? reg.trust,
  });
}

/** A status as its icon and word (never colour alone). */
function statusBadge(verdict) {
  const w = verdictWords(verdict);
  return ui.el('span', { class: 'badge', 'data-verdict': verdict, text: `${w.icon} ${w.word}` });
}

/** The overdue mark: an icon and a word as well as the colour. */
const overdueMark = () => ui.el('strong', { class: 'overdue-mark', text: `⚠ ${t('ui-register-overdue')}` });

function select(id, label, all, values, current, onChange) {
  const s = ui.el('select', { id, 'aria-label': label });
  s.append(ui.el('option', { value: '', text: all }));
  for (const [v, words] of values) s.append(ui.el('option', { value: v, text: words, selected: v === current }));
  s.addEventListener('change', () => onChange(s.value));
  return s;
}

/** The rows that pass the filters, sorted. */
function chosen() {
  const o = reg.table;
  const rows = reg.rows.filter((x) => (!o.status || x.r.status === o.status)
    && (!o.tenant || x.tenant === o.tenant) && (!o.overdue || x.overdue > 0));
  const key = o.sort;
  return rows.sort((a, b) => {
    const va = a[key];
    const vb = b[key];
    const by = va < vb ? -1 : va > vb ? 1 : 0;
    return by * o.dir || a.i - b.i;
  });
}

const COLUMNS = [
  ['tenant', 'ui-register-col-tenant'],
  ['request', 'ui-register-col-request'],
  ['status', 'ui-register-col-status'],
  ['heads', 'ui-register-col-heads'],
  ['open', 'ui-register-col-open'],
  ['due', 'ui-register-col-due'],
];

function renderRequests() {
  const { el } = ui;
  const box = $('#register-requests');
  const o = reg.table;
  const again = () => renderRequests();
  const refilter = (name) => (value) => { o[name] = value; o.page = 0; again(); };
  const statuses = [...new Set(reg.rows.map((x) => x.r.status))]
    .sort((a, b) => reg.rank.get(a) - reg.rank.get(b)).map((v) => [v, verdictWords(v).word]);
  const tenants = [...new Set(reg.rows.map((x) => x.tenant))].sort().map((v) => [v, v || t('ui-register-manifest-unread')]);
  const statusSel = select('register-status', t('ui-register-filter-status'), t('ui-register-all-statuses'), statuses, o.status, refilter('status'));
  const tenantSel = select('register-tenant', t('ui-register-filter-tenant'), t('ui-register-all-tenants'), tenants, o.tenant, refilter('tenant'));
  const overdueBox = el('input', { type: 'checkbox', id: 'register-overdue-only', 'data-testid': 'register-overdue-only', checked: o.overdue });
  overdueBox.addEventListener('change', () => refilter('overdue')(overdueBox.checked));
  const rows = chosen();
  const table = el('table', { class: 'requests', 'aria-labelledby': 'register-requests-heading' });
  const head = el('tr');
  for (const [k, label] of COLUMNS) {
    const sorted = o.sort === k ? (o.dir > 0 ? 'ascending' : 'descending') : 'none';
    const b = el('button', { type: 'button', class: 'sort', 'data-focus': `register-sort-${k}`, 'data-sort': k, text: t(label) });
    b.addEventListener('click', () => { o.dir = o.sort === k ? -o.dir : 1; o.sort = k; again(); });
    head.append(el('th', { scope: 'col', 'aria-sort': sorted }, b));
  }
  table.append(el('thead', {}, head));
  const body = el('tbody');
  for (const x of rows.slice(o.page * ui.PAGE, (o.page + 1) * ui.PAGE)) body.append(requestRow(x));
  table.append(body);
  ui.keepingFocus(box, () => box.replaceChildren(
    el('h3', { id: 'register-requests-heading', text: t('ui-register-requests', { count: reg.rows.length }) }),
    el('div', { class: 'filters' }, statusSel, tenantSel,
      el('label', { class: 'check' }, overdueBox, el('span', { text: t('ui-register-overdue-only') }))),
    el('div', { class: 'table-scroll' }, table),
    named(ui.pager(o.page, rows.length, (page) => { o.page = page; again(); }), t('ui-register-request-pages')),
  ));
}

/** A pager named for what it pages: two navigation landmarks need two names. */
function named(nav, label) {
  nav.setAttribute('aria-label', label);
  return nav;
}

function requestRow(x) {
  const { el, dash } = ui;
  const { r } = x;
  const unread = r.tenant_id === null && r.request_id === null;
  const name = unread ? t('ui-register-manifest-unread') : dash(r.request_id);
  const open = el('td', {});
  if (!r.open_items.length) open.append(t('ui-register-no-open'));
  else if (!x.overdue) open.append(String(r.open_items.length));
  else open.append(overdueMark(), ' ', t('ui-register-overdue-count', { open: r.open_items.length, overdue: x.overdue }));
  const tr = el('tr', {
    'data-testid': 'request',
    'data-request-id': r.request_id ?? '',
    'data-tenant-id': r.tenant_id ?? '',
    'data-status': r.status,
    'data-overdue': String(x.overdue > 0),
    'aria-current': reg.chain === x.i ? 'true' : null,
  },
  el('td', { class: 'mono', text: dash(r.tenant_id) }),
  el('td', {}, el('button', {
    type: 'button', class: 'link mono', 'data-testid': 'request-open', 'data-focus': `request-${x.i}`,
    'aria-label': t('ui-register-show-chain', { request: name }), text: name,
  })),
  el('td', {}, statusBadge(r.status)),
  el('td', { class: 'mono', text: dash(x.heads) }),
  open,
  el('td', { class: x.overdue ? 'mono overdue' : 'mono', text: dash(x.dueText) }));
  // The whole row opens the chain; its button is the keyboard's way in
  // (its click reaches the row).
  tr.addEventListener('click', () => showChain(x.i));
  return tr;
}

// ---------------------------------------------------------------------------
// A request's chain of packs

function showChain(i) {
  reg.chain = i;
  renderRequests();
  renderChain();
  $('#register-chain').focus();
}

/**
 * The request's packs, each chain earliest first: grouped by the head each
 * one's `superseded_by` links lead to, the farthest from it first.
 */
function chainOrder(r) {
  const inRequest = new Set(r.packs);
  const place = new Map();
  for (const sha of r.packs) {
    let at = sha;
    let steps = 0;
    const seen = new Set([sha]);
    for (;;) {
      const by = reg.view.register.packs[reg.packs.get(at)]?.superseded_by;
      if (!by || !inRequest.has(by) || seen.has(by)) break;
      seen.add(by);
      at = by;
      steps += 1;
    }
    const head = r.heads.indexOf(at);
    place.set(sha, [head < 0 ? r.heads.length : head, -steps]);
  }
  return r.packs.slice().sort((a, b) => {
    const [ha, sa] = place.get(a);
    const [hb, sb] = place.get(b);
    return ha - hb || sa - sb || (file(a) < file(b) ? -1 : 1);
  });
}

function openButton(sha, testid) {
  const path = pathOf(sha);
  const b = ui.el('button', {
    type: 'button', 'data-testid': testid, 'data-focus': `${testid}-${sha}`, 'data-path': path ?? '',
    disabled: !path, text: t('ui-register-open-in-verify'),
  });
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    if (path) ui.openInVerify(path, reg.trust);
  });
  return b;
}

function renderChain() {
  const { el, dash } = ui;
  const box = $('#register-chain');
  const r = reg.chain === null ? null : reg.view.register.requests[reg.chain];
  box.hidden = !r;
  if (!r) {
    box.replaceChildren();
    return;
  }
  const heading = t('ui-register-chain-heading', { request: dash(r.request_id), tenant: dash(r.tenant_id) });
  const close = el('button', { type: 'button', class: 'close', 'data-testid': 'chain-close', 'aria-label': t('ui-register-close-chain'), title: t('ui-register-close-chain'), text: '×' });
  close.addEventListener('click', () => {
    const i = reg.chain;
    reg.chain = null;
    renderRequests();
    renderChain();
    $(`[data-focus="request-${i}"]`)?.focus();
  });
  const list = el('ol', { class: 'chain-packs', 'aria-labelledby': 'register-chain-packs' });
  for (const sha of chainOrder(r)) list.append(chainPack(sha));
  const here = reg.view.register.findings.filter((f) => f.packs.some((p) => r.packs.includes(p)));
  const findingsHere = here.length
    ? [el('p', { text: t('ui-register-findings-here', { codes: [...new Set(here.map((f) => f.code))].join(', ') }) })]
    : [];
  box.replaceChildren(
    el('div', { class: 'chain-head' }, el('h3', { id: 'register-chain-heading', text: heading }), statusBadge(r.status), close),
    el('h4', { id: 'register-chain-packs', text: t('ui-register-chain-packs') }),
    list,
    openItems(r),
    ...findingsHere,
  );
  box.setAttribute('aria-labelledby', 'register-chain-heading');
}

function chainPack(sha) {
  const { el } = ui;
  const p = reg.view.register.packs[reg.packs.get(sha)];
  const superseded = Boolean(p.superseded_by);
  const state = superseded
    ? el('span', { class: 'chain-state', text: t('ui-register-superseded-by', { file: file(p.superseded_by) }) })
    : el('span', { class: 'chain-state head', text: t('ui-register-head') });
  return el('li', {
    class: superseded ? 'superseded' : 'head',
    'data-testid': 'chain-pack',
    'data-sha256': sha,
    'data-verdict': p.verdict,
    'data-superseded': String(superseded),
  },
  statusBadge(p.verdict),
  el('span', { class: 'chain-text' },
    el('span', { class: 'mono', text: p.file }),
    state,
    el('span', { class: 'mono small', text: sha }),
    p.duplicates.length ? el('span', { class: 'small', text: t('ui-register-duplicates', { files: p.duplicates.join(', ') }) }) : null),
  openButton(sha, 'open-in-verify'));
}

function openItems(r) {
  const { el, dash } = ui;
  const words = reg.view.words.open_items;
  const box = el('div', {}, el('h4', { id: 'register-items-heading', text: t('ui-register-open-items', { count: r.open_items.length }) }));
  if (!r.open_items.length) {
    box.append(el('p', { text: t('ui-none') }));
    return box;
  }
  const table = el('table', { 'aria-labelledby': 'register-items-heading' });
  table.append(el('thead', {}, el('tr', {}, ...['ui-register-item-kind', 'ui-register-item-what', 'ui-register-item-due', 'ui-register-item-pack']
    .map((h) => el('th', { scope: 'col', text: t(h) })))));
  const body = el('tbody');
  for (const item of r.open_items) {
    const due = el('td', { class: item.overdue ? 'mono overdue' : 'mono' }, item.due ?? t('ui-register-no-due'));
    if (item.overdue) due.append(' ', overdueMark());
    body.append(el('tr', { 'data-testid': 'open-item', 'data-kind': item.kind, 'data-overdue': String(item.overdue) },
      el('td', { text: words[item.kind] ?? item.kind }),
      el('td', { class: 'mono', text: item.what }),
      due,
      el('td', { class: 'mono', text: dash(file(item.pack)) })));
  }
  table.append(body);
  box.append(el('div', { class: 'table-scroll' }, table));
  return box;
}

// ---------------------------------------------------------------------------
// Findings and unread files

function renderFindings() {
  const { el } = ui;
  const box = $('#register-findings');
  const all = reg.view.register.findings;
  const o = reg.findings;
  const again = () => renderFindings();
  const codes = [...new Set(all.map((f) => f.code))].sort().map((c) => [c, c]);
  const codeSel = select('register-code', t('ui-register-filter-code'), t('ui-register-all-codes'), codes, o.code,
    (value) => { o.code = value; o.page = 0; again(); });
  const shown = all.filter((f) => !o.code || f.code === o.code);
  // Each finding's message in the UI's language, by its place in the register.
  const said = (f) => reg.view.words.messages?.[all.indexOf(f)] ?? f.message;
  const cards = shown.slice(o.page * ui.PAGE, (o.page + 1) * ui.PAGE).map((f) => findingCard(f, said(f)));
  const pages = all.length > ui.PAGE
    ? [named(ui.pager(o.page, shown.length, (page) => { o.page = page; again(); }), t('ui-register-finding-pages'))]
    : [];
  // Only nodes: replaceChildren would show a null as the text "null".
  ui.keepingFocus(box, () => box.replaceChildren(
    el('h3', { id: 'register-findings-heading', text: t('ui-register-findings', { count: all.length }) }),
    all.length ? el('div', { class: 'filters' }, codeSel) : el('p', { text: t('ui-register-no-findings') }),
    ...cards,
    ...pages,
  ));
}

/** A register finding as Verify mode shows a finding: code, effect, message (in the UI's language), explanation. */
function findingCard(f, message) {
  const { el } = ui;
  const e = reg.view.words.explanations[f.code] ?? {};
  const packs = el('ul', { class: 'finding-packs' });
  for (const sha of f.packs) {
    packs.append(el('li', { 'data-sha256': sha }, el('span', { class: 'mono', text: file(sha) }), ' ', openButton(sha, 'finding-open-in-verify')));
  }
  return el(
    'article',
    { class: `finding effect-${f.effect}`, 'data-testid': 'register-finding', 'data-code': f.code, 'data-effect': f.effect },
    el('div', { class: 'head' },
      el('code', { class: 'code', text: f.code }),
      el('span', { class: `effect effect-${f.effect}`, text: reg.view.words.effects[f.effect] ?? f.effect })),
    el('p', { class: 'mono message', text: message }),
    el('dl', {},
      el('dt', { text: t('ui-finding-meaning') }), el('dd', { text: e.meaning ?? '' }),
      el('dt', { text: t('ui-finding-why') }), el('dd', { text: e.why ?? '' }),
      el('dt', { text: t('ui-finding-ask') }), el('dd', { text: e.ask ?? '' }),
      el('dt', { text: t('ui-register-finding-packs') }), el('dd', {}, packs)),
  );
}

function renderUnread() {
  const { el } = ui;
  const box = $('#register-unread');
  const unread = reg.view.register.unread;
  if (!unread.length) {
    box.replaceChildren();
    return;
  }
  const list = el('ul', {});
  for (const u of unread) list.append(el('li', { 'data-testid': 'register-unread-file' }, el('span', { class: 'mono', text: u.file }), `: ${u.error}`));
  box.replaceChildren(el('h3', { text: t('ui-register-unread', { count: unread.length }) }), list);
}

// The entries of the folders that are not packs, each with why (as
// `proofpack register` reports them on standard error).
const SKIP_REASONS = {
  not_tar_gz: 'ui-register-skip-not-pack',
  not_regular_file: 'ui-register-skip-not-file',
  symbolic_link: 'ui-register-skip-link',
};

function renderSkipped() {
  const { el } = ui;
  const box = $('#register-skipped');
  const skipped = reg.view.skipped ?? [];
  if (!skipped.length) {
    box.replaceChildren();
    return;
  }
  const list = el('ul', {});
  for (const s of skipped) {
    const reason = SKIP_REASONS[s.reason] ? t(SKIP_REASONS[s.reason]) : s.reason;
    list.append(el('li', { 'data-testid': 'register-skipped-entry', 'data-reason': s.reason }, el('span', { class: 'mono', text: s.path }), `: ${reason}`));
  }
  box.replaceChildren(el('h3', { text: t('ui-register-skipped', { count: skipped.length }) }), list);
}

// ---------------------------------------------------------------------------
// Export

async function exportRegister(format, given, overwrite = $('#register-export-overwrite').checked) {
  const status = $('#register-export-status');
  const path = ui.exportName(format) ?? given;
  status.removeAttribute('data-saved');
  if (!reg.view || !path) {
    status.textContent = t('ui-export-no-path');
    return;
  }
  try {
    const written = await ui.invoke('export_register', { job: reg.view.job, format, path, overwrite });
    status.textContent = t('ui-export-saved', { format: format.toUpperCase(), path: written });
    status.setAttribute('data-saved', written);
  } catch (err) {
    status.textContent = ui.describe(err);
  }
}

// ProofPack desktop UI. Renders the core's §13 report JSON and the core's
// explanations. Pack text only ever enters the DOM through textContent and
// setAttribute (never innerHTML); pictures the core draws as SVG are shown
// as <img src="data:image/svg+xml,..."> where no script can run.

import { renderArtifacts, resetArtifacts } from './artifacts.js';

const tauri = window.__TAURI__;
const invoke = (cmd, args) => tauri.core.invoke(cmd, args);

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/** An element with text (never markup) and attributes. */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') node.textContent = String(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const dash = (v) => (v === null || v === undefined || v === '' ? '—' : String(v));


const state = {
  explanations: new Map(), // code -> {meaning, why, ask, effect}
  packs: [], // {path, trust, status: 'verifying'|'done'|'error', verified?, error?}
  current: null, // index into packs
  trust: null, // path of the store for packs opened in the UI
  trustView: null,
  cliTrust: null, // the store given on the command line (not remembered)
  panel: 'findings',
  job: null,
  receipts: { sort: 'line', dir: 1, status: '', channel: '', page: 0 },
  members: { page: 0 },
  author: { folder: null, presign: null },
};

// ---------------------------------------------------------------------------
// Start

async function start() {
  bindModes();
  bindVerify();
  bindAuthor();
  const explained = await invoke('explanations');
  for (const e of explained) state.explanations.set(e.code, e);
  const s = await invoke('startup');
  renderTrustSummary();
  // The sidebar shows the store packs are verified with: the remembered
  // one, or else the command line's (never "no trust store" while the
  // packs on screen were verified with one).
  const sidebarTrust = s.remembered_trust ?? s.trust;
  if (sidebarTrust) await useTrust(sidebarTrust, { remember: false, quiet: true });
  if (s.error) {
    showError(s.error);
    return;
  }
  state.cliTrust = s.trust;
  // A pack given on the command line is verified with the --trust given
  // there, or with none; the remembered store is for packs opened here.
  for (const path of s.packs) openPack(path, s.trust ?? null);
  await tauri.event.listen('verify-progress', (event) => progress(event.payload));
  await tauri.event.listen('packs-dropped', (event) => {
    for (const path of event.payload) openPack(path, state.trust);
  });
}

// ---------------------------------------------------------------------------
// Keyboard, focus and announcements

/**
 * The ARIA tabs pattern: only the selected tab is in the Tab order (roving
 * tabindex); the arrow keys move to the next or previous tab (wrapping
 * round), Home and End to the first and last, and the tab the focus moves to
 * is shown at once.
 */
function bindTablist(tabs, activate) {
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => activate(tab));
    tab.addEventListener('keydown', (e) => {
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length];
      activate(next);
      next.focus();
    });
  });
}

function selectTab(tabs, selected) {
  for (const tab of tabs) {
    const on = tab === selected;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
}

/**
 * Replaces what `container` shows by calling `render`, keeping the keyboard
 * focus: a control that had it and is drawn again (the same id or
 * data-focus key) gets it back; if it is gone or disabled, `fallback` does.
 */
function keepingFocus(container, render, fallback = container) {
  const active = document.activeElement;
  let key = null;
  if (active && active !== container && container.contains(active)) {
    if (active.id) key = `#${CSS.escape(active.id)}`;
    else if (active.dataset.focus) key = `[data-focus="${CSS.escape(active.dataset.focus)}"]`;
    else key = '';
  }
  render();
  if (key === null) return;
  const again = key ? $(key, container) : null;
  (again && !again.disabled ? again : fallback).focus();
}

/** When what had the focus was hidden or removed, the focus goes to `target`. */
function refocus(target) {
  const active = document.activeElement;
  if (!active || active === document.body || active.closest('[hidden]')) target.focus();
}

/**
 * Says a verification's outcome in the page's live region. The verdict box
 * appears only once it is filled, too late for a live region of its own; the
 * region is always there. Emptied first, so the same words twice are said
 * twice.
 */
function announce(box, verdict) {
  const text = ['.word', '.meaning'].map((sel) => $(sel, box).textContent).filter(Boolean).join('. ');
  say($('#announce'), text);
  $('#announce').setAttribute('data-verdict', verdict);
}

/** Says an error at once (role=alert), as its box shows it. */
function alertError(message) {
  say($('#alert'), message);
}

function say(region, text) {
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}

// ---------------------------------------------------------------------------
// Modes

function bindModes() {
  bindTablist($$('.modes [role=tab]'), (tab) => setMode(tab.id === 'mode-author' ? 'author' : 'verify'));
}

function setMode(mode) {
  $('#verify-mode').hidden = mode !== 'verify';
  $('#author-mode').hidden = mode !== 'author';
  selectTab($$('.modes [role=tab]'), $(mode === 'author' ? '#mode-author' : '#mode-verify'));
}

// ---------------------------------------------------------------------------
// Verify mode

function bindVerify() {
  $('#open-packs').addEventListener('click', async () => {
    const paths = await invoke('pick_packs');
    for (const path of paths ?? []) openPack(path, state.trust);
  });
  $('#open-path-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const path = $('#open-path').value.trim();
    if (path) openPack(path, state.trust);
  });
  $('#choose-trust').addEventListener('click', async () => {
    const path = await invoke('pick_trust_store');
    if (path) await useTrust(path, { remember: true });
  });
  $('#trust-path-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const path = $('#trust-path').value.trim();
    if (path) await useTrust(path, { remember: true });
  });
  $('#forget-trust').addEventListener('click', async () => {
    await invoke('forget_trust_store');
    state.trust = null;
    state.trustView = null;
    renderTrustSummary();
  });
  $('#cancel').addEventListener('click', () => {
    if (state.job !== null) invoke('cancel_verification', { job: state.job });
  });
  bindTablist($$('.tabs [role=tab]'), (tab) => showPanel(tab.dataset.panel));
  // Enter in the path field must not submit the form (and reload the page).
  $('#export').addEventListener('submit', (e) => e.preventDefault());
  for (const button of $$('#export [data-format]')) {
    button.addEventListener('click', () => exportReport(button.dataset.format, $('#export-path').value.trim()));
  }
  $('#export-dialog').addEventListener('click', async () => {
    const v = currentVerified();
    if (!v) return;
    const path = await invoke('pick_save_path', { suggested: 'report.html' });
    if (path) exportReport(path.endsWith('.json') ? 'json' : 'html', path, true);
  });
}

async function useTrust(path, { remember, quiet = false }) {
  try {
    const view = remember
      ? await invoke('remember_trust_store', { path })
      : await invoke('load_trust_store', { path });
    state.trust = path;
    state.trustView = view;
    renderTrustSummary();
    if (!quiet) hideError();
  } catch (err) {
    if (!quiet) showError(describe(err));
  }
}

function renderTrustSummary() {
  const box = $('#trust-summary');
  box.replaceChildren();
  if (!state.trustView) {
    box.append(el('p', { class: 'warn', text: 'No trust store: packs opened here are at best untrusted.' }));
    return;
  }
  const t = state.trustView;
  box.append(
    el('p', { class: 'mono', text: t.path }),
    el('p', { text: `${t.keys} keys · modified ${dash(t.modified)}` }),
    el('p', { class: 'mono small', text: `sha256 ${t.sha256}` }),
  );
}

function openPack(path, trust) {
  let pack = state.packs.find((p) => p.path === path && p.trust === trust);
  if (!pack) {
    pack = { path, trust, status: 'verifying' };
    state.packs.push(pack);
  }
  renderPackList();
  verify(pack);
}

/** Stops the pack's verification, if under way, and drops its report. */
function release(pack) {
  const job = pack.job;
  pack.job = null;
  pack.verified = null;
  if (job !== null && job !== undefined) invoke('close_pack', { job });
}

function showProgress(path) {
  hideError();
  $('#progress').hidden = false;
  $('#progress-bar').removeAttribute('value');
  $('#progress-label').textContent = `Verifying ${path}…`;
  $('#verdict').hidden = true;
  $('#panels').hidden = true;
  $('#empty').hidden = true;
}

function endProgress(job) {
  if (state.job !== job) return;
  state.job = null;
  $('#progress').hidden = true;
}

async function verify(pack) {
  pack.status = 'verifying';
  state.current = state.packs.indexOf(pack);
  showProgress(pack.path);
  // The service gives the job id first, so Cancel works during the read.
  const job = await invoke('new_job');
  // Verifying again replaces the report (and stops a verification still
  // under way): the old one is no longer kept.
  release(pack);
  if (!state.packs.includes(pack)) {
    invoke('close_pack', { job });
    return;
  }
  pack.job = job;
  state.job = job;
  let outcome;
  try {
    outcome = { status: 'done', verified: await invoke('verify_pack', { job, request: { path: pack.path, trust: pack.trust } }) };
  } catch (err) {
    outcome = { status: 'error', error: describe(err) };
  }
  endProgress(job);
  // Closed or verified again since: its report was released, not shown.
  if (pack.job !== job) return;
  Object.assign(pack, outcome);
  renderPackList();
  if (state.packs[state.current] !== pack) return;
  showPack(state.current);
  if (outcome.status === 'done') announce($('#verdict'), outcome.verified.report.verdict);
  // Cancel, which had the focus, is hidden now.
  refocus(outcome.status === 'done' ? $('#verdict') : $('#error'));
}

function closePack(pack) {
  const index = state.packs.indexOf(pack);
  if (index < 0) return;
  if (pack.job !== null && pack.job !== undefined) endProgress(pack.job);
  release(pack);
  state.packs.splice(index, 1);
  if (state.current === index) state.current = null;
  else if (state.current !== null && state.current > index) state.current -= 1;
  // The focus moves from the closed pack's button to the next pack's (the
  // same place in the list), or to the path field when none is left.
  fillPackList($('#pack-list'));
  const closes = $$('#pack-list [data-testid=close-pack]');
  refocus(closes[Math.min(index, closes.length - 1)] ?? $('#open-path'));
  if (state.current === null) {
    hideError();
    $('#verdict').hidden = true;
    $('#panels').hidden = true;
    $('#empty').hidden = false;
  }
}

function progress(p) {
  if (p.job !== state.job || !p.total) return;
  const bar = $('#progress-bar');
  bar.max = p.total;
  bar.value = p.read;
}

function currentVerified() {
  const p = state.packs[state.current];
  return p && p.status === 'done' ? p.verified : null;
}

function renderPackList() {
  const list = $('#pack-list');
  keepingFocus(list, () => fillPackList(list), $('#open-path'));
}

function fillPackList(list) {
  list.replaceChildren();
  state.packs.forEach((p, i) => {
    const verdict = p.status === 'done' ? p.verified.report.verdict : p.status === 'error' ? 'error' : '…';
    const button = el(
      'button',
      { type: 'button', class: 'pack', 'data-verdict': verdict, 'data-focus': `pack-${i}`, 'aria-current': i === state.current ? 'true' : null },
      el('span', { class: 'badge', 'data-verdict': verdict, text: verdict }),
      el('span', { class: 'name', text: p.path.split('/').pop() }),
    );
    button.addEventListener('click', () => {
      state.current = i;
      renderPackList();
      showPack(i);
    });
    const close = el('button', { type: 'button', class: 'close', 'data-testid': 'close-pack', 'data-focus': `close-${i}`, 'aria-label': `Close ${p.path}`, title: 'Close', text: '×' });
    close.addEventListener('click', () => closePack(p));
    list.append(el('li', { title: p.path }, button, close));
  });
}

function showError(message) {
  const box = $('#error');
  box.textContent = message;
  box.hidden = false;
  alertError(message);
  $('#verdict').hidden = true;
  $('#panels').hidden = true;
  $('#empty').hidden = true;
}

function hideError() {
  $('#error').hidden = true;
}

/** The words of a typed AppError. */
function describe(err) {
  if (err && typeof err === 'object' && err.kind) {
    switch (err.kind) {
      case 'read': return `Cannot read ${err.path}: ${err.message}`;
      case 'trust_store': return `The trust store ${err.path} cannot be used: ${err.message}`;
      case 'cancelled': return 'The verification was cancelled.';
      case 'exists': return `${err.path} exists. Tick “Replace an existing file” to replace it; nothing was written.`;
      case 'write': return `Cannot write ${err.path}: ${err.message}`;
      case 'internal': return `Internal error of the verifier (no verdict is given): ${err.message}`;
      case 'unknown_report': return 'This report is no longer kept (only the most recent are): open the pack again to export it.';
      default: return err.message ?? JSON.stringify(err);
    }
  }
  return String(err);
}

function showPack(index) {
  const p = state.packs[index];
  if (!p) return;
  if (p.status === 'error') {
    showError(p.error);
    return;
  }
  if (p.status !== 'done') return;
  hideError();
  const { report, words } = p.verified;
  const v = $('#verdict');
  v.setAttribute('data-verdict', report.verdict);
  $('.icon', v).textContent = words.icon;
  $('.word', v).textContent = `${report.verdict} (exit ${words.exit})`;
  $('.meaning', v).textContent = words.meaning;
  $('.which', v).textContent = `${p.path} · ${p.trust ? `trust store ${p.trust}` : 'no trust store'}`;
  v.hidden = false;
  $('#unverified-note').hidden = !report.claims_unverified;
  $('#panels').hidden = false;
  $('#empty').hidden = true;
  $('#export-status').textContent = '';
  state.receipts.page = 0;
  state.members.page = 0;
  resetArtifacts();
  renderPanels(p.verified);
  showPanel(state.panel);
}

function showPanel(name) {
  state.panel = name;
  selectTab($$('.tabs [role=tab]'), $(`.tabs [data-panel="${name}"]`));
  for (const panel of $$('.panel')) panel.hidden = panel.id !== `panel-${name}`;
}

function renderPanels(verified) {
  renderFindings(verified.report);
  renderTiers(verified);
  renderSla(verified);
  renderReceipts(verified.report);
  renderAudit(verified.report);
  renderProvenance(verified);
  renderContents(verified.report);
  renderTrustPanel(verified);
}

/** A two-column table of (label, value), named by the element `labelledby`. */
function kv(rows, labelledby) {
  const table = el('table', { class: 'kv', 'aria-labelledby': labelledby });
  for (const [label, value, cls] of rows) {
    table.append(el('tr', {}, el('th', { scope: 'row', text: label }), el('td', { class: cls ?? null, text: dash(value) })));
  }
  return table;
}

function table(headers, rows, { numeric = [], labelledby } = {}) {
  const t = el('table', { 'aria-labelledby': labelledby });
  const head = el('tr');
  headers.forEach((h, i) => head.append(el('th', { scope: 'col', class: numeric.includes(i) ? 'num' : null, text: h })));
  t.append(el('thead', {}, head));
  const body = el('tbody');
  for (const row of rows) {
    const tr = el('tr');
    row.forEach((cell, i) => {
      tr.append(cell instanceof Node ? el('td', {}, cell) : el('td', { class: numeric.includes(i) ? 'num' : null, text: dash(cell) }));
    });
    body.append(tr);
  }
  t.append(body);
  return t;
}

function renderFindings(r) {
  const panel = $('#panel-findings');
  panel.replaceChildren();
  const pack = r.pack;
  panel.append(
    el('h2', { id: 'findings-pack', text: 'The pack' }),
    kv([
      ['Pack', pack.pack_id, 'mono'],
      ['Request', pack.request_id, 'mono'],
      ['Tenant', pack.tenant_id, 'mono'],
      ['Legal basis', pack.legal_basis],
      ['Cascade run by', pack.cascade_runner, 'mono'],
      ['Signed by', `${dash(pack.signer)} at ${dash(pack.signed_at)}`, 'mono'],
      ['Signing key', `${dash(pack.signature_key_id)} · ${pack.signer_key_fingerprint ?? 'not in the trust store'}`, 'mono'],
      ['Signature', pack.signature_verified ? 'verified with the trust store’s key' : 'NOT verified'],
      ['all_clear', `claimed ${dash(pack.all_clear_claimed)}; recomputed ${pack.all_clear_recomputed}`],
    ], 'findings-pack'),
  );
  panel.append(el('h2', { text: `Checks that passed (${r.passed.length})` }));
  const passed = el('ul', { class: 'passed' });
  for (const p of r.passed) passed.append(el('li', {}, el('code', { text: p.code }), ` ${p.message}`));
  if (!r.passed.length) passed.append(el('li', { text: 'None.' }));
  panel.append(passed);

  panel.append(el('h2', { text: `Findings (${r.findings.length})` }));
  if (!r.findings.length) panel.append(el('p', { text: 'None.' }));
  const areas = [];
  for (const f of r.findings) {
    const area = f.code.split('.')[0];
    if (!areas.includes(area)) areas.push(area);
  }
  for (const area of areas) {
    const group = el('section', { class: 'area', 'aria-label': area }, el('h3', { text: area }));
    for (const f of r.findings.filter((x) => x.code.split('.')[0] === area)) group.append(findingCard(f));
    panel.append(group);
  }
}

function findingCard(f, remedy) {
  const e = state.explanations.get(f.code) ?? {};
  return el(
    'article',
    { class: `finding effect-${f.effect}`, 'data-code': f.code, 'data-effect': f.effect },
    el('div', { class: 'head' },
      el('code', { class: 'code', text: f.code }),
      el('span', { class: `effect effect-${f.effect}`, text: f.effect }),
      el('span', { class: 'mono where', text: `at ${f.location}` })),
    el('p', { class: 'mono message', text: f.message }),
    el('dl', {},
      el('dt', { text: 'What it means' }), el('dd', { text: e.meaning ?? '' }),
      el('dt', { text: 'Why it matters' }), el('dd', { text: e.why ?? '' }),
      el('dt', { text: 'What to ask' }), el('dd', { text: e.ask ?? '' }),
      remedy ? el('dt', { text: 'What to fix' }) : null,
      remedy ? el('dd', { text: remedy }) : null),
  );
}

/** A tier's evidence lines, as the core's human report words them. */
function evidenceLines(lines) {
  const box = el('div', { class: 'evidence' });
  for (const line of lines) box.append(el('div', { text: line }));
  return box;
}

function renderTiers(verified) {
  const r = verified.report;
  const panel = $('#panel-tiers');
  panel.replaceChildren(
    el('h2', { id: 'tiers-heading', text: 'Tiers of the cascade' }),
    table(
      ['Tier', 'Requested', 'Status', 'Before → after', 'Residue', 'Evidence'],
      r.tiers.map((t, i) => [
        t.tier,
        t.requested ? 'yes' : 'no',
        t.status,
        t.before_count === null && t.after_count === null ? '—' : `${dash(t.before_count)} → ${dash(t.after_count)}`,
        t.residue,
        evidenceLines(verified.words.tier_details[i] ?? []),
      ]),
      { numeric: [4], labelledby: 'tiers-heading' },
    ),
  );
  const backups = r.tiers.flatMap((t) => t.evidence.backups.map((b) => [t.tier, b]));
  panel.append(el('h2', { id: 'backups-heading', text: `Backups (${backups.length})` }));
  if (!backups.length) {
    panel.append(el('p', { text: 'No step declares a backup of its tier.' }));
    return;
  }
  const t = el('table', { 'aria-labelledby': 'backups-heading' });
  t.append(el('thead', {}, el('tr', {}, ...['Tier', 'Backup', 'State', 'Kept until', 'A restore'].map((h) => el('th', { scope: 'col', text: h })))));
  const body = el('tbody');
  for (const [tier, b] of backups) {
    const bad = b.state === 'live' || (b.state === 'beyond_use' && b.restore_suppression === false);
    body.append(el('tr', { 'data-testid': 'backup', 'data-state': b.state },
      el('td', { text: tier }),
      el('td', { class: 'mono', text: b.location }),
      el('td', { class: bad ? 'bad' : 'ok', text: b.state.replaceAll('_', ' ') }),
      el('td', { class: 'mono', text: dash(b.retention_until) }),
      el('td', { text: b.restore_suppression === null ? '—' : b.restore_suppression ? 're-applies the erasure' : 'would bring the data back' })));
  }
  t.append(body);
  panel.append(t);
}

function svgImage(svg, label) {
  return el('img', { class: 'drawing', alt: label, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
}

function renderSla(verified) {
  const s = verified.report.sla;
  const panel = $('#panel-sla');
  panel.replaceChildren(el('h2', { id: 'sla-heading', text: 'Deadlines' }));
  if (verified.sla_svg) panel.append(svgImage(verified.sla_svg, 'SLA timeline: received, deadlines, completed, margin'));
  panel.append(
    el('p', { class: 'rule', text: `Rule: ${dash(s.rule)}` }),
    kv([
      ['Received', s.received_at, 'mono'],
      ['End of first period', s.base_deadline, 'mono'],
      ['End of extended period', s.max_deadline, 'mono'],
      ['Statutory deadline', `${dash(s.statutory_deadline)}${s.extension_applied ? ' (extended)' : ''}`, 'mono'],
      ['Declared deadline', s.declared_deadline, 'mono'],
      ['Effective deadline', s.effective_deadline, 'mono'],
      ['Completed', s.completed_at, 'mono'],
      ['Margin', verified.words.margin],
    ], 'sla-heading'),
  );
}

const PAGE = 100;

function pager(page, total, onPage) {
  const pages = Math.max(1, Math.ceil(total / PAGE));
  const nav = el('nav', { class: 'pager', 'aria-label': 'Pages' });
  const prev = el('button', { type: 'button', 'data-focus': 'page-previous', text: '‹ Previous', disabled: page <= 0 });
  const next = el('button', { type: 'button', 'data-focus': 'page-next', text: 'Next ›', disabled: page >= pages - 1 });
  prev.addEventListener('click', () => onPage(page - 1));
  next.addEventListener('click', () => onPage(page + 1));
  nav.append(prev, el('span', { text: ` page ${page + 1} of ${pages} (${total} rows) ` }), next);
  return nav;
}

/** §16: what each receipt attestation state means, and its style. */
const ATTESTATION = {
  verified: ['verified', 'ok'],
  unverified: ['signed, key not in the trust store', ''],
  invalid: ['invalid', 'bad'],
  mismatch: ['differs from the receipt', 'bad'],
  absent: ['none', ''],
};

function renderReceipts(r) {
  const panel = $('#panel-receipts');
  const opt = state.receipts;
  const statuses = [...new Set(r.receipts.map((x) => x.status ?? ''))].sort();
  const channels = [...new Set(r.receipts.map((x) => x.channel ?? ''))].sort();
  const select = (label, id, values, current) => {
    const s = el('select', { id, 'aria-label': label });
    s.append(el('option', { value: '', text: `all ${label}` }));
    for (const v of values) s.append(el('option', { value: v, text: v || '(none)', selected: v === current }));
    return s;
  };
  const statusSel = select('statuses', 'receipt-status', statuses, opt.status);
  const channelSel = select('channels', 'receipt-channel', channels, opt.channel);
  statusSel.addEventListener('change', () => { opt.status = statusSel.value; opt.page = 0; renderReceipts(r); });
  channelSel.addEventListener('change', () => { opt.channel = channelSel.value; opt.page = 0; renderReceipts(r); });
  let rows = r.receipts.filter((x) => (!opt.status || (x.status ?? '') === opt.status) && (!opt.channel || (x.channel ?? '') === opt.channel));
  const key = opt.sort;
  rows = rows.slice().sort((a, b) => {
    const va = a[key] ?? '';
    const vb = b[key] ?? '';
    return (va < vb ? -1 : va > vb ? 1 : 0) * opt.dir;
  });
  const columns = [['line', 'Line'], ['subprocessor', 'Subprocessor'], ['channel', 'Channel'], ['status', 'Status'], ['status_at', 'Confirmed / due'], ['ticket_id', 'Ticket'], ['subprocessor_erased', 'Subprocessor erased'], ['attestation', 'Subprocessor’s signature']];
  const t = el('table', { class: 'receipts', 'aria-labelledby': 'receipts-heading' });
  const head = el('tr');
  for (const [k, label] of columns) {
    const sorted = opt.sort === k ? (opt.dir > 0 ? 'ascending' : 'descending') : 'none';
    const b = el('button', { type: 'button', class: 'sort', 'data-focus': `sort-${k}`, text: label });
    b.addEventListener('click', () => { opt.dir = opt.sort === k ? -opt.dir : 1; opt.sort = k; renderReceipts(r); });
    head.append(el('th', { scope: 'col', 'aria-sort': sorted }, b));
  }
  t.append(el('thead', {}, head));
  const body = el('tbody');
  for (const x of rows.slice(opt.page * PAGE, (opt.page + 1) * PAGE)) {
    const when = x.status === 'pending' && x.status_at ? `due ${x.status_at}` : x.status_at;
    body.append(el('tr', { 'data-status': x.status ?? '' },
      el('td', { class: 'num', text: x.line }),
      el('td', { class: 'mono', text: x.subprocessor }),
      el('td', { text: dash(x.channel) }),
      el('td', { text: dash(x.status) }),
      el('td', { class: 'mono', text: dash(when) }),
      el('td', { class: 'mono', text: dash(x.ticket_id) }),
      el('td', { class: x.subprocessor_erased ? 'ok' : 'bad', text: x.subprocessor_erased ? 'erased' : 'not erased' }),
      el('td', {}, el('span', {
        class: ATTESTATION[x.attestation]?.[1] ?? '',
        'data-testid': 'receipt-attestation',
        'data-state': x.attestation,
        text: ATTESTATION[x.attestation]?.[0] ?? x.attestation,
      }))));
  }
  t.append(body);
  // Sorting, filtering and paging draw the panel again: the control used keeps the focus.
  keepingFocus(panel, () => panel.replaceChildren(
    el('h2', { id: 'receipts-heading', text: `Subprocessor receipts (${r.receipts.length})` }),
    el('div', { class: 'filters' }, statusSel, channelSel),
    t,
    pager(opt.page, rows.length, (page) => { opt.page = page; renderReceipts(r); }),
  ));
}

function renderAudit(r) {
  const a = r.audit;
  $('#panel-audit').replaceChildren(
    el('h2', { id: 'audit-heading', text: 'Audit-log witness' }),
    kv([
      ['Log (checkpoint origin)', a.log_origin, 'mono'],
      ['Tree size', `${dash(a.tree_size_before)} → ${dash(a.tree_size_after)}`],
      ['Checkpoints', a.checkpoints_verified ? 'verified with the log’s key' : 'NOT verified'],
      ['Consistency', a.consistency_verified ? 'proved' : 'NOT proved'],
      ['Entries proved', `${a.entries_proved} of ${a.entries}`],
      ['Disclosures', a.disclosures],
      ['PII fields disclosed', a.pii_disclosed],
      ['Redaction records', a.redactions],
    ], 'audit-heading'),
  );
  renderWitnesses(a);
}

/** §15: why a cosignature does not count. */
const NOT_COUNTED = {
  invalid: 'not a valid cosignature',
  after_signed_at: 'made after the pack was signed',
  outside_key_window: 'made outside the witness key’s validity',
  log_or_dpo_key: 'the key is also the log’s or the DPO’s',
  same_witness: 'the same witness, already counted',
};

function renderWitnesses(a) {
  const panel = $('#panel-audit');
  const met = a.witnesses_counted >= a.witness_quorum;
  panel.append(
    el('h2', { id: 'witnesses-heading', text: 'Witnesses' }),
    el('p', {
      'data-testid': 'witness-quorum',
      'data-met': String(met),
      class: met ? 'ok' : 'bad',
      text: `${a.witnesses_counted} distinct witness(es) count on the later checkpoint; the trust store’s policy asks for ${a.witness_quorum} (${met ? 'met' : 'not met'}).`,
    }),
  );
  if (!a.cosignatures.length) {
    panel.append(el('p', { text: 'No checkpoint carries a cosignature by a witness of the trust store.' }));
    return;
  }
  const t = el('table', { 'aria-labelledby': 'witnesses-heading' });
  t.append(el('thead', {}, el('tr', {}, ...['Checkpoint', 'Witness', 'Operator', 'Cosigned at', 'Counts'].map((h) => el('th', { scope: 'col', text: h })))));
  const body = el('tbody');
  for (const c of a.cosignatures) {
    body.append(el('tr', { 'data-testid': 'cosignature', 'data-witness': c.witness, 'data-counted': String(c.counted) },
      el('td', { class: 'mono', text: c.checkpoint === 'checkpoint_after' ? 'after' : 'before' }),
      el('td', { class: 'mono', text: c.witness }),
      el('td', { class: 'mono', text: c.owner }),
      el('td', { class: 'mono', text: dash(c.time) }),
      el('td', { class: c.counted ? 'ok' : 'bad', text: c.counted ? 'counts' : `does not count: ${NOT_COUNTED[c.not_counted] ?? c.not_counted}` })));
  }
  t.append(body);
  panel.append(t);
}

function renderProvenance(verified) {
  const p = verified.report.provenance;
  const panel = $('#panel-provenance');
  panel.replaceChildren(el('h2', { id: 'provenance-heading', text: 'Provenance graph' }));
  if (!p.present) {
    panel.append(el('p', { text: 'No provenance graph in the pack.' }));
    return;
  }
  if (verified.provenance_svg) panel.append(svgImage(verified.provenance_svg, 'Provenance graph: tombstones, derived artefacts by state, open obligations'));
  if (p.view && p.view.omitted) panel.append(el('p', { class: 'hint', text: `${p.view.omitted} records are not drawn; the counts below include them.` }));
  panel.append(kv([
    ['Graph version', p.graph_version, 'mono'],
    ['Reverse index', p.reverse_index],
    ['Scopes', p.scopes],
    ['Tombstones', p.tombstones],
    ['Derived artefacts', `${p.artifacts} (${p.reachable} reachable from erased data: ${p.live} live, ${p.expiring} expiring)`],
    ['Open obligations', p.obligations],
  ], 'provenance-heading'));
  const artifacts = el('div', { 'data-testid': 'provenance-artifacts' });
  panel.append(artifacts);
  renderArtifacts(artifacts, p, { el, dash, pager, keepingFocus, PAGE });
}

function renderContents(r) {
  const panel = $('#panel-contents');
  const page = state.members.page;
  const rows = r.members.slice(page * PAGE, (page + 1) * PAGE).map((m) => [m.path, m.size, m.sha256, m.listing.replaceAll('_', ' ')]);
  const attestation = el('pre', { class: 'attestation', 'data-testid': 'attestation', text: r.pack.attestation ?? '(absent, or not UTF-8 text)' });
  keepingFocus(panel, () => panel.replaceChildren(
    el('h2', { id: 'members-heading', text: `Members (${r.members.length})` }),
    table(['Path', 'Size', 'SHA-256', 'In the manifest'], rows, { numeric: [1], labelledby: 'members-heading' }),
    pager(page, r.members.length, (next) => { state.members.page = next; renderContents(r); }),
    el('h2', { text: 'Attestation' }),
    attestation,
  ));
}

function renderTrustPanel(verified) {
  const panel = $('#panel-trust');
  panel.replaceChildren(el('h2', { id: 'trust-heading', text: 'Trust store used' }));
  const t = verified.trust;
  if (!t) {
    panel.append(el('p', { text: 'None: no trust store was used for this pack, so it is at best untrusted.' }));
    return;
  }
  panel.append(
    kv([
      ['Path', t.path, 'mono'],
      ['SHA-256', t.sha256, 'mono'],
      ['Keys', t.keys],
      ['Modified', t.modified, 'mono'],
      ['Witness quorum', `${t.policy.witness_quorum} distinct witness(es) must cosign the audit log`],
      ['Signed receipts', t.policy.signed_receipts ? 'required: a subprocessor’s erasure needs its own signature' : 'not required'],
    ], 'trust-heading'),
    table(
      ['Key id', 'Owner', 'Roles', 'Valid from', 'Valid to', 'Revoked', 'Fingerprint'],
      t.key_views.map((k) => [k.key_id, k.owner, k.roles.join(', '), k.not_before ?? 'unbounded', k.not_after ?? 'unbounded', k.revoked_at ?? 'no', k.fingerprint]),
      { labelledby: 'trust-heading' },
    ),
  );
}

async function exportReport(format, path, overwrite = $('#export-overwrite').checked) {
  const v = currentVerified();
  const status = $('#export-status');
  if (!v || !path) {
    status.textContent = 'Give a file to export to.';
    return;
  }
  try {
    const written = await invoke('export_report', { job: v.job, format, path, overwrite });
    status.textContent = `Saved ${format.toUpperCase()} to ${written}.`;
    status.setAttribute('data-saved', written);
  } catch (err) {
    status.textContent = describe(err);
    status.removeAttribute('data-saved');
  }
}

// ---------------------------------------------------------------------------
// Author mode

function authorRequest() {
  return {
    dir: $('#author-dir').value.trim(),
    key: $('#author-key').value.trim(),
    trust: $('#author-trust').value.trim(),
    accept_incomplete: $('#author-accept').checked,
    accept_uncorroborated: $('#author-accept-uncorroborated').checked,
    attestation: state.author.folder ? $('#author-attestation').value : null,
    signed_at: null,
  };
}

function authorError(message) {
  const box = $('#author-error');
  box.textContent = message;
  box.hidden = !message;
  if (message) alertError(message);
}

function bindAuthor() {
  const pick = (id, cmd, target, then) => $(id).addEventListener('click', async () => {
    const path = await invoke(cmd, cmd === 'pick_save_path' ? { suggested: 'proof.tar.gz' } : undefined);
    if (path) { $(target).value = path; if (then) then(); }
  });
  pick('#author-dir-pick', 'pick_evidence_folder', '#author-dir', loadFolder);
  pick('#author-key-pick', 'pick_key_file', '#author-key');
  pick('#author-trust-pick', 'pick_trust_store', '#author-trust');
  pick('#author-out-pick', 'pick_save_path', '#author-out');
  $('#author-load').addEventListener('click', loadFolder);
  // Enter in a field must not submit a form (and reload the page).
  for (const form of ['#author-form', '#author-save']) $(form).addEventListener('submit', (e) => e.preventDefault());
  $('#author-check').addEventListener('click', checkAuthor);
  $('#author-accept').addEventListener('change', () => { if (state.author.presign) checkAuthor(); });
  $('#author-accept-uncorroborated').addEventListener('change', () => { if (state.author.presign) checkAuthor(); });
  $('#author-sign').addEventListener('click', signAuthor);
  $('#author-entry-copy').addEventListener('click', async () => {
    const text = $('#author-entry').value;
    try { await navigator.clipboard.writeText(text); } catch { $('#author-entry').select(); }
  });
}

async function loadFolder() {
  authorError('');
  try {
    const folder = await invoke('author_open', { dir: $('#author-dir').value.trim() });
    state.author.folder = folder;
    $('#author-attestation').value = folder.attestation ?? '';
    const box = $('#author-folder');
    box.replaceChildren(kv([
      ['Pack', folder.pack_id, 'mono'],
      ['Signer', folder.signer, 'mono'],
      ['Cascade run by', folder.cascade_runner, 'mono'],
      ['Signing key id', folder.signature_key_id, 'mono'],
      ['Subprocessors', folder.subprocessors.join(', ')],
      ['Members', folder.members.join(', '), 'mono'],
    ], 'author-dir-label'));
  } catch (err) {
    state.author.folder = null;
    authorError(describe(err));
  }
}

function renderPresign(p) {
  state.author.presign = p;
  $('#author-result').hidden = false;
  const v = $('#author-verdict');
  v.setAttribute('data-verdict', p.verdict);
  $('.icon', v).textContent = p.words.icon;
  $('.word', v).textContent = p.would_sign ? `would verify as ${p.verdict}: ready to sign` : `would verify as ${p.verdict}: refused`;
  $('.meaning', v).textContent = p.words.meaning;
  // The refusal's words are the author crate's, as `proofpack pack` prints them.
  const refusal = $('#author-refusal');
  refusal.textContent = p.refusal ? `${capital(p.refusal.summary)}: ${p.refusal.reason}.` : '';
  refusal.hidden = !p.refusal;
  const ks = $('#author-key-status');
  ks.replaceChildren();
  if (p.signing_key.state === 'missing') {
    ks.append(el('pre', { class: 'mono', 'data-testid': 'author-missing-entry', text: JSON.stringify(p.signing_key.entry, null, 2) }));
  }
  if (p.refusal) {
    ks.append(el('pre', { class: 'what-to-do', 'data-testid': 'author-what-to-do', 'data-refusal': p.refusal.kind, text: p.refusal.what_to_do.join('\n') }));
  }
  const list = $('#author-findings');
  list.replaceChildren(el('h3', { text: `Findings (${p.findings.length})` }));
  if (!p.findings.length) list.append(el('p', { text: 'None.' }));
  for (const f of p.findings) list.append(findingCard(f, f.remedy));
  $('#author-sign').disabled = !p.would_sign;
  announce(v, p.verdict);
}

async function checkAuthor() {
  authorError('');
  $('#author-status').textContent = '';
  try {
    if (!state.author.folder) await loadFolder();
    const p = await invoke('author_check', { request: authorRequest() });
    renderPresign(p);
    const entry = await invoke('author_trust_entry', { dir: $('#author-dir').value.trim(), key: $('#author-key').value.trim() });
    $('#author-entry').value = entry;
  } catch (err) {
    $('#author-result').hidden = true;
    authorError(describe(err));
  }
}

async function signAuthor() {
  const status = $('#author-status');
  status.textContent = '';
  status.removeAttribute('data-saved');
  const out = $('#author-out').value.trim();
  if (!out) {
    status.textContent = 'Give a file to save the pack to.';
    return;
  }
  try {
    const result = await invoke('author_sign', { request: authorRequest(), out, overwrite: $('#author-overwrite').checked });
    if (result.outcome === 'signed') {
      status.textContent = `Signed and saved ${result.path} (sha256 ${result.sha256}); it verifies as ${result.verdict}.`;
      status.setAttribute('data-saved', result.path);
    } else {
      renderPresign(result);
      status.textContent = 'Refused: nothing was written.';
    }
  } catch (err) {
    status.textContent = describe(err);
  }
}

start().catch((err) => showError(describe(err)));

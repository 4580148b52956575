// ProofPack desktop UI. Renders the core's §13 report JSON and the core's
// explanations. Pack text only ever enters the DOM through textContent and
// setAttribute (never innerHTML); pictures the core draws as SVG are shown
// as <img src="data:image/svg+xml,..."> where no script can run.

import { renderArtifacts, resetArtifacts } from './artifacts.js';
import { can, connect, invoke, listen } from './backend.js';
import { t, useStrings } from './i18n.js';
import { bindRegister, openRegister, relabelRegister, renderRegisterTrust } from './register.js';

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
  trustSource: null, // where that store comes from: 'remembered', 'command-line' or 'page'
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
  // The desktop app's commands, or the browser's workers (backend.js).
  await connect();
  if (!can().paths) {
    // A browser's files are chosen, never typed: these show what was chosen.
    for (const id of ['#vcheck-file', '#vcheck-keys', '#register-path']) $(id).readOnly = true;
  }
  // The single-file page remembers no store: its button only stops using it.
  if (can().remembers === false) $('#forget-trust').dataset.i18n = 'ui-forget-page-trust';
  showLanguage(await invoke('ui_strings'));
  bindModes();
  bindVerify();
  bindAuthor();
  await bindRegister(registerUi());
  bindLanguage();
  await loadExplanations();
  const s = await invoke('startup');
  state.cliTrust = s.trust ?? null;
  renderTrustSummary();
  // The sidebar says which store a pack opened here is verified with: the
  // remembered one, or else the command line's for this session (each pack
  // in the list says which store served it).
  if (s.remembered_trust) await useTrust(s.remembered_trust, { remember: false, quiet: true });
  else if (s.trust) await useTrust(s.trust, { remember: false, quiet: true, source: 'command-line' });
  if (s.error) {
    showError(s.error);
    return;
  }
  // A pack given on the command line is verified with the --trust given
  // there, or with none; the remembered store is for packs opened here.
  for (const path of s.packs) openPack(path, s.trust ?? null);
  // `--register DIR` opens Register mode on DIR, with the command line's
  // --trust, else the store packs opened here use.
  if (s.register) {
    setMode('register');
    openRegister([s.register], { asOf: s.as_of ?? '', trust: s.trust ?? state.trust });
  }
  await listen('verify-progress', (event) => progress(event.payload));
  await listen('packs-dropped', (event) => {
    for (const path of event.payload) openPack(path, state.trust);
  });
  // A dropped file that is a signed verification (by its content, the
  // service says) is checked, not verified as a pack.
  await listen('verifications-dropped', (event) => {
    const [path] = event.payload;
    if (!path) return;
    setMode('verify');
    $('#vcheck-file').value = path;
    checkVerification();
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

const MODES = ['verify', 'author', 'register'];

function bindModes() {
  // Author mode is the desktop app's only (the browser does not sign).
  const tabs = $$('.modes [role=tab]').filter((tab) => can().author || tab.id !== 'mode-author');
  bindTablist(tabs, (tab) => setMode(tab.id.replace('mode-', '')));
}

function setMode(mode) {
  for (const m of MODES) $(`#${m}-mode`).hidden = m !== mode;
  selectTab($$('.modes [role=tab]'), $(`#mode-${mode}`));
}

/** What Register mode (register.js) uses of this page: its helpers, the
 * trust store packs opened here use, and the way into Verify mode. */
function registerUi() {
  return {
    el, dash, pager, keepingFocus, PAGE, invoke, listen, describe, alertError, announce, refocus,
    // A browser downloads the export under this name (it has no paths).
    exportName: (format) => (can().paths ? null : `register.${format}`),
    trust: () => ({ path: state.trust }),
    chooseTrust: async (report) => {
      const path = await invoke('pick_trust_store');
      if (path) await useTrust(path, { remember: true, report });
    },
    openInVerify: (path, trust) => {
      setMode('verify');
      openPack(path, trust);
    },
  };
}

// ---------------------------------------------------------------------------
// Language

async function loadExplanations() {
  state.explanations.clear();
  for (const e of await invoke('explanations')) state.explanations.set(e.code, e);
}

/** Puts the service's words in the page and the language menu. */
function showLanguage(ui) {
  useStrings(ui);
  const menu = $('#language');
  menu.replaceChildren(...ui.languages.map((l) => el('option', { value: l.tag, lang: l.tag, text: l.name })));
  menu.value = ui.language;
}

function bindLanguage() {
  $('#language').addEventListener('change', (e) => changeLanguage(e.target.value).catch((err) => showError(describe(err))));
}

/**
 * Switches the app's language (remembered by the service): the page's own
 * words, the explanations, and each open pack's report words and pictures
 * (a report the service no longer keeps keeps the words it had).
 */
async function changeLanguage(tag) {
  showLanguage(await invoke('set_language', { language: tag }));
  await loadExplanations();
  await Promise.all(state.packs.filter((p) => p.status === 'done').map(async (p) => {
    try {
      Object.assign(p.verified, await invoke('shown', { job: p.verified.job }));
    } catch {
      // Evicted from the kept reports: its words stay as they were.
    }
  }));
  renderTrustSummary();
  renderPackList();
  if (state.current !== null && state.packs[state.current]?.status === 'done') showPack(state.current);
  if (state.author.presign) await checkAuthor();
  await relabelRegister();
}

// ---------------------------------------------------------------------------
// Verify mode

function bindVerify() {
  $('#open-packs').addEventListener('click', async () => {
    // In a browser, the page's own file input (data-testid=open-pack).
    if (!can().paths) {
      $('#open-pack-input').click();
      return;
    }
    const paths = await invoke('pick_packs');
    for (const path of paths ?? []) openPack(path, state.trust);
  });
  // A browser's chosen files, as the backend's handles; the input is
  // emptied so that choosing the same file again opens it again.
  $('#open-pack-input').addEventListener('change', async (e) => {
    const handles = await invoke('open_files', { files: [...e.target.files] });
    e.target.value = '';
    for (const handle of handles) openPack(handle, state.trust);
  });
  $('#open-trust-input').addEventListener('change', async (e) => {
    const [handle] = await invoke('open_files', { files: [...e.target.files] });
    e.target.value = '';
    if (handle) await useTrust(handle, { remember: true });
  });
  $('#open-path-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const path = $('#open-path').value.trim();
    if (path) openPack(path, state.trust);
  });
  $('#choose-trust').addEventListener('click', async () => {
    if (!can().paths) {
      $('#open-trust-input').click();
      return;
    }
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
    state.trustSource = null;
    // Without a remembered store, the command line's serves again.
    if (state.cliTrust) await useTrust(state.cliTrust, { remember: false, quiet: true, source: 'command-line' });
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
  bindVerification();
  $('#export-dialog').addEventListener('click', async () => {
    const v = currentVerified();
    if (!v) return;
    const path = await invoke('pick_save_path', { suggested: 'report.html' });
    if (path) exportReport(path.endsWith('.json') ? 'json' : 'html', path, true);
  });
}

/** Makes `path` the store for packs opened here: chosen in the UI (and
 * remembered, except in the single-file page: `page`), remembered from
 * before, or the command line's (`source`). */
async function useTrust(path, { remember, quiet = false, source = can().remembers === false ? 'page' : 'remembered', report = showError }) {
  try {
    const view = remember
      ? await invoke('remember_trust_store', { path })
      : await invoke('load_trust_store', { path });
    state.trust = path;
    state.trustView = view;
    state.trustSource = source;
    renderTrustSummary();
    if (!quiet) hideError();
  } catch (err) {
    if (!quiet) report(describe(err));
  }
}

/** Says which store a pack opened next is verified with, and where it comes from. */
function renderTrustSummary() {
  renderRegisterTrust();
  // In a browser, nothing to stop using or forget until a store is chosen.
  if (!can().paths) $('#forget-trust').hidden = !state.trustView;
  const box = $('#trust-summary');
  box.replaceChildren();
  box.setAttribute('data-source', state.trustView ? state.trustSource : 'none');
  box.setAttribute('data-trust', state.trustView ? state.trust : '');
  if (!state.trustView) {
    box.append(el('p', { class: 'warn', 'data-message': 'ui-next-trust-none', text: t('ui-next-trust-none') }));
    return;
  }
  const view = state.trustView;
  const next = { 'command-line': 'ui-next-trust-command-line', page: 'ui-next-trust-page' }[state.trustSource] ?? 'ui-next-trust-remembered';
  box.append(
    el('p', { 'data-message': next, text: t(next) }),
    el('p', { class: 'mono', text: view.path }),
    el('p', { text: t('ui-trust-keys', { keys: view.keys, modified: dash(view.modified) }) }),
    el('p', { class: 'mono small', text: t('ui-trust-sha256', { sha256: view.sha256 }) }),
  );
}

function openPack(path, trust) {
  let pack = state.packs.find((p) => p.path === path && p.trust === trust);
  if (!pack) {
    pack = { path, trust, status: 'verifying' };
    state.packs.push(pack);
  }
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
  $('#progress-label').textContent = t('ui-verifying-path', { path });
  // No verdict while one is being made: the page's contract (issue 29).
  $('#verdict').removeAttribute('data-verdict');
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
  // A pack verified again is marked under way, and shown, at once.
  renderPackList();
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
    const word = p.status === 'done' ? p.verified.words.verdict : p.status === 'error' ? t('ui-badge-error') : '…';
    // Each pack says which trust store served it (or none).
    const trust = el('span', {
      class: 'pack-trust', 'data-testid': 'pack-trust', 'data-trust': p.trust ?? '',
      text: p.trust ? t('ui-pack-trust', { file: p.trust.split('/').pop() }) : t('ui-pack-no-trust'),
    });
    const button = el(
      'button',
      { type: 'button', class: 'pack', 'data-verdict': verdict, 'data-focus': `pack-${i}`, 'aria-current': i === state.current ? 'true' : null },
      el('span', { class: 'badge', 'data-verdict': verdict, text: word }),
      el('span', { class: 'pack-text' }, el('span', { class: 'name', text: p.path.split('/').pop() }), trust),
    );
    button.addEventListener('click', () => {
      state.current = i;
      renderPackList();
      showPack(i);
    });
    const close = el('button', { type: 'button', class: 'close', 'data-testid': 'close-pack', 'data-focus': `close-${i}`, 'aria-label': t('ui-close-pack', { path: p.path }), title: t('ui-close'), text: '×' });
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
      case 'read': return t('ui-error-read', err);
      case 'trust_store': return t('ui-error-trust-store', err);
      case 'cancelled': return t('ui-error-cancelled');
      case 'exists': return t('ui-error-exists', { path: err.path, replace: t('ui-replace') });
      case 'write': return t('ui-error-write', err);
      case 'internal': return t('ui-error-internal', err);
      case 'unknown_report': return t('ui-error-unknown-report');
      case 'no_trust_store': return t('ui-error-no-trust');
      case 'verifier_key': return verifierKeyWords(err);
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
  $('.word', v).textContent = t('ui-verdict-exit', { verdict: words.verdict, exit: words.exit });
  $('.meaning', v).textContent = words.meaning;
  $('.which', v).textContent = p.trust ? t('ui-which-trust', { path: p.path, trust: p.trust }) : t('ui-which-no-trust', { path: p.path });
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
  renderFindings(verified.report, verified.words);
  renderTiers(verified);
  renderSla(verified);
  renderReceipts(verified.report, verified.words);
  renderAudit(verified.report, verified.words);
  renderProvenance(verified);
  renderContents(verified.report);
  renderTrustPanel(verified);
}

/** A two-column table of (label, value, class, attributes of the value's cell), named by the element `labelledby`. */
function kv(rows, labelledby) {
  const table = el('table', { class: 'kv', 'aria-labelledby': labelledby });
  for (const [label, value, cls, attrs] of rows) {
    table.append(el('tr', {}, el('th', { scope: 'row', text: label }), el('td', { class: cls ?? null, ...attrs, text: dash(value) })));
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

function renderFindings(r, words) {
  const panel = $('#panel-findings');
  panel.replaceChildren();
  const pack = r.pack;
  panel.append(
    el('h2', { id: 'findings-pack', text: t('ui-pack-heading') }),
    kv([
      [t('ui-pack-pack'), pack.pack_id, 'mono'],
      [t('ui-pack-request'), pack.request_id, 'mono'],
      [t('ui-pack-tenant'), pack.tenant_id, 'mono'],
      [t('ui-pack-legal-basis'), pack.legal_basis],
      [t('ui-pack-cascade-runner'), pack.cascade_runner, 'mono'],
      [t('ui-pack-signed-by'), t('ui-pack-signed-by-value', { signer: dash(pack.signer), at: dash(pack.signed_at) }), 'mono'],
      [t('ui-pack-signing-key'), t('ui-pack-signing-key-value', { key_id: dash(pack.signature_key_id), fingerprint: pack.signer_key_fingerprint ?? t('ui-pack-key-not-trusted') }), 'mono'],
      [t('ui-pack-signature'), pack.signature_verified ? t('ui-pack-signature-verified') : t('ui-pack-signature-not-verified')],
      ['all_clear', t('ui-pack-all-clear-value', { claimed: dash(pack.all_clear_claimed), recomputed: pack.all_clear_recomputed })],
    ], 'findings-pack'),
  );
  panel.append(el('h2', { text: t('ui-passed', { count: r.passed.length }) }));
  const passed = el('ul', { class: 'passed' });
  // What each check established, in the renderer's words (`words.passed`).
  const established = words.passed ?? [];
  r.passed.forEach((p, i) => passed.append(el('li', {}, el('code', { text: p.code }), ` ${established[i] ?? p.message}`)));
  if (!r.passed.length) passed.append(el('li', { text: t('ui-none') }));
  panel.append(passed);

  panel.append(el('h2', { text: t('ui-findings', { count: r.findings.length }) }));
  if (!r.findings.length) panel.append(el('p', { text: t('ui-none') }));
  const areas = [];
  for (const f of r.findings) {
    const area = f.code.split('.')[0];
    if (!areas.includes(area)) areas.push(area);
  }
  for (const area of areas) {
    const group = el('section', { class: 'area', 'aria-label': area }, el('h3', { text: area }));
    // Each message in the reader's language (`words.messages`, in the report's order).
    r.findings.forEach((f, i) => {
      if (f.code.split('.')[0] === area) group.append(findingCard(f, null, words, words?.messages?.[i]));
    });
    panel.append(group);
  }
}

function findingCard(f, remedy, words, message) {
  const e = state.explanations.get(f.code) ?? {};
  return el(
    'article',
    { class: `finding effect-${f.effect}`, 'data-code': f.code, 'data-effect': f.effect },
    el('div', { class: 'head' },
      el('code', { class: 'code', text: f.code }),
      el('span', { class: `effect effect-${f.effect}`, text: words?.effects?.[f.effect] ?? f.effect }),
      el('span', { class: 'mono where', text: t('ui-finding-at', { location: f.location }) })),
    el('p', { class: 'mono message', text: message ?? f.message }),
    el('dl', {},
      el('dt', { text: t('ui-finding-meaning') }), el('dd', { text: e.meaning ?? '' }),
      el('dt', { text: t('ui-finding-why') }), el('dd', { text: e.why ?? '' }),
      el('dt', { text: t('ui-finding-ask') }), el('dd', { text: e.ask ?? '' }),
      remedy ? el('dt', { text: t('ui-finding-fix') }) : null,
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
    el('h2', { id: 'tiers-heading', text: t('ui-tiers-heading') }),
    table(
      ['ui-tiers-tier', 'ui-tiers-requested', 'ui-tiers-status', 'ui-tiers-counts', 'ui-tiers-residue', 'ui-tiers-evidence'].map((id) => t(id)),
      r.tiers.map((tier, i) => [
        tier.tier,
        tier.requested ? t('ui-yes') : t('ui-no'),
        tier.status,
        tier.before_count === null && tier.after_count === null ? '—' : `${dash(tier.before_count)} → ${dash(tier.after_count)}`,
        tier.residue,
        evidenceLines(verified.words.tier_details[i] ?? []),
      ]),
      { numeric: [4], labelledby: 'tiers-heading' },
    ),
  );
  const backups = r.tiers.flatMap((tier) => tier.evidence.backups.map((b) => [tier.tier, b]));
  panel.append(el('h2', { id: 'backups-heading', text: t('ui-backups', { count: backups.length }) }));
  if (!backups.length) {
    panel.append(el('p', { text: t('ui-backups-none') }));
    return;
  }
  const tb = el('table', { 'aria-labelledby': 'backups-heading' });
  tb.append(el('thead', {}, el('tr', {}, ...['ui-tiers-tier', 'ui-backups-backup', 'ui-backups-state', 'ui-backups-kept-until', 'ui-backups-restore'].map((h) => el('th', { scope: 'col', text: t(h) })))));
  const body = el('tbody');
  for (const [tier, b] of backups) {
    const bad = b.state === 'live' || (b.state === 'beyond_use' && b.restore_suppression === false);
    body.append(el('tr', { 'data-testid': 'backup', 'data-state': b.state },
      el('td', { text: tier }),
      el('td', { class: 'mono', text: b.location }),
      el('td', { class: bad ? 'bad' : 'ok', text: b.state.replaceAll('_', ' ') }),
      el('td', { class: 'mono', text: dash(b.retention_until) }),
      el('td', { text: b.restore_suppression === null ? '—' : b.restore_suppression ? t('ui-backups-restore-suppressed') : t('ui-backups-restore-unsuppressed') })));
  }
  tb.append(body);
  panel.append(tb);
}

function svgImage(svg, label) {
  return el('img', { class: 'drawing', alt: label, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
}

function renderSla(verified) {
  const s = verified.report.sla;
  const panel = $('#panel-sla');
  panel.replaceChildren(el('h2', { id: 'sla-heading', text: t('ui-sla-heading') }));
  if (verified.sla_svg) panel.append(svgImage(verified.sla_svg, t('ui-sla-picture')));
  const statutory = dash(s.statutory_deadline);
  panel.append(
    // The rule in the reader's words (the report's own `rule` is English).
    el('p', { class: 'rule', text: t('ui-sla-rule', { rule: dash(verified.words.rule ?? s.rule) }) }),
    kv([
      [t('ui-sla-received'), s.received_at, 'mono'],
      [t('ui-sla-base'), s.base_deadline, 'mono'],
      [t('ui-sla-max'), s.max_deadline, 'mono'],
      [t('ui-sla-statutory'), s.extension_applied ? t('ui-sla-extended', { deadline: statutory }) : statutory, 'mono'],
      [t('ui-sla-declared'), s.declared_deadline, 'mono'],
      [t('ui-sla-effective'), s.effective_deadline, 'mono'],
      [t('ui-sla-completed'), s.completed_at, 'mono'],
      [t('ui-sla-margin'), verified.words.margin],
      // §21: the witnessed time beside the claimed completion, with its k.
      [t('ui-sla-witnessed'), verified.words.witnessed, 'mono', { 'data-testid': 'sla-witnessed', 'data-witnessed-at': s.witnessed_at ?? '', 'data-k': s.witness_k }],
    ], 'sla-heading'),
  );
  const state = verified.words.witnessed_state;
  panel.append(el('p', { class: 'witnessed-meaning', 'data-testid': 'sla-witnessed-meaning', 'data-state': state, text: t(WITNESSED_MEANING[state] ?? WITNESSED_MEANING.none) }));
}

/** §21: what each witnessed state means (the renderer says which it is, `words.witnessed_state`). */
const WITNESSED_MEANING = {
  before_deadline: 'ui-sla-witnessed-before',
  after_deadline: 'ui-sla-witnessed-after',
  no_deadline: 'ui-sla-witnessed-no-deadline',
  none: 'ui-sla-witnessed-none',
};

const PAGE = 100;

function pager(page, total, onPage) {
  const pages = Math.max(1, Math.ceil(total / PAGE));
  const nav = el('nav', { class: 'pager', 'aria-label': t('ui-pages') });
  const prev = el('button', { type: 'button', 'data-focus': 'page-previous', text: t('ui-previous'), disabled: page <= 0 });
  const next = el('button', { type: 'button', 'data-focus': 'page-next', text: t('ui-next'), disabled: page >= pages - 1 });
  prev.addEventListener('click', () => onPage(page - 1));
  next.addEventListener('click', () => onPage(page + 1));
  nav.append(prev, el('span', { text: ` ${t('ui-page', { page: page + 1, pages, total })} ` }), next);
  return nav;
}

/** §16: each receipt attestation state's style (its words are the renderer's, `words.attestation`). */
const ATTESTATION_STYLE = { verified: 'ok', invalid: 'bad', mismatch: 'bad' };

function renderReceipts(r, words) {
  const panel = $('#panel-receipts');
  const opt = state.receipts;
  const statuses = [...new Set(r.receipts.map((x) => x.status ?? ''))].sort();
  const channels = [...new Set(r.receipts.map((x) => x.channel ?? ''))].sort();
  const select = (label, all, id, values, current) => {
    const s = el('select', { id, 'aria-label': t(label) });
    s.append(el('option', { value: '', text: t(all) }));
    for (const v of values) s.append(el('option', { value: v, text: v || t('ui-receipts-no-value'), selected: v === current }));
    return s;
  };
  const statusSel = select('ui-receipts-statuses', 'ui-receipts-all-statuses', 'receipt-status', statuses, opt.status);
  const channelSel = select('ui-receipts-channels', 'ui-receipts-all-channels', 'receipt-channel', channels, opt.channel);
  statusSel.addEventListener('change', () => { opt.status = statusSel.value; opt.page = 0; renderReceipts(r, words); });
  channelSel.addEventListener('change', () => { opt.channel = channelSel.value; opt.page = 0; renderReceipts(r, words); });
  let rows = r.receipts.filter((x) => (!opt.status || (x.status ?? '') === opt.status) && (!opt.channel || (x.channel ?? '') === opt.channel));
  const key = opt.sort;
  rows = rows.slice().sort((a, b) => {
    const va = a[key] ?? '';
    const vb = b[key] ?? '';
    return (va < vb ? -1 : va > vb ? 1 : 0) * opt.dir;
  });
  const columns = [['line', 'ui-receipts-line'], ['subprocessor', 'ui-receipts-subprocessor'], ['channel', 'ui-receipts-channel'], ['status', 'ui-receipts-status'], ['status_at', 'ui-receipts-when'], ['ticket_id', 'ui-receipts-ticket'], ['subprocessor_erased', 'ui-receipts-erased'], ['attestation', 'ui-receipts-signature']];
  const tb = el('table', { class: 'receipts', 'aria-labelledby': 'receipts-heading' });
  const head = el('tr');
  for (const [k, label] of columns) {
    const sorted = opt.sort === k ? (opt.dir > 0 ? 'ascending' : 'descending') : 'none';
    const b = el('button', { type: 'button', class: 'sort', 'data-focus': `sort-${k}`, text: t(label) });
    b.addEventListener('click', () => { opt.dir = opt.sort === k ? -opt.dir : 1; opt.sort = k; renderReceipts(r, words); });
    head.append(el('th', { scope: 'col', 'aria-sort': sorted }, b));
  }
  tb.append(el('thead', {}, head));
  const body = el('tbody');
  for (const x of rows.slice(opt.page * PAGE, (opt.page + 1) * PAGE)) {
    const when = x.status === 'pending' && x.status_at ? t('ui-receipts-due', { at: x.status_at }) : x.status_at;
    body.append(el('tr', { 'data-status': x.status ?? '' },
      el('td', { class: 'num', text: x.line }),
      el('td', { class: 'mono', text: x.subprocessor }),
      el('td', { text: dash(x.channel) }),
      el('td', { text: dash(x.status) }),
      el('td', { class: 'mono', text: dash(when) }),
      el('td', { class: 'mono', text: dash(x.ticket_id) }),
      el('td', { class: x.subprocessor_erased ? 'ok' : 'bad', text: x.subprocessor_erased ? t('ui-receipts-was-erased') : t('ui-receipts-not-erased') }),
      el('td', {}, el('span', {
        class: ATTESTATION_STYLE[x.attestation] ?? '',
        'data-testid': 'receipt-attestation',
        'data-state': x.attestation,
        text: words.attestation[x.attestation] ?? x.attestation,
      }))));
  }
  tb.append(body);
  // Sorting, filtering and paging draw the panel again: the control used keeps the focus.
  keepingFocus(panel, () => panel.replaceChildren(
    el('h2', { id: 'receipts-heading', text: t('ui-receipts-heading', { count: r.receipts.length }) }),
    el('div', { class: 'filters' }, statusSel, channelSel),
    tb,
    pager(opt.page, rows.length, (page) => { opt.page = page; renderReceipts(r, words); }),
  ));
}

function renderAudit(r, words) {
  const a = r.audit;
  $('#panel-audit').replaceChildren(
    el('h2', { id: 'audit-heading', text: t('ui-audit-heading') }),
    kv([
      [t('ui-audit-origin'), a.log_origin, 'mono'],
      [t('ui-audit-tree-size'), `${dash(a.tree_size_before)} → ${dash(a.tree_size_after)}`],
      [t('ui-audit-checkpoints'), a.checkpoints_verified ? t('ui-audit-checkpoints-verified') : t('ui-audit-not-verified')],
      [t('ui-audit-consistency'), a.consistency_verified ? t('ui-audit-proved') : t('ui-audit-not-proved')],
      [t('ui-audit-entries-proved'), t('ui-audit-entries-proved-value', { proved: a.entries_proved, entries: a.entries })],
      [t('ui-audit-disclosures'), a.disclosures],
      [t('ui-audit-pii'), a.pii_disclosed],
      [t('ui-audit-redactions'), a.redactions],
    ], 'audit-heading'),
  );
  renderWitnesses(a, r.seal, words);
}

function renderWitnesses(a, seal, words) {
  const panel = $('#panel-audit');
  const met = a.witnesses_counted >= a.witness_quorum;
  panel.append(
    el('h2', { id: 'witnesses-heading', text: t('ui-witnesses-heading') }),
    el('p', {
      'data-testid': 'witness-quorum',
      'data-met': String(met),
      class: met ? 'ok' : 'bad',
      text: t('ui-witnesses-quorum', { counted: a.witnesses_counted, quorum: a.witness_quorum, met: met ? t('ui-witnesses-met') : t('ui-witnesses-not-met') }),
    }),
  );
  // The seal's checkpoint (§22) is a checkpoint of the same log: its cosignatures join the table.
  const rows = [...a.cosignatures, ...(seal?.cosignatures ?? [])];
  if (!rows.length) {
    panel.append(el('p', { text: t('ui-witnesses-none') }));
    return;
  }
  panel.append(cosignatureTable(rows, words, { labelledby: 'witnesses-heading', testid: 'cosignature', checkpoint: true }));
}

/** Each checkpoint's words in the witnesses table. */
const CHECKPOINT_WORDS = { checkpoint_before: 'ui-witnesses-before', checkpoint_after: 'ui-witnesses-after', seal: 'ui-witnesses-seal' };

/** A table of witness cosignatures (§15, §22): who, when, and whether it counts and why not. */
function cosignatureTable(rows, words, { labelledby, testid, checkpoint }) {
  const headers = ['ui-witnesses-witness', 'ui-witnesses-operator', 'ui-witnesses-at', 'ui-witnesses-counts'];
  if (checkpoint) headers.unshift('ui-witnesses-checkpoint');
  const tb = el('table', { 'aria-labelledby': labelledby });
  tb.append(el('thead', {}, el('tr', {}, ...headers.map((h) => el('th', { scope: 'col', text: t(h) })))));
  const body = el('tbody');
  for (const c of rows) {
    body.append(el('tr', { 'data-testid': testid, 'data-checkpoint': c.checkpoint, 'data-witness': c.witness, 'data-counted': String(c.counted), 'data-not-counted': c.not_counted ?? '' },
      checkpoint ? el('td', { class: 'mono', text: t(CHECKPOINT_WORDS[c.checkpoint] ?? 'ui-witnesses-before') }) : null,
      el('td', { class: 'mono', text: c.witness }),
      el('td', { class: 'mono', text: c.owner }),
      el('td', { class: 'mono', text: dash(c.time) }),
      el('td', { class: c.counted ? 'ok' : 'bad', text: c.counted ? t('ui-witnesses-counted') : t('ui-witnesses-not-counted', { why: words.not_counted[c.not_counted] ?? c.not_counted }) })));
  }
  tb.append(body);
  return tb;
}

function renderProvenance(verified) {
  const p = verified.report.provenance;
  const panel = $('#panel-provenance');
  panel.replaceChildren(el('h2', { id: 'provenance-heading', text: t('ui-provenance-heading') }));
  if (!p.present) {
    panel.append(el('p', { text: t('ui-provenance-none') }));
    return;
  }
  if (verified.provenance_svg) panel.append(svgImage(verified.provenance_svg, t('ui-provenance-picture')));
  if (p.view && p.view.omitted) panel.append(el('p', { class: 'hint', text: t('ui-provenance-omitted', { omitted: p.view.omitted }) }));
  panel.append(kv([
    [t('ui-provenance-version'), p.graph_version, 'mono'],
    [t('ui-provenance-reverse-index'), p.reverse_index],
    [t('ui-provenance-scopes'), p.scopes],
    [t('ui-provenance-tombstones'), p.tombstones],
    [t('ui-provenance-artifacts'), t('ui-provenance-artifacts-value', { artifacts: p.artifacts, reachable: p.reachable, live: p.live, expiring: p.expiring })],
    [t('ui-provenance-obligations'), p.obligations],
  ], 'provenance-heading'));
  const artifacts = el('div', { 'data-testid': 'provenance-artifacts' });
  panel.append(artifacts);
  renderArtifacts(artifacts, p, { el, dash, pager, keepingFocus, PAGE });
}

function renderContents(r) {
  const panel = $('#panel-contents');
  const page = state.members.page;
  const rows = r.members.slice(page * PAGE, (page + 1) * PAGE).map((m) => [m.path, m.size, m.sha256, m.listing.replaceAll('_', ' ')]);
  const attestation = el('pre', { class: 'attestation', 'data-testid': 'attestation', text: r.pack.attestation ?? t('ui-attestation-absent') });
  keepingFocus(panel, () => panel.replaceChildren(
    el('h2', { id: 'members-heading', text: t('ui-members', { count: r.members.length }) }),
    table(['ui-members-path', 'ui-members-size', 'ui-members-sha256', 'ui-members-listing'].map((id) => t(id)), rows, { numeric: [1], labelledby: 'members-heading' }),
    pager(page, r.members.length, (next) => { state.members.page = next; renderContents(r); }),
    el('h2', { text: t('ui-attestation') }),
    attestation,
  ));
}

function renderTrustPanel(verified) {
  const panel = $('#panel-trust');
  panel.replaceChildren(el('h2', { id: 'trust-heading', text: t('ui-trust-heading') }));
  const store = verified.trust;
  if (!store) {
    panel.append(el('p', { text: t('ui-trust-none') }));
  } else {
    renderTrustStore(panel, store);
  }
  renderSeal(panel, verified.report, verified.words);
}

function renderTrustStore(panel, store) {
  panel.append(
    kv([
      [t('ui-trust-path-label'), store.path, 'mono'],
      [t('ui-trust-sha256-label'), store.sha256, 'mono'],
      [t('ui-trust-keys-label'), store.keys],
      [t('ui-trust-modified'), store.modified, 'mono'],
      [t('ui-trust-quorum'), t('ui-trust-quorum-value', { quorum: store.policy.witness_quorum })],
      [t('ui-trust-signed-receipts'), store.policy.signed_receipts ? t('ui-trust-signed-receipts-required') : t('ui-trust-signed-receipts-not-required')],
      [t('ui-trust-witnessed-deadline'), store.policy.witnessed_deadline ? t('ui-trust-witnessed-deadline-required') : t('ui-trust-witnessed-deadline-not-required'), null,
        { 'data-testid': 'policy-witnessed-deadline', 'data-required': String(store.policy.witnessed_deadline) }],
      [t('ui-trust-sealed-signature'), store.policy.sealed_signature ? t('ui-trust-sealed-signature-required') : t('ui-trust-sealed-signature-not-required'), null,
        { 'data-testid': 'policy-sealed-signature', 'data-required': String(store.policy.sealed_signature) }],
    ], 'trust-heading'),
    table(
      ['ui-trust-key-id', 'ui-trust-owner', 'ui-trust-roles', 'ui-trust-valid-from', 'ui-trust-valid-to', 'ui-trust-revoked', 'ui-trust-fingerprint'].map((id) => t(id)),
      store.key_views.map((k) => [k.key_id, k.owner, k.roles.join(', '), k.not_before ?? t('ui-trust-unbounded'), k.not_after ?? t('ui-trust-unbounded'), k.revoked_at ?? t('ui-no'), k.fingerprint]),
      { labelledby: 'trust-heading' },
    ),
  );
}

/** §22: the seal of the pack's signature, when it has one, and its witnesses' cosignatures. */
function renderSeal(panel, r, words) {
  const seal = r.seal;
  const box = el('section', { class: 'seal', 'data-testid': 'seal', 'data-sealed': String(Boolean(seal)), 'aria-labelledby': 'seal-heading' },
    el('h2', { id: 'seal-heading', text: t('ui-seal-heading') }));
  panel.append(box);
  if (!seal) {
    box.append(el('p', { 'data-testid': 'seal-none', text: t('ui-seal-none') }));
    return;
  }
  box.append(kv([
    [t('ui-seal-holds'), seal.holds ? t('ui-seal-holds-yes') : t('ui-seal-holds-no'), seal.holds ? 'ok' : 'bad', { 'data-testid': 'seal-holds', 'data-holds': String(seal.holds) }],
    [t('ui-seal-sealed-time'), seal.sealed_time ?? (seal.holds ? t('ui-seal-sealed-time-too-few', { k: r.sla.witness_k }) : t('ui-seal-sealed-time-not-held')), seal.sealed_time ? 'mono' : 'warn', { 'data-testid': 'seal-sealed-time', 'data-sealed-time': seal.sealed_time ?? '' }],
    [t('ui-seal-checkpoint'), seal.checkpoint_size, null, { 'data-testid': 'seal-checkpoint-size' }],
    [t('ui-seal-entry'), seal.entry_index, null, { 'data-testid': 'seal-entry-index' }],
  ], 'seal-heading'));
  if (seal.sealed_time) box.append(el('p', { class: 'hint', text: t('ui-seal-meaning') }));
  box.append(el('h3', { id: 'seal-witnesses-heading', text: t('ui-seal-witnesses-heading') }));
  if (!seal.cosignatures.length) {
    box.append(el('p', { text: t('ui-seal-witnesses-none') }));
    return;
  }
  box.append(cosignatureTable(seal.cosignatures, words, { labelledby: 'seal-witnesses-heading', testid: 'seal-cosignature', checkpoint: false }));
}

async function exportReport(format, given, overwrite = $('#export-overwrite').checked) {
  const v = currentVerified();
  const status = $('#export-status');
  // A browser downloads: the pack's name, as the report of it.
  const path = can().paths ? given : v && `${state.packs[state.current].path.replace(/\.tar\.gz$/, '')}-report.${format}`;
  if (!v || !path) {
    status.textContent = t('ui-export-no-path');
    return;
  }
  try {
    const written = await invoke('export_report', { job: v.job, format, path, overwrite });
    status.textContent = t('ui-export-saved', { format: format.toUpperCase(), path: written });
    status.setAttribute('data-saved', written);
  } catch (err) {
    status.textContent = describe(err);
    status.removeAttribute('data-saved');
  }
}

// ---------------------------------------------------------------------------
// Signed verifications (§20)

function verifierKeyWords(err) {
  switch (err.reason) {
    case 'key_not_in_store': return t('ui-error-verifier-not-in-store');
    case 'role_missing': return t('ui-error-verifier-role-missing');
    case 'ambiguous': return t('ui-error-verifier-ambiguous');
    case 'key_not_valid': return t('ui-error-verifier-not-valid');
    default: return t('ui-error-verifier-no-time');
  }
}

function bindVerification() {
  const pick = (id, cmd, target, args) => $(id).addEventListener('click', async () => {
    const path = await invoke(cmd, args);
    if (path) $(target).value = path;
  });
  pick('#vsign-key-pick', 'pick_key_file', '#vsign-key');
  pick('#vsign-keys-pick', 'pick_trust_store', '#vsign-keys');
  pick('#vsign-out-pick', 'pick_save_path', '#vsign-out', { suggested: 'verification.json' });
  pick('#vcheck-file-pick', 'pick_trust_store', '#vcheck-file');
  pick('#vcheck-keys-pick', 'pick_trust_store', '#vcheck-keys');
  // Enter in a field must not submit a form (and reload the page).
  for (const form of ['#vsign', '#vcheck']) $(form).addEventListener('submit', (e) => e.preventDefault());
  $('#vsign-sign').addEventListener('click', signVerification);
  $('#vcheck-check').addEventListener('click', checkVerification);
}

/** Signs the report shown (not verified again) and saves it. */
async function signVerification() {
  const v = currentVerified();
  const status = $('#vsign-status');
  status.removeAttribute('data-saved');
  const [key, keys, out] = ['#vsign-key', '#vsign-keys', '#vsign-out'].map((id) => $(id).value.trim());
  if (!v || !key || !keys || !out) {
    status.textContent = t('ui-vsign-missing');
    return;
  }
  try {
    const signed = await invoke('sign_verification', { job: v.job, key, keys, out, overwrite: $('#vsign-overwrite').checked });
    status.textContent = t('ui-vsign-saved', { path: signed.path, verdict: signed.verdict, owner: signed.owner, key_id: signed.key_id });
    status.setAttribute('data-saved', signed.path);
    // What was just written is what one checks next.
    if (!$('#vcheck-file').value.trim()) $('#vcheck-file').value = signed.path;
    if (!$('#vcheck-keys').value.trim()) $('#vcheck-keys').value = keys;
  } catch (err) {
    status.textContent = describe(err);
  }
}

/** Checks a signed verification, with the pack shown when asked. */
async function checkVerification() {
  const box = $('#verification-check');
  const error = $('#vcheck-error');
  error.hidden = true;
  const [file, keys] = ['#vcheck-file', '#vcheck-keys'].map((id) => $(id).value.trim());
  if (!file || !keys) {
    box.hidden = true;
    error.textContent = t('ui-vcheck-missing');
    error.hidden = false;
    alertError(error.textContent);
    return;
  }
  const shown = currentVerified();
  const pack = $('#vcheck-compare').checked && shown ? state.packs[state.current].path : null;
  try {
    const c = await invoke('check_verification', { file, keys, pack });
    box.setAttribute('data-authentic', String(c.authentic));
    box.setAttribute('data-holds', String(c.holds));
    if (c.pack_matches === null) box.removeAttribute('data-pack-matches');
    else box.setAttribute('data-pack-matches', String(c.pack_matches));
    $('.word', box).textContent = t(c.holds ? 'ui-vcheck-holds' : 'ui-vcheck-fails', { path: c.path });
    // The render crate's words, as `proofpack verification check` prints
    // them, receipt text made inert there; here it is only ever text.
    $('.meaning', box).textContent = c.text;
    box.hidden = false;
    // Seen as well as said: the result is below the forms.
    box.scrollIntoView({ block: 'nearest' });
    say($('#announce'), $('.word', box).textContent);
  } catch (err) {
    box.hidden = true;
    error.textContent = describe(err);
    error.hidden = false;
    alertError(error.textContent);
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
      [t('ui-author-pack'), folder.pack_id, 'mono'],
      [t('ui-author-signer'), folder.signer, 'mono'],
      [t('ui-author-cascade-runner'), folder.cascade_runner, 'mono'],
      [t('ui-author-key-id'), folder.signature_key_id, 'mono'],
      [t('ui-author-subprocessors'), folder.subprocessors.join(', ')],
      [t('ui-author-members'), folder.members.join(', '), 'mono'],
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
  $('.word', v).textContent = t(p.would_sign ? 'ui-author-ready' : 'ui-author-refused', { verdict: p.words.verdict });
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
  list.replaceChildren(el('h3', { text: t('ui-findings', { count: p.findings.length }) }));
  if (!p.findings.length) list.append(el('p', { text: t('ui-none') }));
  for (const f of p.findings) list.append(findingCard(f, f.remedy, p.words));
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
    status.textContent = t('ui-author-no-out');
    return;
  }
  try {
    const result = await invoke('author_sign', { request: authorRequest(), out, overwrite: $('#author-overwrite').checked });
    if (result.outcome === 'signed') {
      status.textContent = t('ui-author-signed', { path: result.path, sha256: result.sha256, verdict: result.verdict });
      status.setAttribute('data-saved', result.path);
    } else {
      renderPresign(result);
      status.textContent = t('ui-author-refused-nothing-written');
    }
  } catch (err) {
    status.textContent = describe(err);
  }
}

start().catch((err) => showError(describe(err)));

// The Provenance panel's table of derived artefacts (issue 17): the report's
// `provenance.artifact_rows`, paged, filtered by state and by reachability
// from erased data, and sorted by any column. A module of its own so that
// app.js only calls it; the page helpers come from app.js (`ui`), so that
// pack text still enters the DOM only through its `el` (textContent and
// setAttribute, never markup). Its words are the `ui-artifacts-*` messages.

import { t } from './i18n.js';

/** Columns: the row's member, and the message of its heading. */
const COLUMNS = [
  ['line', 'ui-artifacts-line'],
  ['scope', 'ui-artifacts-scope'],
  ['key', 'ui-artifacts-key'],
  ['state', 'ui-artifacts-state'],
  ['expires_at', 'ui-artifacts-expires'],
  ['sources', 'ui-artifacts-sources'],
  ['reachable', 'ui-artifacts-reachable'],
];

/** Sorting, filters and page, kept while the same pack is shown. */
const view = { sort: 'line', dir: 1, state: '', reachable: '', page: 0 };

/** Back to the first page, as when another pack is shown. */
export function resetArtifacts() {
  view.page = 0;
}

/** The rows that pass the filters, sorted. */
function chosen(rows) {
  const reach = view.reachable === '' ? null : view.reachable === 'reachable';
  const kept = rows.filter((x) => (!view.state || x.state === view.state) && (reach === null || x.reachable === reach));
  const key = view.sort;
  return kept.sort((a, b) => {
    const va = a[key] ?? '';
    const vb = b[key] ?? '';
    return (va < vb ? -1 : va > vb ? 1 : 0) * view.dir;
  });
}

/** A filter: `values` as [value, words], with `all` (its words) first. */
function filter(ui, label, all, id, values, current, onChange) {
  const s = ui.el('select', { id, 'aria-label': label });
  s.append(ui.el('option', { value: '', text: all }));
  for (const [v, words] of values) s.append(ui.el('option', { value: v, text: words, selected: v === current }));
  s.addEventListener('change', () => onChange(s.value));
  return s;
}

/**
 * Draws the table of `p` (the report's provenance section) into `container`,
 * again on each sort, filter or page. `ui` is app.js's `{el, dash, pager,
 * keepingFocus, PAGE}`.
 */
export function renderArtifacts(container, p, ui) {
  const { el, dash } = ui;
  const all = p.artifact_rows ?? [];
  const again = () => renderArtifacts(container, p, ui);
  const refilter = (name) => (value) => { view[name] = value; view.page = 0; again(); };
  const states = [...new Set(all.map((x) => x.state))].sort().map((s) => [s, s]);
  const stateSel = filter(ui, t('ui-artifacts-filter-state'), t('ui-artifacts-all-states'),
    'artifact-state', states, view.state, refilter('state'));
  const reachSel = filter(ui, t('ui-artifacts-filter-reach'), t('ui-artifacts-all-reach'), 'artifact-reachable',
    [['reachable', t('ui-artifacts-reached')], ['unreachable', t('ui-artifacts-not-reached')]], view.reachable, refilter('reachable'));
  const rows = chosen(all);
  const table = el('table', { class: 'artifacts', 'aria-labelledby': 'artifacts-heading' });
  const head = el('tr');
  for (const [k, label] of COLUMNS) {
    const sorted = view.sort === k ? (view.dir > 0 ? 'ascending' : 'descending') : 'none';
    const b = el('button', { type: 'button', class: 'sort', 'data-focus': `artifact-sort-${k}`, text: t(label) });
    b.addEventListener('click', () => { view.dir = view.sort === k ? -view.dir : 1; view.sort = k; again(); });
    head.append(el('th', { scope: 'col', 'aria-sort': sorted }, b));
  }
  table.append(el('thead', {}, head));
  const body = el('tbody');
  for (const x of rows.slice(view.page * ui.PAGE, (view.page + 1) * ui.PAGE)) {
    const live = x.reachable && x.state === 'live';
    body.append(el('tr', { 'data-state': x.state, 'data-reachable': String(x.reachable) },
      el('td', { class: 'num', text: x.line }),
      el('td', { class: 'mono', text: x.scope }),
      el('td', { class: 'mono', text: x.key }),
      el('td', { class: live ? 'bad' : '', text: x.state }),
      el('td', { class: 'mono', text: dash(x.expires_at) }),
      el('td', { class: 'num', text: x.sources }),
      el('td', { text: t(x.reachable ? 'ui-yes' : 'ui-no') })));
  }
  table.append(body);
  // Only nodes: replaceChildren would show a null as the text "null".
  const omitted = p.artifact_rows_omitted
    ? [el('p', { class: 'hint', text: t('ui-artifacts-omitted', { omitted: p.artifact_rows_omitted, listed: all.length }) })]
    : [];
  ui.keepingFocus(container, () => container.replaceChildren(
    el('h3', { id: 'artifacts-heading', text: t('ui-artifacts-heading', { count: all.length }) }),
    el('div', { class: 'filters' }, stateSel, reachSel),
    table,
    ui.pager(view.page, rows.length, (page) => { view.page = page; again(); }),
    ...omitted,
  ));
}

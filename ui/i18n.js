// The app's own words, in the reader's language: the `ui-*` messages of the
// render crate's Fluent files, which the service gives as templates
// (`ui_strings`, `set_language`). A template's `{name}` is a value the
// script fills in, always as text; in the page, an element marked
// data-arg="name" inside a data-i18n element is kept and put where the
// sentence places it (a <code> inside a sentence, for example).

const strings = new Map();

/** Takes the service's words (`UiStrings`) and puts them in the page. */
export function useStrings(ui) {
  strings.clear();
  for (const [id, text] of Object.entries(ui.strings)) strings.set(id, text);
  document.documentElement.lang = ui.language;
  translate(document);
}

/** The message `id` with each `{name}` replaced by `args[name]`, as text. */
export function t(id, args = {}) {
  return pieces(id, args).map((p) => (p instanceof Node ? p.textContent : p)).join('');
}

/**
 * Replaces what `node` shows by the message `id`: its data-arg children
 * are kept and placed where the message puts their name.
 */
export function fill(node, id, args = {}) {
  const kept = {};
  for (const child of node.querySelectorAll(':scope > [data-arg]')) kept[child.dataset.arg] = child;
  node.replaceChildren(...pieces(id, { ...args, ...kept }).filter((p) => p !== ''));
}

/** Every data-i18n element and data-i18n-ATTRIBUTE attribute under `root`. */
export function translate(root) {
  for (const node of root.querySelectorAll('[data-i18n]')) fill(node, node.dataset.i18n);
  for (const attribute of ['aria-label', 'title']) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      node.setAttribute(attribute, t(node.getAttribute(`data-i18n-${attribute}`)));
    }
  }
}

function pieces(id, args) {
  const template = strings.get(id);
  if (template === undefined) return [`[missing message: ${id}]`];
  const out = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    out.push(template.slice(last, m.index));
    const value = Object.hasOwn(args, m[1]) ? args[m[1]] : m[0];
    out.push(value instanceof Node ? value : String(value ?? ''));
    last = m.index + m[0].length;
  }
  out.push(template.slice(last));
  return out;
}

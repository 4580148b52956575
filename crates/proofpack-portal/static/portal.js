// The auditor portal's page. The token lives in this module's memory only
// (never in storage, a cookie or the URL). Every value from the server
// reaches the DOM through textContent: none is ever parsed as HTML.
// The words are the page's language's: the server writes them into the
// page as JSON (#words), from the same message files as the reports.

const PER_PAGE = 50;
let token = null;
let page = 1;

const $ = (id) => document.getElementById(id);

const WORDS = JSON.parse($("words")?.textContent ?? "{}");
const LANG = document.documentElement.lang || "en";

// The word `id`, its {name} values filled in (the id itself if missing).
function t(id, values = {}) {
  const text = WORDS[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

function say(text) {
  $("status").textContent = text;
}

// `path` fetched with the token. A refusal, a 503 or another failure is
// thrown as what to say; `words` gives the message id of a status this
// caller says in its own words (the 503 of a register is not one pack's).
async function api(path, words = {}) {
  const answer = await fetch(path, {
    headers: { Authorization: `Bearer ${token}` },
    cache: "no-store",
    credentials: "omit",
    referrerPolicy: "no-referrer",
  });
  if (answer.status === 401) {
    token = null;
    throw new Error(t("portal-refused"));
  }
  if (answer.status === 503) {
    const seconds = answer.headers.get("Retry-After") ?? "1";
    throw new Error(t(words[503] ?? "portal-retry", { seconds }));
  }
  if (!answer.ok && words[answer.status]) {
    throw new Error(t(words[answer.status]));
  }
  if (!answer.ok) {
    throw new Error(t("portal-server-status", { status: answer.status }));
  }
  return answer;
}

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text ?? "—";
  if (className) td.className = className;
  row.appendChild(td);
  return td;
}

async function download(sha256, suffix, name) {
  try {
    const answer = await api(`/api/v1/packs/${sha256}${suffix}`);
    const url = URL.createObjectURL(await answer.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) {
    say(e.message);
  }
}

// Every row has the same three buttons: each is described by its row's pack.
function button(td, label, describedBy, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.setAttribute("aria-describedby", describedBy);
  b.addEventListener("click", action);
  td.appendChild(b);
}

async function show() {
  if (!token) return;
  say(t("portal-loading"));
  try {
    const answer = await api(`/api/v1/packs?page=${page}&per_page=${PER_PAGE}`);
    const list = await answer.json();
    const body = $("packs").querySelector("tbody");
    body.replaceChildren();
    for (const p of list.packs) {
      const row = document.createElement("tr");
      cell(row, p.tenant_id, "mono");
      cell(row, p.pack_id, "mono").id = `pack-${p.sha256}`;
      cell(row, p.request_id, "mono");
      // null until the pack is verified (the portal verifies in the background).
      const verdict = p.verdict ? t(`verdict-${p.verdict}`) : t("portal-verifying");
      cell(row, verdict, `verdict verdict-${p.verdict ?? "pending"}`);
      cell(row, p.signed_at, "mono");
      cell(row, p.file, "mono");
      cell(row, p.sha256, "mono sha");
      const actions = cell(row, "");
      const about = `pack-${p.sha256}`;
      button(actions, t("portal-download-pack"), about, () => download(p.sha256, "/proof.tar.gz", `${p.sha256}.tar.gz`));
      // The report in the page's language, whatever the browser prefers.
      const html = `/report.html?lang=${encodeURIComponent(LANG)}`;
      button(actions, t("portal-download-html"), about, () => download(p.sha256, html, `${p.sha256}.html`));
      button(actions, t("portal-download-json"), about, () => download(p.sha256, "", `${p.sha256}.json`));
      body.appendChild(row);
    }
    const pages = Math.max(1, Math.ceil(list.total / list.per_page));
    $("packs").hidden = false;
    $("pager").hidden = pages <= 1;
    $("page").textContent = t("portal-page", { page: list.page, pages });
    $("prev").disabled = list.page <= 1;
    $("next").disabled = list.page >= pages;
    say(t("portal-total", { total: list.total }));
    offerTenants(list.tenants ?? []);
  } catch (e) {
    $("packs").hidden = true;
    $("pager").hidden = true;
    if (!token) hideRegister();
    say(e.message);
  }
}

// The register (§19) of one of the token's tenants.

// The token's tenants in the register's menu, keeping the one chosen.
function offerTenants(tenants) {
  const menu = $("register-tenant");
  const chosen = menu.value;
  menu.replaceChildren();
  for (const tenant of tenants) {
    const option = document.createElement("option");
    option.value = tenant;
    option.textContent = tenant;
    menu.appendChild(option);
  }
  if (tenants.includes(chosen)) menu.value = chosen;
  $("register").hidden = tenants.length === 0;
}

function hideRegister() {
  $("register").hidden = true;
  $("register-result").hidden = true;
  $("register-requests").querySelector("tbody").replaceChildren();
  $("register-findings").querySelector("tbody").replaceChildren();
  $("register-tenant").replaceChildren();
  $("register-status").textContent = "";
}

// A child element `tag` of `parent` holding `text` as text.
function put(parent, tag, text, className) {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className) element.className = className;
  parent.appendChild(element);
  return element;
}

// A cell that heads its row.
function rowHeader(row, text, className) {
  const th = put(row, "th", text, className);
  th.scope = "row";
  return th;
}

// Texts as a list in `td` (a dash for none).
function listIn(td, texts, className) {
  if (texts.length === 0) {
    td.textContent = "—";
    return;
  }
  const ul = document.createElement("ul");
  for (const text of texts) put(ul, "li", text, className);
  td.appendChild(ul);
}

// A request's open items: kind, what, due date, and OVERDUE in words (the
// colour only repeats it).
function openItems(td, items) {
  if (items.length === 0) {
    td.textContent = t("portal-register-no-open-items");
    return;
  }
  const ul = document.createElement("ul");
  for (const item of items) {
    const li = document.createElement("li");
    li.className = item.overdue ? "open-item overdue" : "open-item";
    put(li, "span", t(`open-item-${item.kind}`));
    li.append(" ");
    put(li, "span", item.what, "mono");
    li.append(": ");
    const due = item.due == null ? t("portal-register-no-due") : t("portal-register-due", { due: item.due });
    put(li, "span", due, "due");
    if (item.overdue) {
      li.append(" ");
      put(li, "strong", t("portal-register-overdue"), "overdue-mark");
    }
    ul.appendChild(li);
  }
  td.appendChild(ul);
}

function showRegisterOf(register) {
  const files = new Map(register.packs.map((p) => [p.sha256, p.file]));
  const fileOf = (sha256) => files.get(sha256) ?? sha256;
  const requests = $("register-requests").querySelector("tbody");
  requests.replaceChildren();
  for (const r of register.requests) {
    const row = document.createElement("tr");
    rowHeader(row, r.request_id ?? t("portal-register-manifest-unread"), "mono");
    cell(row, t(`verdict-${r.status}`), `verdict verdict-${r.status}`);
    listIn(cell(row, ""), r.heads.map(fileOf), "mono");
    openItems(cell(row, ""), r.open_items);
    requests.appendChild(row);
  }
  const findings = $("register-findings").querySelector("tbody");
  findings.replaceChildren();
  for (const f of register.findings) {
    const row = document.createElement("tr");
    put(rowHeader(row, ""), "code", f.code);
    cell(row, t(`effect-${f.effect}`), `effect effect-${f.effect}`);
    cell(row, t(`meaning-${f.code}`));
    // The finding's own line (which item, which date): the verifier's
    // English, as in every report; it tells apart findings of one code.
    cell(row, f.message, "detail");
    listIn(cell(row, ""), f.packs.map(fileOf), "mono");
    findings.appendChild(row);
  }
  const empty = register.packs.length === 0;
  $("register-requests").hidden = empty;
  $("register-findings").hidden = empty || register.findings.length === 0;
  $("register-no-findings").hidden = empty || register.findings.length > 0;
  $("register-result").hidden = false;
  const counts = { packs: register.packs.length, requests: register.requests.length, as_of: register.as_of };
  $("register-status").textContent = empty
    ? t("portal-register-empty", counts)
    : t("portal-register-summary", counts);
}

async function showRegister() {
  if (!token) return;
  const query = new URLSearchParams({ tenant: $("register-tenant").value });
  const asOf = $("register-as-of").value.trim();
  if (asOf) query.set("as_of", asOf);
  $("register-result").hidden = true;
  $("register-status").textContent = t("portal-register-loading");
  try {
    const answer = await api(`/api/v1/register?${query}`, {
      400: "portal-register-bad-as-of",
      503: "portal-register-retry",
    });
    showRegisterOf(await answer.json());
  } catch (e) {
    $("register-status").textContent = e.message;
    if (!token) {
      $("register").hidden = true;
      $("packs").hidden = true;
      $("pager").hidden = true;
      say(e.message);
    }
  }
}

$("auth").addEventListener("submit", (event) => {
  event.preventDefault();
  token = $("token").value.trim();
  $("token").value = "";
  page = 1;
  show();
});
$("forget").addEventListener("click", () => {
  token = null;
  $("packs").hidden = true;
  $("pager").hidden = true;
  $("packs").querySelector("tbody").replaceChildren();
  hideRegister();
  say(t("portal-forgotten"));
});
$("register-form").addEventListener("submit", (event) => {
  event.preventDefault();
  showRegister();
});
$("prev").addEventListener("click", () => { page -= 1; show(); });
$("next").addEventListener("click", () => { page += 1; show(); });

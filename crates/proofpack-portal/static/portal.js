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

async function api(path) {
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
    throw new Error(t("portal-retry", { seconds }));
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
  } catch (e) {
    $("packs").hidden = true;
    $("pager").hidden = true;
    say(e.message);
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
  say(t("portal-forgotten"));
});
$("prev").addEventListener("click", () => { page -= 1; show(); });
$("next").addEventListener("click", () => { page += 1; show(); });

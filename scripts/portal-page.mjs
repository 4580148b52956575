// Drives the portal's page in headless Chromium over the DevTools protocol:
// types the token into the page, submits, and checks that the table fills
// (so the page's script and CSP work in a real browser), then saves a
// screenshot. Usage: node --experimental-websocket scripts/portal-page.mjs
// DEVTOOLS_PORT PAGE_URL TOKEN_FILE EXPECTED_ROWS OUT_PNG
// (run by scripts/portal-page.sh).
import { readFileSync, writeFileSync } from "node:fs";

const [port, url, tokenFile, expectedRows, out] = process.argv.slice(2);
const token = readFileSync(tokenFile, "utf8").trim();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
const ws = new WebSocket(targets.find((t) => t.type === "page").webSocketDebuggerUrl);
let lastId = 0;
const pending = new Map();
const problems = [];
ws.onmessage = (m) => {
  const msg = JSON.parse(m.data);
  if (msg.id && pending.has(msg.id)) {
    pending.get(msg.id)(msg.result);
    pending.delete(msg.id);
  } else if (msg.method === "Runtime.exceptionThrown" || msg.method === "Log.entryAdded") {
    problems.push(JSON.stringify(msg.params));
  }
};
await new Promise((r) => (ws.onopen = r));
const send = (method, params = {}) =>
  new Promise((r) => {
    const id = ++lastId;
    pending.set(id, r);
    ws.send(JSON.stringify({ id, method, params }));
  });
const evaluate = async (expression) =>
  (await send("Runtime.evaluate", { expression, returnByValue: true })).result.value;

await send("Runtime.enable");
await send("Log.enable");
await send("Page.enable");
await send("Emulation.setDeviceMetricsOverride", { width: 1400, height: 560, deviceScaleFactor: 1, mobile: false });
await send("Page.navigate", { url });
await sleep(1500);
await evaluate(`document.getElementById("token").value = ${JSON.stringify(token)};
  document.querySelector("#auth button[type=submit]").click();`);
let rows = 0;
for (let i = 0; i < 50 && rows !== Number(expectedRows); i++) {
  await sleep(200);
  rows = await evaluate(`document.querySelectorAll("#packs tbody tr").length`);
}
const field = await evaluate(`document.getElementById("token").value`);
const shot = await send("Page.captureScreenshot", { format: "png" });
writeFileSync(out, Buffer.from(shot.data, "base64"));
ws.close();
if (rows !== Number(expectedRows) || field !== "" || problems.length > 0) {
  console.error(`rows ${rows} (expected ${expectedRows}), token field ${field ? "not cleared" : "cleared"}`);
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(`${rows} rows; ${out}`);

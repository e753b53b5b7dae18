// The playground page: a variant file edited here is checked, told as a
// rulebook, played, simulated and profiled by ono99 itself, running in Pyodide
// in a Web Worker (worker.mjs, which runs ono99_playground.py). Everything it
// loads is served with the page: playground.json, written by the docs build, lists it.
//
// Text that comes from a file or from the library is put into the page with
// textContent only, never as HTML.

const here = new URL(".", import.meta.url);
const $ = (id) => document.getElementById(id);

// An element with its text (never parsed as HTML) and its class.
function el(tag, text = "", className = "") {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function setStatus(word, detail = "") {
  $("status").textContent = word;
  $("status-detail").textContent = detail;
}

// The whole number in an input, or null for an empty one that may be; an Error saying
// what is wanted otherwise.
function wholeNumber(id, what, { empty = false } = {}) {
  const text = $(id).value.trim();
  if (empty && text === "") return null;
  const number = Number(text);
  if (text === "" || !Number.isSafeInteger(number)) {
    throw new Error(`${what} must be a whole number`);
  }
  return number;
}

function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

// ------------------------------------------------------------ the Python side

class Python {
  constructor(manifest) {
    this.manifest = manifest;
    this.pending = new Map();
    this.next = 0;
    this.onRestart = () => {};
  }

  url(name) {
    const file = this.manifest.files[name] || this.manifest.wheels[name];
    const version = file ? `?v=${file.sha256.slice(0, 16)}` : "";
    return new URL(name + version, here).href;
  }

  // Load the Python side; the time it took is counted from \`since\` (the page's opening).
  start(since = 0) {
    const m = this.manifest;
    this.worker = new Worker(this.url("worker.mjs"), { type: "module" });
    const bytes = [...Object.values(m.pyodide.files), ...Object.values(m.wheels)].reduce(
      (sum, file) => sum + file.bytes,
      0,
    );
    return new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        const message = event.data;
        if (message.ready) {
          const seconds = ((performance.now() - since) / 1000).toFixed(1);
          setStatus("ready", `in ${seconds} s: ${message.ready}, ${megabytes(bytes)} loaded`);
          this.worker.onmessage = (e) => this.receive(e.data);
          resolve();
        } else if (message.failed) {
          setStatus("failed", message.failed);
          reject(new Error(message.failed));
        }
      };
      this.worker.onerror = (event) => {
        setStatus("failed", event.message || "the worker could not start");
        reject(new Error(event.message));
      };
      this.worker.postMessage({
        start: {
          runtime: new URL(m.pyodide.folder, here).href,
          wheels: Object.keys(m.wheels).map((name) => this.url(name)),
          module: this.url("ono99_playground.py"),
        },
      });
    });
  }

  // Ask the page's Python; resolves with its answer (an object).
  call(name, args, progress = null) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.busy();
      this.worker.postMessage({ id, request: JSON.stringify({ call: name, args }) });
    });
  }

  receive(message) {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if (message.progress) {
      if (waiting.progress) waiting.progress(...message.progress);
      return;
    }
    this.pending.delete(message.id);
    this.busy();
    if (message.failed) {
      waiting.reject(new Error(message.failed));
    } else {
      waiting.resolve(JSON.parse(message.answer));
    }
  }

  // The Stop buttons show once the Python side has been busy for two seconds.
  busy() {
    clearTimeout(this.timer);
    const show = (shown) => {
      for (const button of document.querySelectorAll(".ono99-pg-stop")) button.hidden = !shown;
    };
    if (this.pending.size > 0) {
      this.timer = setTimeout(() => show(true), 2000);
    } else {
      show(false);
    }
  }

  // Stop whatever runs: the worker is ended and started again.
  async restart() {
    this.worker.terminate();
    for (const waiting of this.pending.values()) {
      waiting.reject(new Error("stopped"));
    }
    this.pending.clear();
    this.busy();
    setStatus("loading", "starting again");
    await this.start(performance.now());
    this.onRestart();
  }
}

// -------------------------------------------------------------- the file

let python = null;
let manifest = null;
const chosen = new Set(); // the house rules ticked
let generation = 0; // of the file: answers about an older one are dropped
let lastLink = "";

// The house rule of the README ("Change the rules"), what a house-rule file starts as.
const EXAMPLE_RULE = 'for = ["ono99-1980", "ono99-2022"]\n\n[cards.minus_ten]\ncount = 6\n';
// What the file is: a variant, or a house rule laid over the variant chosen in #base.
let kind = "variant";
const texts = { variant: "", "house-rule": EXAMPLE_RULE }; // each kind's file, kept apart
const FILE_NAMES = { variant: "variant.toml", "house-rule": "house-rule.toml" };

function houseRules() {
  return [...chosen];
}

// What every call about the file sends: its text, what it is, what it is laid over.
function fileArgs() {
  const args = { text: $("file").value, kind };
  if (kind === "house-rule") args.over = $("base").value;
  return args;
}

function showVariantOfText() {
  const text = $("file").value;
  const same = manifest.variants.find((v) => v.text === text);
  $("variant").value = same ? same.id : "";
}

// Switch the editor to a variant or to a house rule; each keeps its own file.
function setKind(wanted) {
  if (wanted === kind) return;
  texts[kind] = $("file").value;
  kind = wanted;
  $("file").value = texts[kind];
  for (const radio of document.querySelectorAll("input[name='file-kind']")) {
    radio.checked = radio.value === kind;
  }
  const label = $("file-label");
  label.replaceChildren(
    kind === "variant" ? "The variant file, " : "The house-rule file, ",
    el("code", FILE_NAMES[kind]),
  );
  $("start-row").hidden = kind !== "variant";
  chosen.clear();
  showLines(new Map());
}

function fillBases() {
  const select = $("base");
  select.replaceChildren();
  for (const variant of manifest.variants) {
    const option = el("option", `${variant.name} (${variant.id})`);
    option.value = variant.id;
    select.append(option);
  }
  select.value = manifest.default;
}

// The file's line numbers beside it, the lines a finding names marked by its level.
function showLines(marks) {
  const count = $("file").value.split("\n").length;
  const gutter = $("file-lines");
  gutter.replaceChildren();
  for (let row = 1; row <= count; row++) {
    const level = marks.get(row);
    const line = el("span", String(row), level ? `ono99-pg-mark-${level}` : "");
    if (level) line.dataset.row = String(row);
    gutter.append(line);
  }
  gutter.scrollTop = $("file").scrollTop;
}

// Put the cursor on line number row of the file, the whole line selected.
function goToLine(row) {
  const area = $("file");
  const lines = area.value.split("\n");
  const start = lines.slice(0, row - 1).reduce((sum, line) => sum + line.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[row - 1] || "").length);
  const height = area.scrollHeight / Math.max(lines.length, 1);
  area.scrollTop = Math.max(0, (row - 3) * height);
}

function download() {
  const blob = new Blob([$("file").value], { type: "application/toml" });
  const link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = FILE_NAMES[kind];
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function fillVariants() {
  const select = $("variant");
  select.replaceChildren();
  const own = el("option", "(a file of your own)");
  own.value = "";
  select.append(own);
  for (const variant of manifest.variants) {
    const option = el("option", `${variant.name} (${variant.id})`);
    option.value = variant.id;
    select.append(option);
  }
}

// The check of a file is given this long (a page may say less: ?check-limit=MS); past
// it the page's Python is started afresh and the page says the check gave up,
// rather than check the same file again. ono99 validate on a machine has no such
// limit, and is several times quicker than the page.
const CHECK_LIMIT_MS = Number(new URLSearchParams(location.search).get("check-limit")) || 20000;
let gaveUpOn = null; // the text whose check gave up, until the file is edited

function showGaveUp() {
  const seconds = CHECK_LIMIT_MS / 1000;
  const text =
    `The check gave up after ${seconds} s, and the page's Python was started afresh: ` +
    "run ono99 validate on the file to check it without a time limit.";
  $("findings").replaceChildren(el("p", text, "ono99-pg-error ono99-pg-gave-up"));
  $("rulebook").replaceChildren();
}

async function refresh() {
  const mine = ++generation;
  const args = fileArgs();
  const text = $("file").value;
  if (kind === "variant") showVariantOfText();
  showLines(new Map());
  if (text === gaveUpOn) {
    showGaveUp();
    return;
  }
  gaveUpOn = null;
  const limit = setTimeout(() => {
    if (mine !== generation) return;
    gaveUpOn = text;
    python.restart(); // answers "stopped"; the refresh that follows says it gave up
  }, CHECK_LIMIT_MS);
  let found;
  let book;
  try {
    [found, book] = await Promise.all([
      python.call("check", args),
      python.call("rulebook", { ...args, house_rules: houseRules() }),
    ]);
  } catch (error) {
    if (gaveUpOn === text) showGaveUp();
    else if (mine === generation) showFailure($("findings"), error);
    return;
  } finally {
    clearTimeout(limit);
  }
  if (mine !== generation) return;
  showFindings(found);
  showRulebook(book);
}

function showFailure(where, error) {
  let text = `Something went wrong: ${error.message}`;
  if (error.message === "stopped") text = "Stopped: the page's Python was started afresh.";
  else if (error.message.endsWith("must be a whole number")) text = error.message;
  where.replaceChildren(el("p", text, "ono99-pg-error"));
}

function showFindings(answer) {
  const box = $("findings");
  box.replaceChildren();
  if (answer.error) {
    box.append(el("p", answer.error, "ono99-pg-error"));
    return;
  }
  const marks = new Map();
  if (answer.findings.length) {
    const list = el("ul", "", "ono99-pg-findings");
    for (const finding of answer.findings) {
      const item = el("li", finding.line, `ono99-pg-${finding.level}`);
      item.dataset.path = finding.path;
      if (finding.row) {
        // The line its key path names: marked beside the file, and a click away.
        item.dataset.row = String(finding.row);
        item.title = `line ${finding.row} of the file`;
        item.addEventListener("click", () => goToLine(finding.row));
        if (marks.get(finding.row) !== "error") marks.set(finding.row, finding.level);
      }
      list.append(item);
    }
    box.append(list);
  }
  showLines(marks);
  if (answer.summary) box.append(el("p", answer.summary, "ono99-pg-ok"));
}

function showRulebook(book) {
  const box = $("rulebook");
  box.replaceChildren();
  if (book.error) {
    box.append(el("p", "The file does not load, so it has no rulebook yet:", "ono99-pg-note"));
    box.append(el("p", book.error, "ono99-pg-error"));
    return;
  }
  box.dataset.variant = book.id;
  let list = null;
  for (const block of book.blocks) {
    if (block.kind === "item") {
      if (!list) {
        list = el("ul");
        box.append(list);
      }
      list.append(el("li", block.text));
      continue;
    }
    list = null;
    const tag = { title: "h3", heading: "h4" }[block.kind] || "p";
    box.append(el(tag, block.text));
  }
  showHouseRules(book.house_rules);
  for (const id of ["game-players", "sim-players"]) {
    const input = $(id);
    [input.min, input.max] = book.players;
    const value = Number(input.value);
    if (value < book.players[0] || value > book.players[1]) {
      input.value = Math.min(Math.max(value, book.players[0]), book.players[1]);
    }
  }
  fillStrategies(book.strategies);
}

function showHouseRules(rules) {
  const box = $("house-rules");
  box.replaceChildren(el("legend", "House rules laid over it"));
  if (!rules.length) {
    box.append(el("p", "No shipped house rule fits this file.", "ono99-pg-note"));
  }
  for (const rule of rules) {
    const label = el("label", "", "ono99-pg-rule");
    const tick = el("input");
    tick.type = "checkbox";
    tick.value = rule.id;
    tick.checked = chosen.has(rule.id);
    tick.addEventListener("change", () => {
      if (tick.checked) chosen.add(rule.id);
      else chosen.delete(rule.id);
      refresh();
    });
    label.append(tick, el("strong", ` ${rule.name}`), el("span", `: ${rule.description}`));
    box.append(label);
  }
  const fitting = new Set(rules.map((rule) => rule.id));
  for (const id of [...chosen]) {
    if (!fitting.has(id)) chosen.delete(id);
  }
}

// ----------------------------------------------------------------- a game

function gameBusy(busy) {
  $("game").dataset.busy = String(busy);
  for (const button of $("moves").querySelectorAll("button")) button.disabled = busy;
  $("new-game").disabled = busy;
}

async function newGame() {
  $("game-log").replaceChildren();
  $("game-result").textContent = "";
  gameBusy(true);
  try {
    showGame(
      await python.call("new_game", {
        ...fileArgs(),
        house_rules: houseRules(),
        players: wholeNumber("game-players", "Players"),
        opponent: $("game-opponent").value,
        seed: wholeNumber("game-seed", "The seed", { empty: true }),
      }),
    );
  } catch (error) {
    showFailure($("game-result"), error);
  } finally {
    gameBusy(false);
  }
}

async function move(index) {
  gameBusy(true);
  try {
    showGame(await python.call("move", { index }));
  } catch (error) {
    showFailure($("game-result"), error);
  } finally {
    gameBusy(false);
  }
}

// Cards laid away into the crib: the hand's cards are chosen (pressed), then
// confirmed as one move; the game says why a wrong choice is no move.
async function layAway(cards) {
  gameBusy(true);
  try {
    showGame(await python.call("lay_away", { cards }));
  } catch (error) {
    showFailure($("game-result"), error);
  } finally {
    gameBusy(false);
  }
}

function showLaying(laying, moves) {
  const chosen = new Set();
  const confirm = el("button", `Lay ${laying.count === 1 ? "it" : "them"} away`);
  confirm.type = "button";
  confirm.id = "lay-away";
  laying.cards.forEach((name, place) => {
    const card = el("button", name, "ono99-pg-card");
    card.type = "button";
    card.setAttribute("aria-pressed", "false");
    card.addEventListener("click", () => {
      if (chosen.has(place)) chosen.delete(place);
      else chosen.add(place);
      card.setAttribute("aria-pressed", String(chosen.has(place)));
    });
    moves.append(card);
  });
  confirm.addEventListener("click", () => layAway([...chosen].sort((a, b) => a - b)));
  moves.append(confirm);
}

function showGame(answer) {
  const game = $("game");
  if (answer.error) {
    $("game-result").replaceChildren(el("span", answer.error, "ono99-pg-error"));
    return;
  }
  const log = $("game-log");
  for (const line of answer.lines) {
    log.append(el("p", line.text, line.kind ? `ono99-pg-${line.kind}` : ""));
  }
  log.scrollTop = log.scrollHeight;
  game.dataset.moves = String(answer.moves);
  game.dataset.over = String(answer.over);
  $("game-status").replaceChildren(...(answer.status || []).map((line) => el("p", line)));
  $("game-hand").textContent = answer.over ? "" : `Your hand: ${answer.hand}.`;
  const moves = $("moves");
  moves.replaceChildren();
  if (answer.laying) showLaying(answer.laying, moves);
  (answer.choices || []).forEach((choice, index) => {
    const button = el("button", choice);
    button.type = "button";
    button.addEventListener("click", () => move(index));
    moves.append(button);
  });
  $("game-result").textContent = answer.over ? answer.result : "";
}

// ------------------------------------------------------------ simulations

let strategyNames = ["cautious"];

function fillStrategies(names) {
  strategyNames = names;
  const opponent = $("game-opponent");
  const before = opponent.value || "cautious";
  opponent.replaceChildren(...names.map((name) => el("option", name)));
  opponent.value = names.includes(before) ? before : names[0];
  seatStrategies();
}

function seatStrategies() {
  const box = $("sim-strategies");
  const before = [...box.querySelectorAll("select")].map((select) => select.value);
  const players = Number($("sim-players").value) || 2;
  box.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const label = el("label", `Seat ${seat} `);
    const select = el("select");
    select.append(...strategyNames.map((name) => el("option", name)));
    select.value = strategyNames.includes(before[seat]) ? before[seat] : "cautious";
    label.append(select);
    box.append(label);
  }
}

async function simulate() {
  const button = $("simulate");
  const bar = $("sim-progress");
  button.disabled = true;
  bar.hidden = false;
  bar.value = 0;
  $("sim-done").textContent = "";
  $("sim-results").replaceChildren();
  const progress = (done, total) => {
    bar.value = done / total;
    $("sim-done").textContent = `${done} of ${total} games`;
  };
  try {
    const strategies = [...$("sim-strategies").querySelectorAll("select")].map((s) => s.value);
    showSimulation(
      await python.call(
        "simulate",
        {
          ...fileArgs(),
          house_rules: houseRules(),
          players: wholeNumber("sim-players", "Players"),
          games: wholeNumber("sim-games", "Games"),
          strategies,
          seed: wholeNumber("sim-seed", "The seed", { empty: true }),
          rotate: $("sim-rotate").checked,
        },
        progress,
      ),
    );
  } catch (error) {
    showFailure($("sim-results"), error);
  } finally {
    button.disabled = false;
    bar.hidden = true;
  }
}

function rateTable(id, rows, first) {
  const table = el("table", "", "docutils ono99-pg-results");
  table.id = id;
  const head = el("tr");
  const titles = first === "seat" ? [first, "strategy"] : [first];
  for (const title of [...titles, "wins", "win rate (95% CI)", "share of games won"]) {
    head.append(el("th", title));
  }
  table.append(el("thead"));
  table.tHead.append(head);
  const body = el("tbody");
  for (const row of rows) {
    const line = el("tr");
    line.append(el("td", first === "seat" ? row.label : `${row.label} (${row.seats})`));
    if (first === "seat") line.append(el("td", row.strategy || "rotated"));
    line.append(el("td", String(row.wins), "wins"));
    line.append(el("td", row.text));
    // A bar for the share of games won; the mark is the share a fair seat would win.
    const chart = el("td");
    const track = el("div", "", "ono99-pg-bar");
    const fill = el("span", "", "ono99-pg-fill");
    fill.style.width = `${(100 * row.rate).toFixed(1)}%`;
    const fair = el("span", "", "ono99-pg-fair");
    fair.style.left = `${(100 * row.fair).toFixed(1)}%`;
    fair.title = `a fair share: ${(100 * row.fair).toFixed(1)}%`;
    track.append(fill, fair);
    chart.append(track);
    line.append(chart);
    body.append(line);
  }
  table.append(body);
  return table;
}

function showSimulation(answer) {
  const box = $("sim-results");
  box.replaceChildren();
  if (answer.error) {
    box.append(el("p", answer.error, "ono99-pg-error"));
    return;
  }
  const players = `${answer.players} player${answer.players === 1 ? "" : "s"}`;
  box.append(el("p", `${answer.games} games of ${players}, seed ${answer.seed}:`));
  box.append(rateTable("sim-table", answer.seats, "seat"));
  if (answer.strategies.length > 1) {
    box.append(rateTable("sim-strategy-table", answer.strategies, "strategy (seats)"));
  }
  const details = el("details");
  details.append(el("summary", "The report, as ono99 simulate prints it"));
  details.append(el("pre", answer.report));
  box.append(details);
}

// --------------------------------------------------------------- profile

async function profile() {
  const button = $("profile");
  const bar = $("profile-progress");
  button.disabled = true;
  bar.hidden = false;
  bar.value = 0;
  $("profile-done").textContent = "";
  $("profile-results").replaceChildren();
  const progress = (done, total) => {
    bar.value = done / total;
    $("profile-done").textContent = `${done} of ${total} games`;
  };
  try {
    showProfile(
      await python.call(
        "profile",
        {
          ...fileArgs(),
          house_rules: houseRules(),
          players: wholeNumber("profile-players", "Players"),
          games: wholeNumber("profile-games", "Games"),
          seed: wholeNumber("profile-seed", "The seed", { empty: true }),
        },
        progress,
      ),
    );
  } catch (error) {
    showFailure($("profile-results"), error);
  } finally {
    button.disabled = false;
    bar.hidden = true;
  }
}

function showProfile(answer) {
  const box = $("profile-results");
  box.replaceChildren();
  if (answer.error) {
    box.append(el("p", answer.error, "ono99-pg-error"));
    return;
  }
  box.append(
    el(
      "p",
      `${answer.games} games of ${answer.players} players (${answer.search_games} with a ` +
        `search player on each rung, ${answer.importance_games} for card importance), ` +
        `seed ${answer.seed}` +
        (answer.compared ? `, with the house rule:` : ":"),
    ),
  );
  const summary = el("table", "", "docutils ono99-pg-results");
  summary.id = "profile-summary";
  const body = el("tbody");
  for (const [name, value] of answer.summary) {
    const line = el("tr");
    line.append(el("th", name), el("td", value));
    body.append(line);
  }
  summary.append(body);
  box.append(summary);
  const details = el("details");
  details.append(el("summary", "Every figure, with its 95% interval"));
  const table = el("table", "", "docutils ono99-pg-results");
  table.id = "profile-figures";
  const head = el("tr");
  for (const title of ["figure", "value (95% interval)"]) head.append(el("th", title));
  table.append(el("thead"));
  table.tHead.append(head);
  const rows = el("tbody");
  for (const figure of answer.figures) {
    const line = el("tr");
    line.append(el("td", figure.figure), el("td", figure.text));
    rows.append(line);
  }
  table.append(rows);
  details.append(table);
  box.append(details);
  if (answer.side_by_side) showSideBySide(box, answer);
}

// A house rule's profile beside its variant's: each figure without and with it.
function showSideBySide(box, answer) {
  box.append(
    el(
      "p",
      `Side by side: ${answer.compared} without and with the house rule, on the same seed ` +
        "(* marked by Benjamini-Hochberg at a false discovery rate of 5%):",
    ),
  );
  const table = el("table", "", "docutils ono99-pg-results");
  table.id = "profile-side-by-side";
  const head = el("tr");
  for (const title of ["figure", "without", "with", "difference (95% interval)"]) {
    head.append(el("th", title));
  }
  table.append(el("thead"));
  table.tHead.append(head);
  const rows = el("tbody");
  for (const row of answer.side_by_side) {
    const line = el("tr");
    line.append(
      el("td", row.figure),
      el("td", row.base),
      el("td", row.other),
      el("td", row.difference + (row.significant ? " *" : "")),
    );
    rows.append(line);
  }
  table.append(rows);
  box.append(table);
}

// ----------------------------------------------------------------- links

function linkFragment() {
  return location.hash.startsWith("#file=") ? location.hash.slice(1) : "";
}

async function share() {
  const answer = await python.call("link", { ...fileArgs(), house_rules: houseRules() });
  const url = new URL(location.href);
  url.hash = `file=${answer.fragment}`;
  lastLink = url.hash;
  history.replaceState(null, "", url);
  const field = $("share-link");
  field.value = url.href;
  field.hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(url.href);
  } catch {
    // Copying needs the reader's leave; the link is there to copy by hand.
  }
}

async function openLink(fragment) {
  const answer = await python.call("open", { fragment });
  if (answer.error) {
    $("findings").replaceChildren(el("p", answer.error, "ono99-pg-error"));
    return false;
  }
  setKind(answer.kind);
  if (answer.kind === "house-rule") $("base").value = answer.over;
  $("file").value = answer.text;
  chosen.clear();
  for (const id of answer.house_rules) chosen.add(id);
  return true;
}

// ------------------------------------------------------------------ start

async function main() {
  if (location.protocol === "file:") {
    setStatus(
      "unavailable",
      "its Python is served with the page: serve the built docs over HTTP " +
        "(python3 -m http.server -d docs/_build/html) and open the page from there",
    );
    return;
  }
  try {
    const response = await fetch(new URL("playground.json", here), { cache: "no-cache" });
    manifest = await response.json();
  } catch (error) {
    setStatus("unavailable", `playground.json could not be read: ${error.message}`);
    return;
  }
  fillVariants();
  fillBases();
  const fragment = linkFragment();
  const first = manifest.variants.find((v) => v.id === manifest.default) || manifest.variants[0];
  if (fragment) {
    $("file").placeholder = "Opening the file the link holds…";
  } else {
    $("file").value = first.text;
  }
  showVariantOfText();
  if (!manifest.available) {
    setStatus("unavailable", manifest.reason);
    return;
  }
  setStatus("loading", "Python and ono99, once: see below for what and how long");
  python = new Python(manifest);
  try {
    await python.start();
  } catch {
    return;
  }
  python.onRestart = () => {
    $("moves").replaceChildren();
    $("game-status").replaceChildren();
    $("game-hand").textContent = "";
    if ($("game").dataset.over === "false" && $("game-log").childElementCount) {
      $("game-result").textContent = "The game was stopped with the Python: deal a new one.";
    }
    refresh();
  };
  if (fragment) {
    lastLink = location.hash;
    if (!(await openLink(fragment))) $("file").value = first.text;
  }

  let typing = null;
  $("file").addEventListener("input", () => {
    showLines(new Map());
    clearTimeout(typing);
    typing = setTimeout(refresh, 500);
  });
  $("file").addEventListener("scroll", () => {
    $("file-lines").scrollTop = $("file").scrollTop;
  });
  for (const radio of document.querySelectorAll("input[name='file-kind']")) {
    radio.addEventListener("change", () => {
      if (radio.checked) {
        setKind(radio.value);
        refresh();
      }
    });
  }
  $("base").addEventListener("change", () => {
    if (kind === "house-rule") refresh();
  });
  $("download").addEventListener("click", download);
  $("variant").addEventListener("change", () => {
    const variant = manifest.variants.find((v) => v.id === $("variant").value);
    if (!variant) return;
    $("file").value = variant.text;
    chosen.clear();
    refresh();
  });
  $("check").addEventListener("click", refresh);
  $("share").addEventListener("click", share);
  for (const button of document.querySelectorAll(".ono99-pg-stop")) {
    button.addEventListener("click", () => python.restart());
  }
  $("new-game").addEventListener("click", newGame);
  $("simulate").addEventListener("click", simulate);
  $("profile").addEventListener("click", profile);
  $("sim-players").addEventListener("change", seatStrategies);
  window.addEventListener("hashchange", async () => {
    const fresh = linkFragment();
    if (fresh && location.hash !== lastLink) {
      lastLink = location.hash;
      if (await openLink(fresh)) refresh();
    }
  });
  for (const id of ["check", "share", "download", "new-game", "simulate", "profile"]) {
    $(id).disabled = false;
  }
  seatStrategies();
  await refresh();
}

main();

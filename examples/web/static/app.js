// The page of rummy500's web example: plain JavaScript, no framework, no build step.
//
// The server holds the match. This page holds the seat's token (in sessionStorage), draws the
// table from the seat's view (the JSON of GET /api/tables/{id}), and sends moves as notation.
// Clicks build the text: selected hand cards + "Meld" -> "meld ...", + a table meld ->
// "layoff ID ...", + "Discard" -> "discard X"; a pile card at depth N -> one of the moves that
// take N cards (GET .../moves?depth=N), with a choice when there are several.
"use strict";

const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RANKS = { T: "10" };
const CORE_VERBS = new Set(["draw", "take", "meld", "layoff", "discard", "rummy"]);
const REASONS = { went_out: "went out", stock_exhausted: "the stock ran out" };

let table = null; // {id, token}
let state = null; // the seat's state, as the server sent it
let selected = new Set(); // indices of the selected cards of the hand
let version = 0;
let serverOptions = { seed: false };

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---------------------------------------------------------------------------
// Talking to the server

class ApiFailure extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// asText: the body as the server wrote it (a record's 64-bit seeds do not survive JSON.parse).
async function api(method, path, body, asText) {
  const headers = {};
  if (table) headers.Authorization = `Bearer ${table.token}`;
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  document.body.dataset.busy = "1";
  try {
    const response = await fetch(path, init);
    if (asText && response.ok) return await response.text();
    const data = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) throw new ApiFailure(response.status, data);
    return data;
  } finally {
    document.body.dataset.busy = "0";
  }
}

function tablePath(suffix) {
  return `/api/tables/${encodeURIComponent(table.id)}${suffix || ""}`;
}

function failed(error) {
  if (!(error instanceof ApiFailure)) {
    showError({ message: `The server cannot be reached (${error.message}).` });
    return;
  }
  if (error.status === 404 || error.status === 401 || error.status === 403) {
    if (error.body.error === "unknown_table" || error.body.error === "wrong_token") {
      forgetTable();
      showError({ message: `${error.body.message}. Start a new match.` });
      return;
    }
  }
  showError(error.body);
}

async function play(text) {
  clearError();
  try {
    const data = await api("POST", tablePath("/moves"), { move: text });
    selected = new Set();
    received(data);
  } catch (error) {
    failed(error);
  }
}

async function decline() {
  clearError();
  try {
    received(await api("POST", tablePath("/decline")));
  } catch (error) {
    failed(error);
  }
}

function received(data) {
  state = data.state;
  render();
  const events = data.events || [];
  const ended = events.filter((event) => event.type === "hand_ended");
  if (ended.length) showHandOver(ended[ended.length - 1], events.find((e) => e.type === "match_won"));
}

// ---------------------------------------------------------------------------
// Starting and resuming

async function loadOptions() {
  const options = await api("GET", "/api/options");
  serverOptions = options;
  const presets = $("preset");
  for (const preset of options.presets) {
    const option = el("option", "", preset.name);
    option.value = preset.name;
    option.dataset.min = preset.min_players;
    option.dataset.max = preset.max_players;
    option.dataset.target = preset.target_score;
    presets.append(option);
  }
  for (const kind of options.bot_kinds) {
    const option = el("option", "", kind);
    option.value = kind;
    $("bot-kind").append(option);
  }
  presetChanged();
}

function presetChanged() {
  const option = $("preset").selectedOptions[0];
  if (!option) return;
  $("target").value = option.dataset.target;
  const min = Number(option.dataset.min) - 1;
  const max = Number(option.dataset.max) - 1;
  for (const choice of $("bots").options) choice.disabled = Number(choice.value) < min || Number(choice.value) > max;
  if ($("bots").selectedOptions[0].disabled) $("bots").value = String(Math.max(min, 1));
}

async function startMatch(event) {
  event.preventDefault();
  clearError();
  hideOverlays();
  const body = {
    preset: $("preset").value,
    bots: Number($("bots").value),
    bot: $("bot-kind").value,
    target_score: Number($("target").value),
  };
  // Only a server started for tests (allow_seed) accepts a seed: whoever picks it knows every card.
  const seed = new URLSearchParams(window.location.search).get("seed");
  if (seed !== null && serverOptions.seed) body.seed = Number(seed);
  const previous = table;
  table = null;
  try {
    const data = await api("POST", "/api/tables", body);
    if (previous) leave(previous);
    table = { id: data.table, token: data.token };
    sessionStorage.setItem("rummy500-table", JSON.stringify(table));
    selected = new Set();
    state = data.state;
    render();
  } catch (error) {
    table = previous;
    failed(error);
  }
}

function leave(old) {
  // Free the old table's place on the server; nothing to do if that fails.
  fetch(`/api/tables/${encodeURIComponent(old.id)}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${old.token}` },
  }).catch(() => {});
}

function forgetTable() {
  table = null;
  state = null;
  sessionStorage.removeItem("rummy500-table");
  $("main").hidden = true;
  $("welcome").hidden = false;
}

async function resume() {
  const saved = sessionStorage.getItem("rummy500-table");
  if (!saved) return;
  try {
    table = JSON.parse(saved);
    state = await api("GET", tablePath());
    render();
  } catch (error) {
    forgetTable();
  }
}

async function downloadRecord() {
  clearError();
  try {
    const record = await api("GET", tablePath("/record"), undefined, true);
    const blob = new Blob([record], { type: "application/json" });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = `rummy500-match-${table.id}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (error) {
    failed(error);
  }
}

// ---------------------------------------------------------------------------
// Moves from clicks

function legal() {
  return state && state.view ? state.view.legal_moves : [];
}

function words(move) {
  return move.replace(/^\s*p\d+\s*:\s*/i, "").trim().split(/\s+/);
}

function cardKey(cards) {
  return cards.map((card) => (card.startsWith("JK") ? "JK" : card)).sort().join(" ");
}

function selectedCards() {
  return [...selected].sort((a, b) => a - b).map((index) => state.view.hand[index]);
}

// The legal moves `verb [meld] cards...` whose cards are exactly `cards` (jokers as declared).
function movesWith(verb, cards, meld) {
  const key = cardKey(cards);
  return legal().filter((move) => {
    let rest = words(move);
    if (rest[0] !== verb) return false;
    rest = rest.slice(1);
    if (verb === "layoff") {
      if (rest[0] !== String(meld)) return false;
      rest = rest.slice(1);
    }
    return cardKey(rest.filter((word) => word !== "double")) === key;
  });
}

function playOneOf(moves, fallback, title) {
  if (moves.length === 1) return play(moves[0]);
  if (moves.length > 1) return choose(title, moves);
  return play(fallback); // not legal: the server says why, with the rule
}

function meldSelected() {
  const cards = selectedCards();
  if (!cards.length) return showError({ message: "Select the cards to meld first." });
  playOneOf(movesWith("meld", cards), `meld ${cards.join(" ")}`, "Meld these cards how?");
}

function layOffOn(meld) {
  const cards = selectedCards();
  if (!cards.length) return showError({ message: "Select the cards to lay off on this meld first." });
  playOneOf(movesWith("layoff", cards, meld), `layoff ${meld} ${cards.join(" ")}`, `Lay off on meld ${meld} how?`);
}

function discardSelected() {
  const cards = selectedCards();
  if (cards.length !== 1) return showError({ message: "Select one card to discard." });
  play(`discard ${cards[0]}`);
}

async function takeAt(depth) {
  clearError();
  if (!state.take_depths.includes(depth)) return play(`take ${depth}`); // the server says why not
  let ways;
  try {
    ways = (await api("GET", tablePath(`/moves?depth=${depth}`))).moves;
  } catch (error) {
    return failed(error);
  }
  const cards = selectedCards();
  if (cards.length) {
    const fitting = ways.filter((move) => {
      const used = words(move).map((word) => (word.startsWith("JK") ? "JK" : word));
      return cards.every((card) => used.includes(card.startsWith("JK") ? "JK" : card));
    });
    if (fitting.length) ways = fitting;
  }
  const noun = depth === 1 ? "the top card" : `the top ${depth} cards`;
  playOneOf(ways, `take ${depth}`, `Take ${noun}: choose what to meld`);
}

function callRummy() {
  const calls = legal().filter((move) => words(move)[0] === "rummy");
  playOneOf(calls, "rummy 1", "Rummy! Choose the call");
}

// ---------------------------------------------------------------------------
// Drawing the table

function cardFace(text, className) {
  const card = el("div", `card ${className || ""}`);
  card.dataset.card = text;
  let shown = text;
  let joker = false;
  if (text.startsWith("JK")) {
    joker = true;
    shown = text.includes("=") ? text.split("=")[1] : "";
    card.classList.add("joker");
  }
  if (!shown) {
    card.append(el("span", "rank", "JK"), el("span", "suit", "\u2605"));
    card.title = "Joker";
    return card;
  }
  const rank = shown[0];
  const suit = shown[1];
  if (suit === "H" || suit === "D") card.classList.add("red");
  card.append(el("span", "rank", RANKS[rank] || rank), el("span", "suit", suit ? SUITS[suit] : "\u2605"));
  if (joker) {
    card.append(el("span", "badge", "JK"));
    card.title = `Joker as ${shown}`;
  }
  return card;
}

function cardBack(className) {
  return el("div", `card back ${className || ""}`);
}

function seatName(seat) {
  if (seat === state.seat) return `You (p${seat})`;
  return `p${seat} · ${state.bots[String(seat)] || ""} bot`;
}

function render() {
  const view = state.view;
  $("welcome").hidden = true;
  $("main").hidden = false;
  renderOpponents(view);
  renderPile(view);
  renderMelds(view);
  renderHand(view);
  renderActions(view);
  renderScores();
  renderLog();
  version += 1;
  document.body.dataset.version = String(version);
}

function renderOpponents(view) {
  const box = $("opponents");
  box.replaceChildren();
  for (let seat = 0; seat < state.players; seat++) {
    if (seat === state.seat) continue;
    const panel = el("div", "opponent");
    panel.dataset.seat = seat;
    if (seat === view.to_move && !state.over) panel.classList.add("to-move");
    const title = el("div", "label", seatName(seat));
    if (state.sides.some((side) => side.length > 1 && side.includes(seat) && side.includes(state.seat))) {
      title.append(el("span", "tag", "partner"));
    }
    if (seat === view.dealer) title.append(el("span", "tag", "dealer"));
    panel.append(title);
    const backs = el("div", "backs");
    const count = view.hand_sizes[seat];
    for (let i = 0; i < Math.min(count, 13); i++) backs.append(cardBack("small"));
    panel.append(backs, el("div", "count", `${count} card${count === 1 ? "" : "s"}`));
    if (view.known[seat].length) {
      const known = el("div", "known");
      known.append(el("span", "hint", "known: "));
      for (const card of view.known[seat]) known.append(cardFace(card, "small"));
      panel.append(known);
    }
    box.append(panel);
  }
}

function renderPile(view) {
  $("stock-count").textContent = `${view.stock_size} card${view.stock_size === 1 ? "" : "s"}`;
  $("stock").classList.toggle("empty", view.stock_size === 0);
  $("stock").classList.toggle("playable", legal().some((move) => words(move)[0] === "draw"));
  const pile = $("pile");
  pile.replaceChildren();
  const size = view.discard.length;
  if (!size) pile.append(el("div", "hint", "(empty)"));
  view.discard.forEach((text, index) => {
    const depth = size - index;
    const slot = el("button", "pile-card");
    slot.type = "button";
    slot.dataset.depth = depth;
    slot.title = depth === 1 ? "Take the top card" : `Take the top ${depth} cards`;
    if (state.take_depths.includes(depth)) slot.classList.add("takeable");
    slot.append(el("span", "depth", String(depth)), cardFace(text));
    slot.addEventListener("click", () => takeAt(depth));
    pile.append(slot);
  });
}

function renderMelds(view) {
  const box = $("melds");
  box.replaceChildren();
  if (!view.melds.length) box.append(el("div", "hint", "(none yet)"));
  view.melds.forEach((meld, id) => {
    const item = el("button", "meld");
    item.type = "button";
    item.dataset.meld = id;
    item.title = `Meld ${id}: click to lay off the selected cards on it`;
    item.append(el("span", "meld-id", `#${id}`));
    const cards = el("span", "meld-cards");
    meld.cards.forEach((text, position) => {
      const slot = el("span", "slot");
      slot.append(cardFace(text, "small"), el("span", "by", `p${meld.by[position]}`));
      cards.append(slot);
    });
    item.append(cards);
    item.addEventListener("click", () => layOffOn(id));
    box.append(item);
  });
}

function renderHand(view) {
  const label = $("me-label");
  label.textContent = `${seatName(state.seat)} · ${view.hand.length} card${view.hand.length === 1 ? "" : "s"}`;
  if (state.seat === view.dealer) label.append(el("span", "tag", "dealer"));
  $("me").classList.toggle("to-move", view.to_move === state.seat && !state.over);
  const hand = $("hand");
  hand.replaceChildren();
  const taken = [...view.turn.taken];
  view.hand.forEach((text, index) => {
    const slot = el("button", "hand-card");
    slot.type = "button";
    slot.dataset.index = index;
    slot.dataset.card = text;
    if (selected.has(index)) slot.classList.add("selected");
    const where = taken.indexOf(text);
    const face = cardFace(text);
    if (where >= 0) {
      taken.splice(where, 1);
      face.classList.add("taken");
      face.title = "taken from the pile this turn";
    }
    slot.append(face);
    slot.addEventListener("click", () => {
      if (selected.has(index)) selected.delete(index);
      else selected.add(index);
      slot.classList.toggle("selected", selected.has(index));
    });
    hand.append(slot);
  });
  if (view.phase === "nominate") {
    hand.append(el("div", "hint", "Your cards stay face down until the dealer nominates what jokers do."));
  }
}

function renderActions(view) {
  const moves = legal();
  const verbs = new Set(moves.map((move) => words(move)[0]));
  const mine = view.to_move === state.seat;
  $("draw").disabled = state.over;
  $("draw").classList.toggle("playable", verbs.has("draw"));
  $("meld").disabled = state.over;
  $("discard").disabled = state.over;
  $("discard").classList.toggle("playable", verbs.has("discard"));
  $("rummy").hidden = !verbs.has("rummy");
  $("decline").hidden = !state.can_decline;
  const others = $("other-moves");
  others.replaceChildren();
  const groups = new Map();
  for (const move of moves) {
    const verb = words(move)[0];
    if (CORE_VERBS.has(verb)) continue;
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(move);
  }
  for (const [verb, group] of groups) {
    const button = el("button", "other", group.length === 1 ? words(group[0]).join(" ") : `${verb}\u2026`);
    button.type = "button";
    button.dataset.verb = verb;
    button.addEventListener("click", () => playOneOf(group, verb, `Choose: ${verb}`));
    others.append(button);
  }
  let status;
  if (state.over) {
    const result = state.result;
    const winners = result.seats.map((seat) => (seat === state.seat ? "you" : `p${seat}`)).join(" and ");
    status = `The match is over: ${winners} won.`;
  } else if (mine && view.phase === "draw") {
    status = "Your turn: draw from the stock, or click a card of the pile to take it and the cards above it.";
  } else if (mine && view.phase === "play") {
    status = "Meld or lay off (select cards, then Meld or click a meld), then select a card and Discard.";
  } else if (mine) {
    status = `Your move (${view.phase}).`;
  } else if (state.awaiting) {
    status = `p${view.to_move} is to move, but you may call \u201cRummy!\u201d first.`;
  } else {
    status = `p${view.to_move} is to move.`;
  }
  $("status").textContent = `Hand ${state.hand_number}. ${status}`;
  $("download-side").hidden = !state.over;
}

function sideName(side) {
  return state.sides[side].map((seat) => (seat === state.seat ? "you" : `p${seat}`)).join(" + ");
}

function renderScores() {
  const box = $("scores");
  box.replaceChildren();
  const head = el("tr");
  head.append(el("th", "", "Hand"));
  state.sides.forEach((_, side) => head.append(el("th", "", sideName(side))));
  box.append(head);
  for (const hand of state.history) {
    const row = el("tr");
    row.append(el("td", "", String(hand.hand)));
    state.sides.forEach((seats) => {
      const points = seats.reduce((sum, seat) => sum + hand.scores[seat], 0);
      row.append(el("td", "", String(points)));
    });
    box.append(row);
  }
  const totals = state.over ? state.result.totals : state.totals;
  const foot = el("tr", "totals");
  foot.append(el("td", "", "Total"));
  state.sides.forEach((_, side) => {
    const cell = el("td", "total", String(totals[side] ?? 0));
    cell.dataset.side = side;
    foot.append(cell);
  });
  box.append(foot);
  const target = el("tr", "target");
  const cell = el("td", "", `First to ${state.target_score} wins.`);
  cell.colSpan = state.sides.length + 1;
  target.append(cell);
  box.append(target);
}

function describe(event) {
  switch (event.type) {
    case "move":
      return event.move;
    case "hand_dealt":
      return `Hand ${event.hand} dealt by p${event.dealer}`;
    case "hand_ended": {
      const scores = event.result.scores.map((score, seat) => `p${seat} ${score}`).join(", ");
      return `Hand ${event.hand} over (${REASONS[event.result.reason] || event.result.reason}): ${scores}`;
    }
    case "match_won":
      return `Match won by ${event.seats.map((seat) => `p${seat}`).join(" + ")}`;
    default:
      return event.type;
  }
}

function renderLog() {
  const log = $("log");
  log.replaceChildren();
  for (const event of state.log.slice(-80)) {
    const item = el("li", `event ${event.type}`, describe(event));
    if (event.type === "move" && event.seat === state.seat) item.classList.add("mine");
    log.append(item);
  }
  log.scrollTop = log.scrollHeight;
}

// ---------------------------------------------------------------------------
// Messages and dialogs

function showError(body) {
  if ($("main").hidden) {
    // No table on screen yet: say it where the page says what to do.
    $("welcome").textContent = body.message || "Something went wrong.";
    $("welcome").classList.add("failed");
    return;
  }
  const box = $("error");
  box.replaceChildren();
  if (body.rule) {
    box.append(el("span", "rule", `rule ${body.rule}`));
    box.append(el("strong", "", body.error === "not_your_turn" ? " Not your turn: " : " Illegal move: "));
  }
  box.append(document.createTextNode(body.message || "Something went wrong."));
  box.dataset.rule = body.rule || "";
  box.hidden = false;
}

function clearError() {
  $("error").hidden = true;
  $("error").dataset.rule = "";
}

function choose(title, moves) {
  $("chooser-title").textContent = title;
  const options = $("chooser-options");
  options.replaceChildren();
  for (const move of moves) {
    const button = el("button", "choice", words(move).join(" "));
    button.type = "button";
    button.dataset.move = move;
    button.addEventListener("click", () => {
      $("chooser").hidden = true;
      play(move);
    });
    options.append(button);
  }
  $("chooser").hidden = false;
}

function showHandOver(event, won) {
  const result = event.result;
  const why =
    result.went_out === null
      ? REASONS[result.reason] || result.reason
      : `${result.went_out === state.seat ? "you" : `p${result.went_out}`} went out`;
  $("hand-over-title").textContent = `Hand ${event.hand} is over: ${why}`;
  const box = $("hand-over-scores");
  box.replaceChildren();
  const head = el("tr");
  for (const title of ["", "Melded", "In hand", "Score"]) head.append(el("th", "", title));
  box.append(head);
  result.scores.forEach((score, seat) => {
    const row = el("tr");
    row.dataset.seat = seat;
    row.append(el("td", "", seatName(seat)));
    row.append(el("td", "", String(result.melded[seat])));
    row.append(el("td", "", String(result.in_hand[seat])));
    const cell = el("td", "score", String(score));
    cell.dataset.seat = seat;
    row.append(cell);
    box.append(row);
  });
  const totals = event.totals.map((total, side) => `${sideName(side)} ${total}`).join(" \u00b7 ");
  $("hand-over-totals").textContent = `Totals: ${totals} (first to ${state.target_score} wins)`;
  const over = Boolean(won);
  $("match-over-title").hidden = !over;
  if (over) {
    const winners = won.seats.map((seat) => (seat === state.seat ? "you" : `p${seat}`)).join(" and ");
    $("match-over-title").textContent = `The match is over: ${winners} won.`;
  }
  $("next-hand").hidden = over;
  $("download").hidden = !over;
  $("again").hidden = !over;
  $("hand-over").hidden = false;
}

function hideOverlays() {
  $("chooser").hidden = true;
  $("hand-over").hidden = true;
}

// ---------------------------------------------------------------------------
// Wiring

document.addEventListener("DOMContentLoaded", () => {
  $("new-match").addEventListener("submit", startMatch);
  $("preset").addEventListener("change", presetChanged);
  $("stock").addEventListener("click", () => play("draw"));
  $("draw").addEventListener("click", () => play("draw"));
  $("meld").addEventListener("click", meldSelected);
  $("discard").addEventListener("click", discardSelected);
  $("rummy").addEventListener("click", callRummy);
  $("decline").addEventListener("click", decline);
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) play(text).then(() => { if ($("error").hidden) $("move-text").value = ""; });
  });
  $("chooser-cancel").addEventListener("click", () => { $("chooser").hidden = true; });
  $("next-hand").addEventListener("click", () => { $("hand-over").hidden = true; });
  $("download").addEventListener("click", downloadRecord);
  $("download-side").addEventListener("click", downloadRecord);
  $("again").addEventListener("click", () => {
    $("hand-over").hidden = true;
    $("start").focus();
  });
  loadOptions().then(resume).catch(failed);
});

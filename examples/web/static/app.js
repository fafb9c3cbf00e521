// The page of rummy500's web example, in TypeScript (compiled by `tsc --strict` to static/app.js).
// Edit examples/web/client/src/app.ts, then `npm run build` there: the JavaScript is tsc's output.
//
// The server holds the match. This page holds the seat's token (in sessionStorage), draws the
// table from the seat's state (GET /api/tables/{id}), and plays the moves the view offers as
// data: each legal move is a dict (its kind, its cards, the meld it goes on), so the page
// finds the moves that use the selected cards by comparing cards, and never reads notation.
// Clicks pick a move: selected hand cards + "Meld" -> a legal meld of exactly those cards,
// + a table meld -> a legal lay-off on it, + "Discard" -> the discard of that card; a pile
// card at depth N -> one of the moves that take N cards (GET .../moves?depth=N), with a choice
// when there are several. A click no legal move answers is sent anyway, so that the server
// says which rule forbids it.
import { Api, ApiFailure, } from "./api.js";
import { cardBack, cardFace, cardsUsed, el, sameCards, within } from "./cards.js";
/** The kinds of move that clicks on cards, the pile and the buttons make. */
const CLICKED = new Set(["draw", "take", "meld", "layoff", "discard", "rummy"]);
const REASONS = {
    went_out: "went out",
    stock_exhausted: "the stock ran out",
};
const STORAGE_KEY = "rummy500-table";
let state = null;
let selected = new Set(); // indices of the selected cards of the hand
let version = 0;
let serverOptions = null;
const api = new Api((busy) => {
    document.body.dataset.busy = busy ? "1" : "0";
});
function $(id) {
    const node = document.getElementById(id);
    if (!node)
        throw new Error(`no element #${id}`);
    return node;
}
function input(id) {
    return $(id);
}
function select(id) {
    return $(id);
}
function button(className, text, onClick) {
    const node = el("button", className, text);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
}
function current() {
    if (!state)
        throw new Error("no match on screen");
    return state;
}
function legal() {
    return state ? state.view.moves : [];
}
function selectedCards() {
    const hand = current().view.hand;
    return [...selected].sort((a, b) => a - b).map((index) => hand[index]);
}
// ---------------------------------------------------------------------------
// Talking to the server
function failed(error) {
    if (!(error instanceof ApiFailure)) {
        const text = error instanceof Error ? error.message : String(error);
        showError({ error: "unreachable", message: `The server cannot be reached (${text}).` });
        return;
    }
    if (error.body.error === "unknown_table" || error.body.error === "wrong_token") {
        forgetTable();
        showError({ ...error.body, message: `${error.body.message}. Start a new match.` });
        return;
    }
    showError(error.body);
}
async function play(move) {
    clearError();
    try {
        const data = await api.play(move);
        selected = new Set();
        received(data);
    }
    catch (error) {
        failed(error);
    }
}
async function decline() {
    clearError();
    try {
        received(await api.decline());
    }
    catch (error) {
        failed(error);
    }
}
function received(data) {
    state = data.state;
    render();
    const ended = data.events.filter((event) => event.type === "hand_ended");
    const won = data.events.find((event) => event.type === "match_won");
    const last = ended[ended.length - 1];
    if (last)
        showHandOver(last, won);
}
// ---------------------------------------------------------------------------
// Starting and resuming
async function loadOptions() {
    const options = await api.options();
    serverOptions = options;
    const presets = select("preset");
    for (const preset of options.presets) {
        const option = el("option", "", preset.name);
        option.value = preset.name;
        option.dataset.min = String(preset.min_players);
        option.dataset.max = String(preset.max_players);
        option.dataset.target = String(preset.target_score);
        presets.append(option);
    }
    for (const kind of options.bot_kinds) {
        const option = el("option", "", kind);
        option.value = kind;
        select("bot-kind").append(option);
    }
    presetChanged();
}
function presetChanged() {
    const option = select("preset").selectedOptions[0];
    if (!option)
        return;
    input("target").value = option.dataset.target ?? "500";
    const min = Number(option.dataset.min) - 1;
    const max = Number(option.dataset.max) - 1;
    const bots = select("bots");
    for (const choice of bots.options) {
        choice.disabled = Number(choice.value) < min || Number(choice.value) > max;
    }
    if (bots.selectedOptions[0]?.disabled)
        bots.value = String(Math.max(min, 1));
}
async function startMatch(event) {
    event.preventDefault();
    clearError();
    hideOverlays();
    const body = {
        preset: select("preset").value,
        bots: Number(select("bots").value),
        bot: select("bot-kind").value,
        target_score: Number(input("target").value),
    };
    // Only a server started for tests (allow_seed) takes a seed: whoever picks it knows every card.
    const seed = new URLSearchParams(window.location.search).get("seed");
    const request = seed !== null && serverOptions?.seed ? { ...body, seed: Number(seed) } : body;
    const previous = api.seat;
    api.seat = null;
    try {
        const data = await api.create(request);
        if (previous)
            api.leave(previous);
        api.seat = { id: data.table, token: data.token };
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(api.seat));
        selected = new Set();
        state = data.state;
        render();
    }
    catch (error) {
        api.seat = previous;
        failed(error);
    }
}
function forgetTable() {
    api.seat = null;
    state = null;
    sessionStorage.removeItem(STORAGE_KEY);
    $("main").hidden = true;
    $("welcome").hidden = false;
}
async function resume() {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (!saved)
        return;
    try {
        api.seat = JSON.parse(saved);
        state = await api.state();
        render();
    }
    catch (error) {
        // A table the server no longer has is forgotten (failed() does it); a server that cannot
        // be reached keeps the seat's token, so that a reload goes on once it is back.
        failed(error);
    }
}
async function downloadRecord() {
    clearError();
    let record;
    try {
        record = await api.record();
    }
    catch (error) {
        failed(error);
        return;
    }
    // Parsed and written again: every number of a record is JSON-safe (a wide seed is text).
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = `rummy500-match-${current().table}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}
// ---------------------------------------------------------------------------
// Moves from clicks
function playOneOf(moves, fallback, title) {
    if (moves.length === 1)
        void play(moves[0]);
    else if (moves.length > 1)
        choose(title, moves);
    else
        void play(fallback); // not legal: the server says why, with the rule
}
function meldSelected() {
    const cards = selectedCards();
    if (!cards.length)
        return showError({ error: "", message: "Select the cards to meld first." });
    const ways = legal().filter((move) => move.kind === "meld" && sameCards(cardsUsed(move), cards));
    // No legal meld of these cards: the notation of the attempt lets the server name the rule.
    playOneOf(ways, `meld ${cards.join(" ")}`, "Meld these cards how?");
}
function layOffOn(meld) {
    const cards = selectedCards();
    if (!cards.length) {
        return showError({ error: "", message: "Select the cards to lay off on this meld first." });
    }
    const ways = legal().filter((move) => move.kind === "layoff" && move.target === meld && sameCards(cardsUsed(move), cards));
    playOneOf(ways, `layoff ${meld} ${cards.join(" ")}`, `Lay off on meld ${meld} how?`);
}
function discardSelected() {
    const cards = selectedCards();
    if (cards.length !== 1)
        return showError({ error: "", message: "Select one card to discard." });
    const card = cards[0];
    const ways = legal().filter((move) => move.kind === "discard" && move.card === card);
    playOneOf(ways, { kind: "discard", seat: current().seat, card }, "Discard");
}
function draw() {
    const ways = legal().filter((move) => move.kind === "draw");
    playOneOf(ways, { kind: "draw", seat: current().seat }, "Draw");
}
async function takeAt(depth) {
    clearError();
    const seat = current().seat;
    const attempt = { kind: "take", seat, count: depth, play: null };
    if (!current().take_depths.includes(depth))
        return play(attempt); // the server says why not
    let ways;
    try {
        ways = (await api.ways(depth)).moves;
    }
    catch (error) {
        return failed(error);
    }
    const cards = selectedCards();
    if (cards.length) {
        const fitting = ways.filter((move) => within(cards, cardsUsed(move)));
        if (fitting.length)
            ways = fitting;
    }
    const noun = depth === 1 ? "the top card" : `the top ${depth} cards`;
    playOneOf(ways, attempt, `Take ${noun}: choose what to meld`);
}
function callRummy() {
    const calls = legal().filter((move) => move.kind === "rummy");
    if (calls.length)
        playOneOf(calls, calls[0], "Rummy! Choose the call");
    else
        showError({ error: "", message: "No call of \u201cRummy!\u201d is possible now." });
}
// ---------------------------------------------------------------------------
// Drawing the table
function seatName(seat) {
    const seen = current();
    if (seat === seen.seat)
        return `You (p${seat})`;
    return `p${seat} \u00b7 ${seen.bots[String(seat)] ?? ""} bot`;
}
function plural(count, noun) {
    return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
function render() {
    const view = current().view;
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
    const seen = current();
    const box = $("opponents");
    box.replaceChildren();
    for (let seat = 0; seat < seen.players; seat++) {
        if (seat === seen.seat)
            continue;
        const panel = el("div", "opponent");
        panel.dataset.seat = String(seat);
        if (seat === view.to_move && !seen.over)
            panel.classList.add("to-move");
        const title = el("div", "label", seatName(seat));
        if (seen.sides.some((side) => side.length > 1 && side.includes(seat) && side.includes(seen.seat))) {
            title.append(el("span", "tag", "partner"));
        }
        if (seat === view.dealer)
            title.append(el("span", "tag", "dealer"));
        panel.append(title);
        const backs = el("div", "backs");
        const count = view.hand_sizes[seat];
        for (let i = 0; i < Math.min(count, 13); i++)
            backs.append(cardBack("small"));
        panel.append(backs, el("div", "count", plural(count, "card")));
        const known = view.known[seat];
        if (known.length) {
            const row = el("div", "known");
            row.append(el("span", "hint", "known: "));
            for (const card of known)
                row.append(cardFace(card, "small"));
            panel.append(row);
        }
        box.append(panel);
    }
}
function renderPile(view) {
    const seen = current();
    $("stock-count").textContent = plural(view.stock_size, "card");
    $("stock").classList.toggle("empty", view.stock_size === 0);
    $("stock").classList.toggle("playable", legal().some((move) => move.kind === "draw"));
    const pile = $("pile");
    pile.replaceChildren();
    const size = view.discard.length;
    if (!size)
        pile.append(el("div", "hint", "(empty)"));
    view.discard.forEach((text, index) => {
        const depth = size - index;
        const slot = button("pile-card", "", () => void takeAt(depth));
        slot.dataset.depth = String(depth);
        slot.title = depth === 1 ? "Take the top card" : `Take the top ${depth} cards (and meld the deepest at once)`;
        if (seen.take_depths.includes(depth))
            slot.classList.add("takeable");
        slot.append(el("span", "depth", String(depth)), cardFace(text));
        pile.append(slot);
    });
}
function renderMelds(view) {
    const box = $("melds");
    box.replaceChildren();
    if (!view.melds.length)
        box.append(el("div", "hint", "(none yet)"));
    view.melds.forEach((meld, id) => {
        const item = button("meld", "", () => layOffOn(id));
        item.dataset.meld = String(id);
        item.title = `Meld ${id}: click to lay off the selected cards on it`;
        item.append(el("span", "meld-id", `#${id}`));
        const cards = el("span", "meld-cards");
        meld.cards.forEach((text, position) => {
            const slot = el("span", "slot");
            slot.append(cardFace(text, "small"), el("span", "by", `p${meld.by[position]}`));
            cards.append(slot);
        });
        item.append(cards);
        box.append(item);
    });
}
function renderHand(view) {
    const seen = current();
    const label = $("me-label");
    label.textContent = `${seatName(seen.seat)} \u00b7 ${plural(view.hand.length, "card")}`;
    if (seen.seat === view.dealer)
        label.append(el("span", "tag", "dealer"));
    $("me").classList.toggle("to-move", view.to_move === seen.seat && !seen.over);
    const hand = $("hand");
    hand.replaceChildren();
    const taken = [...view.turn.taken];
    const drawn = [...seen.drawn];
    view.hand.forEach((text, index) => {
        const slot = button("hand-card", "", () => {
            if (selected.has(index))
                selected.delete(index);
            else
                selected.add(index);
            slot.classList.toggle("selected", selected.has(index));
        });
        slot.dataset.index = String(index);
        slot.dataset.card = text;
        if (selected.has(index))
            slot.classList.add("selected");
        const face = cardFace(text);
        const fromPile = taken.indexOf(text);
        const fromStock = drawn.indexOf(text);
        if (fromPile >= 0) {
            taken.splice(fromPile, 1);
            face.classList.add("taken");
            face.title = "taken from the pile this turn";
        }
        else if (fromStock >= 0) {
            drawn.splice(fromStock, 1);
            face.classList.add("drawn");
            slot.classList.add("drawn");
            face.title = "just drawn from the stock";
        }
        slot.append(face);
        hand.append(slot);
    });
    if (view.phase === "nominate") {
        hand.append(el("div", "hint", "Your cards stay face down until the dealer nominates what jokers do."));
    }
}
function renderActions(view) {
    const seen = current();
    const moves = legal();
    const kinds = new Set(moves.map((move) => move.kind));
    const mine = view.to_move === seen.seat;
    for (const id of ["draw", "meld", "discard"])
        $(id).disabled = seen.over;
    $("draw").classList.toggle("playable", kinds.has("draw"));
    $("discard").classList.toggle("playable", kinds.has("discard"));
    $("rummy").hidden = !kinds.has("rummy");
    $("decline").hidden = !seen.can_decline;
    const others = $("other-moves");
    others.replaceChildren();
    const groups = new Map();
    for (const move of moves) {
        if (CLICKED.has(move.kind))
            continue;
        const group = groups.get(move.kind) ?? [];
        group.push(move);
        groups.set(move.kind, group);
    }
    for (const [kind, group] of groups) {
        const only = group.length === 1 ? group[0] : null;
        const label = only ? only.text.slice(only.text.indexOf(":") + 2) : `${kind}\u2026`;
        const node = button("other", label, () => playOneOf(group, group[0], `Choose: ${kind}`));
        node.dataset.verb = kind;
        others.append(node);
    }
    let status;
    if (seen.over && seen.result) {
        const winners = seen.result.seats.map((seat) => (seat === seen.seat ? "you" : `p${seat}`)).join(" and ");
        status = `The match is over: ${winners} won.`;
    }
    else if (mine && view.phase === "draw") {
        status = "Your turn: draw from the stock, or click a card of the pile to take it and the cards above it.";
    }
    else if (mine && view.phase === "play") {
        status = "Meld or lay off (select cards, then Meld or click a meld), then select a card and Discard.";
    }
    else if (mine) {
        status = `Your move (${view.phase}).`;
    }
    else if (seen.awaiting) {
        status = `p${view.to_move} is to move, but you may call \u201cRummy!\u201d first.`;
    }
    else {
        status = `p${view.to_move} is to move.`;
    }
    $("status").textContent = `Hand ${seen.hand_number}. ${status}`;
    $("download-side").hidden = !seen.over;
}
function sideName(side) {
    const seen = current();
    return seen.sides[side].map((seat) => (seat === seen.seat ? "you" : `p${seat}`)).join(" + ");
}
function renderScores() {
    const seen = current();
    const box = $("scores");
    box.replaceChildren();
    const head = el("tr");
    head.append(el("th", "", "Hand"));
    seen.sides.forEach((_, side) => head.append(el("th", "", sideName(side))));
    box.append(head);
    const earlier = seen.hands_played - seen.history.length;
    if (earlier > 0) {
        const row = el("tr", "earlier");
        const cell = el("td", "", `\u2026 ${plural(earlier, "earlier hand")}`);
        cell.colSpan = seen.sides.length + 1;
        row.append(cell);
        box.append(row);
    }
    for (const hand of seen.history) {
        const row = el("tr");
        row.append(el("td", "", String(hand.hand)));
        seen.sides.forEach((seats) => {
            const points = seats.reduce((sum, seat) => sum + hand.scores[seat], 0);
            row.append(el("td", "", String(points)));
        });
        box.append(row);
    }
    const totals = seen.over && seen.result ? seen.result.totals : seen.totals;
    const foot = el("tr", "totals");
    foot.append(el("td", "", "Total"));
    seen.sides.forEach((_, side) => {
        const cell = el("td", "total", String(totals[side] ?? 0));
        cell.dataset.side = String(side);
        foot.append(cell);
    });
    box.append(foot);
    const target = el("tr", "target");
    const cell = el("td", "", `First to ${seen.target_score} wins.`);
    cell.colSpan = seen.sides.length + 1;
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
            return `Hand ${event.hand} over (${REASONS[event.result.reason] ?? event.result.reason}): ${scores}`;
        }
        case "match_won":
            return `Match won by ${event.seats.map((seat) => `p${seat}`).join(" + ")}`;
    }
}
function renderLog() {
    const seen = current();
    const log = $("log");
    log.replaceChildren();
    for (const event of seen.log.slice(-80)) {
        const item = el("li", `event ${event.type}`, describe(event));
        if (event.type === "move" && event.seat === seen.seat)
            item.classList.add("mine");
        log.append(item);
    }
    log.scrollTop = log.scrollHeight;
}
// ---------------------------------------------------------------------------
// Messages and dialogs
/** The message without the rule it ends with, "(rule T1)": the badge in front says it once. */
function withoutRule(message, rule) {
    const suffix = ` (rule ${rule})`;
    return message.endsWith(suffix) ? message.slice(0, -suffix.length) : message;
}
function showError(body) {
    if ($("main").hidden) {
        // No table on screen yet: say it where the page says what to do.
        $("welcome-error").textContent = body.message || "Something went wrong.";
        $("welcome-error").hidden = false;
        return;
    }
    const box = $("error");
    box.replaceChildren();
    let message = body.message || "Something went wrong.";
    if (body.rule) {
        const badge = button("rule", `rule ${body.rule}`, () => showRules(body.rule));
        badge.title = "What the rules say";
        box.append(badge);
        box.append(el("strong", "", body.error === "not_your_turn" ? " Not your turn: " : " Illegal move: "));
        message = withoutRule(message, body.rule);
    }
    box.append(document.createTextNode(message));
    box.dataset.rule = body.rule ?? "";
    box.hidden = false;
}
function clearError() {
    $("error").hidden = true;
    $("error").dataset.rule = "";
    $("welcome-error").hidden = true;
}
function choose(title, moves) {
    $("chooser-title").textContent = title;
    const options = $("chooser-options");
    options.replaceChildren();
    for (const move of moves) {
        const choice = button("choice", move.text.slice(move.text.indexOf(":") + 2), () => {
            $("chooser").hidden = true;
            void play(move);
        });
        choice.dataset.move = move.text;
        options.append(choice);
    }
    $("chooser").hidden = false;
}
function showHandOver(event, won) {
    const seen = current();
    const result = event.result;
    const why = result.went_out === null
        ? REASONS[result.reason] ?? result.reason
        : `${result.went_out === seen.seat ? "you" : `p${result.went_out}`} went out`;
    $("hand-over-title").textContent = `Hand ${event.hand} is over: ${why}`;
    const box = $("hand-over-scores");
    box.replaceChildren();
    const head = el("tr");
    for (const title of ["", "Melded", "In hand", "Score"])
        head.append(el("th", "", title));
    box.append(head);
    result.scores.forEach((score, seat) => {
        const row = el("tr");
        row.dataset.seat = String(seat);
        row.append(el("td", "", seatName(seat)));
        row.append(el("td", "", String(result.melded[seat])));
        row.append(el("td", "", String(result.in_hand[seat])));
        const cell = el("td", "score", String(score));
        cell.dataset.seat = String(seat);
        row.append(cell);
        box.append(row);
    });
    const totals = event.totals.map((total, side) => `${sideName(side)} ${total}`).join(" \u00b7 ");
    $("hand-over-totals").textContent = `Totals: ${totals} (first to ${seen.target_score} wins)`;
    $("match-over-title").hidden = !won;
    if (won) {
        const winners = won.seats.map((seat) => (seat === seen.seat ? "you" : `p${seat}`)).join(" and ");
        $("match-over-title").textContent = `The match is over: ${winners} won.`;
    }
    $("next-hand").hidden = Boolean(won);
    $("download").hidden = !won;
    $("again").hidden = !won;
    $("hand-over").hidden = false;
}
/** The rules panel; with a rule id, that rule's entry is marked (T3: taking from deep in the pile). */
function showRules(rule) {
    for (const entry of $("rules").querySelectorAll("[data-rules]")) {
        const ids = (entry.dataset.rules ?? "").split(" ");
        entry.classList.toggle("marked", rule !== undefined && ids.includes(rule));
    }
    $("rules").hidden = false;
    $("rules-close").focus();
}
function hideOverlays() {
    $("chooser").hidden = true;
    $("hand-over").hidden = true;
    $("rules").hidden = true;
}
// ---------------------------------------------------------------------------
// Wiring
function wire() {
    $("new-match").addEventListener("submit", (event) => void startMatch(event));
    $("preset").addEventListener("change", presetChanged);
    $("stock").addEventListener("click", draw);
    $("draw").addEventListener("click", draw);
    $("meld").addEventListener("click", meldSelected);
    $("discard").addEventListener("click", discardSelected);
    $("rummy").addEventListener("click", callRummy);
    $("decline").addEventListener("click", () => void decline());
    $("typed").addEventListener("submit", (event) => {
        event.preventDefault();
        const text = input("move-text").value.trim();
        if (!text)
            return;
        void play(text).then(() => {
            if ($("error").hidden)
                input("move-text").value = "";
        });
    });
    $("chooser-cancel").addEventListener("click", () => {
        $("chooser").hidden = true;
    });
    $("next-hand").addEventListener("click", () => {
        $("hand-over").hidden = true;
    });
    $("download").addEventListener("click", () => void downloadRecord());
    $("download-side").addEventListener("click", () => void downloadRecord());
    $("again").addEventListener("click", () => {
        $("hand-over").hidden = true;
        $("start").focus();
    });
    for (const id of ["rules-open", "rules-open-welcome"])
        $(id).addEventListener("click", () => showRules());
    $("rules-close").addEventListener("click", () => {
        $("rules").hidden = true;
    });
    document.addEventListener("keydown", (event) => {
        if (event.key === "Escape")
            $("rules").hidden = true;
    });
    loadOptions().then(resume).catch(failed);
}
wire();

// Cards on the page, and the cards a move uses, read from the move as data (no notation).
// Edit examples/web/client/src/cards.ts, then `npm run build` there: static/cards.js is tsc's output.

import type { Card, MeldCard, MoveDict, Play } from "./api.js";

const SUITS: Record<string, string> = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RANKS: Record<string, string> = { T: "10" };

/** A new element with a class and a text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---------------------------------------------------------------------------
// Moves as data: the cards a move uses

/** The card of the hand a meld card is: a joker declared as a card (JK=8H) is the joker, JK. */
export function physical(card: MeldCard): Card {
  return card.startsWith("JK") ? "JK" : card;
}

/** The play of a take, a call or a split; null for other moves. */
export function playOf(move: MoveDict): Play | null {
  switch (move.kind) {
    case "take":
      return move.play;
    case "rummy":
    case "split":
      return move.play;
    default:
      return null;
  }
}

/** The cards a move puts on the table (or discards), as the cards of a hand. */
export function cardsUsed(move: MoveDict): Card[] {
  switch (move.kind) {
    case "meld":
    case "layoff":
      return move.cards.map(physical);
    case "discard":
      return [move.card];
    default: {
      const play = playOf(move);
      return play ? play.cards.map(physical) : [];
    }
  }
}

/** Whether two lists hold the same cards, in any order. */
export function sameCards(first: Card[], second: Card[]): boolean {
  return first.length === second.length && [...first].sort().join(" ") === [...second].sort().join(" ");
}

/** Whether every card of `wanted` is among `cards` (as many times as wanted). */
export function within(wanted: Card[], cards: Card[]): boolean {
  const left = [...cards];
  for (const card of wanted) {
    const at = left.indexOf(card);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

// ---------------------------------------------------------------------------
// Drawing cards

export function cardFace(text: MeldCard, className = ""): HTMLDivElement {
  const card = el("div", `card ${className}`.trim());
  card.dataset.card = text;
  let shown = text;
  let joker = false;
  if (text.startsWith("JK")) {
    joker = true;
    shown = text.includes("=") ? text.slice(3) : "";
    card.classList.add("joker");
  }
  if (!shown) {
    card.append(el("span", "rank", "JK"), el("span", "suit", "\u2605"));
    card.title = "Joker";
    return card;
  }
  const rank = shown[0];
  const suit = shown.length > 1 ? shown[1] : "";
  if (suit === "H" || suit === "D") card.classList.add("red");
  card.append(el("span", "rank", RANKS[rank] ?? rank), el("span", "suit", suit ? SUITS[suit] : "\u2605"));
  if (joker) {
    card.append(el("span", "badge", "JK"));
    card.title = `Joker as ${shown}`;
  }
  return card;
}

export function cardBack(className = ""): HTMLDivElement {
  return el("div", `card back ${className}`.trim());
}


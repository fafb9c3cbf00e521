// @ts-check
// A bot in JavaScript for Node.js (no package needed): it speaks the rummy500 bot protocol
// (docs/protocol.md) on its standard input and output, one JSON object a line.
//
// It melds and lays off all it can, takes from the pile only to meld at once, calls
// "Rummy!" whenever it may, and discards its highest card. Play it with
//   rummy500 tournament "exec:node examples/bots/javascript/bot.mjs" greedy --hands 20
//
// The view and its moves are typed by the package of rummy500's TypeScript types
// (clients/typescript), generated from rummy500's JSON Schemas; `tsc --checkJs` checks this
// file against them (tests/test_bots_examples.py).
import { createInterface } from "node:readline";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").ViewMove} ViewMove */
/** @typedef {import("./types.js").Decide} Decide */
/** @typedef {import("./types.js").Answer} Answer */
/** @typedef {import("./types.js").Hello} Hello */

const RANKS = "A23456789TJQK";

/**
 * How much the bot likes a move: the highest is played (the first among equals).
 * @param {ViewMove} move
 * @returns {number}
 */
function score(move) {
  switch (move.kind) {
    case "rummy":
      return 1000;
    case "meld":
      return 500 + move.cards.length;
    case "layoff":
      return 400 + move.cards.length;
    case "take":
      return move.play === null ? -1 : 300 + move.count;
    case "draw":
      return 100;
    case "discard":
      return move.card === "JK" ? 0 : 1 + RANKS.indexOf(move.card[0]);
    default:
      return 0;
  }
}

/**
 * The answer to one decision: the index of the best move, or a pass.
 * @param {Decide} message
 * @returns {Answer}
 */
function decide(message) {
  const view = /** @type {View} */ (message.view);
  const mayPass = message.may_pass;
  let best = 0;
  view.moves.forEach((move, index) => {
    if (score(move) > score(view.moves[best])) best = index;
  });
  if (mayPass && score(view.moves[best]) < 400) return { type: "pass" };
  return { type: "move", index: best };
}

/** @param {Answer | Hello} message */
function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "hello") {
    send({ type: "hello", protocol: 1, name: "js-eager", author: "rummy500 examples" });
  } else if (message.type === "decide") {
    send(decide(message));
  } else if (message.type === "quit") {
    lines.close();
  }
});

// Type-checked with the types (`npm run check`): a program reading rummy500's documents.
import type { MatchRecord, Move, PlayerView, Position } from "./index.js";
import type { ViewMove } from "./view.js";

/** The notation of every move the seat may make, as the view lists them. */
export function moveTexts(view: PlayerView): string[] {
  return view.moves.map((move: ViewMove) => move.text);
}

/** A move dict as a program sends it (the server reads it with rummy500.move_from_dict). */
export const draw: Move = { kind: "draw", seat: 0 };

/** The number of cards in the stock of a position. */
export function stockSize(position: Position): number {
  return position.stock.length;
}

/** The number of finished hands of a match record. */
export function handsPlayed(record: MatchRecord): number {
  return record.hands.length;
}

// Talking to the web example's server: the shapes of its answers, and one function per endpoint.
// Edit examples/web/client/src/api.ts, then `npm run build` there: static/api.js is tsc's output.
//
// The view, its moves and the record are typed by rummy500-types (clients/typescript: the
// types of rummy500's JSON Schemas); the answers around them (a seat's state, events, errors)
// are the server's own and are typed here.

import type { MatchRecord, PlayerView } from "rummy500-types";
import type { HandResult, Move, ViewMove } from "rummy500-types/view";

export type { Card, MeldCard, Play } from "rummy500-types/view";
export type View = PlayerView;
export type { HandResult, MatchRecord, ViewMove };
/** A move dict as the client sends it: one of the view's moves, or one it builds (no text). */
export type MoveDict = Move;

export interface PresetOption {
  name: string;
  min_players: number;
  max_players: number;
  target_score: number;
}

export interface Options {
  presets: PresetOption[];
  bot_kinds: string[];
  bots: { min: number; max: number };
  target_score: { min: number; max: number };
  seed: boolean;
}

export interface MoveEvent {
  n: number;
  type: "move";
  hand: number;
  seat: number;
  move: string;
  bot: boolean;
}

export interface HandEndedEvent {
  n: number;
  type: "hand_ended";
  hand: number;
  result: HandResult;
  totals: number[];
}

export interface HandDealtEvent {
  n: number;
  type: "hand_dealt";
  hand: number;
  dealer: number;
  to_move: number;
}

export interface MatchWonEvent {
  n: number;
  type: "match_won";
  winner: number;
  seats: number[];
  totals: number[];
}

export type GameEvent = MoveEvent | HandEndedEvent | HandDealtEvent | MatchWonEvent;

export interface FinishedHand {
  hand: number;
  dealer: number;
  scores: number[];
  went_out: number | null;
  reason: string;
  totals: number[];
}

/** Everything the seat may know (GET /api/tables/{id}). */
export interface SeatState {
  table: string;
  seat: number;
  players: number;
  preset: string;
  bots: Record<string, string>;
  target_score: number;
  sides: number[][];
  hand_number: number;
  totals: number[];
  hands_played: number;
  history: FinishedHand[];
  over: boolean;
  result: { winner: number; seats: number[]; totals: number[] } | null;
  view: View;
  take_depths: number[];
  drawn: string[];
  awaiting: boolean;
  can_decline: boolean;
  log: GameEvent[];
}

export interface Created {
  table: string;
  seat: number;
  token: string;
  state: SeatState;
}

export interface Played {
  events: GameEvent[];
  state: SeatState;
}

export interface Ways {
  depth: number | null;
  moves: ViewMove[];
}

export interface NewTable {
  preset: string;
  bots: number;
  bot: string;
  target_score: number;
  seed?: number;
}

/** An error answer: {"error": code, "message": text}, with the rule of an illegal move. */
export interface ErrorBody {
  error: string;
  message: string;
  rule?: string;
  reason?: string;
}

/** A request the server refused (its status and body), or could not answer. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody | null) {
    super(body ? body.message : `HTTP ${status}`);
    this.status = status;
    this.body = body ?? { error: "http_error", message: `HTTP ${status}` };
  }
}

/** A table the page plays at: its id and the seat's token (kept in sessionStorage). */
export interface Seat {
  id: string;
  token: string;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ErrorBody).error === "string" &&
    typeof (value as ErrorBody).message === "string"
  );
}

/** Calls the API; `busy` is told when a request starts and ends. */
export class Api {
  seat: Seat | null = null;

  constructor(private readonly busy: (busy: boolean) => void) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.seat) headers.Authorization = `Bearer ${this.seat.token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    this.busy(true);
    try {
      const response = await fetch(path, init);
      const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
      if (!response.ok) throw new ApiFailure(response.status, isErrorBody(data) ? data : null);
      return data as T;
    } finally {
      this.busy(false);
    }
  }

  private table(suffix = ""): string {
    if (!this.seat) throw new Error("no table");
    return `/api/tables/${encodeURIComponent(this.seat.id)}${suffix}`;
  }

  options(): Promise<Options> {
    return this.call<Options>("GET", "/api/options");
  }

  create(body: NewTable): Promise<Created> {
    return this.call<Created>("POST", "/api/tables", body);
  }

  state(): Promise<SeatState> {
    return this.call<SeatState>("GET", this.table());
  }

  /** The seat's legal moves that take `depth` pile cards, as move dicts. */
  ways(depth: number): Promise<Ways> {
    return this.call<Ways>("GET", this.table(`/moves?depth=${depth}`));
  }

  /** Play a move: a move dict (what the page sends for clicks), or notation typed by the user. */
  play(move: MoveDict | string): Promise<Played> {
    return this.call<Played>("POST", this.table("/moves"), { move });
  }

  decline(): Promise<Played> {
    return this.call<Played>("POST", this.table("/decline"));
  }

  /** The match record, once the match is over: every number in it is JSON-safe. */
  record(): Promise<MatchRecord> {
    return this.call<MatchRecord>("GET", this.table("/record"));
  }

  /** Leave a table (free its place on the server); nothing to do if that fails. */
  leave(old: Seat): void {
    fetch(`/api/tables/${encodeURIComponent(old.id)}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${old.token}` },
    }).catch(() => undefined);
  }
}

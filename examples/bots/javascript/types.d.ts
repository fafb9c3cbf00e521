// The types this bot reads, in one place: the web example's client types, generated from
// rummy500's JSON Schemas. Repoint these two lines if those types move.
export type { Rummy500PlayerViewFormat1 as View, ViewMove } from "../../web/client/src/schema/view.js";

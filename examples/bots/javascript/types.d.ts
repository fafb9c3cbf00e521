// The types this bot reads and writes, in one place: the package of rummy500's TypeScript
// types (clients/typescript, `rummy500-types`), generated from the JSON Schemas.
export type { PlayerView as View, ViewMove } from "../../../clients/typescript/view.js";
export type { RefereeDecide as Decide } from "../../../clients/typescript/referee-decide.js";
export type { BotAnswer as Answer } from "../../../clients/typescript/bot-answer.js";
export type { BotHello as Hello } from "../../../clients/typescript/bot-hello.js";

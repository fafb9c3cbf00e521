// The types this bot reads and writes, in one place: the web example's client types,
// generated from rummy500's JSON Schemas (`npm run types` there). Repoint these lines if
// those types move.
export type { Rummy500PlayerViewFormat1 as View, ViewMove } from "../../web/client/src/schema/view.js";
export type { Rummy500BotProtocolDecideRefereeToBot as Decide } from "../../web/client/src/schema/referee-decide.js";
export type { Rummy500BotProtocolAnswerBotToReferee as Answer } from "../../web/client/src/schema/bot-answer.js";
export type { Rummy500BotProtocolHelloBotToReferee as Hello } from "../../web/client/src/schema/bot-hello.js";

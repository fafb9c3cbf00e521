// The few Node.js names the bot uses, typed for `tsc --checkJs` (the web example's client,
// whose TypeScript checks this bot, installs no Node.js types).
declare const process: {
  stdin: unknown;
  stdout: { write(text: string): boolean };
};
declare module "node:readline" {
  interface Lines {
    on(event: "line", listener: (line: string) => void): Lines;
    close(): void;
  }
  export function createInterface(options: { input: unknown }): Lines;
}

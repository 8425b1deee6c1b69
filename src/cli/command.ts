// What main.ts needs to know about a command.
export interface Command {
  readonly name: string;
  /** One line for the top-level help. */
  readonly summary: string;
  /** The full `region-router <name> --help` text. */
  readonly help: string;
  run(args: readonly string[]): Promise<void>;
}

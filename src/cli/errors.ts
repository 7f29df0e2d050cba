/**
 * A failure the user can act on: printed as one line on stderr, the process exiting non-zero.
 * `exitCode` 2 is a usage mistake (a bad option), 1 everything else.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, 2);

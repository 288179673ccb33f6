/** Reading an operator's JSON file: where a syntax error is, as a person looks for it. */

/** JSON.parse names a character offset; a person looks for a line and a column. */
export function jsonErrorMessage(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message)?.[1];
  if (position === undefined || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(position));
  const line = before.split('\n').length;
  return `${message} (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

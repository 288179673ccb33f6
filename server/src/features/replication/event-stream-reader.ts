/**
 * Reads the replication stream's server-sent events outside a browser (Node has no EventSource): feed it the text as
 * it arrives, in any pieces, and it hands out each event's JSON data once its block is complete. Comments (the
 * keep-alive) and blocks without data are skipped. Used by the stream tests, the scale-out bench and the chaos run.
 */
export class EventStreamReader {
  private buffer = '';

  /** The events completed by this piece of text, in order. */
  take(text: string): unknown[] {
    this.buffer += text;
    const events: unknown[] = [];
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) events.push(JSON.parse(data));
    }
    return events;
  }
}

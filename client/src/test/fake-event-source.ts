/** The browser's EventSource, as far as the shop uses it, for tests (Node has none): every one opened is kept. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = 2;
  }
  /** The server sends one message. */
  send(data: string) {
    this.onmessage?.({ data });
  }
}

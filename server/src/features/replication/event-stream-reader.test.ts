import { describe, expect, it } from 'vitest';
import { EventStreamReader } from './event-stream-reader.ts';

describe('EventStreamReader', () => {
  it('hands out each event once its block is complete, however the text is cut, and skips comments', () => {
    const reader = new EventStreamReader();
    const text = ': keep-alive\n\ndata: "RESYNC"\n\ndata: {"documents":[{"id":"a"}],\ndata: "checkpoint":{"id":"a","updatedAt":2}}\n\n';
    const events: unknown[] = [];
    for (let i = 0; i < text.length; i += 7) events.push(...reader.take(text.slice(i, i + 7)));
    expect(events).toEqual(['RESYNC', { documents: [{ id: 'a' }], checkpoint: { id: 'a', updatedAt: 2 } }]);
    expect(reader.take('data: 1')).toEqual([]);
    expect(reader.take('\n\n')).toEqual([1]);
  });
});

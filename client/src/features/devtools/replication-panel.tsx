/** The replication inspector (issue 15 item 4): a stand-in with the real panel's props until it lands. */
import type { CollectionReport, ShopReport } from './devtools-protocol.ts';
import type { JSX } from 'react';
import type { JsonValue } from './redact.ts';

export function ReplicationPanel(_props: {
  tabs: ReadonlyArray<{ tabId: string; url: string; open: boolean; leader: boolean | null; report: { owner: string | null; collections: CollectionReport[] } | null }>;
  conflicts: ReadonlyArray<Extract<ShopReport, { kind: 'conflict' }>>;
  docs: Readonly<Record<string, { documents: JsonValue[]; total: number; at: number } | undefined>>;
  requestDocs: (collection: string, query: string) => void;
}): JSX.Element {
  return <p>…</p>;
}

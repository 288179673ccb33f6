/** The fault switches (issue 15 item 5): a stand-in with the real panel's props until it lands. */
import type { FaultCommand, FaultState } from './devtools-protocol.ts';
import type { JSX } from 'react';

export function FaultPanel(_props: {
  tabs: ReadonlyArray<{ tabId: string; url: string; open: boolean; leader: boolean | null; faults: FaultState | null }>;
  send: (fault: FaultCommand, tabId: string | null) => void;
}): JSX.Element {
  return <p>…</p>;
}

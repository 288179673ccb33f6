/**
 * The inspection layer of the developers' visualizer (issue 15): every XState actor the shop creates is given
 * `inspect` (XState's inspection API), which hands each inspection event (actor created, event sent, snapshot) to the
 * one sink the visualizer installs. With no sink, the cost on a shopper's page is one check of a variable per event;
 * this module imports nothing, so it adds nothing to what a shopper's pages load.
 */
import type { InspectionEvent } from 'xstate';

/** Receives every inspection event of every actor of this tab. */
export type InspectionSink = (event: InspectionEvent) => void;

let sink: InspectionSink | null = null;

/** Installs the visualizer's sink (null: none); answers the one it replaced. */
export function setInspectionSink(next: InspectionSink | null): InspectionSink | null {
  const before = sink;
  sink = next;
  return before;
}

/**
 * What every actor is created with (`createActor(machine, { inspect: inspectActor })`, `useActorRef(machine, {
 * inspect: inspectActor })`). A sink that throws never breaks the shop: the visualizer's trouble stays its own.
 */
export function inspectActor(event: InspectionEvent): void {
  if (sink === null) return;
  try {
    sink(event);
  } catch {
    // The shop goes on; the visualizer shows what it could.
  }
}

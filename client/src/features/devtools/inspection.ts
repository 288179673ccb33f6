/**
 * The inspection layer of the developers' visualizer (issue 15): every XState actor the shop creates is given
 * `inspect` (XState's inspection API), which hands each inspection event (actor created, event sent, snapshot) to the
 * one sink the visualizer installs. With no sink, the cost on a shopper's page is one check of the event's type and of a variable per event (and, for a new actor, keeping it in a set);
 * this module imports nothing, so it adds nothing to what a shopper's pages load.
 */
import type { InspectionEvent } from 'xstate';

/** Receives every inspection event of every actor of this tab. */
export type InspectionSink = (event: InspectionEvent) => void;

let sink: InspectionSink | null = null;

interface TrackedActor {
  /** Undefined for an actor that was created and not started yet. */
  getSnapshot(): { status?: string } | undefined;
}

/** Every actor created and not yet stopped, so a visualizer agent that starts later still finds them all. */
const live = new Set<TrackedActor>();

/** An actor still computing its first snapshot has none (XState's development build throws when asked). */
export function actorStopped(actor: TrackedActor): boolean {
  try {
    return actor.getSnapshot()?.status === 'stopped';
  } catch {
    return false;
  }
}

function forgetStopped(): void {
  for (const actor of live) if (actorStopped(actor)) live.delete(actor);
}

/** The actors of this tab that have not stopped, in the order they were created. */
export function liveActors(): unknown[] {
  forgetStopped();
  return [...live];
}

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
  if (sink === null && event.type !== '@xstate.actor') return;
  try {
    if (event.type === '@xstate.actor') {
      // A new actor is rare (a page or a runtime starting): the stopped ones are let go then.
      forgetStopped();
      live.add(event.actorRef as unknown as TrackedActor);
    }
    sink?.(event);
  } catch {
    // The shop goes on; the visualizer shows what it could.
  }
}

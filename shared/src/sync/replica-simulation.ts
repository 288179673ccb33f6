/**
 * A deterministic model of several replicas editing one document while offline and exchanging copies over an
 * unreliable network (late, reordered and repeated deliveries), driven by a list of choices that property tests
 * generate. Used by the convergence tests of the merge functions; it has no clock and no randomness of its own.
 */
export interface ReplicaSimulation<Doc, Write> {
  /** The document every replica starts from. */
  initial: Doc;
  /** Each replica's local writes, in the order it makes them. */
  writes: readonly (readonly Write[])[];
  /** The choices that decide what happens next: a local write, sending a copy, or delivering one. */
  schedule: readonly number[];
  apply(doc: Doc, write: Write): Doc;
  merge(local: Doc, received: Doc): Doc;
}

/**
 * Runs the schedule, then lets every replica make its remaining writes, delivers every copy still in flight, and
 * finally sends each replica's state to every other one in an order the schedule picks. Returns each replica's state.
 */
export function simulateReplicas<Doc, Write>(simulation: ReplicaSimulation<Doc, Write>): Doc[] {
  const { writes, schedule, apply, merge } = simulation;
  const count = writes.length;
  const states = writes.map(() => simulation.initial);
  const made = writes.map(() => 0);
  const inFlight: Array<{ to: number; doc: Doc }> = [];
  const writeNext = (replica: number) => {
    const write = writes[replica]?.[made[replica] ?? 0];
    if (write === undefined) return;
    states[replica] = apply(states[replica] as Doc, write);
    made[replica] = (made[replica] ?? 0) + 1;
  };
  const deliver = (message: { to: number; doc: Doc }) => {
    states[message.to] = merge(states[message.to] as Doc, message.doc);
  };

  for (const choice of schedule) {
    const replica = Math.floor(choice / 4) % count;
    const action = choice % 4;
    if (action === 0) writeNext(replica);
    else if (action === 1 && count > 1) {
      const to = (replica + 1 + (Math.floor(choice / (4 * count)) % (count - 1))) % count;
      inFlight.push({ to, doc: states[replica] as Doc });
    } else if (inFlight.length > 0) {
      const index = Math.floor(choice / 4) % inFlight.length;
      const message = inFlight[index] as { to: number; doc: Doc };
      deliver(message);
      // action 2 keeps the message in flight: it will be delivered again (a duplicate)
      if (action === 3) inFlight.splice(index, 1);
    }
  }
  for (let replica = 0; replica < count; replica += 1) {
    while ((made[replica] ?? 0) < (writes[replica]?.length ?? 0)) writeNext(replica);
  }
  for (const message of [...inFlight].reverse()) deliver(message);

  const finals = [...states];
  const exchange = finals.flatMap((doc, from) => states.map((_, to) => ({ to, doc, from }))).filter((m) => m.from !== m.to);
  const order = exchange.map((_, index) => index).sort((a, b) => ((schedule[a] ?? a) % 7) - ((schedule[b] ?? b) % 7) || a - b);
  for (const index of order) deliver(exchange[index] as { to: number; doc: Doc });
  return states;
}

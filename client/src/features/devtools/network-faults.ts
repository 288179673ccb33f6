/**
 * LEAD: the network layer's fault switches, as the agent uses them. Until `client/src/app/network.ts` (helper "net")
 * lands in this branch this is a stand-in with no switches; once it is merged, replace this whole file with
 *   export { applyFault, faultState, onFaults } from '../../app/network.ts';
 */
import { NO_FAULTS, type FaultCommand, type FaultState } from './devtools-protocol.ts';

export function faultState(): FaultState {
  return NO_FAULTS;
}

export function applyFault(command: FaultCommand): void {
  void command;
}

export function onFaults(listener: (faults: FaultState) => void): () => void {
  void listener;
  return () => undefined;
}

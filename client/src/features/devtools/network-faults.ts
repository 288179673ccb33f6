// The network layer's fault switches, for the visualizer's agent (loading them installs them: app/network-faults.ts).
export { applyFault, faultState, onFaults } from '../../app/network-faults.ts';

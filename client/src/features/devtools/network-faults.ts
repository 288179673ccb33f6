export { applyFault, faultState, onFaults } from '../../app/network.ts';

/** Spec 2 §7: every task's payload carries `x-client` (configuration value, or 1.0). */
export const TASK_CONFIG = {
  xClient: (import.meta.env.VITE_X_CLIENT as string | undefined) ?? '1.0',
};

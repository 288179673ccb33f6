// Types of scripts/postgres-cluster.mjs for the TypeScript that starts clusters (the server tests' global setup).
export const PG_BIN: string;
export function clusterAvailable(): { ok: boolean; why: string };
export function sweepAbandoned(): void;
export interface Cluster {
  /** The maintenance database `postgres` as the superuser `postgres`, on 127.0.0.1. */
  url: string;
  port: number;
  dir: string;
  /** Stops the server and deletes its folder. */
  stop(): void;
}
export function startCluster(options?: { durable?: boolean; log?: (line: string) => void }): Promise<Cluster>;
export function psql(url: string, sql: string): string;

export interface ServerProcess {
  pid: number;
  dataDir: string;
  /** e.g. http://localhost:41234 */
  origin: string;
  /** The storefront's path the ready line names, e.g. /app/servicios. */
  shopPath: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}
export declare function startServerProcess(options: {
  args: string[];
  cwd: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  onSpawn?: (pid: number) => void;
  /** A stopped shop's DATA_DIR: the new DATA_DIR starts as its copy. */
  seedFrom?: string;
  /** A DATA_DIR the caller owns: used as is and not removed by stop(). */
  dataDir?: string;
}): Promise<ServerProcess>;

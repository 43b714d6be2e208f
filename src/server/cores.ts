// How many cores this process may use: the machine's, as Node sees them, or fewer under a container's CPU quota,
// which Node 20's libuv (1.46) does not read. WORKERS' default and the password threads follow it: on a 16-core
// host with a quota of two cores, 16 workers or 16 derivations at once would take turns on two cores' time.
import fs from "node:fs";
import { availableParallelism } from "node:os";

/** `parallelism`, or fewer when `cpuMax` (cgroup v2's "quota period", or "max period" for none) allows less time. */
export function coresUnderQuota(parallelism: number, cpuMax: string | null): number {
  const [quota, period] = (cpuMax ?? "").trim().split(/\s+/).map(Number);
  if (!quota || !period || quota <= 0 || period <= 0) return parallelism;
  return Math.max(1, Math.min(parallelism, Math.ceil(quota / period)));
}

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The quota as cgroup v2 writes it, read from v2 or from v1's two files; null where there is none to read. */
function cpuMax(): string | null {
  const v2 = read("/sys/fs/cgroup/cpu.max");
  if (v2) return v2;
  const quota = read("/sys/fs/cgroup/cpu/cpu.cfs_quota_us");
  const period = read("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
  return quota && period ? `${quota.trim()} ${period.trim()}` : null;
}

let cores: number | undefined;
export function availableCores(): number {
  cores ??= coresUnderQuota(availableParallelism(), cpuMax());
  return cores;
}

import { readFileSync } from 'node:fs';

/** Linux's clock tick for /proc times (USER_HZ, `getconf CLK_TCK`). */
const TICK_MS = 10;

/** The CPU time a process has used so far, every thread, user and system, in ms (/proc/<pid>/stat). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

import { readFileSync } from 'node:fs';

/** The q-quantile (0–1) of the samples, nearest-rank. */
export function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** CPU time (user + system) a process has used so far, in ms; Linux only, else undefined. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time of a process and its children (nginx's workers under its master), in ms. */
export function cpuMsTree(pid: number | undefined): number | undefined {
  const own = cpuMs(pid);
  if (own === undefined || pid === undefined) return own;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // No children file (not Linux): the process alone.
  }
  return children.reduce((sum, child) => sum + (cpuMs(child) ?? 0), own);
}

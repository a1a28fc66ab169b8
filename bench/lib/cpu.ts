import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The pid listening on a local TCP port (Linux `ss`), or undefined where that cannot be told. */
export function listeningPid(port: string): number | undefined {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const m = /pid=(\d+)/.exec(out);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

const CLOCK_TICKS_PER_S = 100;

/** CPU time (user + system) a process has used, in seconds, from /proc; undefined off Linux. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}

/** Starts counting a process's CPU time; the returned function gives microseconds per request. */
export function cpuMicrosPerRequest(pid: number): ((requests: number) => number | undefined) | undefined {
  const start = cpuSeconds(pid);
  if (start === undefined) return undefined;
  return (requests) => {
    const end = cpuSeconds(pid);
    return end === undefined || requests === 0 ? undefined : ((end - start) * 1e6) / requests;
  };
}

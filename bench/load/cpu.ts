import fs from 'node:fs';

/** CPU seconds a process has used (user + system), from /proc (Linux; NaN elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds of the machine's PostgreSQL and Redis processes (all of them), from /proc. */
export function serviceCpu(): Record<string, number> {
  const out: Record<string, number> = { postgres: 0, 'redis-server': 0 };
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (comm in out) out[comm] += cpuSeconds(Number(pid));
    } catch {
      /* gone */
    }
  }
  return out;
}

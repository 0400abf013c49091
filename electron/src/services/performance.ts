import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { cpus, freemem, totalmem } from 'node:os';
import { promisify } from 'node:util';
import { type PerformanceConfig, performanceConfigSchema, XCF_MIN_LENGTH } from '@facet/shared';

/** The schema lives in shared (the client contract); re-exported for the client's modules. */
export { type PerformanceConfig, performanceConfigSchema };

const execFileAsync = promisify(execFile);

export const newXcf = () => randomBytes(32).toString('hex');

/** Defaults filled in and a too-short xcf replaced. */
export function normalizePerformanceConfig(input: unknown): PerformanceConfig {
  const c = performanceConfigSchema.parse(input ?? {});
  return c.xcf.length < XCF_MIN_LENGTH ? { ...c, xcf: newXcf() } : c;
}

export interface Load {
  cpu: number;
  mem: number;
  /** How long the CPU figure was measured over (ms). */
  windowMs?: number;
}

/** Why opening is refused now, or null when it may go ahead. */
export function overloadReason(c: PerformanceConfig, load: Load): string | null {
  if (!c.open) return null;
  const over = load.windowMs ? ` over the last ${Math.round(load.windowMs / 1000)} s` : '';
  if (load.cpu > c.cpu)
    return `CPU use is ${Math.round(load.cpu)}%${over}, above the ${c.cpu}% limit of the performance settings`;
  if (load.mem > c.mem)
    return `memory use is ${Math.round(load.mem)}%, above the ${c.mem}% limit of the performance settings`;
  return null;
}

export interface CpuTimes {
  idle: number;
  total: number;
}

const cpuTimes = (): CpuTimes =>
  cpus().reduce(
    (acc, c) => {
      const t = c.times;
      acc.idle += t.idle;
      acc.total += t.user + t.nice + t.sys + t.idle + t.irq;
      return acc;
    },
    { idle: 0, total: 0 },
  );

const memUse = () => (1 - freemem() / totalmem()) * 100;
const cpuBetween = (a: CpuTimes, b: CpuTimes) => {
  const total = b.total - a.total;
  return total > 0 ? (1 - (b.idle - a.idle) / total) * 100 : 0;
};

/** Machine load in percent; CPU measured over a short window. */
export async function measureLoad(windowMs = 200): Promise<Load> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, windowMs));
  return { cpu: cpuBetween(a, cpuTimes()), mem: memUse(), windowMs };
}

/**
 * The load guard measures CPU over a window of a few seconds, so a moment's spike (a build, a
 * page that starts) does not refuse an open (docs/client.md, Opening a profile). CPU times are
 * sampled once a second in the background from the start (the timer never keeps the process
 * alive) and read instantly: an open never waits for a measurement.
 */
export function backgroundLoad(
  o: { intervalMs?: number; windowMs?: number; sample?: () => CpuTimes; now?: () => number } = {},
): () => Promise<Load> {
  const intervalMs = o.intervalMs ?? 1_000;
  const windowMs = o.windowMs ?? 5_000;
  const sample = o.sample ?? cpuTimes;
  const now = o.now ?? Date.now;
  const samples: { at: number; times: CpuTimes }[] = [{ at: now(), times: sample() }];
  const timer = setInterval(() => {
    samples.push({ at: now(), times: sample() });
    // Keep the newest sample at least a window old as the window's start.
    while (samples.length > 2 && now() - samples[1]!.at >= windowMs) samples.shift();
  }, intervalMs);
  timer.unref();
  return async () => {
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    // Less than one interval of history (the first second after start): measure briefly now.
    if (last === first) return measureLoad(Math.min(500, intervalMs));
    return { cpu: cpuBetween(first.times, last.times), mem: memUse(), windowMs: last.at - first.at };
  };
}

/**
 * The process using the most CPU right now, for the refusal's message: on Linux from /proc over a
 * moment, on macOS from `ps` (its figure is a recent average). Null elsewhere or when unknown.
 */
export async function busiestProcess(windowMs = 300): Promise<{ name: string; cpu: number } | null> {
  try {
    if (process.platform === 'linux') {
      const read = async () => {
        const times = new Map<string, { name: string; ticks: number }>();
        for (const pid of await readdir('/proc')) {
          if (!/^\d+$/.test(pid)) continue;
          const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
          const open = stat.indexOf('(');
          const close = stat.lastIndexOf(')');
          if (open < 0 || close < 0) continue;
          const fields = stat.slice(close + 2).split(' ');
          times.set(pid, { name: stat.slice(open + 1, close), ticks: Number(fields[11]) + Number(fields[12]) });
        }
        return times;
      };
      const a = await read();
      await new Promise((r) => setTimeout(r, windowMs));
      const b = await read();
      let top: { name: string; ticks: number } | null = null;
      for (const [pid, x] of b) {
        const d = x.ticks - (a.get(pid)?.ticks ?? x.ticks);
        if (!top || d > top.ticks) top = { name: x.name, ticks: d };
      }
      // Clock ticks are 1/100 s on Linux: percent of one core over the window.
      return top && top.ticks > 0 ? { name: top.name, cpu: (top.ticks / 100 / (windowMs / 1000)) * 100 } : null;
    }
    if (process.platform === 'darwin') {
      const { stdout } = await execFileAsync('ps', ['-Aro', 'pcpu=,comm='], { timeout: 2_000 });
      const m = /^\s*([\d.]+)\s+(.+)$/m.exec(stdout);
      return m ? { name: m[2]!.split('/').pop()!, cpu: Number(m[1]) } : null;
    }
  } catch {}
  return null;
}

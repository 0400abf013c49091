import { randomBytes } from 'node:crypto';
import { cpus, freemem, totalmem } from 'node:os';
import { type PerformanceConfig, performanceConfigSchema, XCF_MIN_LENGTH } from '@facet/shared';

/** The schema lives in shared (the client contract); re-exported for the client's modules. */
export { type PerformanceConfig, performanceConfigSchema };

export const newXcf = () => randomBytes(32).toString('hex');

/** Defaults filled in and a too-short xcf replaced. */
export function normalizePerformanceConfig(input: unknown): PerformanceConfig {
  const c = performanceConfigSchema.parse(input ?? {});
  return c.xcf.length < XCF_MIN_LENGTH ? { ...c, xcf: newXcf() } : c;
}

export interface Load {
  cpu: number;
  mem: number;
}

/** Why opening is refused now, or null when it may go ahead. */
export function overloadReason(c: PerformanceConfig, load: Load): string | null {
  if (!c.open) return null;
  if (load.cpu > c.cpu)
    return `CPU use is ${Math.round(load.cpu)}%, above the ${c.cpu}% limit of the performance settings`;
  if (load.mem > c.mem)
    return `memory use is ${Math.round(load.mem)}%, above the ${c.mem}% limit of the performance settings`;
  return null;
}

const cpuTimes = () =>
  cpus().reduce(
    (acc, c) => {
      const t = c.times;
      acc.idle += t.idle;
      acc.total += t.user + t.nice + t.sys + t.idle + t.irq;
      return acc;
    },
    { idle: 0, total: 0 },
  );

/** Machine load in percent; CPU measured over a short window. */
export async function measureLoad(windowMs = 200): Promise<Load> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, windowMs));
  return loadBetween(a, cpuTimes());
}

function loadBetween(a: ReturnType<typeof cpuTimes>, b: ReturnType<typeof cpuTimes>): Load {
  const total = b.total - a.total;
  const cpu = total > 0 ? (1 - (b.idle - a.idle) / total) * 100 : 0;
  const mem = (1 - freemem() / totalmem()) * 100;
  return { cpu, mem };
}

/**
 * The load guard must not slow every open down by a measuring window: CPU is sampled once a
 * second in the background (the timer never keeps the process alive) and read instantly.
 */
export function backgroundLoad(intervalMs = 1_000): () => Promise<Load> {
  let last: ReturnType<typeof cpuTimes> | null = null;
  let current: Load | null = null;
  let timer: NodeJS.Timeout | null = null;
  return async () => {
    if (!timer) {
      last = cpuTimes();
      timer = setInterval(() => {
        const now = cpuTimes();
        if (last) current = loadBetween(last, now);
        last = now;
      }, intervalMs);
      timer.unref();
    }
    return current ? { cpu: current.cpu, mem: (1 - freemem() / totalmem()) * 100 } : measureLoad();
  };
}

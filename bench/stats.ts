/** Percentile of sorted samples (nearest rank). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export interface Timing {
  name: string;
  p50: number;
  p95: number;
  samples: number;
}

/** Runs `fn` a few times to warm up, then `samples` times, and answers p50/p95 in ms. */
export const time = async (name: string, fn: () => Promise<unknown>, samples = 60, warmup = 5): Promise<Timing> => {
  for (let i = 0; i < warmup; i += 1) await fn();
  const ms: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = process.hrtime.bigint();
    await fn();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { name, p50: percentile(ms, 50), p95: percentile(ms, 95), samples };
};

export const table = (title: string, rows: Timing[], target?: number): string => {
  const lines = [`\n${title}`, `${'read'.padEnd(48)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}${target ? '  target' : ''}`];
  for (const r of rows) {
    const verdict = target ? (r.p95 <= target ? `  ok (<${target})` : `  OVER (${target})`) : '';
    lines.push(`${r.name.padEnd(48)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}${verdict}`);
  }
  return lines.join('\n');
};

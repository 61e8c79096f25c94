/**
 * The usage import's step timer (docs/usage.md, 'Import'): `USAGE_IMPORT_TIMING=1` logs how long
 * each step of an import takes (stderr), for profiling.
 */

let lap = Date.now();

/** An import starts: its first step is timed from now. */
export const startTiming = () => {
  lap = Date.now();
};

/** A step ended: its time since the previous one, when asked for. */
export const step = (name: string) => {
  if (process.env.USAGE_IMPORT_TIMING) console.error(`usage import: ${name} ${Date.now() - lap} ms`);
  lap = Date.now();
};

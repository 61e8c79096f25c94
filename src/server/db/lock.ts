import fs from 'node:fs';
import path from 'node:path';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readOrNull = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

/**
 * PGlite is single-process: a second server on the same data folder would corrupt it.
 * The lock file holds the owner's pid, created only if absent ('wx'). A lock left by a dead
 * process is taken over by renaming it aside first: a rename succeeds for one process only, so
 * of several starting at once after a crash exactly one removes the stale lock, and all of them
 * then race for a new one with 'wx', which one wins. (Unlinking it instead, a slower process
 * could remove the lock the faster one had just made, and both would run.)
 */
export const lockDataDir = (
  dataDir: string,
  /** Runs between reading a stale lock and taking it aside: where another process may overtake (tests). */
  { whileTakingOver }: { whileTakingOver?: () => void } = {},
): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        if (readOrNull(file) === String(process.pid)) fs.unlinkSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const stale = readOrNull(file);
    if (stale === null) continue;
    const owner = Number(stale);
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`Data folder ${dataDir} is in use by process ${owner}; stop that process first.`);
    }
    const aside = `${file}.stale-${process.pid}`;
    whileTakingOver?.();
    try {
      fs.renameSync(file, aside);
    } catch (err) {
      // Another process took the stale lock aside first: try again with what is there now.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    if (fs.readFileSync(aside, 'utf8') !== stale) {
      // Between reading and renaming, another process had made a lock of its own: give it back.
      fs.linkSync(aside, file);
      fs.unlinkSync(aside);
      continue;
    }
    fs.unlinkSync(aside);
  }
  throw new Error(`Could not lock data folder ${dataDir}.`);
};

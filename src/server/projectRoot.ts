import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/** The folder holding package.json, found from this file, whether run from src/ or build/. */
export const projectRoot = (): string => {
  if (cached) return cached;
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + __dirname);
    dir = parent;
  }
  cached = dir;
  return dir;
};

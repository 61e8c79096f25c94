import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../projectRoot';
import { lockDataDir } from './lock';

/** PGlite is single-process: one process at a time may open a data folder. */

let dataDir: string;
const lockFile = () => path.join(dataDir, 'portal.lock');

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Another process that takes the lock through lockDataDir and keeps it until killed. */
const startHolder = async (): Promise<ChildProcess> => {
  const script = `require('./src/server/db/lock').lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1 << 30);`;
  const child = spawn(process.execPath, ['-r', 'esbuild-register', '-e', script], { cwd: projectRoot(), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`lock holder exited early with ${code}`)));
  });
  return child;
};

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('lockDataDir', () => {
  it('writes the owner pid, and release removes the lock', () => {
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('creates a missing data folder', () => {
    const nested = path.join(dataDir, 'nieuw', 'data');
    const release = lockDataDir(nested);
    expect(fs.existsSync(path.join(nested, 'portal.lock'))).toBe(true);
    release();
  });

  it('throws while another live process holds the folder, naming that process', async () => {
    const holder = await startHolder();
    try {
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(holder.pid));
      expect(() => lockDataDir(dataDir)).toThrow(`in use by process ${holder.pid}`);
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(holder.pid));
    } finally {
      await stop(holder);
    }
  });

  it('takes over the lock the holder left when it died', async () => {
    const holder = await startHolder();
    await stop(holder);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(holder.pid));
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it.each([
    ['a dead pid', () => String(deadPid())],
    ['no pid at all', () => 'kapot'],
  ])('takes over a stale lock file with %s', (_, content) => {
    fs.writeFileSync(lockFile(), content());
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('leaves the lock of a process that took over the dead lock first, while this one was about to', async () => {
    const holder = await startHolder();
    // A lock a dead process left (the live holder's own is written back below).
    fs.writeFileSync(lockFile(), String(deadPid()));
    try {
      // The holder waited while a dead lock was there; it overtakes us between our reading the
      // dead pid and our taking that lock aside (as a faster process starting at once would).
      const overtake = () => fs.writeFileSync(lockFile(), String(holder.pid));
      expect(() => lockDataDir(dataDir, { whileTakingOver: overtake })).toThrow(`in use by process ${holder.pid}`);
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(holder.pid));
      expect(fs.readdirSync(dataDir)).toEqual(['portal.lock']);
    } finally {
      await stop(holder);
    }
  });

  it('release leaves a lock that is no longer its own', () => {
    const release = lockDataDir(dataDir);
    fs.writeFileSync(lockFile(), '999999');
    release();
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe('999999');
  });
});

import { createFairQueue } from './hashQueue';

/** The password hash queue (password.ts): bounded, and a flooding client cannot starve another. */

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A task the test finishes by hand, recording when it started. */
const manual = (started: string[], name: string) => {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (started.push(name), done), finish: () => finish() };
};

describe('the fair queue', () => {
  it('runs at most its concurrency at once', async () => {
    const queue = createFairQueue(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => manual(started, name));
    const runs = tasks.map((t, i) => queue.run(`client${i}`, t.task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    tasks[0].finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks.forEach((t) => t.finish());
    await Promise.all(runs);
  });

  it('starts a client that has had nothing yet before the next task of a flooding client', async () => {
    const queue = createFairQueue(1);
    const started: string[] = [];
    const flood = Array.from({ length: 5 }, (_, i) => manual(started, `flood${i}`));
    const runs = flood.map((t) => queue.run('flooder', t.task));
    await tick();
    const login = manual(started, 'login');
    runs.push(queue.run('user', login.task));
    flood[0].finish();
    await tick();
    expect(started).toEqual(['flood0', 'login']);
    login.finish();
    flood.forEach((t) => t.finish());
    await Promise.all(runs);
    expect(started).toHaveLength(6);
  });

  it('passes a task’s result and failure on, and frees its place either way', async () => {
    const queue = createFairQueue(1);
    await expect(queue.run('a', async () => 42)).resolves.toBe(42);
    await expect(queue.run('a', async () => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot');
    await expect(queue.run('b', async () => 'nog steeds')).resolves.toBe('nog steeds');
  });
});

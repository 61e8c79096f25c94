import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgliteThread } from './pgliteThread';

/**
 * The embedded database answers from a worker thread (README.md, 'Architecture'): the portal's thread stays free
 * while a query runs, PostgreSQL's errors keep their codes across the thread, transactions commit
 * and roll back as in PGlite itself, and a worker that dies takes only its own requests along.
 */
jest.setTimeout(120_000);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A query of a few hundred milliseconds. */
const SLOW = 'select count(*)::int as n from generate_series(1, 4000000) g where g % 7 = 3';

describe('in memory', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await PgliteThread.open();
    await thread.query('create table item (id int primary key, name text not null)');
  });
  afterAll(() => thread.close());

  it("keeps the portal's thread free while a query runs", async () => {
    const query = thread.query(SLOW).then(() => 'query');
    // In the same thread, PGlite's query would run to its end before any timer could fire.
    const first = await Promise.race([query, delay(20).then(() => 'timer')]);
    expect(first).toBe('timer');
    expect(await query).toBe('query');
  });

  it('answers rows as objects or arrays, with the types drizzle keeps as text', async () => {
    const objects = await thread.query("select 1.50::numeric as amount, date '2026-09-01' as day, 2::int as n", [], {
      rowMode: 'object',
      parsers: { 1082: (value: string) => value },
    });
    expect(objects.rows).toEqual([{ amount: '1.50', day: '2026-09-01', n: 2 }]);
    expect(objects.fields.map((field) => field.name)).toEqual(['amount', 'day', 'n']);
    const arrays = await thread.query('select $1::text as a, $2::int as b', ['x', 3], { rowMode: 'array' });
    expect(arrays.rows).toEqual([['x', 3]]);
  });

  it("keeps PostgreSQL's error code and constraint", async () => {
    await expect(thread.query('select 1/0')).rejects.toMatchObject({ code: '22012', message: 'division by zero' });
    await thread.query("insert into item values (1, 'een')");
    await expect(thread.query("insert into item values (1, 'nog een')")).rejects.toMatchObject({ code: '23505', constraint: 'item_pkey' });
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into item values (2, 'twee')");
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into item values (3, 'drie')");
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect((await thread.query('select id from item order by id', [], { rowMode: 'array' })).rows).toEqual([[1], [2]]);
  });

  it('lets a query from outside wait until the open transaction ends', async () => {
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("insert into item values (4, 'vier')");
      outside = thread.query('select count(*)::int as n from item');
      await delay(50);
      await tx.query("insert into item values (5, 'vijf')");
    });
    expect(((await outside) as { rows: { n: number }[] }).rows[0].n).toBe(4);
  });

  it('copies rows from a blob inside a transaction', async () => {
    await thread.transaction(async (tx) => {
      await tx.query("copy item from '/dev/blob'", [], { blob: new Blob(['10\ttien\n11\telf\n']) });
    });
    expect((await thread.query('select name from item where id >= 10 order by id', [], { rowMode: 'array' })).rows).toEqual([['tien'], ['elf']]);
  });
});

it('fails the requests of a worker that dies as "database unavailable", and starts a new one on the same folder', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-thread-'));
  const thread = await PgliteThread.open(dataDir);
  try {
    await thread.query('create table kept (id int)');
    await thread.query('insert into kept values (1)');
    const waiting = thread.query(SLOW);
    await thread.stopWorker();
    await expect(waiting).rejects.toMatchObject({ code: '57P01' });
    expect((await thread.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 1 }]);
  } finally {
    await thread.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

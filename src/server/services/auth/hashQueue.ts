/**
 * Runs at most `concurrency` tasks at once. A free slot goes to the waiting client that has had
 * the fewest tasks started while it had work in the queue (the first to queue among equals): a
 * client with one login waiting goes before every client that is flooding, so a flood delays
 * another client's login by about the tasks already running, instead of by the whole flood as a
 * first-come queue would. A client starts afresh once none of its tasks is waiting or running.
 */
export interface FairQueue {
  run<T>(client: string, task: () => Promise<T>): Promise<T>;
}

interface Client {
  starts: Array<() => void>;
  started: number;
  running: number;
}

export const createFairQueue = (concurrency: number): FairQueue => {
  const clients = new Map<string, Client>();
  let running = 0;
  const leastServedWaiting = (): Client | undefined => {
    let best: Client | undefined;
    for (const client of clients.values()) {
      if (client.starts.length > 0 && (!best || client.started < best.started)) best = client;
    }
    return best;
  };
  const startNext = () => {
    for (let next = leastServedWaiting(); running < concurrency && next; next = leastServedWaiting()) {
      const start = next.starts.shift()!;
      next.started += 1;
      next.running += 1;
      running += 1;
      start();
    }
  };
  return {
    run: async (name, task) => {
      const client = clients.get(name) ?? { starts: [], started: 0, running: 0 };
      clients.set(name, client);
      await new Promise<void>((start) => {
        client.starts.push(start);
        startNext();
      });
      try {
        return await task();
      } finally {
        running -= 1;
        client.running -= 1;
        if (client.running === 0 && client.starts.length === 0) clients.delete(name);
        startNext();
      }
    },
  };
};

import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for, such as the reset mail: the answer then takes the
 * same time whatever the work does (or whether there is any), and a slow or failing mail server
 * never holds a request. A failure is logged, never thrown; closing the app waits for what is
 * still running, up to CLOSE_WAIT_MS.
 */
export interface BackgroundTasks {
  run(what: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has finished (tests, closing). */
  settled(): Promise<void>;
}

const CLOSE_WAIT_MS = 5_000;

export const createBackgroundTasks = (log: FastifyBaseLogger): BackgroundTasks => {
  const running = new Set<Promise<void>>();
  return {
    run: (what, task) => {
      const done = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `background task failed: ${what}`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    settled: async () => {
      await Promise.all(running);
    },
  };
};

/** Waits for the running tasks, but not forever: a mail server that never answers must not hold a shutdown. */
export const settleWithin = async (tasks: BackgroundTasks, ms = CLOSE_WAIT_MS): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([tasks.settled(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
};

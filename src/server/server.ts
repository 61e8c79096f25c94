import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { maintainEmbedded } from './db/maintenance';
import { loadConfig } from './config';
import { processLog } from './processLog';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TWO_FACTOR_SECRETS, hasDemoAccounts } from './seed/demo';
import { prepareDatabase } from './start';

/**
 * docs/operations.md, 'Starting, stopping, health': on SIGTERM readiness answers 503 at once and
 * the instance keeps serving for this long, so the load balancer's checks (every 500 ms, two
 * failures) take it out before it stops listening; then it finishes what is in flight and exits.
 */
const DRAIN_MS = 3_000;

/** The process: configuration, database, HTTP server, clean shutdown. Everything else is in app.ts. */
const main = async () => {
  const config = loadConfig();
  const prepared = await prepareDatabase(config, processLog);
  const app = await buildApp({ config, database: prepared.database });
  // The embedded database has no autovacuum daemon of its own (db/maintenance.ts).
  const maintenance = maintainEmbedded(prepared.database, { log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    try {
      // SIGINT is a person at the terminal (Ctrl-C): no load balancer to wait for.
      if (signal === 'SIGTERM') {
        app.lifecycle.draining = true;
        app.log.info({ signal, drainMs: DRAIN_MS }, 'draining: not ready, still serving');
        await sleep(DRAIN_MS);
      }
      app.log.info({ signal }, 'shutting down: finishing the requests in flight');
      await app.close();
      await maintenance?.stop();
      await prepared.database.close();
      app.log.info('stopped');
    } finally {
      prepared.release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Demo mode only (the demo accounts exist): the accounts for the person at the terminal.
  if (!config.databaseUrl && (await hasDemoAccounts(prepared.database.db))) {
    const lines = [`Portal running at http://localhost:${config.port}`, `Demo accounts (password ${DEMO_PASSWORD}):`];
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(20)} ${a.role.padEnd(11)} ${a.company}`);
    // docs/rules.md, 'Two-factor login': the staff accounts log in with a code; any authenticator app takes these secrets.
    for (const [email, secret] of Object.entries(DEMO_TWO_FACTOR_SECRETS)) lines.push(`Tweestapsverificatie demo: ${email} geheim ${secret}`);
    console.log(lines.join('\n'));
  }
};

main().catch((err) => {
  processLog.error({ err: { message: err instanceof Error ? err.message : String(err), code: (err as { code?: string })?.code } }, 'could not start');
  process.exit(1);
});

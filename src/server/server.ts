import { buildApp } from './app';
import { maintainEmbedded } from './db/maintenance';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TWO_FACTOR_SECRETS, hasDemoAccounts } from './seed/demo';
import { prepareDatabase } from './start';

/** The process: configuration, database, HTTP server, clean shutdown. Everything else is in app.ts. */
const main = async () => {
  const config = loadConfig();
  const prepared = await prepareDatabase(config, {
    info: (message) => console.log(message),
    // Before the app's logger exists: the same one-line JSON shape.
    warn: (details, message) => console.warn(JSON.stringify({ level: 40, time: Date.now(), ...details, msg: message })),
  });
  const app = await buildApp({ config, database: prepared.database });
  // The embedded database has no autovacuum daemon of its own (db/maintenance.ts).
  const maintenance = maintainEmbedded(prepared.database, { log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await maintenance?.stop();
      await prepared.database.close();
    } finally {
      prepared.release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [`Portal running at http://localhost:${config.port}`];
  if (!config.databaseUrl && (await hasDemoAccounts(prepared.database.db))) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(20)} ${a.role.padEnd(11)} ${a.company}`);
    // docs/rules.md, 'Two-factor login': the staff accounts log in with a code; any authenticator app takes these secrets.
    for (const [email, secret] of Object.entries(DEMO_TWO_FACTOR_SECRETS)) lines.push(`Tweestapsverificatie demo: ${email} geheim ${secret}`);
  }
  console.log(lines.join('\n'));
};

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

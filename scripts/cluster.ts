import { openPostgres } from '../src/server/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TWO_FACTOR_SECRETS, seedDemoData } from '../src/server/seed/demo';
import { startCluster } from '../test/cluster/cluster';

/**
 * `npm run cluster`: the production topology on this machine (test/cluster/cluster.ts): HAProxy in
 * front of two portal instances, PostgreSQL through pgbouncer in transaction mode, Redis; with the
 * demo data. Needs `npm run build` and Debian's haproxy, pgbouncer, redis-server and postgresql.
 * Ctrl-C stops and removes it all.
 */
const main = async () => {
  const cluster = await startCluster();
  const direct = await openPostgres(cluster.postgresUrl, 1);
  await seedDemoData(direct.db);
  await direct.close();
  console.log(
    [
      `Portal behind HAProxy at ${cluster.url}`,
      ...cluster.instances.map((instance) => `  ${instance.name}: http://127.0.0.1:${instance.port}`),
      `PostgreSQL (past pgbouncer): ${cluster.postgresUrl}`,
      `Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((account) => account.email).join(', ')}`,
      ...Object.entries(DEMO_TWO_FACTOR_SECRETS).map(([email, secret]) => `Tweestapsverificatie demo: ${email} geheim ${secret}`),
      'Ctrl-C stops the cluster.',
    ].join('\n'),
  );
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
};

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

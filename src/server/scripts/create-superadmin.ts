import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import { loadConfig } from '../config';
import { companies, companyArticleGroups, articleGroups, users } from '../db/schema';
import { createAuthToken } from '../services/auth/accounts';
import { passwordLink } from '../services/auth/passwordLinks';
import { prepareDatabase } from '../start';

/**
 * The production path to a first account: `npm run create-superadmin -- --email ...`.
 * Creates the provider company when missing and prints an activation link.
 */
const main = async () => {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      firstname: { type: 'string', default: 'Beheerder' },
      lastname: { type: 'string', default: 'Portaal' },
      company: { type: 'string', default: 'Provider' },
    },
  });
  if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    throw new Error('Usage: npm run create-superadmin -- --email name@example.com [--firstname ..] [--lastname ..] [--company ..]');
  }
  const config = loadConfig();
  const prepared = await prepareDatabase(config, undefined, { seedDemo: false });
  const { db } = prepared.database;
  try {
    const [existing] = await db.select().from(users).where(eq(sql`lower(${users.email})`, values.email.toLowerCase()));
    if (existing) throw new Error(`A user with e-mail ${values.email} already exists.`);
    let [provider] = await db.select().from(companies).where(eq(companies.isProvider, true)).limit(1);
    if (!provider) {
      [provider] = await db.insert(companies).values({ name: values.company!, isProvider: true }).returning();
      const groups = await db.select({ id: articleGroups.id }).from(articleGroups);
      if (groups.length) {
        await db.insert(companyArticleGroups).values(groups.map((g) => ({ companyId: provider.id, articleGroupId: g.id })));
      }
    }
    const [user] = await db
      .insert(users)
      .values({
        email: values.email,
        firstname: values.firstname!,
        lastname: values.lastname!,
        companyId: provider.id,
        roleId: ROLE.superadmin,
      })
      .returning();
    const token = await createAuthToken(db, user.id, 'activation');
    console.log(`Superadmin ${user.email} created in company "${provider.name}".`);
    console.log(`Activation link (valid 7 days): ${passwordLink(config.publicUrl, token)}`);
  } finally {
    await prepared.database.close();
    prepared.release();
  }
};

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

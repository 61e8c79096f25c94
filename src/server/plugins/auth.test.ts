import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import { buildApp } from '../app';
import { rolePermissions, users } from '../db/schema';
import { findCompanyByName } from '../seed/demo';
import { createSession } from '../services/auth/sessions';
import { auth, claimsOf, createTestApp, type TestApp } from '../testing/testApp';

/** The auth hook: one place decides who is asking; tokens must match their live session. */

let t: TestApp;
let klant: typeof users.$inferSelect;
beforeAll(async () => {
  t = await createTestApp();
  [klant] = await t.database.db.select().from(users).where(eq(users.email, 'klant@demo.nl'));
}, 60_000);
afterAll(() => t.close());

const policies = (headers: Record<string, string> = {}, url = '/api/auth/policies') => t.app.inject({ method: 'GET', url, headers });

describe('the auth hook', () => {
  it('applies a change of the role table at once, on every instance, to live sessions', async () => {
    // A second instance of the portal on the same database (as behind a load balancer).
    const other = await buildApp({ config: t.config, database: t.database, clientDir: path.join(t.config.dataDir, 'no-client') });
    const token = await t.login('klant@demo.nl');
    const grant = and(eq(rolePermissions.roleId, ROLE.endUser), eq(rolePermissions.permissionName, 'LIST_PARENT_COMPANIES'));
    const listParents = (app: typeof other) => app.inject({ method: 'GET', url: '/api/parent-companies', headers: auth(token) });
    try {
      expect((await listParents(t.app)).statusCode).toBe(403);
      expect((await listParents(other)).statusCode).toBe(403);
      await t.database.db.insert(rolePermissions).values({ roleId: ROLE.endUser, permissionName: 'LIST_PARENT_COMPANIES' });
      expect((await listParents(t.app)).statusCode).toBe(200);
      expect((await listParents(other)).statusCode).toBe(200);
      expect((await policies(auth(token))).json().LIST_PARENT_COMPANIES).toBe(true);
      await t.database.db.delete(rolePermissions).where(grant);
      expect((await listParents(t.app)).statusCode).toBe(403);
      expect((await listParents(other)).statusCode).toBe(403);
    } finally {
      await t.database.db.delete(rolePermissions).where(grant);
      await other.close();
    }
  });

  // The router decodes the path, so these reach /api routes; the hook must not be fooled by the raw URL.
  it.each(['/%61pi/billing-cycles', '/%61pi/auth/policies', '/%61%70%69/users/1', '/api/%62illing-cycles'])(
    'refuses the percent-encoded path %s without a token',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    },
  );

  it('accepts the scheme case-insensitively and refuses other schemes', async () => {
    const token = await t.login('klant@demo.nl');
    expect((await policies({ authorization: `bearer ${token}` })).statusCode).toBe(200);
    expect((await policies({ authorization: `Basic ${token}` })).statusCode).toBe(401);
    expect((await policies({ authorization: token })).statusCode).toBe(401);
  });

  it('refuses a correctly signed token whose claims do not match its session', async () => {
    const session = await createSession(t.database.db, klant.id);
    const sign = (claims: Partial<{ sub: number; company_id: number; impersonate: number | null; sid: string }>) =>
      t.app.tokens.sign({ sub: klant.id, company_id: klant.companyId, impersonate: null, sid: session.id, ...claims });
    const bakkerij = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.nl'));

    expect((await policies(auth(sign({})))).statusCode).toBe(200);
    // Another company without impersonation, another user, an unknown session, a forged impersonation.
    expect((await policies(auth(sign({ company_id: bakkerij })))).statusCode).toBe(401);
    expect((await policies(auth(sign({ sub: admin.id })))).statusCode).toBe(401);
    expect((await policies(auth(sign({ sid: 'no-such-session' })))).statusCode).toBe(401);
    expect((await policies(auth(sign({ company_id: bakkerij, impersonate: klant.companyId })))).statusCode).toBe(401);
    expect((await policies(auth(sign({ impersonate: bakkerij })))).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await t.login('klant@demo.nl');
    const claims = claimsOf(token);
    const { createSigner } = await import('fast-jwt');
    const expired = createSigner({ key: t.config.jwtSecret, algorithm: 'HS256' })({
      ...claims,
      iat: claims.iat - 7200,
      exp: claims.iat - 3600,
    });
    expect((await policies(auth(expired))).statusCode).toBe(401);
  });

  it('refuses a token with the none algorithm', async () => {
    const claims = claimsOf(await t.login('klant@demo.nl'));
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    expect((await policies(auth(unsigned))).statusCode).toBe(401);
  });
});

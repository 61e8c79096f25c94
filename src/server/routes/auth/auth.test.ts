import { INCLUDED_BUDGET_MS } from './index';
import { auth, claimsOf, createTestApp, FROM_PORTAL, linkIn, refreshCookieOf, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('answers a token with the spec claims and sets a strict HttpOnly refresh cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'klant@demo.nl', password: 'Welkom123!' },
    });
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(res.json().token);
    expect(claims).toMatchObject({ sub: expect.any(Number), company_id: expect.any(Number), impersonate: null });
    expect(claims.exp - claims.iat).toBe(3600);
    const cookie = res.cookies.find((c) => c.name === 'portal_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
  });

  it('refuses a wrong password and an unknown address with the same answer', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl', password: 'fout' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'niemand@demo.nl', password: 'fout' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'E-mail adres of wachtwoord incorrect. Probeer het opnieuw.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects bad input with 400 before the handler', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('password');
  });
});

describe('sessions', () => {
  it('refresh answers a new token from the cookie; logout revokes the session at once', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl', password: 'Welkom123!' } });
    const token = login.json().token;
    const cookie = refreshCookieOf(login);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL } });
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json().token).sid).toBe(claimsOf(token).sid);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...auth(token), ...FROM_PORTAL } });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) });
    expect(after.statusCode).toBe(401);
    const refreshAfter = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL } });
    expect(refreshAfter.statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await t.login('klant@demo.nl');
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(forged) });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh with the first render\'s calls (include)', () => {
  const loginCookie = async (email: string) =>
    refreshCookieOf(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Welkom123!' } }));
  const refreshWith = async (cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL }, payload: payload as object });
  const get = async (token: string, path: string) => (await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: auth(token) })).json();

  it('answers each call as the page would get it with the new token, {user} and {company} standing for the session', async () => {
    const cookie = await loginCookie('klant@demo.nl');
    const include = ['article-groups/visible', 'auth/policies', 'users/{user}', 'company/{company}', 'articles?article_group_id=1'];
    const res = await refreshWith(cookie, { include });
    expect(res.statusCode).toBe(200);
    const { token, included } = res.json();
    const claims = claimsOf(token);
    expect(Object.keys(included).sort()).toEqual([...include].sort());
    expect(included['users/{user}']).toEqual(await get(token, `users/${claims.sub}`));
    expect(included['users/{user}'].email).toBe('klant@demo.nl');
    expect(included['company/{company}']).toEqual(await get(token, `company/${claims.company_id}`));
    expect(included['auth/policies']).toEqual(await get(token, 'auth/policies'));
    expect(included['article-groups/visible']).toEqual(await get(token, 'article-groups/visible'));
    expect(included['articles?article_group_id=1']).toEqual(await get(token, 'articles?article_group_id=1'));
  });

  it('leaves out what the token may not see: another company (404), a missing permission, an unknown path', async () => {
    const cookie = await loginCookie('klant@demo.nl');
    const admin = claimsOf(await t.login('admin@demo.nl'));
    const res = await refreshWith(cookie, { include: [`company/${admin.company_id}`, 'companies', 'bestaat-niet', 'auth/policies'] });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().included)).toEqual(['auth/policies']);
  });

  it('without include, or with an empty one, answers the token alone', async () => {
    const cookie = await loginCookie('klant@demo.nl');
    expect(Object.keys((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL } })).json())).toEqual(['token']);
    expect(Object.keys((await refreshWith(cookie, { include: [] })).json())).toEqual(['token']);
  });

  it.each([
    ['a full address', ['http://elders.example/api/x']],
    ['a path outside /api', ['../../etc/passwd']],
    ['a path outside /api, encoded', ['%2e%2e/mijn-diensten']],
    ['a path outside /api, half encoded', ['articles/.%2E/%2e./index.html']],
    ['a leading slash', ['/users/1']],
    ['a fragment', ['users/{user}#x']],
    ['too many calls', Array.from({ length: 9 }, (_, i) => `articles?article_group_id=${i + 1}`)],
    ['the same call twice', ['auth/policies', 'auth/policies']],
    ['another field', { include: [], extra: 1 }],
  ])('refuses %s with 400 and keeps the session', async (_name, include) => {
    const cookie = await loginCookie('klant@demo.nl');
    const res = await refreshWith(cookie, Array.isArray(include) ? { include } : include);
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL } })).statusCode).toBe(200);
  });

  it('does not hold the token for a slow call: it is left out after the time budget', async () => {
    const cookie = await loginCookie('klant@demo.nl');
    const inject = t.app.inject.bind(t.app);
    const slow = jest.spyOn(t.app, 'inject').mockImplementation(((options: { url: string }) =>
      options.url.startsWith('/api/articles')
        ? new Promise((resolve) => setTimeout(() => resolve(inject(options as never)), INCLUDED_BUDGET_MS + 300))
        : inject(options as never)) as never);
    try {
      const res = await refreshWith(cookie, { include: ['articles?article_group_id=1', 'auth/policies'] });
      expect(res.statusCode).toBe(200);
      // Had the refresh waited, the slow call's 200 would be in its answer.
      expect(Object.keys(res.json().included)).toEqual(['auth/policies']);
      expect(slow).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/articles?article_group_id=1' }));
    } finally {
      slow.mockRestore();
    }
  });

  it('answers nothing without a live session', async () => {
    const res = await refreshWith('portal_refresh=onzin', { include: ['auth/policies'] });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sessie verlopen.' });
  });
});

describe('GET /api/auth/policies', () => {
  it('answers every permission for the role (decisions section 2)', async () => {
    const customer = (await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(await t.login('klant@demo.nl')) })).json();
    const admin = (await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(await t.login('admin@demo.nl')) })).json();
    expect(Object.keys(customer)).toHaveLength(19);
    expect(customer).toMatchObject({ CREATE_COMPANY: false, UPLOAD_CDR: false, EDIT_SPIE_FIELDS: false, CREATE_SERVICE: true, BULK_IMPORT: true });
    expect(Object.values(admin).every(Boolean)).toBe(true);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets the password and logs in', async () => {
    const request = await t.app.inject({ method: 'POST', url: '/api/auth/reset/request', payload: { email: 'admin@demo.nl' } });
    expect(request.statusCode).toBe(200);
    await t.app.backgroundTasks.settled();
    const mail = t.outbox().at(-1)!;
    expect(mail).toContain('To: admin@demo.nl');
    const token = new URL(linkIn(mail)).searchParams.get('token')!;

    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'NieuwWachtwoord1' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().token).toEqual(expect.any(String));
    await expect(t.login('admin@demo.nl', 'NieuwWachtwoord1')).resolves.toEqual(expect.any(String));

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'NogEenKeer1' } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid token' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.outbox().length;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset/request', payload: { email: 'onbekend@demo.nl' } });
    expect(res.statusCode).toBe(200);
    await t.app.backgroundTasks.settled();
    expect(t.outbox()).toHaveLength(before);
  });

  it('refuses an expired link with Token timed out', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/reset/request', payload: { email: 'klant@demo.nl' } });
    await t.app.backgroundTasks.settled();
    const token = new URL(linkIn(t.outbox().at(-1)!)).searchParams.get('token')!;
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update auth_tokens set expires_at = now() - interval '1 minute' where used_at is null`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'Welkom123!' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Token timed out' });
  });
});

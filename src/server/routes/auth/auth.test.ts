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

describe('POST /api/auth/refresh answers a token and nothing else', () => {
  const loginCookie = async (email: string) =>
    refreshCookieOf(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Welkom123!' } }));

  it('answers no other call, whatever its body asks (it is public, authenticated by a cookie alone)', async () => {
    const cookie = await loginCookie('klant@demo.nl');
    for (const payload of [undefined, { include: ['auth/policies', 'users/{user}'] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL }, payload });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['token']);
    }
  });

  it('answers nothing without a live session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: 'portal_refresh=onzin', ...FROM_PORTAL } });
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

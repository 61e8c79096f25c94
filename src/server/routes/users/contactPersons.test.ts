import { and, eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { hashPassword } from '../../services/auth/password';
import { auth, createTestApp, linkIn, type TestApp } from '../../testing/testApp';

/** GET/POST /api/users, PUT /api/users/:id, GET /api/users/activate/:id (docs/api-company-admin.md). */

let t: TestApp;
let klant: string;
let installatie: number;
let bakkerij: number;
let provider: number;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  bakkerij = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
  provider = (await findCompanyByName(t.database.db, 'Demo ICT Diensten'))!.id;
}, 60_000);
afterAll(() => t.close());

let sequence = 0;
const freshEmail = () => `persoon${(sequence += 1)}@vandijk.nl`;
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())))[0];
const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users))[0].n;
const addColleague = async (companyId = installatie, roleId = 3, password: string | null = null) =>
  (
    await t.database.db
      .insert(users)
      .values({
        email: freshEmail(),
        firstname: 'Karin',
        lastname: 'Smit',
        companyId,
        roleId,
        passwordHash: password ? await hashPassword(password) : null,
      })
      .returning()
  )[0];

const post = (token: string, payload?: object, query?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/users', headers: auth(token), payload, query });
const put = (token: string, id: number, payload?: object, query?: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: auth(token), payload, query });
const impersonate = async (token: string, companyId: number) =>
  (await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${companyId}`, headers: auth(token), payload: { reason: 'Test' } })).json().data
    .token as string;
const policies = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) });

describe('GET /api/users', () => {
  it("lists the acting company's contact persons in the contract's shape, nothing secret", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: auth(klant) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.every((u: { company_id: number }) => u.company_id === installatie)).toBe(true);
    const pieter = list.find((u: { email: string }) => u.email === 'klant@demo.nl');
    expect(pieter).toEqual({
      id: expect.any(Number),
      firstname: 'Pieter',
      lastname: 'van Dijk',
      email: 'klant@demo.nl',
      phonenumber: '010 765 4321',
      company_id: installatie,
      role_id: 3,
      approves_requests: true,
      receives_cost_specification: false,
      activated: true,
      has_logged_in: true,
      two_factor_enabled: false,
    });
    expect(res.body).not.toMatch(/korenschoof|password|scrypt/i);
  });

  it("shows a customer's contact persons to an admin acting for it, and an unactivated one as such", async () => {
    const colleague = await addColleague();
    const token = await impersonate(await t.login('admin@demo.nl'), installatie);
    const list = (await t.app.inject({ method: 'GET', url: '/api/users', headers: auth(token) })).json();
    expect(list.find((u: { id: number }) => u.id === colleague.id)).toMatchObject({ activated: false, role_id: 3 });
    expect(list.some((u: { email: string }) => u.email === 'admin@demo.nl')).toBe(false);
  });
});

describe('POST /api/users', () => {
  it('creates a contact person (role 3) in the acting company from query params', async () => {
    const email = freshEmail();
    const res = await post(klant, undefined, { firstname: 'Jan', lastname: 'de Boer', email, phonenumber: '06 1234 5678' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      firstname: 'Jan',
      lastname: 'de Boer',
      email,
      phonenumber: '06 1234 5678',
      company_id: installatie,
      role_id: 3,
      approves_requests: true,
      receives_cost_specification: false,
      activated: false,
      has_logged_in: false,
      two_factor_enabled: false,
    });
  });

  it('takes a JSON body too; a field in both comes from the body', async () => {
    const email = freshEmail();
    const res = await post(klant, { firstname: 'Uit body', lastname: 'Jansen', email }, { firstname: 'Uit query' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstname: 'Uit body', lastname: 'Jansen', email, phonenumber: null });
  });

  it.each([
    [{ lastname: 'Jansen', email: 'a@b.nl' }, "Veld 'Voornaam' is verplicht."],
    [{ firstname: '  ', lastname: 'Jansen', email: 'a@b.nl' }, "Veld 'Voornaam' is verplicht."],
    [{ firstname: 'Jan', email: 'a@b.nl' }, "Veld 'Achternaam' is verplicht."],
    [{ firstname: 'Jan', lastname: 'Jansen' }, "Veld 'E-mailadres' is verplicht."],
    [{ firstname: 'Jan', lastname: 'Jansen', email: ' ' }, "Veld 'E-mailadres' is verplicht."],
  ])('refuses %j with the Dutch message of the form', async (payload, message) => {
    const before = await userCount();
    const res = await post(klant, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toContainEqual({ field: expect.any(String), message });
    expect(await userCount()).toBe(before);
  });

  it('lists every missing field at once', async () => {
    const res = await post(klant, {});
    expect(res.json()).toEqual({
      message: "Veld 'Voornaam' is verplicht.",
      errors: [
        { field: 'firstname', message: "Veld 'Voornaam' is verplicht." },
        { field: 'lastname', message: "Veld 'Achternaam' is verplicht." },
        { field: 'email', message: "Veld 'E-mailadres' is verplicht." },
      ],
    });
  });

  it.each(['jan', 'jan@', '@vandijk.nl', 'jan@vandijk', 'jan de boer@vandijk.nl', 'jan@@vandijk.nl', 'jan@vandijk..nl'])(
    'refuses the e-mail address %j with the Dutch message of the form',
    async (email) => {
      const res = await post(klant, { firstname: 'Jan', lastname: 'Jansen', email });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("'E-mailadres' veld is niet correct ingevoerd");
    },
  );

  it('accepts ordinary addresses', async () => {
    for (const email of [`jan.de-boer+${sequence}@van-dijk.co.nl`, `J.Jansen${sequence}@VanDijk.NL`]) {
      expect((await post(klant, { firstname: 'Jan', lastname: 'Jansen', email })).statusCode).toBe(201);
    }
  });

  it('answers 409 for an address already registered, whatever its case, in any company', async () => {
    for (const email of ['KLANT@demo.nl', 'kees@Korenschoof.nl', ' admin@demo.nl ']) {
      const res = await post(klant, { firstname: 'Jan', lastname: 'Jansen', email });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Het emailadres is al geregistreerd.' });
    }
  });

  // A client may send the company it creates the user in (docs/permissions.md, 'The acting company').
  it("takes company_id when it is the acting company's, from the body or the query", async () => {
    const viaBody = await post(klant, { firstname: 'Jan', lastname: 'Jansen', email: freshEmail(), company_id: installatie });
    const viaQuery = await post(klant, undefined, { firstname: 'Jan', lastname: 'Jansen', email: freshEmail(), company_id: String(installatie) });
    expect(viaBody.statusCode).toBe(201);
    expect(viaQuery.statusCode).toBe(201);
    expect(viaBody.json().company_id).toBe(installatie);
    expect(viaQuery.json().company_id).toBe(installatie);
    // Provider staff managing the customer send the customer's id.
    const adminActing = await impersonate(await t.login('admin@demo.nl'), installatie);
    const byAdmin = await post(adminActing, { firstname: 'Jan', lastname: 'Jansen', email: freshEmail(), company_id: installatie });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().company_id).toBe(installatie);
  });

  it("answers 404 for another company's id, or one that does not exist, and creates nothing", async () => {
    const before = await userCount();
    const email = freshEmail();
    const adminActing = await impersonate(await t.login('admin@demo.nl'), installatie);
    const refused = [
      await post(klant, { firstname: 'Jan', lastname: 'Jansen', email, company_id: bakkerij }),
      await post(klant, undefined, { firstname: 'Jan', lastname: 'Jansen', email, company_id: String(bakkerij) }),
      // The query names the own company, the body (which wins) another.
      await post(klant, { firstname: 'Jan', lastname: 'Jansen', email, company_id: bakkerij }, { company_id: String(installatie) }),
      await post(klant, { firstname: 'Jan', lastname: 'Jansen', email, company_id: 2147483647 }),
      // Provider staff managing a customer do not create in their own company by naming it.
      await post(adminActing, { firstname: 'Jan', lastname: 'Jansen', email, company_id: provider }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Bedrijf niet gevonden.' });
    }
    expect(await userCount()).toBe(before);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses a company_id that is no id with 400', async () => {
    for (const company_id of ['abc', 0, -1, 1.5, 99999999999, null]) {
      expect((await post(klant, { firstname: 'Jan', lastname: 'Jansen', email: freshEmail(), company_id })).statusCode).toBe(400);
    }
  });

  it('lets a customer give roles 3 and 4 only', async () => {
    const before = await userCount();
    for (const role_id of [1, 2]) {
      const res = await post(klant, { firstname: 'Jan', lastname: 'Jansen', email: freshEmail(), role_id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(await userCount()).toBe(before);
    const blocked = await post(klant, { firstname: 'Geen', lastname: 'Toegang', email: freshEmail(), role_id: 4 });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json().role_id).toBe(4);
  });

  it('lets only a superadmin create provider staff, and only in the provider company', async () => {
    const before = await userCount();
    const admin = await t.login('admin@demo.nl');
    const superadmin = await t.login('superadmin@demo.nl');
    for (const role_id of [1, 2]) {
      expect((await post(admin, { firstname: 'A', lastname: 'B', email: freshEmail(), role_id })).statusCode).toBe(403);
      // Acting for a customer, not even a superadmin makes provider staff there.
      const acting = await impersonate(superadmin, installatie);
      expect((await post(acting, { firstname: 'A', lastname: 'B', email: freshEmail(), role_id })).statusCode).toBe(403);
    }
    expect(await userCount()).toBe(before);
    const created = await post(superadmin, { firstname: 'Nieuwe', lastname: 'Beheerder', email: freshEmail(), role_id: 2 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role_id: 2, company_id: provider });
  });

  it('refuses an unknown role id', async () => {
    expect((await post(klant, { firstname: 'A', lastname: 'B', email: freshEmail(), role_id: 7 })).statusCode).toBe(400);
  });
});

describe('PUT /api/users/:id', () => {
  it('changes a contact person from query params or a JSON body; absent fields stay', async () => {
    const colleague = await addColleague();
    const viaQuery = await put(klant, colleague.id, undefined, { firstname: 'Karina', phonenumber: '010 111 2222' });
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.json()).toMatchObject({ firstname: 'Karina', lastname: 'Smit', email: colleague.email, phonenumber: '010 111 2222' });
    const viaBody = await put(klant, colleague.id, { lastname: 'de Smit', phonenumber: '' }, { lastname: 'Query' });
    expect(viaBody.json()).toMatchObject({ firstname: 'Karina', lastname: 'de Smit', phonenumber: null });
  });

  it('requires a valid e-mail address with the Dutch messages of the form', async () => {
    const colleague = await addColleague();
    expect((await put(klant, colleague.id, { email: '' })).json().message).toBe("Veld 'E-mailadres' is verplicht.");
    expect((await put(klant, colleague.id, { email: 'karin@' })).json().message).toBe("'E-mailadres' veld is niet correct ingevoerd");
    expect((await put(klant, colleague.id, { firstname: '' })).json().message).toBe("Veld 'Voornaam' is verplicht.");
    expect((await userByEmail(colleague.email)).firstname).toBe('Karin');
  });

  it("answers 409 for another user's address, and takes the user's own in another case", async () => {
    const colleague = await addColleague();
    const taken = await put(klant, colleague.id, { email: 'Klant@Demo.nl' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Het emailadres is al geregistreerd.' });
    const own = await put(klant, colleague.id, { email: colleague.email.toUpperCase() });
    expect(own.statusCode).toBe(200);
    expect(own.json().email).toBe(colleague.email.toUpperCase());
  });

  describe('the login address (docs/rules.md)', () => {
    const refusal = { message: 'Het e-mailadres wijzigt de gebruiker zelf via Mijn account.', errors: [{ field: 'email', message: 'Het e-mailadres wijzigt de gebruiker zelf via Mijn account.' }] };

    it('lets a colleague or provider staff correct the address of an account that never logged in', async () => {
      const colleague = await addColleague(installatie, 3, 'Een lang wachtwoord 2024!');
      const corrected = freshEmail();
      const res = await put(klant, colleague.id, { email: corrected });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: corrected, has_logged_in: false });
      const adminActing = await impersonate(await t.login('admin@demo.nl'), installatie);
      const again = freshEmail();
      expect((await put(adminActing, colleague.id, { email: again })).statusCode).toBe(200);
      expect((await userByEmail(again)).id).toBe(colleague.id);
    });

    it('refuses another address for an account that has logged in, for colleagues and provider staff, and changes nothing', async () => {
      const colleague = await addColleague();
      await t.tokenFor(colleague.id);
      const adminActing = await impersonate(await t.login('admin@demo.nl'), installatie);
      for (const token of [klant, adminActing]) {
        const res = await put(token, colleague.id, { firstname: 'Anders', email: freshEmail() });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(refusal);
      }
      expect(await userByEmail(colleague.email)).toMatchObject({ id: colleague.id, firstname: 'Karin' });
      const list = (await t.app.inject({ method: 'GET', url: '/api/users', headers: auth(klant) })).json();
      expect(list.find((u: { id: number }) => u.id === colleague.id)).toMatchObject({ has_logged_in: true });
      // The same address, in any case, is no change: the other fields save.
      const same = await put(klant, colleague.id, { firstname: 'Karina', email: colleague.email.toUpperCase() });
      expect(same.statusCode).toBe(200);
    });

    it("refuses the user's own address through PUT /users too", async () => {
      const me = await userByEmail('klant@demo.nl');
      const res = await put(klant, me.id, { email: 'pieter.nieuw@vandijk.nl' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal);
      expect((await userByEmail('klant@demo.nl')).id).toBe(me.id);
    });
  });

  it("answers 404 for a user of another company, and changes nothing (klant@demo.nl and 'Bakkerij De Korenschoof')", async () => {
    const kees = await userByEmail('kees@korenschoof.nl');
    const res = await put(klant, kees.id, { firstname: 'Gehackt', email: 'aanvaller@vandijk.nl' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/korenschoof/i);
    // Provider staff act for a customer's users only while managing that company.
    expect((await put(await t.login('admin@demo.nl'), kees.id, { firstname: 'Gehackt' })).statusCode).toBe(404);
    expect(await userByEmail('kees@korenschoof.nl')).toEqual(kees);
  });

  it("takes company_id when it is the acting company's", async () => {
    const colleague = await addColleague();
    const res = await put(klant, colleague.id, { firstname: 'Karina', company_id: installatie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstname: 'Karina', company_id: installatie });
  });

  it("never moves a user to another company: 404 for another company's id, nothing changed", async () => {
    const colleague = await addColleague();
    for (const res of [
      await put(klant, colleague.id, { firstname: 'Verhuisd', company_id: bakkerij }),
      await put(klant, colleague.id, undefined, { firstname: 'Verhuisd', company_id: String(bakkerij) }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Bedrijf niet gevonden.' });
    }
    expect(await userByEmail(colleague.email)).toEqual(colleague);
  });

  it('refuses promotion to provider staff by a customer or an admin, and changes nothing', async () => {
    const colleague = await addColleague();
    for (const role_id of [1, 2]) expect((await put(klant, colleague.id, { role_id })).statusCode).toBe(403);
    const adminActing = await impersonate(await t.login('admin@demo.nl'), installatie);
    expect((await put(adminActing, colleague.id, { role_id: 1 })).statusCode).toBe(403);
    const providerColleague = await addColleague(provider, 3);
    expect((await put(await t.login('admin@demo.nl'), providerColleague.id, { role_id: 1 })).statusCode).toBe(403);
    expect((await userByEmail(colleague.email)).roleId).toBe(3);
    expect((await userByEmail(providerColleague.email)).roleId).toBe(3);
    const bySuperadmin = await put(await t.login('superadmin@demo.nl'), providerColleague.id, { role_id: 2 });
    expect(bySuperadmin.statusCode).toBe(200);
    expect(bySuperadmin.json().role_id).toBe(2);
  });

  it("lets only a superadmin change another provider staff account (its e-mail would open it)", async () => {
    const superadmin = await userByEmail('superadmin@demo.nl');
    const admin = await t.login('admin@demo.nl');
    const res = await put(admin, superadmin.id, { email: 'overname@aanvaller.nl' });
    expect(res.statusCode).toBe(403);
    expect((await userByEmail('superadmin@demo.nl')).email).toBe('superadmin@demo.nl');
    // An admin keeps its own name up to date.
    const self = await userByEmail('admin@demo.nl');
    expect((await put(admin, self.id, { phonenumber: '020 123 9999', role_id: 2 })).statusCode).toBe(200);
  });

  it("ends the user's sessions on a role change, and not on other changes", async () => {
    const colleague = await addColleague(installatie, 3, 'Welkom123!');
    const session = await t.login(colleague.email);
    expect((await put(klant, colleague.id, { phonenumber: '06 0000 0000', role_id: 3 })).statusCode).toBe(200);
    expect((await policies(session)).statusCode).toBe(200);

    expect((await put(klant, colleague.id, { role_id: 4 })).statusCode).toBe(200);
    expect((await policies(session)).statusCode).toBe(401);
    await expect(t.login(colleague.email)).rejects.toThrow(/401/);
  });

  it('records who changed what, without secrets', async () => {
    const colleague = await addColleague();
    await put(klant, colleague.id, { lastname: 'Vermeulen', role_id: 4 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.entityId, String(colleague.id))));
    const pieter = await userByEmail('klant@demo.nl');
    expect(entry).toMatchObject({
      userId: pieter.id,
      companyId: installatie,
      impersonatingFrom: null,
      entity: 'user',
      changes: { firstname: 'Karin', lastname: 'Vermeulen', role_id: 4, previous_role_id: 3 },
    });
  });
});

describe('GET /api/users/activate/:id', () => {
  const activate = (token: string, id: number) => t.app.inject({ method: 'GET', url: `/api/users/activate/${id}`, headers: auth(token) });

  it('mails an activation link whose token sets the password through POST /api/auth/reset', async () => {
    const colleague = await addColleague();
    const before = t.outbox().length;
    const res = await activate(klant, colleague.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verzonden' });
    const mails = t.outbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${colleague.email}`);
    const link = new URL(linkIn(mails[0]));
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/reset`);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token: link.searchParams.get('token'), password: 'Mijn-Eerste-Tulp-Fluit' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(t.login(colleague.email, 'Mijn-Eerste-Tulp-Fluit')).resolves.toEqual(expect.any(String));
    const listed = (await t.app.inject({ method: 'GET', url: '/api/users', headers: auth(klant) })).json();
    expect(listed.find((u: { id: number }) => u.id === colleague.id).activated).toBe(true);
  });

  it("answers 404 for a user of another company, and mails nothing", async () => {
    const kees = await userByEmail('kees@korenschoof.nl');
    const before = t.outbox().length;
    const res = await activate(klant, kees.id);
    expect(res.statusCode).toBe(404);
    expect(t.outbox()).toHaveLength(before);
  });

  it("lets provider staff activate any company's user", async () => {
    const kees = await userByEmail('kees@korenschoof.nl');
    const before = t.outbox().length;
    const res = await activate(await t.login('admin@demo.nl'), kees.id);
    expect(res.statusCode).toBe(200);
    expect(t.outbox().slice(before)[0]).toContain('To: kees@korenschoof.nl');
  });

  it('sends nothing to an account without access (role 4)', async () => {
    const blocked = await addColleague(installatie, 4);
    const before = t.outbox().length;
    expect((await activate(klant, blocked.id)).statusCode).toBe(409);
    expect(t.outbox()).toHaveLength(before);
  });
});

import { and, eq, isNull } from 'drizzle-orm';
import { articleGroupFields, articleGroups, articles, serviceFieldInputs, services } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET, POST /api/article-groups, PUT and DELETE /api/article-groups/:id (docs/api-company-admin.md). */

let t: TestApp;
let admin: string;
let klant: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.nl');
  klant = await t.login('klant@demo.nl');
}, 60_000);
afterAll(() => t.close());

interface Group {
  id: number;
  name: string;
  icon: string;
  fields: { id: number; name: string; used_for_cdr: boolean }[];
  companies: number[];
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: auth(token), payload });
const all = async (): Promise<Group[]> => (await call(admin, 'GET', '/article-groups')).json();
const byName = async (name: string) => (await all()).find((g) => g.name === name)!;
const create = async (payload: object) => {
  const res = await call(admin, 'POST', '/article-groups', payload);
  expect(res.statusCode).toBe(201);
  return res.json() as Group;
};

describe('GET /api/article-groups', () => {
  it('lists every group in order with its fields and the companies that see it', async () => {
    const groups = await all();
    expect(groups.map((g) => g.name)).toEqual([
      'Mobiele telefonie',
      'Vaste telefonie',
      'Applicaties',
      'Hardware',
      'Hosting',
      'Connectiviteit',
      'Diensten',
    ]);
    const installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
    const provider = (await findCompanyByName(t.database.db, 'Demo ICT Diensten'))!.id;
    expect(groups[0]).toMatchObject({
      icon: 'mobile',
      fields: [
        { id: expect.any(Number), name: 'Telefoonnummer', used_for_cdr: true },
        { id: expect.any(Number), name: 'SIM nummer', used_for_cdr: false },
        { id: expect.any(Number), name: 'Data', used_for_cdr: false },
      ],
    });
    expect(groups[0].companies).toEqual(expect.arrayContaining([installatie, provider]));
    expect(groups[6].companies).toEqual([provider]);
  });

  it('is refused to customers', async () => {
    expect((await call(klant, 'GET', '/article-groups')).statusCode).toBe(403);
  });
});

describe('POST /api/article-groups', () => {
  it('creates a group with fields and visibility, after the existing ones', async () => {
    const bakkerij = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
    const group = await create({
      name: ' Beveiliging ',
      icon: 'security',
      fields: [
        { name: 'Alarmnummer', used_for_cdr: true },
        { name: 'Locatie', used_for_cdr: false },
      ],
      companies: [bakkerij],
    });
    expect(group).toEqual({
      id: expect.any(Number),
      name: 'Beveiliging',
      icon: 'security',
      fields: [
        { id: expect.any(Number), name: 'Alarmnummer', used_for_cdr: true },
        { id: expect.any(Number), name: 'Locatie', used_for_cdr: false },
      ],
      companies: [bakkerij],
    });
    expect((await all()).at(-1)!.name).toBe('Beveiliging');
    const visible = await call(await t.login('kees@korenschoof.nl'), 'GET', '/article-groups/visible');
    expect(visible.json().map((g: { name: string }) => g.name)).toContain('Beveiliging');
  });

  it('requires a name for the group and for each field; one field at most links usage', async () => {
    const before = (await all()).length;
    const cases: [object, string][] = [
      [{ name: ' ' }, "Veld 'Naam' is verplicht."],
      [{ name: 'X', fields: [{ name: '' }] }, "Veld 'Naam' van een categorieveld is verplicht."],
      [{ name: 'X', fields: [{ name: 'Nummer' }, { name: 'nummer' }] }, "Het veld 'nummer' staat er twee keer in."],
    ];
    for (const [payload, message] of cases) {
      const res = await call(admin, 'POST', '/article-groups', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const twoCdr = await call(admin, 'POST', '/article-groups', {
      name: 'X',
      fields: [
        { name: 'A', used_for_cdr: true },
        { name: 'B', used_for_cdr: true },
      ],
    });
    expect(twoCdr.statusCode).toBe(400);
    expect((await call(admin, 'POST', '/article-groups', { name: 'X', companies: [999999] })).statusCode).toBe(400);
    expect((await all()).length).toBe(before);
  });

  it('is refused to customers', async () => {
    expect((await call(klant, 'POST', '/article-groups', { name: 'Van klant' })).statusCode).toBe(403);
  });
});

describe('PUT /api/article-groups/:id', () => {
  it('renames, adds and removes fields, moves used_for_cdr and sets the visibility list', async () => {
    const group = await create({
      name: 'Printers',
      fields: [
        { name: 'Serienr', used_for_cdr: false },
        { name: 'Tellerstand', used_for_cdr: false },
      ],
    });
    const [serial, counter] = group.fields;
    const installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
    const res = await call(admin, 'PUT', `/article-groups/${group.id}`, {
      ...group,
      name: 'Printers en kopieerapparaten',
      fields: [
        { id: serial.id, name: 'Serienummer', used_for_cdr: true },
        { name: 'Locatie', used_for_cdr: false },
      ],
      companies: [installatie],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: group.id,
      name: 'Printers en kopieerapparaten',
      icon: 'services',
      fields: [
        { id: serial.id, name: 'Serienummer', used_for_cdr: true },
        { id: expect.any(Number), name: 'Locatie', used_for_cdr: false },
      ],
      companies: [installatie],
    });
    const stored = await t.database.db.select().from(articleGroupFields).where(eq(articleGroupFields.id, counter.id));
    expect(stored).toEqual([]);
    // Without `fields` and `companies` both stay as they are.
    const renamed = await call(admin, 'PUT', `/article-groups/${group.id}`, { name: 'Printers' });
    expect(renamed.json()).toMatchObject({ name: 'Printers', fields: res.json().fields, companies: [installatie] });
  });

  it('refuses (409) to remove a field that holds values of services, and changes nothing', async () => {
    const mobile = await byName('Mobiele telefonie');
    const phone = mobile.fields.find((f) => f.name === 'Telefoonnummer')!;
    const values = await t.database.db.select().from(serviceFieldInputs).where(eq(serviceFieldInputs.articleGroupFieldId, phone.id));
    expect(values.length).toBeGreaterThan(0);
    const res = await call(admin, 'PUT', `/article-groups/${mobile.id}`, {
      name: 'Mobiel',
      fields: mobile.fields.filter((f) => f.id !== phone.id),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Het veld 'Telefoonnummer' heeft nog waarden bij afnames en kan niet worden verwijderd." });
    expect(await byName('Mobiele telefonie')).toEqual(mobile);
  });

  it('refuses (409) to let a field link usage while one of its values is a number another service holds at the same time', async () => {
    const installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
    const group = await create({ name: 'Alarmlijnen', fields: [{ name: 'Nummer', used_for_cdr: false }] });
    const [field] = group.fields;
    const [article] = await t.database.db
      .insert(articles)
      .values({ companyId: installatie, articleGroupId: group.id, name: 'Alarmlijn', description: 'Test' })
      .returning();
    // A number a running demo service holds (docs/rules.md, 'Phone numbers are global': one holder at a time).
    const [held] = await t.database.db
      .select({ value: serviceFieldInputs.value })
      .from(serviceFieldInputs)
      .innerJoin(articleGroupFields, eq(articleGroupFields.id, serviceFieldInputs.articleGroupFieldId))
      .innerJoin(services, eq(services.id, serviceFieldInputs.serviceId))
      .where(and(eq(articleGroupFields.usedForCdr, true), isNull(services.endTime)))
      .limit(1);
    const [service] = await t.database.db
      .insert(services)
      .values({ companyId: installatie, articleId: article.id, startTime: new Date() })
      .returning();
    await t.database.db.insert(serviceFieldInputs).values({ serviceId: service.id, companyId: installatie, articleGroupFieldId: field.id, value: held.value });

    const linking = { fields: [{ id: field.id, name: 'Nummer', used_for_cdr: true }] };
    const res = await call(admin, 'PUT', `/article-groups/${group.id}`, linking);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Het veld 'Nummer' kan geen verbruik koppelen: een waarde staat tegelijk bij meer dan één afname." });
    expect((await byName('Alarmlijnen')).fields).toEqual(group.fields);

    await t.database.db.update(serviceFieldInputs).set({ value: '0209999999' }).where(eq(serviceFieldInputs.serviceId, service.id));
    expect((await call(admin, 'PUT', `/article-groups/${group.id}`, linking)).statusCode).toBe(200);
  });

  it('refuses a field of another group and a missing name', async () => {
    const hosting = await byName('Hosting');
    const hardware = await byName('Hardware');
    const foreign = await call(admin, 'PUT', `/article-groups/${hosting.id}`, { fields: [{ id: hardware.fields[0].id, name: 'Kaping' }] });
    expect(foreign.statusCode).toBe(400);
    expect((await call(admin, 'PUT', `/article-groups/${hosting.id}`, { name: '' })).json().message).toBe("Veld 'Naam' is verplicht.");
    expect(await byName('Hardware')).toEqual(hardware);
    expect((await call(admin, 'PUT', '/article-groups/999999', { name: 'X' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/article-groups/:id', () => {
  it('refuses (409) a group that articles use, with a message the client shows', async () => {
    const mobile = await byName('Mobiele telefonie');
    const res = await call(admin, 'DELETE', `/article-groups/${mobile.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^Artikelgroep 'Mobiele telefonie' wordt nog gebruikt door \d+ artikelen en kan niet worden verwijderd\.$/),
    });
    expect(await byName('Mobiele telefonie')).toEqual(mobile);
  });

  it('removes an unused group with its fields and visibility', async () => {
    const group = await create({ name: 'Tijdelijk', fields: [{ name: 'Code' }], companies: [1] });
    const res = await call(admin, 'DELETE', `/article-groups/${group.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Artikelgroep 'Tijdelijk' verwijderd." });
    expect(await t.database.db.select().from(articleGroups).where(eq(articleGroups.id, group.id))).toEqual([]);
    expect(await t.database.db.select().from(articleGroupFields).where(eq(articleGroupFields.articleGroupId, group.id))).toEqual([]);
  });

  it('names one article in the singular', async () => {
    const group = await create({ name: 'Eén artikel' });
    await t.database.db.insert(articles).values({ companyId: 1, articleGroupId: group.id, name: 'Enkel' });
    expect((await call(admin, 'DELETE', `/article-groups/${group.id}`)).json().message).toBe(
      "Artikelgroep 'Eén artikel' wordt nog gebruikt door één artikel en kan niet worden verwijderd.",
    );
  });

  it('is refused to customers', async () => {
    const group = await create({ name: 'Blijft' });
    expect((await call(klant, 'DELETE', `/article-groups/${group.id}`)).statusCode).toBe(403);
    expect((await byName('Blijft')).id).toBe(group.id);
  });
});

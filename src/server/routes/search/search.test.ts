import { eq, sql } from 'drizzle-orm';
import { surnameSortKey, searchText } from '../../../domain/names';
import { queryRows } from '../../db';
import { endUsers, users } from '../../db/schema';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { likePattern } from '../../services/search';

let t: TestApp;
let klant: string;
let kees: string;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
});
afterAll(() => t.close());

const search = (token: string, term: string) =>
  t.app.inject({ method: 'GET', url: `/api/search?term=${encodeURIComponent(term)}`, headers: auth(token) });

describe('GET /api/search', () => {
  it('finds articles case-insensitively by name, sku and description', async () => {
    const byName = (await search(klant, 'zakelijk onbeperkt')).json();
    expect(byName.article.map((a: { name: string }) => a.name)).toEqual(['Zakelijk Onbeperkt 10GB']);
    expect(byName.article[0]).toMatchObject({ article_group_name: 'Mobiele telefonie' });
    expect((await search(klant, 'mob-bas')).json().article).toHaveLength(1);
    expect((await search(klant, 'GROEPSBUNDEL')).json().article.length).toBeGreaterThan(0);
  });

  it('finds end users, phone numbers and free fields, in the answer shape of docs/api.md', async () => {
    const res = (await search(klant, 'de jong')).json();
    expect(Object.keys(res).sort()).toEqual(['article', 'end_user', 'input_field', 'service_article_group_field_input']);
    expect(res.end_user.map((u: { lastname: string }) => u.lastname)).toContain('de Jong');
    const phone = (await search(klant, '061')).json();
    expect(phone.service_article_group_field_input.length).toBeGreaterThan(0);
    expect(phone.service_article_group_field_input[0]).toMatchObject({ value: expect.stringContaining('061'), service: { article: expect.any(Object) } });
    expect((await search(klant, 'kp-1')).json().input_field.length).toBeGreaterThan(0);
  });

  it("never returns another company's data", async () => {
    const res = (await search(kees, 'zakelijk')).json();
    expect(res.article.map((a: { name: string }) => a.name)).toEqual(['Zakelijk Basis 5GB']);
    const jong = (await search(kees, 'de jong')).json();
    expect(jong.end_user).toEqual([]);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect((await search(klant, '%')).json().article).toEqual([]);
    expect((await search(klant, '_')).json().article).toEqual([]);
  });

  it("ignores accents on both sides ('zoe' finds the demo's 'Zoë'), people in the Dutch order", async () => {
    expect((await search(klant, 'zoe')).json().end_user.map((u: { firstname: string }) => u.firstname)).toContain('Zoë');

    const [{ companyId }] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'klant@demo.nl'));
    await t.database.db.insert(endUsers).values([
      { companyId, firstname: 'Anaïs', lastname: 'de Boer' },
      { companyId, firstname: 'Anais', lastname: 'Bakker' },
      { companyId, firstname: 'Anaïs', lastname: 'van der Berg' },
      { companyId, firstname: 'Anaís', lastname: 'Ångström' },
    ]);
    const names = (res: { end_user: { firstname: string; lastname: string }[] }) => res.end_user.map((u) => `${u.firstname} ${u.lastname}`);
    expect(names((await search(klant, 'anais')).json())).toEqual(['Anaís Ångström', 'Anais Bakker', 'Anaïs van der Berg', 'Anaïs de Boer']);
    expect(names((await search(klant, 'ANAÏS bakker')).json())).toEqual(['Anais Bakker']);
    expect(names((await search(klant, 'angstrom')).json())).toEqual(['Anaís Ångström']);
    expect(names((await search(kees, 'anais')).json())).toEqual([]);

    const list = await t.app.inject({ method: 'GET', url: '/api/end-users/all?term=anais', headers: auth(klant) });
    expect(list.json().map((u: { lastname: string }) => u.lastname)).toEqual(['Ångström', 'Bakker', 'van der Berg', 'de Boer']);
  });

  it("strips the same surname particles and accents as domain/names.ts", async () => {
    const lastnames = ['de Boer', 'van der Berg', "van 't Hof", 'Van Dijk', 'in den Bosch', 'op de Beek', 'ter Horst', 'Vandenberg', 'de', 'Ölçer'];
    const rows = await queryRows<{ name: string; key: string; text: string }>(
      t.database.db,
      sql`select name, name_sort_key(name) as key, search_text(name) as text from unnest(${sql.param(lastnames)}::text[]) as name`,
    );
    expect(rows.map((r) => [r.name, r.key, r.text])).toEqual(lastnames.map((name) => [name, searchText(surnameSortKey(name)), searchText(name)]));
  });

  it('needs a term', async () => {
    expect((await search(klant, '')).statusCode).toBe(400);
    expect((await search(klant, '   ')).statusCode).toBe(400);
  });
});

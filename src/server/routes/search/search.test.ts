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

  it('finds end users, phone numbers and free fields, in the spec answer shape', async () => {
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

  it('needs a term', async () => {
    expect((await search(klant, '')).statusCode).toBe(400);
    expect((await search(klant, '   ')).statusCode).toBe(400);
  });
});

import { comparePeople, searchText, surnameSortKey } from '../../../domain/names';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let klant: string;
let kees: string;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
});
afterAll(() => t.close());

describe('end users', () => {
  it("lists the acting company's end users only", async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })).json();
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(kees) })).json();
    expect(mine.length).toBeGreaterThan(10);
    expect(theirs.map((u: { lastname: string }) => u.lastname)).toEqual(['Korenschoof', 'Korenschoof']);
  });

  it('shows one end user with services; another company gets 404', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/end-users/${first.id}`, headers: auth(klant) });
    expect(res.json()).toMatchObject({ id: first.id, services: expect.any(Array) });
    expect((await t.app.inject({ method: 'GET', url: `/api/end-users/${first.id}`, headers: auth(kees) })).statusCode).toBe(404);
  });

  it('renames through query params or a JSON body, both names required', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })).json();
    const viaQuery = await t.app.inject({ method: 'PUT', url: `/api/end-users/${first.id}?firstname=Anne&lastname=de%20Wit`, headers: auth(klant) });
    expect(viaQuery.json()).toEqual({ id: first.id, firstname: 'Anne', lastname: 'de Wit' });
    const viaBody = await t.app.inject({ method: 'PUT', url: `/api/end-users/${first.id}`, headers: auth(klant), payload: { firstname: 'Anna', lastname: 'de Wit' } });
    expect(viaBody.json().firstname).toBe('Anna');
    const missing = await t.app.inject({ method: 'PUT', url: `/api/end-users/${first.id}`, headers: auth(klant), payload: { firstname: 'Anna', lastname: ' ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Veld 'Achternaam' is verplicht.");
    const foreign = await t.app.inject({ method: 'PUT', url: `/api/end-users/${first.id}`, headers: auth(kees), payload: { firstname: 'X', lastname: 'Y' } });
    expect(foreign.statusCode).toBe(404);
  });

  it('searches with term (every word, first or last name, any case) and limit, in the list order', async () => {
    const all: { id: number; firstname: string; lastname: string }[] = (
      await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })
    ).json();
    const first = all[0];
    const term = `${first.lastname.slice(0, 3).toUpperCase()}  ${first.firstname.slice(1, 4)}`;
    const found = (await t.app.inject({ method: 'GET', url: `/api/end-users/all?term=${encodeURIComponent(term)}`, headers: auth(klant) })).json();
    const expected = all.filter((u) => {
      const name = `${u.firstname} ${u.lastname}`.toLowerCase();
      return term.toLowerCase().split(/\s+/).every((word) => name.includes(word));
    });
    expect(found).toEqual(expected);
    expect(found).toContainEqual(first);

    const limited = (await t.app.inject({ method: 'GET', url: '/api/end-users/all?limit=3', headers: auth(klant) })).json();
    expect(limited).toEqual(all.slice(0, 3));
    const blank = (await t.app.inject({ method: 'GET', url: '/api/end-users/all?term=%20&limit=1000', headers: auth(klant) })).json();
    expect(blank).toEqual(all);
    // LIKE's wildcards match themselves.
    expect((await t.app.inject({ method: 'GET', url: '/api/end-users/all?term=%25', headers: auth(klant) })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/end-users/all?limit=0', headers: auth(klant) })).statusCode).toBe(400);
  });

  it("never finds another company's end users", async () => {
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/end-users/all?term=korenschoof', headers: auth(kees) })).json();
    expect(theirs.length).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/end-users/all?term=korenschoof', headers: auth(klant) })).json()).toEqual([]);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })).json();
    const name = mine[0].lastname;
    expect((await t.app.inject({ method: 'GET', url: `/api/end-users/all?term=${encodeURIComponent(name)}`, headers: auth(kees) })).json()).toEqual([]);
  });
});

describe('end users in windows (the company screen)', () => {
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });

  it('pages with offset and limit in the list order, and counts with the same term', async () => {
    const all: { id: number }[] = (await get(klant, '/api/end-users/all')).json();
    expect(all.length).toBeGreaterThan(5);
    const pages = [];
    for (let offset = 0; offset < all.length + 3; offset += 3) {
      const res = await get(klant, `/api/end-users/all?offset=${offset}&limit=3`);
      expect(res.statusCode).toBe(200);
      pages.push(...res.json());
    }
    expect(pages).toEqual(all);
    expect((await get(klant, '/api/end-users/count')).json()).toEqual({ count: all.length });

    const term = 'an';
    const found: unknown[] = (await get(klant, `/api/end-users/all?term=${term}`)).json();
    expect(found.length).toBeGreaterThan(1);
    expect((await get(klant, `/api/end-users/all?term=${term}&offset=1&limit=1000`)).json()).toEqual(found.slice(1));
    expect((await get(klant, `/api/end-users/count?term=${term}`)).json()).toEqual({ count: found.length });
    expect((await get(klant, '/api/end-users/count?term=%25')).json()).toEqual({ count: 0 });
  });

  it("counts the acting company's end users only, and refuses bad windows", async () => {
    expect((await get(kees, '/api/end-users/count')).json()).toEqual({ count: 2 });
    expect((await get(kees, '/api/end-users/count?term=korenschoof')).json()).toEqual({ count: 2 });
    expect((await get(klant, '/api/end-users/count?term=korenschoof')).json()).toEqual({ count: 0 });
    for (const query of ['offset=-1', 'offset=x&limit=10', 'limit=1001']) {
      expect({ query, status: (await get(klant, `/api/end-users/all?${query}`)).statusCode }).toEqual({ query, status: 400 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/end-users/count' })).statusCode).toBe(401);
  });
});

describe('end users sorted (sort, order)', () => {
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  type EndUser = { id: number; firstname: string; lastname: string };
  const key = (value: string) => searchText(value);

  it('sorts by surname (the default) or first name, both ways, equal names by id, windows the whole list', async () => {
    const byDefault: EndUser[] = (await get(klant, '/api/end-users/all')).json();
    const orders = {
      lastname: (a: EndUser, b: EndUser) => comparePeople(a, b) || a.id - b.id,
      firstname: (a: EndUser, b: EndUser) =>
        (key(a.firstname) < key(b.firstname) ? -1 : key(a.firstname) > key(b.firstname) ? 1 : 0) ||
        (key(surnameSortKey(a.lastname)) < key(surnameSortKey(b.lastname)) ? -1 : key(surnameSortKey(a.lastname)) > key(surnameSortKey(b.lastname)) ? 1 : 0) ||
        a.id - b.id,
    };
    expect((await get(klant, '/api/end-users/all?sort=lastname&order=asc')).json()).toEqual(byDefault);
    for (const [sort, compare] of Object.entries(orders)) {
      const up: EndUser[] = (await get(klant, `/api/end-users/all?sort=${sort}&order=asc`)).json();
      const down: EndUser[] = (await get(klant, `/api/end-users/all?sort=${sort}&order=desc`)).json();
      expect({ sort, ids: up.map((u) => u.id) }).toEqual({ sort, ids: [...up].sort(compare).map((u) => u.id) });
      expect({ sort, ids: down.map((u) => u.id) }).toEqual({ sort, ids: up.map((u) => u.id).reverse() });
      const windows: EndUser[] = [];
      for (let offset = 0; offset < down.length + 4; offset += 4) windows.push(...(await get(klant, `/api/end-users/all?sort=${sort}&order=desc&offset=${offset}&limit=4`)).json());
      expect(windows).toEqual(down);
    }
    const firstNames: EndUser[] = (await get(klant, '/api/end-users/all?sort=firstname')).json();
    expect(firstNames.map((u) => u.id)).not.toEqual(byDefault.map((u) => u.id));
    // Another company's end users never show, whatever the order.
    const own = new Set(byDefault.map((u) => u.id));
    expect(((await get(kees, '/api/end-users/all?sort=firstname&order=desc')).json() as EndUser[]).some((u) => own.has(u.id))).toBe(false);
  });

  it('refuses an unknown column or direction with 400 in Dutch', async () => {
    for (const query of ['sort=id', 'sort=name', 'order=down', 'sort=firstname&order=DESC']) {
      const res = await get(klant, `/api/end-users/all?${query}`);
      expect({ query, status: res.statusCode, message: res.json().message }).toEqual({ query, status: 400, message: 'Ongeldige invoer.' });
    }
  });
});

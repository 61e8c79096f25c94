import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { isEmailAddress, paramsOf, textOrNull, uniqueViolationOf } from './input';

/** Helpers of the write routes. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('uniqueViolationOf', () => {
  it('names the constraint of a real unique violation, as this database driver reports it', async () => {
    const error = await t.database.db
      .insert(users)
      .values({ email: 'KLANT@demo.nl', firstname: 'Dubbel', lastname: 'Adres', companyId: 1, roleId: 3 })
      .then(() => null, (e: unknown) => e);
    expect(uniqueViolationOf(error)).toBe('users_email_key');
  });

  it('answers null for other errors', () => {
    expect(uniqueViolationOf(new Error('boom'))).toBeNull();
    expect(uniqueViolationOf({ code: '23503', constraint: 'fk' })).toBeNull();
    expect(uniqueViolationOf(null)).toBeNull();
  });
});

describe('paramsOf', () => {
  it('takes the query string and a body, a field in both from the body', () => {
    expect(paramsOf<Record<string, string>>({ a: 'query', b: 'query' }, { b: 'body' })).toEqual({ a: 'query', b: 'body' });
    expect(paramsOf<Record<string, string>>({ a: 'query' }, null)).toEqual({ a: 'query' });
  });
});

describe('textOrNull and isEmailAddress', () => {
  it('trim text to null and check addresses', () => {
    expect([textOrNull('  x '), textOrNull('   '), textOrNull(null), textOrNull(undefined)]).toEqual(['x', null, null, null]);
    expect(isEmailAddress('jan.de-boer+werk@van-dijk.co.nl')).toBe(true);
    expect(isEmailAddress('jan@vandijk')).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(250)}@x.nl`)).toBe(false);
  });
});

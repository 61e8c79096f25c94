import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/support: the 404 page's support contact, from the configuration, for anyone. */

describe('GET /api/support', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("answers the configured phone and e-mail, without a login", async () => {
    t = await createTestApp({ demo: false, config: { support: { phone: '030 765 43 21', email: 'help@provider.nl' } } });
    const res = await t.app.inject({ method: 'GET', url: '/api/support' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ phone: '030 765 43 21', email: 'help@provider.nl' });
  }, 60_000);
});

describe('the support contact in the configuration', () => {
  it('has demo values, and takes SUPPORT_PHONE and SUPPORT_EMAIL', () => {
    const demo = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'a'.repeat(64) };
    expect(loadConfig(demo).support).toEqual({ phone: '020 123 45 67', email: 'support@demo.nl' });
    expect(loadConfig({ ...demo, SUPPORT_PHONE: '0800 1234', SUPPORT_EMAIL: 'support@provider.nl' }).support).toEqual({
      phone: '0800 1234',
      email: 'support@provider.nl',
    });
  });
});

import { json, mockServer } from '../test/http';
import { makeToken } from '../test/tokens';
import { requestLogout, requestRefresh } from './sessionRequests';

/**
 * The server refuses a refresh or logout without the portal's own header (cross-site requests,
 * routes/auth); the fake server does too.
 */
describe('the session calls', () => {
  it('send the portal header with the refresh and the logout', async () => {
    const token = makeToken({});
    const requests = mockServer({
      'POST /api/auth/refresh': () => json(200, { token }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });

    await expect(requestRefresh()).resolves.toBe(token);
    await requestLogout(token);

    expect(requests.map((r) => [r.url, r.requestedWith])).toEqual([
      ['/api/auth/refresh', 'mijn-portaal'],
      ['/api/auth/logout', 'mijn-portaal'],
    ]);
  });
});

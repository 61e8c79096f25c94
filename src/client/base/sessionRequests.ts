import { FROM_PORTAL_HEADER } from '../../domain/fromPortal';

/**
 * The session calls that run outside RTK Query: they happen while a request waits for a
 * fresh token, so they must not go through the token check themselves.
 */

const post = (path: string, bearer?: string, body?: object): Promise<Response> =>
  fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      // The server refuses a refresh or logout without it (a foreign page cannot send it).
      [FROM_PORTAL_HEADER.name]: FROM_PORTAL_HEADER.value,
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/**
 * The answer's JSON, or null when refused. The body is read either way: API answers are
 * `no-store`, and Chromium keeps a request whose body nobody read open until the page goes.
 */
const answerOf = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  return response.ok && text ? JSON.parse(text) : null;
};

const readToken = async (response: Response, pick: (body: unknown) => unknown): Promise<string | null> => {
  const answer = await answerOf(response);
  const token = answer === null ? null : pick(answer);
  return typeof token === 'string' ? token : null;
};

/** A fresh token for the user's own company, from the HttpOnly refresh cookie. */
export const requestRefresh = async (): Promise<string | null> => {
  try {
    return await readToken(await post('/auth/refresh'), (body) => (body as { token?: unknown }).token);
  } catch {
    return null;
  }
};

/**
 * A token acting for `companyId`, or null when refused. With a reason a new impersonation starts;
 * without one (a reload) the session's live impersonation of the company goes on, if there is one.
 */
export const requestImpersonation = async (bearer: string, companyId: number, reason?: string): Promise<string | null> => {
  try {
    const response = await post(`/auth/impersonate?company_id=${encodeURIComponent(companyId)}`, bearer, reason === undefined ? undefined : { reason });
    return await readToken(response, (body) => (body as { data?: { token?: unknown } }).data?.token);
  } catch {
    return null;
  }
};

/** Ends the session's impersonation on the server, so the log shows when it stopped. */
export const requestImpersonationStop = async (bearer: string): Promise<void> => {
  try {
    await answerOf(await post('/auth/impersonate/stop', bearer));
  } catch (error) {
    console.warn('Stopping the impersonation failed', error);
  }
};

/** Revokes the session on the server and clears the refresh cookie. */
export const requestLogout = async (bearer: string): Promise<void> => {
  try {
    await answerOf(await post('/auth/logout', bearer));
  } catch (error) {
    console.warn('Logout request failed', error);
  }
};

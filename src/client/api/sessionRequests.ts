import { decodeClaims } from './token';

/**
 * The session calls that run outside RTK Query: they happen while a request waits for a
 * fresh token, so they must not go through the token check themselves.
 */

const postJson = (path: string, bearer?: string): Promise<Response> =>
  fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
  });

const readToken = async (response: Response, pick: (body: unknown) => unknown): Promise<string | null> => {
  if (!response.ok) return null;
  const token = pick(await response.json());
  return typeof token === 'string' ? token : null;
};

const refresh = async (): Promise<string | null> => {
  try {
    return await readToken(await postJson('/auth/refresh'), (body) => (body as { token?: unknown }).token);
  } catch {
    return null;
  }
};

let startUpRefresh: Promise<string | null> | null = null;

/** An article page's address (spec section 2): /mijn-diensten/{groupId}/{groupUrlName}/{articleId}/{articleUrlName}. */
const ARTICLE_ADDRESS = /^\/mijn-diensten\/[^/]+\/[^/]+\/([1-9]\d{0,9})\/[^/]+\/?$/i;
/** The services the article page asks first (FIRST_SERVICES_WINDOW; earlySeed.ts checks they agree). */
const EARLY_SERVICES_LIMIT = 100;
/**
 * The addresses framed by the layout (routes.tsx; a test checks they agree): their first render
 * needs the visible article groups, the policies and the user.
 */
const FRAMED_ADDRESS = /^\/(?:$|dashboard|mijn-diensten|mijn-bedrijf|kosten|verbruik|mer-admin|zoek)(?:\/|$)/;

/**
 * The calls a full page load sends with the refresh's token the moment it answers, before the
 * store, React Router and the screens exist: each under the path the screen's own RTK Query call
 * asks (`article-groups/visible`, `users/5`, `articles/12?services_offset=0&services_limit=100`),
 * with the answer's JSON, or null when there is none (an error, a refusal, no session).
 */
export interface EarlyCalls {
  /** The user and company of the refresh's token, which the calls were made for (null: no session). */
  identity: Promise<{ userId: number; companyId: number } | null>;
  answers: Map<string, Promise<unknown>>;
}

let earlyCalls: EarlyCalls | null = null;

const getJson = async (path: string, bearer: string): Promise<unknown> => {
  try {
    const response = await fetch(`/api/${path}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', Authorization: `Bearer ${bearer}` },
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
};

/**
 * The paths a full page load at `address` asks first for the token's identity: the frame's
 * (article groups, policies, user) on every framed address, and on an article page the article
 * with its first window of services, before them, and the company (its free field label).
 */
export const earlyPaths = (address: { pathname: string; search: string }, identity: { userId: number; companyId: number }): string[] => {
  if (!FRAMED_ADDRESS.test(address.pathname)) return [];
  const frame = ['article-groups/visible', 'auth/policies', `users/${identity.userId}`];
  const articleId = ARTICLE_ADDRESS.exec(address.pathname)?.[1];
  if (!articleId) return frame;
  const showHistoric = new URLSearchParams(address.search).get('show_historic') === '1';
  const query = `${showHistoric ? 'show_historic=true&' : ''}services_offset=0&services_limit=${EARLY_SERVICES_LIMIT}`;
  return [`articles/${articleId}?${query}`, ...frame, `company/${identity.companyId}`];
};

/**
 * A full page load sends its refresh as the first thing its JavaScript does (startEarly.ts, its
 * own small entry that runs before React and the rest of the portal are evaluated); the
 * session's restore (the next requestRefresh) takes it. With an address it also asks, as soon as
 * the refresh has a token, what that address's first render needs (earlyPaths), without waiting
 * for the store, the persisted state and the session's start: the answers are then in RTK
 * Query's cache for the first render (earlySeed.ts).
 */
export const refreshEarly = (address?: { pathname: string; search: string }) => {
  startUpRefresh ??= refresh();
  if (!address || earlyCalls) return;
  const token = startUpRefresh;
  const answers = new Map<string, Promise<unknown>>();
  const identity = token.then((bearer) => {
    const claims = bearer ? decodeClaims(bearer) : null;
    const who = claims && { userId: claims.sub, companyId: claims.company_id };
    if (bearer && who) for (const path of earlyPaths(address, who)) answers.set(path, getJson(path, bearer));
    return who;
  });
  earlyCalls = { identity, answers };
};

/** The early calls, once (null when there were none). */
export const takeEarlyCalls = (): EarlyCalls | null => {
  const early = earlyCalls;
  earlyCalls = null;
  return early;
};

/** A fresh token for the user's own company, from the HttpOnly refresh cookie. */
export const requestRefresh = (): Promise<string | null> => {
  const early = startUpRefresh;
  startUpRefresh = null;
  return early ?? refresh();
};

/** A token acting for `companyId`, or null when refused. */
export const requestImpersonation = async (bearer: string, companyId: number): Promise<string | null> => {
  try {
    const response = await postJson(`/auth/impersonate?company_id=${encodeURIComponent(companyId)}`, bearer);
    return await readToken(response, (body) => (body as { data?: { token?: unknown } }).data?.token);
  } catch {
    return null;
  }
};

/** Revokes the session on the server and clears the refresh cookie. */
export const requestLogout = async (bearer: string): Promise<void> => {
  try {
    await postJson('/auth/logout', bearer);
  } catch (error) {
    console.warn('Logout request failed', error);
  }
};

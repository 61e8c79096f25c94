import type { UnknownAction } from '@reduxjs/toolkit';
import { FROM_PORTAL_HEADER } from '../../domain/fromPortal';
import { decodeClaims } from './token';

/**
 * The session calls that run outside RTK Query: they happen while a request waits for a
 * fresh token, so they must not go through the token check themselves.
 */

const postJson = (path: string, bearer?: string, body?: unknown): Promise<Response> =>
  fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      // The server refuses a refresh or logout without it (a foreign page cannot send it).
      [FROM_PORTAL_HEADER.name]: FROM_PORTAL_HEADER.value,
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
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

interface Refreshed {
  token: string | null;
  /** The answers of the calls the refresh was asked to include, by the path as asked. */
  included: Record<string, unknown>;
}

/** A refresh, asking the server to answer the GET calls `include` with the new token too. */
const refreshIncluding = async (include: string[]): Promise<Refreshed> => {
  try {
    const response = await postJson('/auth/refresh', undefined, include.length > 0 ? { include } : undefined);
    const body = (await answerOf(response)) as { token?: unknown; included?: unknown } | null;
    if (!body) return { token: null, included: {} };
    const included = typeof body.included === 'object' && body.included !== null ? (body.included as Record<string, unknown>) : {};
    return { token: typeof body.token === 'string' ? body.token : null, included };
  } catch {
    return { token: null, included: {} };
  }
};

const refresh = async (): Promise<string | null> => (await refreshIncluding([])).token;

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

/** What a full page load's refresh brought besides its token, before the store, React Router and the screens exist. */
export interface EarlyAnswers {
  /** The user and company of the refresh's token, which the calls were answered for. */
  identity: { userId: number; companyId: number };
  /**
   * The JSON of each call the server answered, under the path the screen's own RTK Query call
   * asks (`article-groups/visible`, `users/5`, `articles/12?services_offset=0&services_limit=100`);
   * a call the server left out is not there.
   */
  answers: Map<string, unknown>;
}

/** The early answers of a full page load, once its refresh has answered (null: no session). */
export type EarlyCalls = Promise<EarlyAnswers | null>;

/**
 * An early call's path, and the action that puts its answer into RTK Query's cache (null: not
 * usable); the start-up (app/earlySeed.ts) and the screens whose data it brings build them.
 */
export interface SeedEntry {
  path: string;
  action: (answer: unknown) => UnknownAction | null;
}

let earlyCalls: EarlyCalls | null = null;

/** Stand for the session's user and company in an early path: the page cannot know them before the refresh. */
const USER = '{user}';
const COMPANY = '{company}';

/**
 * The paths a full page load at `address` asks first, with `{user}` and `{company}` for the
 * session's: the frame's (article groups, policies, user) on every framed address, and on an
 * article page the article with its first window of services, before them, and the company (its
 * free field label).
 */
const earlyPathTemplates = (address: { pathname: string; search: string }): string[] => {
  if (!FRAMED_ADDRESS.test(address.pathname)) return [];
  const frame = ['article-groups/visible', 'auth/policies', `users/${USER}`];
  const articleId = ARTICLE_ADDRESS.exec(address.pathname)?.[1];
  if (!articleId) return frame;
  const showHistoric = new URLSearchParams(address.search).get('show_historic') === '1';
  const query = `${showHistoric ? 'show_historic=true&' : ''}services_offset=0&services_limit=${EARLY_SERVICES_LIMIT}`;
  return [`articles/${articleId}?${query}`, ...frame, `company/${COMPANY}`];
};

const resolvePath = (template: string, identity: { userId: number; companyId: number }) =>
  template.replaceAll(USER, String(identity.userId)).replaceAll(COMPANY, String(identity.companyId));

/** The paths a full page load at `address` asks first for the token's identity (earlyPathTemplates). */
export const earlyPaths = (address: { pathname: string; search: string }, identity: { userId: number; companyId: number }): string[] =>
  earlyPathTemplates(address).map((template) => resolvePath(template, identity));

/**
 * A full page load sends its refresh as the first thing its JavaScript does (startEarly.ts, a few
 * kB that run before React and the rest of the portal are evaluated); the session's restore (the
 * next requestRefresh) takes it. With an address, the refresh asks the server to answer, with the
 * new token, what that address's first render needs (earlyPaths; `include` of POST
 * /api/auth/refresh): they arrive with the token, without a second round trip that could only
 * leave once the main thread, busy evaluating the vendor scripts, had read the token. The answers
 * are then in RTK Query's cache for the first render (earlySeed.ts); a call the server left out
 * (refused, or not answered within its time budget) is asked by the screen as usual.
 */
export const refreshEarly = (address?: { pathname: string; search: string }) => {
  if (earlyCalls || (startUpRefresh && !address)) return;
  const templates = address ? earlyPathTemplates(address) : [];
  const refreshed = refreshIncluding(templates);
  startUpRefresh = refreshed.then((r) => r.token);
  if (!address) return;
  earlyCalls = refreshed.then(({ token, included }) => {
    const claims = token ? decodeClaims(token) : null;
    if (!claims) return null;
    const identity = { userId: claims.sub, companyId: claims.company_id };
    const answers = new Map<string, unknown>();
    for (const template of templates) if (Object.hasOwn(included, template)) answers.set(resolvePath(template, identity), included[template]);
    return { identity, answers };
  });
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
    await answerOf(await postJson('/auth/logout', bearer));
  } catch (error) {
    console.warn('Logout request failed', error);
  }
};

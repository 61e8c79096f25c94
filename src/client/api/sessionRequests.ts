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
/** The services the article page asks first (FIRST_SERVICES_WINDOW; servicesRoutes checks they agree). */
const EARLY_SERVICES_LIMIT = 100;

/** The article page's first call, sent by a full page load with the refresh's token the moment it answers. */
export interface EarlyArticle {
  id: number;
  showHistoric: boolean;
  limit: number;
  /** The answer's JSON, or null when there is none (no session, an error, a refusal). */
  answer: Promise<unknown>;
}

let earlyArticle: EarlyArticle | null = null;

const getJson = async (path: string, bearer: string): Promise<unknown> => {
  try {
    const response = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', Authorization: `Bearer ${bearer}` },
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
};

/**
 * A full page load sends its refresh as the first thing its JavaScript does, before React and the
 * rest of the entry have been evaluated; the session's restore (the next requestRefresh) takes it.
 * On an article page it also asks the article with its first window of services as soon as the
 * refresh has a token (the main thread handles the refresh's answer once the entry is evaluated),
 * without waiting for the store, the persisted state and the session's start: the page's data is
 * then there for its first render (`earlyArticleEntry` in features/services/servicesRoutes.ts).
 */
export const refreshEarly = (address?: { pathname: string; search: string }) => {
  startUpRefresh ??= refresh();
  const id = address ? ARTICLE_ADDRESS.exec(address.pathname)?.[1] : undefined;
  if (!id || earlyArticle) return;
  const showHistoric = new URLSearchParams(address!.search).get('show_historic') === '1';
  const query = `${showHistoric ? 'show_historic=true&' : ''}services_offset=0&services_limit=${EARLY_SERVICES_LIMIT}`;
  earlyArticle = {
    id: Number(id),
    showHistoric,
    limit: EARLY_SERVICES_LIMIT,
    answer: startUpRefresh.then((bearer) => (bearer ? getJson(`/articles/${id}?${query}`, bearer) : null)),
  };
};

/** The early article call, once (null when there was none). */
export const takeEarlyArticle = (): EarlyArticle | null => {
  const early = earlyArticle;
  earlyArticle = null;
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

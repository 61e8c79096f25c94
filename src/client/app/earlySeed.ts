import type { UnknownAction } from '@reduxjs/toolkit';
import type { PermissionMap } from '../../domain/permissions';
import { accountApi, type Company, type User } from '../api/accountApi';
import { type ArticleGroup, catalogApi, visibleGroupsOf } from '../api/catalogApi';
import type { EarlyCalls, SeedEntry } from '../base/sessionRequests';
import { earlyArticleSeed } from '../features/services/servicesRoutes';
import { deadline } from '../../domain/deadline';

/** The part of `window.location` a full page load starts from. */
export interface PageAddress {
  pathname: string;
  search: string;
}

/** How long the session's start waits for the early calls at most: a slow answer is left to the screen. */
export const EARLY_CALLS_WAIT_MS = 250;

const isObject = (answer: unknown): answer is Record<string, unknown> => typeof answer === 'object' && answer !== null && !Array.isArray(answer);

/**
 * The cache entries a full page load can fill from its early calls, each for the very query (the
 * endpoint and argument) the screens make: the frame's article groups, policies and user, and on
 * an article page the article and the company.
 */
const seedEntries = (address: PageAddress, userId: number, companyId: number): SeedEntry[] => [
  {
    path: 'article-groups/visible',
    action: (answer) =>
      Array.isArray(answer)
        ? catalogApi.util.upsertQueryEntries([{ endpointName: 'getVisibleArticleGroups', arg: undefined, value: visibleGroupsOf(answer as ArticleGroup[]) }])
        : null,
  },
  {
    path: 'auth/policies',
    action: (answer) => (isObject(answer) ? accountApi.util.upsertQueryEntries([{ endpointName: 'getPolicies', arg: undefined, value: answer as PermissionMap }]) : null),
  },
  {
    path: `users/${userId}`,
    action: (answer) =>
      isObject(answer) && answer.id === userId ? accountApi.util.upsertQueryEntries([{ endpointName: 'getUser', arg: userId, value: answer as unknown as User }]) : null,
  },
  {
    path: `company/${companyId}`,
    action: (answer) =>
      isObject(answer) && answer.id === companyId
        ? accountApi.util.upsertQueryEntries([{ endpointName: 'getCompany', arg: companyId, value: answer as unknown as Company }])
        : null,
  },
  ...[earlyArticleSeed(address)].filter((entry) => entry !== null),
];

/**
 * The actions that put a full page load's early calls (answered with the refresh, before the
 * store existed: sessionRequests.ts) into RTK Query's cache, for the session's start to dispatch
 * right after the session started (restoreSession), before React renders. Only successful answers
 * that arrive within EARLY_CALLS_WAIT_MS count; any other query the screen asks as usual. The
 * caller uses them only when the session acts for the user's own company, whose token the calls
 * carried.
 */
export const earlySeed = async (early: EarlyCalls, address: PageAddress): Promise<UnknownAction[]> => {
  const late = deadline(EARLY_CALLS_WAIT_MS);
  try {
    const calls = await Promise.race([early, late.reached]);
    if (!calls) return [];
    const { identity, answers } = calls;
    return seedEntries(address, identity.userId, identity.companyId).flatMap((entry) => {
      const action = answers.has(entry.path) ? entry.action(answers.get(entry.path)) : null;
      return action ? [action] : [];
    });
  } finally {
    late.cancel();
  }
};

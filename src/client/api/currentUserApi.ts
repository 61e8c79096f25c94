import { skipToken } from '@reduxjs/toolkit/query/react';
import { firstOpenDay } from '../../domain/closedMonths';
import { isProviderStaff, type Permission, type PermissionMap } from '../../domain/permissions';
import { selectIsImpersonating, selectUserId } from '../base/authSlice';
import { declareToasts, initialLoadFailed } from '../base/callToasts';
import { useAppSelector } from '../base/hooks';
import { api } from './api';
import type { TwoFactorStatusAnswer } from '../../server/routes/account/schemas';
import type { CompanyAnswer } from '../../server/routes/company/schemas';
import type { GroupBundleStatusAnswer } from '../../server/routes/group-bundle/schemas';
import type { UserAnswer } from '../../server/routes/users/schemas';

/** The signed-in user, or a contact person (GET /users/{id}). */
export type User = UserAnswer;

/** A company named: `{id, name}`. */
export type CompanyRef = User['company'];

/** A company's fields (GET /company/{id}). */
export type Company = CompanyAnswer;

/** GET /account/two-factor: the signed-in user's own two-factor login. */
export type TwoFactorStatus = TwoFactorStatusAnswer;

/** The tag of the user's two-factor status: its changes (features/account) refetch it. */
export const TWO_FACTOR_STATUS = { type: 'TwoFactor', id: 'STATUS' } as const;

/** Who is signed in, what they may do and which company they act for. */
export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPolicies: build.query<PermissionMap, void>({
      query: () => 'auth/policies',
      providesTags: ['Policies'],
    }),
    getUser: build.query<User, number>({
      query: (id) => `users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    getCompany: build.query<Company, number>({
      query: (id) => `company/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Company', id }],
    }),
    /** Mijn account's section, and Mijn bedrijf's requirement (only who has it may require it). */
    getTwoFactor: build.query<TwoFactorStatus, void>({
      query: () => 'account/two-factor',
      providesTags: [TWO_FACTOR_STATUS],
    }),
    /** Whether the acting company has a group bundle: its dashboard card, its screen and menu item. */
    getGroupBundleStatus: build.query<GroupBundleStatusAnswer, void>({
      query: () => 'costs/hasgroupbundle',
      providesTags: [{ type: 'GroupBundle', id: 'STATUS' }],
    }),
  }),
});

export const { useGetPoliciesQuery, useGetUserQuery, useGetCompanyQuery, useGetGroupBundleStatusQuery, useGetTwoFactorQuery } = currentUserApi;

declareToasts(currentUserApi.endpoints, { getPolicies: { failed: initialLoadFailed }, getUser: { failed: initialLoadFailed } });

/** The signed-in user (the token's `sub`). */
export const useCurrentUser = () => useGetUserQuery(useAppSelector(selectUserId) ?? skipToken);

/** Provider staff on their own company, not managing one: the staff dashboard and menu, not a customer's. */
export const useIsStaffAtHome = (): boolean => {
  const { data: user } = useCurrentUser();
  const impersonating = useAppSelector(selectIsImpersonating);
  return user !== undefined && isProviderStaff(user.role_id) && !impersonating;
};

/** Permissions the server granted; everything is denied until they have loaded. */
export const usePermission = (permission: Permission): boolean => {
  const { data } = useGetPoliciesQuery();
  return data?.[permission] === true;
};

/**
 * The first day a customer user's change may touch ('YYYY-MM-DD'): months before it are billed
 * (docs/rules.md, 'Billed months are closed'). Null for provider staff, who may change them; today's month until the
 * user has loaded, as the server would refuse a customer.
 */
export const useFirstChangeableDay = (): string | null => {
  const { data: user } = useCurrentUser();
  return user && isProviderStaff(user.role_id) ? null : firstOpenDay();
};

import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import type { EndUserAnswer, EndUserServiceAnswer, EndUserWithServicesAnswer } from '../../../../server/routes/end-users/schemas';
import { api } from '../../../api/api';
import { declareToasts, success } from '../../../base/callToasts';
import type { RootState } from '../../../base/hooks';

export type EndUserName = Omit<EndUserAnswer, 'id'>;

export type EndUserSummary = EndUserAnswer;

/** A service of the end user, with its article and the article's group (GET /end-users/{id}); times in Unix seconds. */
export type EndUserService = EndUserServiceAnswer;

/** The end user with their services, normalised. */
export type EndUser = Omit<EndUserWithServicesAnswer, 'services'> & {
  services: EntityState<EndUserService, number>;
};

export interface EndUserEdit extends EndUserName {
  id: number;
}

const servicesAdapter = createEntityAdapter<EndUserService>();

export const endUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEndUser: build.query<EndUser, number>({
      query: (id) => `end-users/${id}`,
      transformResponse: ({ services, ...endUser }: EndUserWithServicesAnswer): EndUser => ({
        ...endUser,
        services: servicesAdapter.setAll(servicesAdapter.getInitialState(), services),
      }),
      providesTags: (result, _error, id) => [
        { type: 'EndUser', id },
        ...(result?.services.ids ?? []).map((serviceId) => ({ type: 'Service' as const, id: serviceId })),
      ],
    }),
    // The call takes the fields as params or as a JSON body (docs/api.md, 'Paths and parameters'); a
    // body keeps names out of access logs.
    editEndUser: build.mutation<EndUserSummary, EndUserEdit>({
      query: ({ id, firstname, lastname }) => ({ url: `end-users/${id}`, method: 'PUT', body: { firstname, lastname } }),
      // The name also appears on services, articles, search hits, cost lines and usage reports.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'EndUser', id },
        { type: 'EndUser', id: 'LIST' },
        { type: 'Service', id: 'LIST' },
        { type: 'Article', id: 'LIST' },
        'Costs',
        'Report',
      ],
    }),
  }),
});

export const { useGetEndUserQuery, useEditEndUserMutation } = endUsersApi;

// A refusal shows next to the form (EditEndUserScreen).
declareToasts(endUsersApi.endpoints, {
  editEndUser: { succeeded: ({ firstname, lastname }) => success(`Eindgebruiker '${firstname} ${lastname}' succesvol opgeslagen.`) },
});

const selectEndUserResult = (state: RootState, id: number) => endUsersApi.endpoints.getEndUser.select(id)(state).data;

export const selectEndUserById = createSelector([selectEndUserResult], (endUser) => endUser ?? null);

const serviceSelectors = servicesAdapter.getSelectors();

/** The category field used to match usage records: the service's phone number (docs/rules.md, 'Article groups'). */
const phoneNumberOf = (service: EndUserService) =>
  service.article_group_field_inputs.find((input) => input.article_group_field.used_for_cdr)?.value ?? null;

export type ServiceStatus = 'active' | 'ended' | 'planned';

/** docs/costs.md, '1. Active days': active when started and not (yet) ended. */
export const serviceStatusAt = (service: Pick<EndUserService, 'start_time' | 'end_time'>, nowSeconds: number): ServiceStatus => {
  if (service.end_time !== null && service.end_time <= nowSeconds) return 'ended';
  return service.start_time > nowSeconds ? 'planned' : 'active';
};

export interface EndUserServiceRow {
  service: EndUserService;
  phoneNumber: string | null;
  status: ServiceStatus;
}

/** The end user's services as the view lists them. */
export const selectEndUserServiceRows = createSelector(
  [selectEndUserResult, (_state: RootState, _id: number, nowSeconds: number) => nowSeconds],
  (endUser, nowSeconds): EndUserServiceRow[] =>
    endUser
      ? serviceSelectors.selectAll(endUser.services).map((service) => ({
          service,
          phoneNumber: phoneNumberOf(service),
          status: serviceStatusAt(service, nowSeconds),
        }))
      : [],
);

import type { Company } from '../../api/currentUserApi';
import { api } from '../../api/api';
import { declareToasts, inServerWords, success } from '../../base/callToasts';

/** PUT /company/{id}/two-factor: the company requires two-factor login of all its users, or not. */
export const twoFactorRequirementApi = api.injectEndpoints({
  endpoints: (build) => ({
    editTwoFactorRequirement: build.mutation<Company, { id: number; require_two_factor: boolean }>({
      query: ({ id, require_two_factor }) => ({ url: `company/${id}/two-factor`, method: 'PUT', body: { require_two_factor } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Company', id }, 'AuditLog']),
    }),
  }),
});

export const { useEditTwoFactorRequirementMutation } = twoFactorRequirementApi;

declareToasts(twoFactorRequirementApi.endpoints, {
  editTwoFactorRequirement: {
    succeeded: ({ require_two_factor }) =>
      success(require_two_factor ? 'Tweestapsverificatie is nu verplicht voor alle gebruikers.' : 'Tweestapsverificatie is niet meer verplicht.'),
    failed: inServerWords,
  },
});

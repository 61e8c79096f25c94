import type { SupportContactAnswer } from '../../../server/routes/support/schemas';
import { api } from '../../api/api';

/** How customers reach support (server configuration); docs/screens.md, 'Unknown addresses' fixes the hours. */
export type SupportContact = SupportContactAnswer;

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Public: the 404 page shows it to visitors who are not logged in too.
    getSupportContact: build.query<SupportContact, void>({
      query: () => 'support',
      extraOptions: { anonymous: true },
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetSupportContactQuery } = supportApi;

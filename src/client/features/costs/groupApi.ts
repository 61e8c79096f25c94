import type { DateRange } from '../../../domain/time';
import { api } from '../../api/api';

/** One branch's costs of the month in the group view (GET /group/costs), euros with 2 decimals. */
export interface BranchCosts {
  company_id: number;
  name: string;
  periodic: number;
  full: number;
  setup: number;
  usage: number;
  total: number;
}

/** GET /group/costs: the month's costs of every branch of the acting company's parent company. */
export interface GroupCosts {
  parent: { id: number; name: string };
  /** 'YYYY-MM'. */
  month: string;
  branches: BranchCosts[];
  /** The exact sums of the branches' figures. */
  group: Omit<BranchCosts, 'company_id' | 'name'>;
}

export const groupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupCosts: build.query<GroupCosts, DateRange>({
      query: ({ from, to }) => ({ url: 'group/costs', params: { costs_date_from: from, costs_date_to: to } }),
      transformResponse: (answer: { data: GroupCosts }) => answer.data,
      providesTags: ['Costs'],
    }),
  }),
});

export const { useGetGroupCostsQuery } = groupApi;

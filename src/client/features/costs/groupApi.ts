import type { DateRange } from '../../../domain/time';
import type { BranchCostsAnswer, GroupBranchesAnswer, GroupCostsAnswer } from '../../../server/routes/group/schemas';
import { api } from '../../api/api';
import { objectUrlOrError, textOrError } from '../../base/download';
import { declareToasts, inServerWords } from '../../base/callToasts';

/** One branch's costs of the month in the group view (GET /group/costs), euros with 2 decimals. */
export type BranchCosts = BranchCostsAnswer;

/** GET /group/costs: the month's figures of every branch of the acting company's parent company. */
export type GroupCosts = GroupCostsAnswer['data'];

/** GET /group/branches: the group's branches, and which the user may manage ('Beheren'), as the server decides it. */
export type GroupBranches = GroupBranchesAnswer['data'];
export type GroupBranch = GroupBranches['branches'][number];

const params = ({ from, to }: DateRange) => ({ costs_date_from: from, costs_date_to: to });

export const groupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupCosts: build.query<GroupCosts, DateRange>({
      query: (range) => ({ url: 'group/costs', params: params(range) }),
      transformResponse: (answer: GroupCostsAnswer) => answer.data,
      providesTags: ['Costs'],
    }),
    getGroupBranches: build.query<GroupBranches, void>({
      query: () => 'group/branches',
      transformResponse: (answer: GroupBranchesAnswer) => answer.data,
    }),
    /** The group view's table as CSV text. */
    downloadGroupCosts: build.mutation<string, DateRange>({
      query: (range) => ({ url: 'group/costs/download', params: params(range), responseHandler: textOrError }),
    }),
    /** The same table as .xlsx: an object URL of the file (base/download.ts). */
    downloadGroupCostsExcel: build.mutation<string, DateRange>({
      query: (range) => ({ url: 'group/costs/download', params: { ...params(range), format: 'xlsx' }, responseHandler: objectUrlOrError }),
    }),
  }),
});

export const { useGetGroupCostsQuery, useGetGroupBranchesQuery, useDownloadGroupCostsMutation, useDownloadGroupCostsExcelMutation } = groupApi;

declareToasts(groupApi.endpoints, {
  downloadGroupCosts: { failed: inServerWords },
  downloadGroupCostsExcel: { failed: inServerWords },
});

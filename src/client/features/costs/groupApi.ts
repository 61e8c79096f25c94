import type { DateRange } from '../../../domain/time';
import { api } from '../../api/api';
import { objectUrlOrError, textOrError } from '../../base/download';
import { declareToasts, inServerWords } from '../../base/errorToasts';

/** Services and bulk units of one article group (GroupCosts.article_groups). */
export interface ArticleGroupCount {
  article_group_id: number;
  count: number;
}

/** One branch's costs of the month in the group view (GET /group/costs), euros with 2 decimals. */
export interface BranchCosts {
  company_id: number;
  name: string;
  periodic: number;
  full: number;
  setup: number;
  usage: number;
  total: number;
  /** Per article group of GroupCosts.article_groups, in that order. */
  services: ArticleGroupCount[];
  /** The branch's group bundle of the month; null when it has none (the group's row has none). */
  bundle: { total_gb: number; gb_used: number } | null;
}

/** GET /group/costs: the month's figures of every branch of the acting company's parent company. */
export interface GroupCosts {
  parent: { id: number; name: string };
  /** 'YYYY-MM'. */
  month: string;
  /** The article groups any branch sees, in the catalogue's order. */
  article_groups: { id: number; name: string }[];
  branches: BranchCosts[];
  /** The exact sums of the branches' figures. */
  group: Omit<BranchCosts, 'company_id' | 'name' | 'bundle'>;
}

const params = ({ from, to }: DateRange) => ({ costs_date_from: from, costs_date_to: to });

export const groupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupCosts: build.query<GroupCosts, DateRange>({
      query: (range) => ({ url: 'group/costs', params: params(range) }),
      transformResponse: (answer: { data: GroupCosts }) => answer.data,
      providesTags: ['Costs'],
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

export const { useGetGroupCostsQuery, useDownloadGroupCostsMutation, useDownloadGroupCostsExcelMutation } = groupApi;

declareToasts(groupApi.endpoints, {
  downloadGroupCosts: { failed: inServerWords },
  downloadGroupCostsExcel: { failed: inServerWords },
});

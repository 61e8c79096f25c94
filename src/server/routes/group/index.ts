import { Type } from 'typebox';
import { HttpError } from '../../httpError';
import { groupCosts, type BranchOfGroup, type GroupCosts } from '../../services/costs/group';
import { csvAmount, type CsvCell } from '../../services/csv';
import { sendDownload } from '../../services/xlsx';
import { costsRangeQuery, type CostsRangeQuery, oneMonthOf } from '../costRange';
import { formatProperty } from '../downloadFormat';
import { downloadResponse, errorResponses, type RouteApp } from '../schemas';
import { groupCostsAnswer } from './schemas';

/**
 * The group view (docs/rules.md, 'The group view'), for users who may act for the branches of their parent company
 * (EDIT_PARENT_COMPANY, docs/permissions.md, 'Managing a company'): scoped to the parent of the acting company, never
 * another group's. A company without a parent company answers 404.
 */

export const NO_GROUP = 'Dit bedrijf hoort niet bij een hoofdbedrijf.';
const ONE_MONTH = 'Ongeldige periode: het groepsoverzicht gaat over één maand.';

/** The download's columns: the screen's three tables side by side, one row per branch and the group's last. */
const downloadHeader = (costs: GroupCosts) => [
  'Vestiging',
  'Periodiek',
  'Nieuwe aansluitingen',
  'Set up',
  'Verbruik',
  'Totale kosten excl. btw',
  ...costs.article_groups.map((g) => `Afnames ${g.name}`),
  'Groepsbundel verbruikt (GB)',
  'Groepsbundel totaal (GB)',
];

const downloadRow = (name: string, row: GroupCosts['group'], bundle: BranchOfGroup['bundle']): CsvCell[] => [
  name,
  ...(['periodic', 'full', 'setup', 'usage', 'total'] as const).map((kind) => csvAmount(row[kind])),
  ...row.services.map((s) => s.count),
  bundle ? csvAmount(bundle.gb_used) : null,
  bundle ? csvAmount(bundle.total_gb) : null,
];

export default async function groupRoutes(app: RouteApp) {
  const costsOfQuery = async (companyId: number, query: CostsRangeQuery) => {
    const costs = await groupCosts(app.db, companyId, oneMonthOf(query, ONE_MONTH));
    if (!costs) throw new HttpError(404, NO_GROUP);
    return costs;
  };

  app.get(
    '/group/costs',
    {
      config: { permission: 'EDIT_PARENT_COMPANY' },
      schema: { querystring: costsRangeQuery, response: { 200: groupCostsAnswer, ...errorResponses } },
    },
    async (request) => ({ data: await costsOfQuery(request.actor.companyId, request.query) }),
  );

  // The group view's table as CSV (or .xlsx): amounts and GB as numbers with 2 decimals.
  app.get(
    '/group/costs/download',
    {
      config: { permission: 'EDIT_PARENT_COMPANY' },
      schema: {
        querystring: Type.Object({ ...costsRangeQuery.properties, ...formatProperty }, { additionalProperties: false }),
        response: { 200: downloadResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const costs = await costsOfQuery(request.actor.companyId, request.query);
      const rows = [
        ...costs.branches.map((b) => downloadRow(b.name, b, b.bundle)),
        downloadRow(`Totaal ${costs.parent.name}`, costs.group, null),
      ];
      return sendDownload(reply, request.query.format, `groepsoverzicht-${costs.month}.csv`, downloadHeader(costs), rows);
    },
  );
}

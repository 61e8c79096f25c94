import { Type } from 'typebox';
import { HttpError } from '../../httpError';
import type { Actor } from '../../services/auth/actor';
import { lacksTwoFactorFor, mayImpersonate } from '../../services/auth/impersonation';
import { groupCosts, groupOf, type BranchOfGroup, type GroupCosts } from '../../services/costs/group';
import { csvAmount, type CsvCell } from '../../services/csv';
import { sendDownload } from '../../services/xlsx';
import { costLinesAnswer, costLinesOf, LINE_CALLS, periodCostsAnswer, periodCostsOf } from '../companyCosts';
import { costsRangeQuery, type CostsRangeQuery, oneMonthOf } from '../costRange';
import { formatProperty } from '../downloadFormat';
import { downloadResponse, errorResponses, type RouteApp } from '../schemas';
import { branchParams, groupBranchesAnswer, groupCostsAnswer } from './schemas';

/**
 * The group view (docs/rules.md, 'The group view'), for users who may act for the branches of their parent company
 * (EDIT_PARENT_COMPANY, docs/permissions.md, 'Managing a company'): scoped to the parent of the acting company, never
 * another group's. A company without a parent company answers 404.
 *
 * A branch's own costs of a month and their lines (`/group/branches/:company_id/…`) are read-only: the same answers
 * as its own /costs and /costslines… (../companyCosts.ts), without acting for it: no impersonation, no reason, nothing
 * written (docs/permissions.md, 'The group view'). A company outside the group answers 404, never its data.
 */

export const NO_GROUP = 'Dit bedrijf hoort niet bij een hoofdbedrijf.';
const NOT_A_BRANCH = 'Bedrijf niet gevonden.';
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

  const groupOfActor = async (actor: Actor) => {
    const group = await groupOf(app.db, actor.companyId);
    if (!group) throw new HttpError(404, NO_GROUP);
    return group;
  };

  /** The branch's id when it is a company of the acting company's parent company (ended ones too), else 404. */
  const branchOfActor = async (actor: Actor, companyId: number) => {
    const { branches } = await groupOfActor(actor);
    if (!branches.some((branch) => branch.id === companyId)) throw new HttpError(404, NOT_A_BRANCH);
    return companyId;
  };

  /**
   * 'Beheren' is offered where POST /auth/impersonate would start it: the same two checks (../auth/impersonation.ts);
   * not for the company the user already acts for.
   */
  const mayManage = async (actor: Actor, companyId: number) =>
    companyId !== actor.companyId &&
    (await mayImpersonate(
      app.db,
      { roleId: actor.roleId, companyId: actor.ownCompanyId, canEditParentCompany: actor.permissions.EDIT_PARENT_COMPANY },
      companyId,
    )) && !(await lacksTwoFactorFor(app.db, actor.userId, companyId));

  app.get(
    '/group/branches',
    { config: { permission: 'EDIT_PARENT_COMPANY' }, schema: { response: { 200: groupBranchesAnswer, ...errorResponses } } },
    async (request) => {
      const { parent, branches } = await groupOfActor(request.actor);
      const listed = [];
      for (const branch of branches) {
        listed.push({ company_id: branch.id, name: branch.name, may_manage: await mayManage(request.actor, branch.id) });
      }
      return { data: { parent, branches: listed } };
    },
  );

  app.get(
    '/group/branches/:company_id/costs',
    {
      config: { permission: 'EDIT_PARENT_COMPANY' },
      schema: { params: branchParams, querystring: costsRangeQuery, response: { 200: periodCostsAnswer, ...errorResponses } },
    },
    async (request) => {
      const branchId = await branchOfActor(request.actor, request.params.company_id);
      return periodCostsOf(app.db, branchId, request.query, app.config.vatRate);
    },
  );

  for (const [call, kind] of Object.entries(LINE_CALLS)) {
    app.get(
      `/group/branches/:company_id/${call}`,
      {
        config: { permission: 'EDIT_PARENT_COMPANY' },
        schema: { params: branchParams, querystring: costsRangeQuery, response: { 200: costLinesAnswer, ...errorResponses } },
      },
      async (request) => costLinesOf(app.db, await branchOfActor(request.actor, request.params.company_id), request.query, kind),
    );
  }

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

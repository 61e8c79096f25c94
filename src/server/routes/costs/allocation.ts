import { sql } from 'drizzle-orm';
import type { Permission } from '../../../domain/permissions';
import { type Month, monthKey } from '../../../domain/time';
import { toSlug } from '../../../domain/slug';
import { queryRows } from '../../db';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import {
  type AllocationAmounts,
  type AllocationEntry,
  type AllocationField,
  allocationEntries,
  allocationFields,
  allocationRows,
  allocationTotal,
  chosenFieldKey,
  fieldOf,
  rememberFieldKey,
  totalOf,
} from '../../services/costs/allocation';
import { groupOf } from '../../services/costs/group';
import { exportCompany } from '../../services/costs/billingExport';
import { csvAmount } from '../../services/csv';
import { sendDownload } from '../../services/xlsx';
import { oneMonthOf } from '../costRange';
import { downloadResponse, errorResponses, type RouteApp } from '../schemas';
import {
  allocationAfnamesAnswer,
  allocationAfnamesQuery,
  allocationAnswer,
  allocationDownloadQuery,
  allocationFieldBody,
  allocationFieldChosenAnswer,
  allocationFieldsAnswer,
  allocationQuery,
  type AllocationQuery,
} from './allocationSchemas';

/**
 * 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre'): the month's costs per
 * value of a field, under /costs/allocation for the acting company (any of its users) and under
 * /group/costs/allocation for every branch of its group (EDIT_PARENT_COMPANY). The field is the
 * one asked (`field`), or else the one the acting company remembers; both scopes name the free
 * fields by the acting company's labels.
 */

const ONE_MONTH = 'Ongeldige periode: de kosten per kostenplaats gaan over één maand.';
const NO_GROUP = 'Dit bedrijf hoort niet bij een hoofdbedrijf.';
const UNKNOWN_FIELD = 'Onbekend veld.';
const NO_FIELD = 'Kies een veld om de kosten over te verdelen.';
/** The label of the value null in downloads (the screen shows the same words). */
const WITHOUT_VALUE = 'Zonder waarde';

const KINDS = ['periodic', 'full', 'setup', 'usage'] as const;

const amountsAnswer = (amounts: AllocationAmounts) => ({
  periodic: Number(amounts.periodic.toFixed(2)),
  full: Number(amounts.full.toFixed(2)),
  setup: Number(amounts.setup.toFixed(2)),
  usage: Number(amounts.usage.toFixed(2)),
  total: Number(totalOf(amounts).toFixed(2)),
});

const entryAnswer = (entry: AllocationEntry) => ({
  service_id: entry.serviceId,
  company_id: entry.companyId,
  company_name: entry.companyName,
  article_id: entry.articleId,
  article_group_id: entry.articleGroupId,
  article_name: entry.articleName,
  productgroup: entry.productgroup,
  firstname: entry.firstname,
  lastname: entry.lastname,
  number: entry.number,
  ...amountsAnswer(entry),
});

type Scope = 'company' | 'group';

export default async function allocationRoutes(app: RouteApp) {
  /** The companies the scope covers, by name with their names. */
  const companiesOf = async (scope: Scope, companyId: number) => {
    if (scope === 'company') {
      const company = await exportCompany(app.db, companyId);
      if (!company) throw new HttpError(404, 'Bedrijf niet gevonden.');
      return [{ id: company.id, name: company.name }];
    }
    const group = await groupOf(app.db, companyId);
    if (!group) throw new HttpError(404, NO_GROUP);
    return group.branches;
  };

  const fieldsOf = async (scope: Scope, companyId: number) => {
    const companies = await companiesOf(scope, companyId);
    return { companies, fields: await allocationFields(app.db, companies.map((c) => c.id), companyId) };
  };

  /** The asked field (400 when it is not one of the scope's), else the remembered one while it still exists, else null. */
  const resolveField = async (fields: readonly AllocationField[], companyId: number, asked: string | undefined) => {
    if (asked) {
      const field = fieldOf(fields, asked);
      if (!field) throw new HttpError(400, UNKNOWN_FIELD);
      return field;
    }
    return fieldOf(fields, await chosenFieldKey(app.db, companyId));
  };

  /** The month, the field and the entries of an allocation call; entries empty without a field. */
  const allocationOf = async (scope: Scope, companyId: number, query: AllocationQuery) => {
    const month: Month = oneMonthOf(query, ONE_MONTH);
    const { companies, fields } = await fieldsOf(scope, companyId);
    const field = await resolveField(fields, companyId, query.field);
    // Without a field every line is 'Zonder waarde': the totals are the month's all the same.
    const entries = await allocationEntries(app.db, companies, month, field);
    return { month, field, entries };
  };

  for (const scope of ['company', 'group'] as const) {
    const prefix = scope === 'company' ? '/costs/allocation' : '/group/costs/allocation';
    const config: { permission?: Permission } = scope === 'group' ? { permission: 'EDIT_PARENT_COMPANY' } : {};

    app.get(`${prefix}/fields`, { config, schema: { response: { 200: allocationFieldsAnswer, ...errorResponses } } }, async (request) => {
      const { fields } = await fieldsOf(scope, request.actor.companyId);
      const chosen = fieldOf(fields, await chosenFieldKey(app.db, request.actor.companyId));
      return { data: { fields, chosen: chosen?.key ?? null } };
    });

    app.get(
      prefix,
      { config, schema: { querystring: allocationQuery, response: { 200: allocationAnswer, ...errorResponses } } },
      async (request) => {
        const { month, field, entries } = await allocationOf(scope, request.actor.companyId, request.query);
        const rows = field ? allocationRows(entries) : [];
        return {
          data: {
            month: monthKey(month),
            field,
            rows: rows.map((row) => ({ value: row.value, afnames: row.afnames, ...amountsAnswer(row) })),
            total: amountsAnswer(allocationTotal(entries)),
          },
        };
      },
    );

    app.get(
      `${prefix}/afnames`,
      { config, schema: { querystring: allocationAfnamesQuery, response: { 200: allocationAfnamesAnswer, ...errorResponses } } },
      async (request) => {
        const { field, entries } = await allocationOf(scope, request.actor.companyId, request.query);
        if (!field) throw new HttpError(400, NO_FIELD);
        const value = request.query.value?.trim() || null;
        return { data: entries.filter((entry) => entry.value === value).map(entryAnswer) };
      },
    );

    app.get(
      `${prefix}/download`,
      { config, schema: { querystring: allocationDownloadQuery, response: { 200: downloadResponse, ...errorResponses } } },
      async (request, reply) => {
        const { month, field, entries } = await allocationOf(scope, request.actor.companyId, request.query);
        if (!field) throw new HttpError(400, NO_FIELD);
        const rows = allocationRows(entries);
        const cells = (label: string, afnames: number, amounts: AllocationAmounts) => [
          label,
          afnames,
          ...KINDS.map((kind) => csvAmount(amounts[kind].toFixed(2))),
          csvAmount(totalOf(amounts).toFixed(2)),
        ];
        const header = [field.name, 'Afnames', 'Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik', 'Totaal excl. btw'];
        const body = [
          ...rows.map((row) => cells(row.value ?? WITHOUT_VALUE, row.afnames, row)),
          cells('Totaal', rows.reduce((sum, row) => sum + row.afnames, 0), allocationTotal(rows)),
        ];
        const fileName = `${scope === 'group' ? 'groep-' : ''}kosten-per-${toSlug(field.name)}-${monthKey(month)}.csv`;
        return sendDownload(reply, request.query.format, fileName, header, body);
      },
    );

    // The remembered field is the acting company's, for its own view and its group's: a field only
    // some branches have counts in the group's view, and as none in the company's own.
    app.put(
      `${prefix}/field`,
      { config, schema: { body: allocationFieldBody, response: { 200: allocationFieldChosenAnswer, ...errorResponses } } },
      async (request) => {
        const { fields } = await fieldsOf(scope, request.actor.companyId);
        const key = request.body.field;
        if (key !== null && !fieldOf(fields, key)) throw new HttpError(400, UNKNOWN_FIELD);
        const { actor } = request;
        // In the change log like the company's other settings (company.update), once per change.
        if ((await chosenFieldKey(app.db, actor.companyId)) !== key) {
          await app.db.transaction(async (tx) => {
            await rememberFieldKey(tx, actor.companyId, key);
            const [company] = await queryRows<{ name: string }>(tx, sql`select name from companies where id = ${actor.companyId}`);
            await audit(tx, actor, 'company.update', 'company', actor.companyId, { name: company?.name ?? null, cost_allocation_field: key });
          });
        }
        return { data: { chosen: key } };
      },
    );
  }
}

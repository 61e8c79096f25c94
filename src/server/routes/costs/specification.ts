import type { FastifyReply } from 'fastify';
import { type Month, monthKey, parseMonthKey } from '../../../domain/time';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import {
  changedSinceFinal,
  correctSpecification,
  draftSpecification,
  listVersions,
  mailVersions,
  readVersion,
  specificationFileName,
  type SpecificationSubject,
  type StoredVersion,
} from '../../services/costSpecification/store';
import { specificationPdf } from '../../services/costSpecification/pdf';
import { attachment } from '../../services/csv';
import { groupOf } from '../../services/costs/group';
import { costsRangeQuery, oneMonthOf } from '../costRange';
import { errorResponses, type RouteApp } from '../schemas';
import {
  pdfResponse,
  specificationCorrectionAnswer,
  specificationCorrectionBody,
  specificationQuery,
  specificationVersionsAnswer,
  type SpecificationQuery,
} from './specificationSchemas';

/**
 * The cost specification calls (docs/cost-specification.md): the month's PDF of the acting company
 * or of its group, the stored versions, and a correction by provider staff. A stored version is
 * sent from its kept bytes; a month without one gets a draft ('Voorlopig') rendered now.
 */

const ONE_MONTH = 'Ongeldige periode: de kostenspecificatie gaat over één maand.';
const NO_GROUP = 'Dit bedrijf hoort niet bij een hoofdbedrijf.';
const NO_VERSION = 'Deze versie bestaat niet.';
const NOT_FINAL = 'De kostenspecificatie van deze maand is nog niet definitief.';
const NO_REASON = 'Geef een reden op.';

const versionAnswer = (v: StoredVersion) => ({
  version: v.version,
  created_at: v.createdAt,
  reason: v.reason,
  sha256: v.sha256,
  size: v.size,
  total_including_vat: Number(v.totals.total_including_vat),
});

const sendPdf = (reply: FastifyReply, fileName: string, body: Buffer | NodeJS.ReadableStream, sha256?: string) => {
  reply.header('Content-Type', 'application/pdf').header('Content-Disposition', attachment(fileName)).header('Cache-Control', 'private, no-store');
  if (sha256) reply.header('ETag', `"${sha256}"`);
  return reply.send(body);
};

export default async function specificationRoutes(app: RouteApp) {
  /** The acting company's group (its parent company); 404 without one. */
  const groupSubject = async (companyId: number): Promise<SpecificationSubject> => {
    const group = await groupOf(app.db, companyId);
    if (!group) throw new HttpError(404, NO_GROUP);
    return { parentCompanyId: group.parent.id };
  };

  const download = async (reply: FastifyReply, subject: SpecificationSubject, month: Month, version: number | undefined) => {
    const stored = await readVersion(app.db, subject, month, version);
    if (stored) return sendPdf(reply, specificationFileName(subject, month, stored.version), stored.pdf, stored.sha256);
    if (version !== undefined) throw new HttpError(404, NO_VERSION);
    const draft = await draftSpecification(app.db, subject, month, app.config.vatRate, Date.now());
    if (!draft) throw new HttpError(404, 'Bedrijf niet gevonden.');
    return sendPdf(reply, specificationFileName(subject, month, null), specificationPdf(draft));
  };

  const versions = async (subject: SpecificationSubject, month: Month) => {
    const stored = await listVersions(app.db, subject, month);
    const latest = stored.at(-1);
    return {
      data: {
        month: monthKey(month),
        final: stored.length > 0,
        versions: stored.map(versionAnswer),
        changed_since_final: latest ? await changedSinceFinal(app.db, subject, month, latest.totals) : false,
      },
    };
  };

  const monthOf = (query: SpecificationQuery) => oneMonthOf(query, ONE_MONTH);

  app.get(
    '/costs/specification',
    { schema: { querystring: specificationQuery, response: { 200: pdfResponse, ...errorResponses } } },
    async (request, reply) => download(reply, { companyId: request.actor.companyId }, monthOf(request.query), request.query.version),
  );

  app.get(
    '/costs/specifications',
    { schema: { querystring: costsRangeQuery, response: { 200: specificationVersionsAnswer, ...errorResponses } } },
    async (request) => versions({ companyId: request.actor.companyId }, oneMonthOf(request.query, ONE_MONTH)),
  );

  // A correction by provider staff, usually while managing the company (docs/cost-specification.md, 'Corrections').
  app.post(
    '/costs/specifications',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: { body: specificationCorrectionBody, response: { 201: specificationCorrectionAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const { actor } = request;
      const reason = request.body.reason.trim();
      if (!reason) throw new HttpError(400, NO_REASON, [{ field: 'reason', message: NO_REASON }]);
      const month = parseMonthKey(request.body.month);
      if (!month) throw new HttpError(400, 'Ongeldige maand.', [{ field: 'month', message: 'Ongeldige maand.' }]);
      const nowMs = Date.now();
      const corrected = await correctSpecification(app.db, {
        companyId: actor.companyId,
        month,
        reason,
        createdBy: actor.userId,
        vatRate: app.config.vatRate,
        nowMs,
      });
      if (!corrected) throw new HttpError(409, NOT_FINAL);
      await audit(app.db, actor, 'cost_specification.correct', 'cost_specification', corrected.company.id, {
        month: monthKey(month),
        version: corrected.company.version,
        reason,
        ...(corrected.group ? { group_version: corrected.group.version } : {}),
      });
      app.backgroundTasks.run('cost specification mail', () =>
        mailVersions(app.db, { mailer: app.mailer, publicUrl: app.config.publicUrl }, [corrected.company.id], nowMs),
      );
      const [created] = (await listVersions(app.db, { companyId: actor.companyId }, month)).filter((v) => v.id === corrected.company.id);
      return reply.code(201).send({ data: versionAnswer(created) });
    },
  );

  app.get(
    '/group/costs/specification',
    { config: { permission: 'EDIT_PARENT_COMPANY' }, schema: { querystring: specificationQuery, response: { 200: pdfResponse, ...errorResponses } } },
    async (request, reply) => {
      const month = monthOf(request.query);
      return download(reply, await groupSubject(request.actor.companyId), month, request.query.version);
    },
  );

  app.get(
    '/group/costs/specifications',
    {
      config: { permission: 'EDIT_PARENT_COMPANY' },
      schema: { querystring: costsRangeQuery, response: { 200: specificationVersionsAnswer, ...errorResponses } },
    },
    async (request) => {
      const month = oneMonthOf(request.query, ONE_MONTH);
      return versions(await groupSubject(request.actor.companyId), month);
    },
  );
}

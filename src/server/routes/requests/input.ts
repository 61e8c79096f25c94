import { and, eq } from 'drizzle-orm';
import { parseRangeDate } from '../../../domain/dateRange';
import { MSG } from '../../../domain/messages';
import { canonicalNumber } from '../../../domain/phoneNumbers';
import { canonicalPostcode } from '../../../domain/postcode';
import { firstOfNextMonth, isSimField, REQUEST_MSG, requestKindsFor, type RequestKind } from '../../../domain/requests';
import { businessDateOf, isoDate } from '../../../domain/time';
import type { Db } from '../../db';
import { articleGroupFields, articles, services } from '../../db/schema';
import { HttpError } from '../../httpError';
import { isEmailAddress, parseInstant, textOrNull } from '../../input';
import { tariffChangeDateProblem } from '../../services/requests/serviceChanges';
import type { CreateRequestBody } from './schemas';
import { visibleGroupWithFields } from '../../services/articles';

/**
 * What a new request asks for, checked per kind (docs/requests.md, 'Kinds'): the afname (or,
 * for porting, the article group) of the acting company that offers the kind, and the kind's
 * details, trimmed and in their stored form. Every refusal is a 400 naming its field, or 404 for
 * an afname or article group the company does not have.
 */

export interface NewRequest {
  kind: RequestKind;
  serviceId: number | null;
  articleGroupId: number | null;
  details: Record<string, unknown>;
}

type Details = CreateRequestBody['details'];

const bad = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);
const required = (label: string) => `Veld '${label}' is verplicht.`;

/** The trimmed text of a required detail, or 400 "Veld 'X' is verplicht.". */
const requiredText = (details: Details, key: keyof Details, label: string, message = required(label)): string => {
  const value = details[key];
  const text = typeof value === 'string' ? textOrNull(value) : null;
  if (!text) throw bad(`details.${key}`, message);
  return text;
};

const optionalText = (details: Details, key: keyof Details): string => {
  const value = details[key];
  return (typeof value === 'string' ? textOrNull(value) : null) ?? '';
};

/** Today in business time, ISO (domain/time.ts). */
export const businessToday = (nowMs: number = Date.now()): string => isoDate(businessDateOf(Math.floor(nowMs / 1000)));

/** An ISO date from today on; `label` names the field in the messages. */
const dateFromToday = (value: string, today: string, label: string): string => {
  if (!parseRangeDate(value)) throw bad('details.date', `Veld '${label}' is geen geldige datum.`);
  if (value < today) throw bad('details.date', REQUEST_MSG.dateInPast);
  return value;
};

/** The afname of the acting company with what it offers, or 404. */
const serviceOffering = async (db: Db, companyId: number, serviceId: number | undefined, now: Date) => {
  if (serviceId === undefined) throw bad('service_id', required('Afname'));
  const [row] = await db
    .select({ service: services, articleGroupId: articles.articleGroupId })
    .from(services)
    .innerJoin(articles, eq(articles.id, services.articleId))
    .where(and(eq(services.id, serviceId), eq(services.companyId, companyId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Afname niet gevonden.');
  const fields = await db.select({ name: articleGroupFields.name }).from(articleGroupFields).where(eq(articleGroupFields.articleGroupId, row.articleGroupId));
  const kinds = requestKindsFor({
    hasSim: fields.some((f) => isSimField(f.name)),
    blockState: row.service.blockState,
    ended: row.service.endTime !== null && row.service.endTime.getTime() <= now.getTime(),
  });
  return { service: row.service, articleGroupId: row.articleGroupId, kinds };
};

const detailsOf = async (
  db: Db,
  companyId: number,
  kind: Exclude<RequestKind, 'porting'>,
  details: Details,
  current: { articleId: number; articleGroupId: number; startTime: Date; endTime: Date | null },
  today: string,
): Promise<Record<string, unknown>> => {
  switch (kind) {
    case 'block':
      if (!details.reason) throw bad('details.reason', REQUEST_MSG.reasonRequired);
      return { reason: details.reason, note: optionalText(details, 'note') };
    case 'unblock':
      return { note: optionalText(details, 'note') };
    case 'new_sim': {
      if (details.sim_type === 'esim') {
        const email = requiredText(details, 'email', 'E-mailadres', MSG.emailRequired);
        if (!isEmailAddress(email)) throw bad('details.email', MSG.emailInvalid);
        return { sim_type: 'esim', email };
      }
      if (details.sim_type !== 'physical') throw bad('details.sim_type', required('Soort simkaart'));
      const street = requiredText(details, 'street', 'Straat en huisnummer');
      const zipcode = canonicalPostcode(requiredText(details, 'zipcode', 'Postcode'));
      if (!zipcode) throw bad('details.zipcode', 'Vul een geldige postcode in, zoals 1234 AB.');
      const city = requiredText(details, 'city', 'Plaats');
      return { sim_type: 'physical', street, zipcode, city, attention: optionalText(details, 'attention') };
    }
    case 'tariff_change': {
      if (details.article_id === undefined) throw bad('details.article_id', required('Nieuw abonnement'));
      const [article] = await db
        .select({ id: articles.id, articleGroupId: articles.articleGroupId })
        .from(articles)
        .where(and(eq(articles.id, details.article_id), eq(articles.companyId, companyId)))
        .limit(1);
      if (!article || article.articleGroupId !== current.articleGroupId) throw bad('details.article_id', REQUEST_MSG.articleNotInGroup);
      if (article.id === current.articleId) throw bad('details.article_id', REQUEST_MSG.sameArticle);
      const date = dateFromToday(details.date ?? firstOfNextMonth(today), today, 'Ingangsdatum');
      const dateProblem = tariffChangeDateProblem(parseInstant(date, 'Ingangsdatum')!, current);
      if (dateProblem) throw bad('details.date', dateProblem);
      return { article_id: article.id, date };
    }
    case 'question':
      return { text: requiredText(details, 'text', 'Vraag') };
  }
};

/** Porting: an article group the company sees with a phone number field, and the number to take over. */
const portingOf = async (db: Db, companyId: number, body: CreateRequestBody, today: string): Promise<NewRequest> => {
  if (body.article_group_id === undefined) throw bad('article_group_id', required('Artikelgroep'));
  const group = await visibleGroupWithFields(db, companyId, body.article_group_id);
  if (!group) throw new HttpError(404, 'Artikelgroep niet gevonden.');
  if (!group.fields.some((f) => f.used_for_cdr)) throw new HttpError(400, REQUEST_MSG.kindNotOffered);
  const { details } = body;
  const number = canonicalNumber(requiredText(details, 'number', 'Telefoonnummer'));
  if (!number) throw bad('details.number', "Veld 'Telefoonnummer' is geen geldig telefoonnummer.");
  const currentProvider = requiredText(details, 'current_provider', 'Huidige provider');
  const contractNumber = requiredText(details, 'contract_number', 'Contractnummer');
  const date = dateFromToday(requiredText(details, 'date', 'Gewenste datum'), today, 'Gewenste datum');
  return {
    kind: 'porting',
    serviceId: null,
    articleGroupId: group.id,
    details: { number, current_provider: currentProvider, contract_number: contractNumber, date },
  };
};

/** The request to store for the body, or the 400/404 that says why not. */
export const checkNewRequest = async (db: Db, companyId: number, body: CreateRequestBody, now = new Date()): Promise<NewRequest> => {
  const today = businessToday(now.getTime());
  if (body.kind === 'porting') return portingOf(db, companyId, body, today);
  const { service, articleGroupId, kinds } = await serviceOffering(db, companyId, body.service_id, now);
  if (!kinds.includes(body.kind)) throw new HttpError(400, REQUEST_MSG.kindNotOffered);
  const details = await detailsOf(db, companyId, body.kind, body.details, { articleId: service.articleId, articleGroupId, startTime: service.startTime, endTime: service.endTime }, today);
  return { kind: body.kind, serviceId: service.id, articleGroupId: null, details };
};

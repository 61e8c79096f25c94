import { formatDateTime, formatDecimal } from '../../../domain/format';
import type { AuditLogEntry, AuditLogImpersonation } from './companyApi';

/** The part of the portal a change was made in, by the server's entity name. */
export const ENTITIES: Record<string, string> = {
  alert_settings: 'Meldingen',
  article: 'Artikel',
  article_group: 'Artikelgroep',
  bulk_service: 'Bulkafname',
  company: 'Bedrijf',
  end_user: 'Eindgebruiker',
  parent_company: 'Hoofdbedrijf',
  puk_code: 'PUK-code',
  request: 'Aanvraag',
  service: 'Afname',
  usage: 'Verbruik',
  user: 'Contactpersoon',
};

/** What an import adds, by entity. */
const IMPORTED: Record<string, string> = { end_user: 'Eindgebruikers', puk_code: 'PUK-codes' };

/** Whole actions that say more than their verb. */
const ACTIONS: Record<string, string> = {
  'impersonation.start': 'Beheer gestart',
  'impersonation.end': 'Beheer gestopt',
  'password.reset': 'Wachtwoord ingesteld',
  'password.change': 'Wachtwoord gewijzigd',
  'two_factor.setup': 'Tweestapsverificatie instellen begonnen',
  'two_factor.enable': 'Tweestapsverificatie aangezet',
  'two_factor.disable': 'Tweestapsverificatie uitgezet',
  'two_factor.recovery_codes': 'Nieuwe herstelcodes gemaakt',
  'parent_company.add': 'Vestiging toegevoegd',
  'parent_company.remove': 'Vestiging verwijderd',
  // docs/requests.md, 'PUK codes': every view is in the log, the code never.
  'service.puk_viewed': 'PUK-code bekeken',
  // docs/requests.md, 'States': each step of a request.
  'request.create': 'Aangevraagd',
  'request.approve': 'Goedgekeurd',
  'request.reject_approval': 'Afgewezen (goedkeuring)',
  'request.withdraw': 'Ingetrokken',
  'request.pick_up': 'Opgepakt',
  'request.carry_out': 'Uitgevoerd',
  'request.reject': 'Afgewezen',
  'request.message': 'Bericht',
  'company.requests_need_approval': "'Aanvragen vereisen goedkeuring' gewijzigd",
};

/** The verb of an `entity.verb` action. */
const VERBS: Record<string, string> = {
  create: 'Aangemaakt',
  update: 'Gewijzigd',
  delete: 'Verwijderd',
  import: 'Geïmporteerd',
  end: 'Beëindigd',
  activate: 'Activatiemail verstuurd',
  add: 'Toegevoegd',
  remove: 'Verwijderd',
};

/** docs/rules.md, 'Billed months are closed': provider staff's change of a billed month, so billing sends a correction. */
const CLOSED_MONTH = ' (gefactureerde maand)';

export const actionText = (action: string, changes?: AuditLogEntry['changes']): string => {
  const verb = action.slice(action.lastIndexOf('.') + 1);
  const text = ACTIONS[action] ?? VERBS[verb] ?? action;
  return changes?.closed_month === true ? `${text}${CLOSED_MONTH}` : text;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * What was changed: the part, and its name (as it is now, else as the change recorded it), its
 * number only when neither is known. An import names how many it added.
 */
export const subjectText = ({
  entity,
  entity_id,
  subject_name,
  changes,
}: Pick<AuditLogEntry, 'entity' | 'entity_id' | 'subject_name' | 'changes'>): string => {
  const part = ENTITIES[entity] ?? entity;
  if (typeof changes?.imported === 'number') return `${IMPORTED[entity] ?? part} (${formatDecimal(changes.imported, 0)})`;
  const name =
    text(subject_name) ??
    text(changes?.name) ??
    ([text(changes?.firstname), text(changes?.lastname)].filter(Boolean).join(' ') || null);
  if (name) return `${part} '${name}'`;
  return entity_id ? `${part} ${entity_id}` : part;
};

/** Who made the change; someone managing the company 'door {naam} van {provider}'. */
export const userText = ({
  user,
  impersonating_from,
  impersonating_from_name,
}: Pick<AuditLogEntry, 'user' | 'impersonating_from' | 'impersonating_from_name'>): string => {
  const name = user ? `${user.firstname} ${user.lastname}` : 'Systeem';
  if (impersonating_from === null) return name;
  return impersonating_from_name ? `door ${name} van ${impersonating_from_name}` : `${name} (beheerder)`;
};

/** HH:mm of an instant; dd-mm-jjjj HH:mm when it is another day than `sameDayAs`. */
const timeOf = (epochSeconds: number, sameDayAs: number) => {
  const text = formatDateTime(epochSeconds);
  return text.slice(0, 10) === formatDateTime(sameDayAs).slice(0, 10) ? text.slice(-5) : text;
};

/** The managing a change was made in: why, from when, until when and how long. */
export const impersonationText = ({ reason, started_at, ended_at, expires_at, minutes }: AuditLogImpersonation): string => {
  const start = formatDateTime(started_at);
  const period =
    ended_at === null
      ? `beheer sinds ${start}, uiterlijk tot ${timeOf(expires_at, started_at)}`
      : `beheerd van ${start} tot ${timeOf(ended_at, started_at)} (${minutes} min)`;
  return `Reden: ${reason}; ${period}`;
};

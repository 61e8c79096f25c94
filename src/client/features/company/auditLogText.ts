import { formatDecimal } from '../../../domain/format';
import type { AuditLogEntry } from './companyApi';

/** The part of the portal a change was made in, by the server's entity name. */
export const ENTITIES: Record<string, string> = {
  alert_settings: 'Meldingen',
  article: 'Artikel',
  article_group: 'Artikelgroep',
  bulk_service: 'Bulkafname',
  company: 'Bedrijf',
  end_user: 'Eindgebruiker',
  parent_company: 'Hoofdbedrijf',
  service: 'Afname',
  usage: 'Verbruik',
  user: 'Contactpersoon',
};

/** What an import adds, by entity. */
const IMPORTED: Record<string, string> = { end_user: 'Eindgebruikers' };

/** Whole actions that say more than their verb. */
const ACTIONS: Record<string, string> = {
  'impersonation.start': 'Beheer gestart',
  'password.reset': 'Wachtwoord ingesteld',
  'parent_company.add': 'Vestiging toegevoegd',
  'parent_company.remove': 'Vestiging verwijderd',
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

/** Decisions section 13: provider staff's change of a billed month, so billing sends a correction. */
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

export const userText = ({ user, impersonating_from }: Pick<AuditLogEntry, 'user' | 'impersonating_from'>): string => {
  const name = user ? `${user.firstname} ${user.lastname}` : 'Systeem';
  return impersonating_from === null ? name : `${name} (beheerder)`;
};

import { zonedParts } from './time';

/**
 * Requests (aanvragen): what a customer asks the provider to carry out, and the states a request
 * goes through (docs/requests.md). Pure rules shared by server and client: the server enforces
 * them, the client shows only what they allow.
 */

export const REQUEST_KINDS = ['block', 'unblock', 'new_sim', 'tariff_change', 'porting', 'question'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The Dutch name of each kind, as the buttons and lists show it. */
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  block: 'Blokkeren',
  unblock: 'Deblokkeren',
  new_sim: 'Nieuwe simkaart',
  tariff_change: 'Ander abonnement',
  porting: 'Nummer overzetten',
  question: 'Vraag over deze afname',
};

export const REQUEST_STATES = ['awaiting_approval', 'submitted', 'in_progress', 'done', 'rejected', 'withdrawn'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  awaiting_approval: 'Wacht op goedkeuring',
  submitted: 'Ingediend',
  in_progress: 'In behandeling',
  done: 'Uitgevoerd',
  rejected: 'Afgewezen',
  withdrawn: 'Ingetrokken',
};

/** States in which a request still waits for someone. */
export const OPEN_REQUEST_STATES: readonly RequestState[] = ['awaiting_approval', 'submitted', 'in_progress'];
/** The provider's queue: what the provider has to do (a request awaiting the customer's own approval is not yet theirs). */
export const QUEUE_STATES: readonly RequestState[] = ['submitted', 'in_progress'];

/**
 * Every step a request can take, who takes it and from which states. `requester`: the user who
 * submitted it; `approver`: a colleague of the same company with APPROVE_REQUESTS; `provider`:
 * provider staff with HANDLE_REQUESTS.
 */
export const REQUEST_STEPS = {
  approve: { by: 'approver', from: ['awaiting_approval'], to: 'submitted' },
  reject_approval: { by: 'approver', from: ['awaiting_approval'], to: 'rejected' },
  withdraw: { by: 'requester', from: ['awaiting_approval', 'submitted'], to: 'withdrawn' },
  pick_up: { by: 'provider', from: ['submitted', 'in_progress'], to: 'in_progress' },
  carry_out: { by: 'provider', from: ['in_progress'], to: 'done' },
  reject: { by: 'provider', from: ['submitted', 'in_progress'], to: 'rejected' },
} as const satisfies Record<string, { by: 'approver' | 'requester' | 'provider'; from: readonly RequestState[]; to: RequestState }>;
export type RequestStep = keyof typeof REQUEST_STEPS;

/** Whether a request in `state` can take `step`. */
export const canTakeStep = (state: RequestState, step: RequestStep): boolean =>
  (REQUEST_STEPS[step].from as readonly RequestState[]).includes(state);

/**
 * The state a new request starts in. A company may require approval: then a request of a user
 * without APPROVE_REQUESTS waits for a colleague who has it. A block never waits: a lost or stolen
 * SIM must be blocked at once, and blocking costs nothing.
 */
export const initialRequestState = (kind: RequestKind, approvalRequired: boolean, requesterMayApprove: boolean): RequestState =>
  approvalRequired && !requesterMayApprove && kind !== 'block' ? 'awaiting_approval' : 'submitted';

/** An afname's block state: a block requested but not yet carried out, or carried out. */
export const BLOCK_STATES = ['requested', 'blocked'] as const;
export type BlockState = (typeof BLOCK_STATES)[number];

export const BLOCK_STATE_LABELS: Record<BlockState, string> = {
  requested: 'Geblokkeerd (aangevraagd)',
  blocked: 'Geblokkeerd',
};

/** The category field that holds a SIM's number; an article group with it is a mobile group. */
export const SIM_FIELD_NAME = 'SIM nummer';

export const isSimField = (fieldName: string): boolean => fieldName.trim().toLowerCase() === SIM_FIELD_NAME.toLowerCase();

/** What an afname offers, from its article group's fields and its state. */
export interface AfnameForRequests {
  /** The article group has a SIM nummer field. */
  hasSim: boolean;
  blockState: BlockState | null;
  /** The afname has ended (its end date is today or earlier). */
  ended: boolean;
}

/**
 * The kinds of request an afname offers: SIM requests only on a mobile article group's afname,
 * 'Blokkeren' when it is not blocked (nor asked to be), 'Deblokkeren' when it is blocked; nothing
 * on an ended afname. Porting is asked on an article group, not on an afname.
 */
export const requestKindsFor = (afname: AfnameForRequests): RequestKind[] => {
  if (afname.ended) return [];
  const kinds: RequestKind[] = [];
  if (afname.hasSim) {
    if (afname.blockState === null) kinds.push('block');
    if (afname.blockState === 'blocked') kinds.push('unblock');
    kinds.push('new_sim');
  }
  kinds.push('tariff_change', 'question');
  return kinds;
};

export const BLOCK_REASONS = ['lost', 'stolen'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];
export const BLOCK_REASON_LABELS: Record<BlockReason, string> = { lost: 'Verloren', stolen: 'Gestolen' };

export const SIM_TYPES = ['physical', 'esim'] as const;
export type SimType = (typeof SIM_TYPES)[number];
export const SIM_TYPE_LABELS: Record<SimType, string> = { physical: 'Fysieke simkaart', esim: 'eSIM' };

/** The details each kind asks for, as stored with the request and sent by the API. */
export interface RequestDetails {
  block: { reason: BlockReason; note: string };
  unblock: { note: string };
  new_sim:
    | { sim_type: 'physical'; street: string; zipcode: string; city: string; attention: string }
    | { sim_type: 'esim'; email: string };
  /** The new article and the ISO date it starts (the old afname's last day is the day before). */
  tariff_change: { article_id: number; date: string };
  /** Taking a number over from another provider into an article group. */
  porting: { number: string; current_provider: string; contract_number: string; date: string };
  question: { text: string };
}

/** Messages of the request rules (Dutch, one voice with 'je'). */
export const REQUEST_MSG = {
  notFound: 'Aanvraag niet gevonden.',
  stepNotAllowed: 'Deze stap kan niet meer: de aanvraag is al verder.',
  kindNotOffered: 'Deze aanvraag kan niet voor deze afname.',
  reasonRequired: "Veld 'Reden' is verplicht.",
  messageRequired: "Veld 'Bericht' is verplicht.",
  onlyRequesterWithdraws: 'Alleen wie de aanvraag deed kan haar intrekken.',
  articleNotInGroup: 'Kies een artikel uit dezelfde artikelgroep.',
  sameArticle: 'Kies een ander artikel dan het huidige.',
  dateInPast: 'Kies een datum vanaf vandaag.',
  simNumberRequired: "Veld 'Nieuw SIM nummer' is verplicht.",
  pukPasswordWrong: 'Het wachtwoord klopt niet.',
  pukCodeWrong: 'De code klopt niet.',
  pukUnknown: 'Voor deze simkaart is geen PUK-code bekend. Vraag het ons via een vraag over deze afname.',
} as const;

/** The first day of the month after `today` (ISO), the default start of a tariff change. */
export const firstOfNextMonth = (todayIso: string): string => {
  const [year, month] = todayIso.split('-').map(Number);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${String(next.year).padStart(4, '0')}-${String(next.month).padStart(2, '0')}-01`;
};

const DAY_MS = 86_400_000;

/**
 * The instant one working day (Monday to Friday, business time) before `nowMs`: a request
 * submitted before it is "older than a working day". Worked example: on Monday 10:00 it is Friday
 * 10:00, on Sunday 15:00 Friday 15:00, on Tuesday 09:00 Monday 09:00; a request of Friday 16:00
 * is older than a working day from Monday 16:00 on. (Public holidays count as working days.)
 */
export const oneWorkingDayBefore = (nowMs: number): number => {
  let at = nowMs - DAY_MS;
  const isWeekend = (ms: number) => {
    const { year, month, day } = zonedParts(ms);
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    return weekday === 0 || weekday === 6;
  };
  while (isWeekend(at)) at -= DAY_MS;
  return at;
};

import type { FastifyInstance } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { REQUEST_KIND_LABELS, REQUEST_STATE_LABELS, type RequestState } from '../../../domain/requests';
import type { Db } from '../../db';
import { rolePermissions, users } from '../../db/schema';
import { linkMail, mailName, type MailMessage } from '../mail';
import type { RequestRow } from './effects';

/**
 * The mails of requests (docs/requests.md, 'Around it'): to the requester on each change of state
 * someone else made, and to the company's approvers when a request waits for them. Built inside
 * the step's transaction (who receives them is read there), sent after its commit in the
 * background: a failing mail server never fails a step.
 */

type MailApp = Pick<FastifyInstance, 'config' | 'mailer' | 'backgroundTasks'>;

/** The request's page in the portal. */
export const requestLink = (publicUrl: string, requestId: number): string => `${publicUrl}/aanvragen/${requestId}`;

const kindName = (request: RequestRow) => `'${REQUEST_KIND_LABELS[request.kind]}'`;

/** The requester's mail about the state the request moved to; `reason` is a rejection's. */
const stateMail = (publicUrl: string, to: string, firstname: string, request: RequestRow, state: RequestState, reason: string | null): MailMessage => {
  const label = REQUEST_STATE_LABELS[state].toLowerCase();
  const intro = [
    `Beste ${mailName(firstname)}, je aanvraag ${kindName(request)} (nummer ${request.id}) is ${label}.`,
    ...(reason ? [`Reden: ${mailName(reason)}`] : []),
  ].join('\n');
  return linkMail(
    to,
    `Je aanvraag ${kindName(request)} is ${label}`,
    intro,
    'Bekijk je aanvraag in Mijn Portaal',
    requestLink(publicUrl, request.id),
    'Je ontvangt dit bericht omdat je deze aanvraag hebt gedaan.',
  );
};

const approvalMail = (publicUrl: string, to: string, firstname: string, request: RequestRow): MailMessage =>
  linkMail(
    to,
    `Aanvraag ${kindName(request)} wacht op je goedkeuring`,
    `Beste ${mailName(firstname)}, ${mailName(request.requestedByName)} heeft een aanvraag ${kindName(request)} gedaan (nummer ${request.id}). Je bedrijf vereist goedkeuring: keur de aanvraag goed of wijs haar af.`,
    'Bekijk de aanvraag in Mijn Portaal',
    requestLink(publicUrl, request.id),
    'Je ontvangt dit bericht omdat je aanvragen van je bedrijf mag goedkeuren.',
  );

/**
 * The mails of a request that has just moved to `state` by `actorUserId`: the requester's (not
 * when the requester made the change), and the approvers' when it now waits for approval.
 */
export const requestMails = async (
  db: Db,
  publicUrl: string,
  request: RequestRow,
  state: RequestState,
  actorUserId: number,
  reason: string | null = null,
): Promise<MailMessage[]> => {
  const mails: MailMessage[] = [];
  if (request.requestedBy !== null && request.requestedBy !== actorUserId) {
    const [requester] = await db
      .select({ email: users.email, firstname: users.firstname })
      .from(users)
      .where(and(eq(users.id, request.requestedBy), eq(users.disabled, false)));
    if (requester) mails.push(stateMail(publicUrl, requester.email, requester.firstname, request, state, reason));
  }
  if (state === 'awaiting_approval') {
    const approvers = await db
      .select({ email: users.email, firstname: users.firstname })
      .from(users)
      .innerJoin(rolePermissions, and(eq(rolePermissions.roleId, users.roleId), eq(rolePermissions.permissionName, 'APPROVE_REQUESTS')))
      .where(
        and(
          eq(users.companyId, request.companyId),
          eq(users.disabled, false),
          // 'Mag aanvragen goedkeuren' (domain/permissions.ts, userPermissionMap).
          eq(users.approvesRequests, true),
          request.requestedBy === null ? undefined : ne(users.id, request.requestedBy),
        ),
      )
      .orderBy(sql`${users.id}`);
    for (const approver of approvers) mails.push(approvalMail(publicUrl, approver.email, approver.firstname, request));
  }
  return mails;
};

/** Sends the mails after the commit, in the background: a failure is logged, never the step's. */
export const sendRequestMails = (app: MailApp, mails: readonly MailMessage[]): void => {
  for (const mail of mails) app.backgroundTasks.run(`request mail to ${mail.to}`, () => app.mailer.send(mail));
};

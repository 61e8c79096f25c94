import { and, asc, eq, isNull } from 'drizzle-orm';
import { firstOfNextMonth } from '../../domain/requests';
import type { RequestState } from '../../domain/requests';
import { businessDateOf, isoDate } from '../../domain/time';
import type { Db } from '../db';
import { articleGroups, articles, requestEvents, requests, services, users } from '../db/schema';

/**
 * Requests of the demo data set (docs/requests.md), so the screens show something on a first
 * start: klant@demo.nl's company has one in every state (the one awaiting approval is collega@demo.nl's), and a sibling branch one in the queue.
 * Their afnames are as the effects leave them (services/requests/effects.ts): the asked block's
 * shows 'Geblokkeerd (aangevraagd)', the carried-out block's 'Geblokkeerd'; nothing else here is
 * carried out but a question, and what is open can be carried out by the queue as it is.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Person {
  id: number;
  name: string;
}

interface DemoEvent {
  state: RequestState | null;
  text?: string;
  by: Person;
  byProvider?: boolean;
  msAgo: number;
}

const personOf = async (db: Db, email: string): Promise<Person> => {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { id: user.id, name: `${user.firstname} ${user.lastname}` };
};

export const seedDemoRequests = async (db: Db, now: Date, companyIds: { installatie: number; elektro: number }): Promise<void> => {
  const pieter = await personOf(db, 'klant@demo.nl');
  const femke = await personOf(db, 'collega@demo.nl');
  const mark = await personOf(db, 'admin@demo.nl');
  const ingrid = await personOf(db, 'i.bakker@vandijk-elektro.nl');
  const today = isoDate(businessDateOf(Math.floor(now.getTime() / 1000)));
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  /** The company's running afnames of the mobile group, oldest first. */
  const mobile = async (companyId: number) =>
    db
      .select({ id: services.id, articleId: services.articleId, articleGroupId: articles.articleGroupId })
      .from(services)
      .innerJoin(articles, eq(articles.id, services.articleId))
      .innerJoin(articleGroups, eq(articleGroups.id, articles.articleGroupId))
      .where(and(eq(services.companyId, companyId), eq(articleGroups.name, 'Mobiele telefonie'), isNull(services.endTime)))
      .orderBy(asc(services.id));
  const [blocked, newSim, asked, tariff, withdrawn, found] = await mobile(companyIds.installatie);
  const [elektroService] = await mobile(companyIds.elektro);
  const [otherArticle] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.companyId, companyIds.installatie), eq(articles.articleGroupId, tariff.articleGroupId)))
    .orderBy(asc(articles.id))
    .then((rows) => rows.filter((a) => a.id !== tariff.articleId));

  const add = async (
    companyId: number,
    request: { kind: typeof requests.$inferInsert.kind; serviceId?: number; articleGroupId?: number; details: Record<string, unknown> },
    requester: Person,
    events: DemoEvent[],
    handler: Person | null = null,
  ) => {
    const states = events.filter((e) => e.state !== null);
    const [row] = await db
      .insert(requests)
      .values({
        companyId,
        kind: request.kind,
        state: states[states.length - 1].state!,
        serviceId: request.serviceId ?? null,
        articleGroupId: request.articleGroupId ?? null,
        details: request.details,
        requestedBy: requester.id,
        requestedByName: requester.name,
        handlerId: handler?.id ?? null,
        handlerName: handler?.name ?? null,
        createdAt: at(events[0].msAgo),
        updatedAt: at(events[events.length - 1].msAgo),
      })
      .returning({ id: requests.id });
    await db.insert(requestEvents).values(
      events.map((e) => ({
        requestId: row.id,
        state: e.state,
        text: e.text ?? null,
        userId: e.by.id,
        userName: e.by.name,
        byProvider: e.byProvider ?? false,
        createdAt: at(e.msAgo),
      })),
    );
  };

  // A lost phone, asked two hours ago: its afname shows 'Geblokkeerd (aangevraagd)'.
  await add(companyIds.installatie, { kind: 'block', serviceId: blocked.id, details: { reason: 'lost', note: 'Verloren in de trein.' } }, pieter, [
    { state: 'submitted', by: pieter, msAgo: 2 * HOUR_MS },
  ]);
  await db.update(services).set({ blockState: 'requested' }).where(eq(services.id, blocked.id));

  await add(
    companyIds.installatie,
    {
      kind: 'new_sim',
      serviceId: newSim.id,
      details: { sim_type: 'physical', street: 'Coolsingel 42', zipcode: '3011 AB', city: 'Rotterdam', attention: 'Pieter van Dijk' },
    },
    pieter,
    [
      { state: 'submitted', by: pieter, msAgo: DAY_MS + 3 * HOUR_MS },
      { state: null, text: 'Graag naar de receptie, ik ben deze week op kantoor.', by: pieter, msAgo: DAY_MS },
    ],
  );

  // A SIM blocked two weeks ago (its afname shows 'Geblokkeerd'), found again: the unblock is in progress.
  await add(companyIds.installatie, { kind: 'block', serviceId: found.id, details: { reason: 'lost', note: '' } }, pieter, [
    { state: 'submitted', by: pieter, msAgo: 14 * DAY_MS },
    { state: 'in_progress', by: mark, byProvider: true, msAgo: 14 * DAY_MS - HOUR_MS },
    { state: 'done', by: mark, byProvider: true, msAgo: 14 * DAY_MS - 2 * HOUR_MS },
  ], mark);
  await db.update(services).set({ blockState: 'blocked' }).where(eq(services.id, found.id));
  await add(
    companyIds.installatie,
    { kind: 'unblock', serviceId: found.id, details: { note: 'De telefoon is terecht.' } },
    pieter,
    [
      { state: 'submitted', by: pieter, msAgo: 2 * DAY_MS },
      { state: 'in_progress', by: mark, byProvider: true, msAgo: DAY_MS + 2 * HOUR_MS },
      { state: null, text: 'We heffen de blokkade vandaag op.', by: mark, byProvider: true, msAgo: DAY_MS + HOUR_MS },
    ],
    mark,
  );

  await add(
    companyIds.installatie,
    { kind: 'question', serviceId: asked.id, details: { text: 'Kan ik met dit abonnement ook in het buitenland bellen?' } },
    pieter,
    [
      { state: 'submitted', by: pieter, msAgo: 12 * DAY_MS },
      { state: 'in_progress', by: mark, byProvider: true, msAgo: 11 * DAY_MS },
      { state: null, text: 'Voor welke landen wil je het weten?', by: mark, byProvider: true, msAgo: 11 * DAY_MS - HOUR_MS / 2 },
      { state: null, text: 'Vooral Duitsland en België.', by: pieter, msAgo: 11 * DAY_MS - HOUR_MS / 3 },
      { state: 'done', text: 'Ja, bellen binnen de EU valt in je bundel; daarbuiten geldt het tarief per minuut.', by: mark, byProvider: true, msAgo: 11 * DAY_MS - HOUR_MS },
    ],
    mark,
  );

  if (otherArticle) {
    await add(
      companyIds.installatie,
      { kind: 'tariff_change', serviceId: tariff.id, details: { article_id: otherArticle.id, date: firstOfNextMonth(today) } },
      femke,
      [{ state: 'awaiting_approval', by: femke, msAgo: DAY_MS }],
    );
  }

  await add(
    companyIds.installatie,
    {
      kind: 'porting',
      articleGroupId: tariff.articleGroupId,
      details: { number: '0612345678', current_provider: 'Andere Provider B.V.', contract_number: 'AP-778812', date: today },
    },
    pieter,
    [
      { state: 'submitted', by: pieter, msAgo: 20 * DAY_MS },
      { state: 'rejected', text: 'Het contractnummer klopt niet. Doe de aanvraag opnieuw met het nummer van je contract.', by: mark, byProvider: true, msAgo: 19 * DAY_MS },
    ],
  );

  await add(
    companyIds.installatie,
    { kind: 'question', serviceId: withdrawn.id, details: { text: 'Hoeveel data heb ik deze maand nog?' } },
    pieter,
    [
      { state: 'submitted', by: pieter, msAgo: 30 * DAY_MS },
      { state: 'withdrawn', by: pieter, msAgo: 30 * DAY_MS - HOUR_MS },
    ],
  );

  // The sibling branch's question waits in the queue, older than a working day.
  if (elektroService) {
    await add(companyIds.elektro, { kind: 'question', serviceId: elektroService.id, details: { text: 'Is er een zakelijke bundel voor heel Europa?' } }, ingrid, [
      { state: 'submitted', by: ingrid, msAgo: 4 * DAY_MS },
    ]);
  }
};

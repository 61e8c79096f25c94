import { screen, waitFor, within } from '@testing-library/react';
import { REQUEST_MSG } from '../../../domain/requests';
import { dateField, enterDate } from '../../test/dateFields';
import { json, type SeenRequest } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';
import type { QueuedRequest } from './requestQueueApi';
import { mockQueue, porting, request, STAFF } from './testData';

const staffSession = () => loggedIn(makeToken({ company_id: 1 }));
/** Staff managing company 20, the requests' company. */
const managingSession = () => loggedIn(makeToken({ company_id: 20, impersonate: 1 }), makeToken({ company_id: 1 }));

const posts = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => ({ url: r.url, body: r.body }));

/** The request's screen with `answer` as GET /request-queue/41 (and what the steps answer after it). */
const openRequest = (answer: QueuedRequest, routes: Parameters<typeof mockQueue>[1] = {}, session = staffSession()) => {
  let current = answer;
  const requests = mockQueue(STAFF, {
    'GET /api/request-queue/41': () => json(200, current),
    'POST /api/request-queue/41/carry-out': () => {
      current = { ...current, state: 'done', steps: [] };
      return json(200, current);
    },
    'POST /api/request-queue/41/reject': ({ body }) => {
      current = { ...current, state: 'rejected', steps: [], events: [...current.events, { id: 9, state: 'rejected', text: (body as { reason: string }).reason, user_name: 'Sanne de Vries', by_provider: true, created_at: current.updated_at }] };
      return json(200, current);
    },
    ...routes,
  });
  const view = renderWithProviders('/mer-aanvragen/41', { preloadedState: session });
  return { requests, ...view };
};

describe('QueuedRequestScreen', () => {
  it('shows the company, the afname with its fields and block state, the details in Dutch and the timeline', async () => {
    openRequest(request({ handler: { id: 9, name: 'Piet Smit' } }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Aanvraag: Nieuwe simkaart' })).toBeTruthy();
    const company = within(screen.getByRole('region', { name: 'Bedrijf' }));
    expect(company.getByText('Van Dijk Installatietechniek B.V.')).toBeTruthy();
    expect(company.getByRole('button', { name: 'Bedrijf beheren' })).toBeTruthy();
    const afname = within(screen.getByRole('region', { name: 'Afname' }));
    expect(afname.getByText('Zakelijk Onbeperkt')).toBeTruthy();
    expect(afname.getByText('8931000000000000001')).toBeTruthy();
    expect(afname.getByText('Jan Jansen')).toBeTruthy();
    expect(afname.getByText('01-01-2025')).toBeTruthy();
    expect(afname.getByText('Geblokkeerd (aangevraagd)')).toBeTruthy();
    const details = within(screen.getByRole('region', { name: 'Wat de klant vraagt' }));
    expect(details.getByText('Fysieke simkaart')).toBeTruthy();
    expect(details.getByText('Stationsweg 4')).toBeTruthy();
    expect(details.getByText('3811 AB')).toBeTruthy();
    expect(details.getByText('Amersfoort')).toBeTruthy();
    expect(details.getByText('Anna van Dijk')).toBeTruthy();
    const timeline = within(screen.getByRole('region', { name: 'Tijdlijn' }));
    expect(timeline.getByText('04-05-2026 09:15 · Anna van Dijk')).toBeTruthy();
    expect(timeline.getByText('04-05-2026 10:05 · Sanne de Vries (dienstverlener)')).toBeTruthy();
    expect(timeline.getByText('Welk adres?')).toBeTruthy();
    // Taking it over from a colleague.
    expect(screen.getByText(/Behandelaar: Piet Smit/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Oppakken' })).toBeTruthy();
  });

  it("offers no 'Oppakken' to the handler, and no 'Bedrijf beheren' while managing the company", async () => {
    const { store } = openRequest(request(), {}, managingSession());

    expect(await screen.findByRole('button', { name: 'Uitvoeren' })).toBeTruthy();
    expect(screen.getByText('Van Dijk Installatietechniek B.V. (je beheert dit bedrijf nu)')).toBeTruthy();
    await whenSettled(store);
    expect(screen.queryByRole('button', { name: 'Oppakken' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bedrijf beheren' })).toBeNull();
  });

  it('shows the details of a porting, an eSIM, a tariff change and a block in Dutch', async () => {
    const { unmount } = openRequest(porting());
    const portingDetails = within(await screen.findByRole('region', { name: 'Wat de klant vraagt' }));
    expect(portingDetails.getByText('0687654321')).toBeTruthy();
    expect(portingDetails.getByText('Oude Provider')).toBeTruthy();
    expect(portingDetails.getByText('C-778')).toBeTruthy();
    expect(portingDetails.getByText('01-07-2026')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Afname' })).getByText('Mobiele telefonie')).toBeTruthy();
    unmount();

    const esim = openRequest(request({ details: { sim_type: 'esim', email: 'anna@vandijk.nl' } }));
    expect(await within(await screen.findByRole('region', { name: 'Wat de klant vraagt' })).findByText('anna@vandijk.nl')).toBeTruthy();
    esim.unmount();

    const tariff = openRequest(request({ kind: 'tariff_change', details: { article_id: 8, article_name: 'Zakelijk Plus', date: '2026-08-01' } }));
    const tariffDetails = within(await screen.findByRole('region', { name: 'Wat de klant vraagt' }));
    expect(tariffDetails.getByText('Zakelijk Plus')).toBeTruthy();
    expect(tariffDetails.getByText('01-08-2026')).toBeTruthy();
    tariff.unmount();

    openRequest(request({ kind: 'block', details: { reason: 'stolen', note: 'In de trein' } }));
    const blockDetails = within(await screen.findByRole('region', { name: 'Wat de klant vraagt' }));
    expect(blockDetails.getByText('Gestolen')).toBeTruthy();
    expect(blockDetails.getByText('In de trein')).toBeTruthy();
    expect(screen.getByText('Spoed')).toBeTruthy();
  });

  it("'Uitvoeren' of a new SIM asks the new SIM number, sends it, says so and shows the request done", async () => {
    const { user, requests, store } = openRequest(request());

    await user.click(await screen.findByRole('button', { name: 'Uitvoeren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aanvraag uitvoeren' }));
    await user.click(dialog.getByRole('button', { name: 'Uitvoeren' }));
    expect(await dialog.findByText(REQUEST_MSG.simNumberRequired)).toBeTruthy();
    await whenSettled(store);
    expect(posts(requests)).toEqual([]);

    await user.type(dialog.getByLabelText(/^Nieuw SIM nummer/), '8931000000000000099');
    await user.type(dialog.getByLabelText('Bericht aan de klant'), 'Onderweg met PostNL.');
    await user.click(dialog.getByRole('button', { name: 'Uitvoeren' }));

    expect(await screen.findByText('De aanvraag is uitgevoerd.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Uitgevoerd')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uitvoeren' })).toBeNull();
    expect(posts(requests)).toEqual([
      { url: '/api/request-queue/41/carry-out', body: { sim_number: '8931000000000000099', text: 'Onderweg met PostNL.' } },
    ]);
  });

  it("'Uitvoeren' of a porting sends the article of the request's company and the start date (the wished date by default)", async () => {
    const { user, requests } = openRequest(porting(), {
      'GET /api/request-queue/41/articles': () =>
        json(200, [
          { id: 7, name: 'Zakelijk Basis' },
          { id: 6, name: 'Zakelijk Onbeperkt' },
        ]),
    });

    await user.click(await screen.findByRole('button', { name: 'Uitvoeren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aanvraag uitvoeren' }));
    expect(dateField(/^Startdatum/, dialog).value).toBe('01-07-2026');
    await user.click(dialog.getByRole('button', { name: 'Uitvoeren' }));
    expect(await dialog.findByText('Kies een artikel.')).toBeTruthy();

    await dialog.findByRole('option', { name: 'Zakelijk Basis' });
    await user.selectOptions(dialog.getByLabelText(/^Artikel/), 'Zakelijk Basis');
    await user.click(dialog.getByRole('button', { name: 'Uitvoeren' }));
    expect(await screen.findByText('De aanvraag is uitgevoerd.')).toBeTruthy();
    expect(posts(requests)).toEqual([{ url: '/api/request-queue/41/carry-out', body: { article_id: 7, start_date: '2026-07-01' } }]);
  });

  it('lets the handler of a porting choose another start date', async () => {
    const { user, requests } = openRequest(porting(), { 'GET /api/request-queue/41/articles': () => json(200, [{ id: 7, name: 'Zakelijk Basis' }]) });
    await user.click(await screen.findByRole('button', { name: 'Uitvoeren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aanvraag uitvoeren' }));
    await dialog.findByRole('option', { name: 'Zakelijk Basis' });
    await user.selectOptions(dialog.getByLabelText(/^Artikel/), 'Zakelijk Basis');
    enterDate(dateField(/^Startdatum/, dialog), '2026-07-15');
    await user.click(dialog.getByRole('button', { name: 'Uitvoeren' }));

    expect(await screen.findByText('De aanvraag is uitgevoerd.')).toBeTruthy();
    expect(posts(requests)).toEqual([{ url: '/api/request-queue/41/carry-out', body: { article_id: 7, start_date: '2026-07-15' } }]);
  });

  it("'Uitvoeren' of a block only confirms, with an optional closing message", async () => {
    const { user, requests } = openRequest(request({ kind: 'block', details: { reason: 'lost', note: '' } }));

    await user.click(await screen.findByRole('button', { name: 'Uitvoeren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aanvraag uitvoeren' }));
    expect(dialog.getByText('De afname wordt geblokkeerd.')).toBeTruthy();
    expect(dialog.queryByLabelText(/^Nieuw SIM nummer/)).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Uitvoeren' }));

    expect(await screen.findByText('De aanvraag is uitgevoerd.')).toBeTruthy();
    expect(posts(requests)).toEqual([{ url: '/api/request-queue/41/carry-out', body: {} }]);
  });

  it("shows the server's refusal of a step and keeps the dialog", async () => {
    const { user } = openRequest(request({ kind: 'question', details: { text: 'Werkt roaming?' } }), {
      'POST /api/request-queue/41/carry-out': () => json(409, { message: REQUEST_MSG.stepNotAllowed }),
    });

    await user.click(await screen.findByRole('button', { name: 'Uitvoeren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aanvraag uitvoeren' }));
    await user.click(dialog.getByRole('button', { name: 'Uitvoeren' }));

    expect(await screen.findByText(REQUEST_MSG.stepNotAllowed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Aanvraag uitvoeren' })).toBeTruthy();
  });

  it("'Afwijzen' requires a reason, then sends it and shows it in the timeline", async () => {
    const { user, requests, store } = openRequest(request());

    await user.click(await screen.findByRole('button', { name: 'Afwijzen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aanvraag afwijzen' }));
    await user.click(dialog.getByRole('button', { name: 'Afwijzen' }));
    expect(await dialog.findByText(REQUEST_MSG.reasonRequired)).toBeTruthy();
    await whenSettled(store);
    expect(posts(requests)).toEqual([]);

    await user.type(dialog.getByLabelText(/^Reden/), 'Dit nummer is niet van jullie.');
    await user.click(dialog.getByRole('button', { name: 'Afwijzen' }));

    expect(await screen.findByText('De aanvraag is afgewezen.')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Tijdlijn' })).findByText('Dit nummer is niet van jullie.')).toBeTruthy();
    expect(posts(requests)).toEqual([{ url: '/api/request-queue/41/reject', body: { reason: 'Dit nummer is niet van jullie.' } }]);
  });

  it("'Oppakken' and a message go to the server; an empty message is refused first", async () => {
    const { user, requests, store } = openRequest(request({ state: 'submitted', handler: null, steps: ['pick_up', 'reject'] }), {
      'POST /api/request-queue/41/pick-up': () => json(200, request()),
      'POST /api/request-queue/41/messages': () => json(200, request()),
    });

    expect(await screen.findByText(/Nog niet opgepakt/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uitvoeren' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Oppakken' }));
    expect(await screen.findByText('Je hebt de aanvraag opgepakt.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText(REQUEST_MSG.messageRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Bericht/, { selector: 'textarea' }), 'We sturen de simkaart vandaag.');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Je bericht is verstuurd.')).toBeTruthy();

    await whenSettled(store);
    expect(posts(requests)).toEqual([
      { url: '/api/request-queue/41/pick-up', body: null },
      { url: '/api/request-queue/41/messages', body: { text: 'We sturen de simkaart vandaag.' } },
    ]);
    // Each step refetches the request.
    expect(requests.filter((r) => r.method === 'GET' && r.url === '/api/request-queue/41').length).toBe(3);
  });

  it("says 'Aanvraag niet gevonden.' for a request that does not exist", async () => {
    openRequest(request(), { 'GET /api/request-queue/41': () => json(404, { message: REQUEST_MSG.notFound }) });

    expect(await screen.findByText(REQUEST_MSG.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar de aanvragen' }).getAttribute('href')).toBe('/mer-aanvragen');
  });
});

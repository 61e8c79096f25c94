import { screen, waitFor, within } from '@testing-library/react';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';
import { lastQueueQuery, mockQueue, queueItems, STAFF, summary } from './testData';

const staffSession = () => loggedIn(makeToken({ company_id: 1 }));

const rowOf = (name: RegExp) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('RequestQueueScreen', () => {
  it('lists the open requests: kind, state, company, afname, age (a block prominently) and who handles them', async () => {
    const requests = mockQueue();
    const { store } = renderWithProviders('/mer-aanvragen', { preloadedState: staffSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Aanvragen' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Open aanvragen' });
    const block = within(rowOf(/^Blokkeren/));
    expect(block.getByText('Spoed')).toBeTruthy();
    expect(block.getByText('Ingediend')).toBeTruthy();
    expect(block.getByText('Van Dijk Installatietechniek B.V.')).toBeTruthy();
    expect(block.getByText('0612345678 · Zakelijk Onbeperkt')).toBeTruthy();
    expect(block.getByText('3 dagen')).toBeTruthy();
    expect(block.getByText('Niet opgepakt')).toBeTruthy();
    const newSim = within(rowOf(/^Nieuwe simkaart/));
    expect(newSim.getByText('In behandeling')).toBeTruthy();
    expect(newSim.getByText('2 uur')).toBeTruthy();
    expect(newSim.getByText('Piet Smit')).toBeTruthy();
    // 'Oppakken' takes over from a colleague too, but not one's own.
    expect(newSim.getByRole('button', { name: /^Oppakken/ })).toBeTruthy();
    expect(within(rowOf(/^Vraag over deze afname/)).queryByRole('button', { name: /^Oppakken/ })).toBeNull();
    expect(within(rowOf(/^Vraag over deze afname/)).getByText('Vast Basis')).toBeTruthy();
    expect(within(table).getByRole('link', { name: /^Blokkeren/ }).getAttribute('href')).toBe('/mer-aanvragen/1');
    await whenSettled(store);
    expect(lastQueueQuery(requests)).toEqual({ offset: '0', limit: '25' });
  });

  it('sends the chosen state, kind, company, handler and search, and keeps them in the address', async () => {
    const requests = mockQueue();
    const { user, location, store } = renderWithProviders('/mer-aanvragen', { preloadedState: staffSession() });

    await screen.findByRole('table', { name: 'Open aanvragen' });
    await user.selectOptions(screen.getByLabelText('Status'), 'In behandeling');
    await user.selectOptions(screen.getByLabelText('Soort'), 'Nieuwe simkaart');
    await user.click(await screen.findByRole('combobox', { name: 'Bedrijf' }));
    await user.click(await screen.findByRole('option', { name: 'Bakkerij de Korenschoof' }));
    await user.selectOptions(screen.getByLabelText('Behandelaar'), 'Van mij');
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'jansen');

    await waitFor(() =>
      expect(lastQueueQuery(requests)).toEqual({ state: 'in_progress', kind: 'new_sim', company_id: '30', handler: 'me', q: 'jansen', offset: '0', limit: '25' }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'In behandeling' })).toBeTruthy();
    expect(new URLSearchParams(location().search).get('behandelaar')).toBe('me');

    await user.selectOptions(screen.getByLabelText('Behandelaar'), 'Niet opgepakt');
    await user.selectOptions(screen.getByLabelText('Status'), 'Open');
    await waitFor(() => expect(lastQueueQuery(requests)).toEqual({ kind: 'new_sim', company_id: '30', handler: 'none', q: 'jansen', offset: '0', limit: '25' }));
    await whenSettled(store);
  });

  it('pages through the queue', async () => {
    const many = Array.from({ length: 25 }, (_, index) => summary(100 + index));
    const requests = mockQueue(STAFF, { 'GET /api/request-queue': () => json(200, { items: many, total: 30 }) });
    const { user } = renderWithProviders('/mer-aanvragen', { preloadedState: staffSession() });

    await screen.findByRole('table', { name: 'Open aanvragen' });
    expect(screen.getByText('1-25 van 30')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ga naar de volgende pagina' }));

    await waitFor(() => expect(lastQueueQuery(requests)).toEqual({ offset: '25', limit: '25' }));
  });

  it("'Oppakken' picks a request up, says so and refetches the queue; a request someone else moved on says why", async () => {
    let picked = false;
    const requests = mockQueue(STAFF, {
      'GET /api/request-queue': () =>
        json(200, { items: picked ? [{ ...queueItems[0], state: 'in_progress', handler: { id: 5, name: 'Sanne de Vries' } }] : queueItems, total: 3 }),
      'POST /api/request-queue/1/pick-up': () => {
        picked = true;
        return json(200, {});
      },
      'POST /api/request-queue/2/pick-up': () => json(409, { message: 'Deze stap kan niet meer: de aanvraag is al verder.' }),
    });
    const { user } = renderWithProviders('/mer-aanvragen', { preloadedState: staffSession() });

    await screen.findByRole('table', { name: 'Open aanvragen' });
    await user.click(within(rowOf(/^Nieuwe simkaart/)).getByRole('button', { name: /^Oppakken/ }));
    expect(await screen.findByText('Deze stap kan niet meer: de aanvraag is al verder.')).toBeTruthy();

    await user.click(within(rowOf(/^Blokkeren/)).getByRole('button', { name: 'Oppakken: Blokkeren, Van Dijk Installatietechniek B.V.' }));
    expect(await screen.findByText('Je hebt de aanvraag opgepakt.')).toBeTruthy();
    expect(await within(rowOf(/^Blokkeren/)).findByText('Sanne de Vries')).toBeTruthy();
    expect(within(rowOf(/^Blokkeren/)).queryByRole('button', { name: /^Oppakken/ })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/request-queue/2/pick-up', '/api/request-queue/1/pick-up']);
  });

  it("shows 'Aanvragen' in the menu with HANDLE_REQUESTS only, and the queue only to who has it", async () => {
    const requests = mockQueue(STAFF.filter((permission) => permission !== 'HANDLE_REQUESTS'));
    const { store } = renderWithProviders('/mer-aanvragen', { preloadedState: staffSession() });

    expect(await screen.findByText('Je hebt geen toegang tot de aanvragen van klanten. Die behandelt de dienstverlener.')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    await within(menu).findByRole('link', { name: 'Admin' });
    await whenSettled(store);
    expect(within(menu).queryByRole('link', { name: 'Aanvragen' })).toBeNull();
    expect(requests.some((r) => r.url.startsWith('/api/request-queue'))).toBe(false);
  });

  it("links 'Aanvragen' in the menu with HANDLE_REQUESTS", async () => {
    mockQueue();
    renderWithProviders('/dashboard', { preloadedState: staffSession() });

    const menu = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect((await within(menu).findByRole('link', { name: 'Aanvragen' })).getAttribute('href')).toBe('/mer-aanvragen');
  });
});

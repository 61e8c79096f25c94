import { screen, waitFor, within } from '@testing-library/react';
import { firstOfNextMonth } from '../../../domain/requests';
import { json, type SeenRequest } from '../../test/http';
import { requestAnswer } from '../../test/requestsData';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { asWritten, dateField, enterDate } from '../../test/dateFields';
import { todayDateInput } from './dates';
import { articlePath, listItem, mockServices, service } from './testData';

const servicePath = `${articlePath}/7/jan-jansen-7`;
const groupPath = '/mijn-diensten/1/mobiele-telefonie';

const posts = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === '/api/requests');

const openAfname = async (granted = ['REQUEST_CHANGES'] as Parameters<typeof mockServices>[0], overrides: Parameters<typeof mockServices>[1] = {}) => {
  const requests = mockServices(granted, overrides);
  const view = renderWithProviders(servicePath, { preloadedState: loggedIn() });
  await screen.findByRole('heading', { level: 1, name: 'Zakelijk Onbeperkt 10GB' });
  return { requests, ...view };
};

const section = () => within(screen.getByRole('region', { name: 'Aanvragen' }));

describe('requests on an afname', () => {
  it('offers nothing without REQUEST_CHANGES', async () => {
    const { store } = await openAfname([]);
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'Aanvragen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Blokkeren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'PUK-code tonen' })).toBeNull();
  });

  it('offers the requests of a SIM afname that is not blocked, and the PUK code', async () => {
    const { store } = await openAfname();
    await whenSettled(store);
    expect(section().getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Blokkeren',
      'Nieuwe simkaart',
      'Ander abonnement',
      'Vraag over deze afname',
      'PUK-code tonen',
    ]);
    expect(screen.queryByText('Geblokkeerd')).toBeNull();
  });

  it('blocks: the reason is required, a retried submit sends the same Idempotency-Key, and the afname shows the block asked', async () => {
    let answers = 0;
    let blockState: 'requested' | null = null;
    const { requests, user } = await openAfname(['REQUEST_CHANGES'], {
      'GET /api/services/7': () => json(200, { data: service({ block_state: blockState }) }),
      'POST /api/requests': () => {
        answers += 1;
        if (answers === 1) return json(409, { message: 'Er loopt al een aanvraag om deze afname te blokkeren.' });
        blockState = 'requested';
        return json(201, requestAnswer({ id: 31 }));
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Blokkeren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Blokkeren' }));
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    expect(await dialog.findByText("Kies 'Verloren' of 'Gestolen'.")).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);

    await user.click(dialog.getByRole('radio', { name: 'Gestolen' }));
    await user.type(dialog.getByLabelText('Toelichting'), 'Uit de auto');
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    expect(await screen.findByText('Er loopt al een aanvraag om deze afname te blokkeren.')).toBeTruthy();

    // The dialog stays; submitting again is the same request to the server.
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    expect(await screen.findByText('Aanvraag ingediend.')).toBeTruthy();
    const sent = posts(requests);
    expect(sent.map((r) => r.body)).toEqual([
      { kind: 'block', service_id: 7, details: { reason: 'stolen', note: 'Uit de auto' } },
      { kind: 'block', service_id: 7, details: { reason: 'stolen', note: 'Uit de auto' } },
    ]);
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Bekijk de aanvraag' }).getAttribute('href')).toBe('/aanvragen/31');
    // The afname is asked again and shows the block asked; 'Blokkeren' is no longer offered.
    expect(await screen.findByText('Geblokkeerd (aangevraagd)')).toBeTruthy();
    expect(section().queryByRole('button', { name: 'Blokkeren' })).toBeNull();
  });

  it('takes a fresh Idempotency-Key for each opened dialog', async () => {
    const { requests, user } = await openAfname(['REQUEST_CHANGES'], { 'POST /api/requests': () => json(201, requestAnswer({ kind: 'question' })) });
    for (const text of ['Eerste vraag', 'Tweede vraag']) {
      await user.click(await screen.findByRole('button', { name: 'Vraag over deze afname' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Vraag over deze afname' }));
      await user.type(dialog.getByLabelText(/Vraag/), text);
      await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const sent = posts(requests);
    expect(sent.map((r) => r.body)).toEqual([
      { kind: 'question', service_id: 7, details: { text: 'Eerste vraag' } },
      { kind: 'question', service_id: 7, details: { text: 'Tweede vraag' } },
    ]);
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
  });

  it('asks a new SIM: the address for a physical one, an e-mail address for an eSIM', async () => {
    const { requests, user } = await openAfname(['REQUEST_CHANGES'], { 'POST /api/requests': () => json(201, requestAnswer({ kind: 'new_sim' })) });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe simkaart' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nieuwe simkaart' }));

    await user.type(dialog.getByLabelText(/Postcode/), '12');
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    expect(await dialog.findByText("Veld 'Straat en huisnummer' is verplicht.")).toBeTruthy();
    expect(dialog.getByText('Vul een geldige postcode in, zoals 1234 AB.')).toBeTruthy();
    expect(dialog.getByText("Veld 'Plaats' is verplicht.")).toBeTruthy();

    await user.click(dialog.getByRole('radio', { name: 'eSIM' }));
    expect(dialog.queryByLabelText(/Straat/)).toBeNull();
    await user.type(dialog.getByLabelText(/E-mailadres/), 'jan@vandijk.nl');
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    await screen.findByText('Aanvraag ingediend.');
    expect(posts(requests).map((r) => r.body)).toEqual([{ kind: 'new_sim', service_id: 7, details: { sim_type: 'esim', email: 'jan@vandijk.nl' } }]);
  });

  it('sends a physical SIM to the address typed', async () => {
    const { requests, user } = await openAfname(['REQUEST_CHANGES'], { 'POST /api/requests': () => json(201, requestAnswer({ kind: 'new_sim' })) });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe simkaart' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nieuwe simkaart' }));
    await user.type(dialog.getByLabelText(/Straat en huisnummer/), 'Stationsweg 1');
    await user.type(dialog.getByLabelText(/Postcode/), '1234 ab');
    await user.type(dialog.getByLabelText(/Plaats/), 'Utrecht');
    await user.type(dialog.getByLabelText('T.a.v.'), 'Jan Jansen');
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    await screen.findByText('Aanvraag ingediend.');
    expect(posts(requests)[0].body).toEqual({
      kind: 'new_sim',
      service_id: 7,
      details: { sim_type: 'physical', street: 'Stationsweg 1', zipcode: '1234 AB', city: 'Utrecht', attention: 'Jan Jansen' },
    });
  });

  it('changes to another article of the group from the first of next month, and says when it waits for approval', async () => {
    const { requests, user } = await openAfname(['REQUEST_CHANGES'], {
      'GET /api/articles': () => json(200, [listItem(), listItem({ id: 13, name: 'Zakelijk Onbeperkt 20GB' })]),
      'POST /api/requests': () => json(201, requestAnswer({ id: 32, kind: 'tariff_change', state: 'awaiting_approval' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Ander abonnement' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ander abonnement' }));
    const choice = dialog.getByLabelText(/Nieuw abonnement/);
    await waitFor(() => expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kies een abonnement', 'Zakelijk Onbeperkt 20GB']));
    expect(dateField(/Ingangsdatum/, dialog).value).toBe(asWritten(firstOfNextMonth(todayDateInput())));

    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    expect(await dialog.findByText('Kies een abonnement.')).toBeTruthy();
    await user.selectOptions(choice, '13');
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));

    expect(await screen.findByText('Aanvraag wacht op goedkeuring.')).toBeTruthy();
    expect(posts(requests).map((r) => r.body)).toEqual([
      { kind: 'tariff_change', service_id: 7, details: { article_id: 13, date: firstOfNextMonth(todayDateInput()) } },
    ]);
    expect(screen.getByRole('link', { name: 'Bekijk de aanvraag' }).getAttribute('href')).toBe('/aanvragen/32');
  });

  it('offers Deblokkeren on a blocked afname, which shows its block', async () => {
    const { requests, user } = await openAfname(['REQUEST_CHANGES'], {
      'GET /api/services/7': () => json(200, { data: service({ block_state: 'blocked' }) }),
      'POST /api/requests': () => json(201, requestAnswer({ kind: 'unblock' })),
    });
    expect(await screen.findByText('Geblokkeerd')).toBeTruthy();
    expect(section().queryByRole('button', { name: 'Blokkeren' })).toBeNull();
    await user.click(section().getByRole('button', { name: 'Deblokkeren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Deblokkeren' }));
    await user.type(dialog.getByLabelText('Toelichting'), 'Teruggevonden');
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    await screen.findByText('Aanvraag ingediend.');
    expect(posts(requests)[0].body).toEqual({ kind: 'unblock', service_id: 7, details: { note: 'Teruggevonden' } });
  });
});

describe('PUK-code tonen', () => {
  it('asks the password and the code with two-factor login on, shows a refusal in the dialog, then the PUK; the store never holds it', async () => {
    let tries = 0;
    const { requests, user, store } = await openAfname(['REQUEST_CHANGES'], {
      'GET /api/account/two-factor': () => json(200, { enabled: true, enabled_at: 1, recovery_codes_left: 8, required: false }),
      'POST /api/services/7/puk': () => {
        tries += 1;
        return tries === 1 ? json(400, { message: 'Het wachtwoord klopt niet.' }) : json(200, { sim_number: '89317', puk: '93817264' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'PUK-code tonen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'PUK-code tonen' }));
    await user.click(dialog.getByRole('button', { name: 'Tonen' }));
    expect(await dialog.findByText("Veld 'Wachtwoord' is verplicht.")).toBeTruthy();

    await user.type(dialog.getByLabelText(/Wachtwoord/), 'geheim');
    await user.type(await dialog.findByLabelText(/Code/), '123456');
    await user.click(dialog.getByRole('button', { name: 'Tonen' }));
    expect(await dialog.findByText('Het wachtwoord klopt niet.')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Tonen' }));
    expect((await dialog.findByLabelText('PUK-code')).textContent).toBe('93817264');
    expect(dialog.getByText('PUK-code van simkaart 89317:')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/services/7/puk').map((r) => r.body)).toEqual([
      { password: 'geheim', code: '123456' },
      { password: 'geheim', code: '123456' },
    ]);
    expect(JSON.stringify(store.getState())).not.toContain('93817264');

    await user.click(dialog.getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByText('93817264')).toBeNull());
  });

  it('asks only the password without two-factor login', async () => {
    const { requests, user } = await openAfname(['REQUEST_CHANGES'], {
      'GET /api/account/two-factor': () => json(200, { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false }),
      'POST /api/services/7/puk': () => json(200, { sim_number: '89317', puk: '87654321' }),
    });
    await user.click(await screen.findByRole('button', { name: 'PUK-code tonen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'PUK-code tonen' }));
    await user.type(dialog.getByLabelText(/Wachtwoord/), 'geheim');
    expect(dialog.queryByLabelText(/Code/)).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Tonen' }));
    expect((await dialog.findByLabelText('PUK-code')).textContent).toBe('87654321');
    expect(requests.find((r) => r.url === '/api/services/7/puk')?.body).toEqual({ password: 'geheim' });
  });
});

describe('Nummer overzetten', () => {
  it('is offered on a group with a phone number field with REQUEST_CHANGES, and sends the number, provider, contract and date', async () => {
    const requests = mockServices(['REQUEST_CHANGES'], { 'POST /api/requests': () => json(201, requestAnswer({ id: 40, kind: 'porting', service_id: null, service: null })) });
    const { user } = renderWithProviders(groupPath, { preloadedState: loggedIn() });
    await user.click(await screen.findByRole('button', { name: 'Nummer overzetten' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nummer overzetten' }));
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));
    expect(await dialog.findByText("Veld 'Telefoonnummer' is verplicht.")).toBeTruthy();
    expect(dialog.getByText("Veld 'Gewenste datum' is verplicht.")).toBeTruthy();

    const date = firstOfNextMonth(todayDateInput());
    await user.type(dialog.getByLabelText(/Telefoonnummer/), '0693817264');
    await user.type(dialog.getByLabelText(/Huidige aanbieder/), 'Andere Telecom');
    await user.type(dialog.getByLabelText(/Contractnummer bij huidige aanbieder/), 'C-991');
    enterDate(dateField(/Gewenste datum/, dialog), date);
    await user.click(dialog.getByRole('button', { name: 'Aanvragen' }));

    await screen.findByText('Aanvraag ingediend.');
    expect(posts(requests).map((r) => r.body)).toEqual([
      { kind: 'porting', article_group_id: 1, details: { number: '0693817264', current_provider: 'Andere Telecom', contract_number: 'C-991', date } },
    ]);
    expect(screen.getByRole('link', { name: 'Bekijk de aanvraag' }).getAttribute('href')).toBe('/aanvragen/40');
  });

  it('is not offered without REQUEST_CHANGES', async () => {
    mockServices(['CREATE_ARTICLE']);
    const { store } = renderWithProviders(groupPath, { preloadedState: loggedIn() });
    await screen.findByRole('link', { name: 'Artikel toevoegen' });
    await whenSettled(store);
    expect(screen.queryByRole('button', { name: 'Nummer overzetten' })).toBeNull();
  });
});

import { renderWithProviders, whenSettled } from '../../../test/renderWithProviders';
import { configure, screen, within } from '@testing-library/react';
import { json } from '../../../test/http';
import { mockPortal } from '../../../test/portalServer';
import { loggedIn } from '../../../test/tokens';

// The first screen of a test file loads its lazy chunks cold, which takes over the default
// second when the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

/** Noon in Amsterdam on the given day, in Unix seconds. */
const noon = (isoDay: string) => Date.parse(`${isoDay}T12:00:00+01:00`) / 1000;

const DAY = 24 * 60 * 60;
const now = Math.floor(Date.now() / 1000);

const phone = (value: string) => ({
  article_group_field_id: 1,
  article_group_field: { name: 'Telefoonnummer', used_for_cdr: true },
  value,
});

const mobile = { id: 11, name: 'KPN Zakelijk 10GB', article_group_id: 1, article_group_name: 'Mobiele telefonie' };
const laptop = { id: 30, name: 'Laptop Pro 14', article_group_id: 4, article_group_name: 'Hardware' };

const service = (id: number, article: typeof mobile, start: number, end: number | null, inputs: ReturnType<typeof phone>[]) => ({
  id,
  article_id: article.id,
  end_user_id: 7,
  end_user: { id: 7, firstname: 'Jan', lastname: 'de Vries' },
  order_reference: null,
  start_time: start,
  end_time: end,
  input_field_1: null,
  article_group_field_inputs: inputs,
  article,
});

const jan = {
  id: 7,
  firstname: 'Jan',
  lastname: 'de Vries',
  services: [
    service(40, mobile, noon('2024-01-15'), null, [phone('0612345678')]),
    service(41, mobile, noon('2023-03-01'), noon('2024-02-29'), [phone('0687654321')]),
    service(42, laptop, now + 10 * DAY, null, []),
  ],
};

/** A fake end-user API that keeps renames, as the server does. */
const endUserServer = (overrides: Parameters<typeof mockPortal>[0] = {}) => {
  let endUser = { ...jan };
  return mockPortal({
    'GET /api/end-users/7': () => json(200, endUser),
    'PUT /api/end-users/7': ({ body }) => {
      const { firstname, lastname } = body as { firstname: string; lastname: string };
      endUser = { ...endUser, firstname, lastname };
      return json(200, { id: 7, firstname, lastname });
    },
    ...overrides,
  });
};

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('EndUserScreen', () => {
  it("shows the end user's services with phone number, dates and status", async () => {
    endUserServer();
    renderWithProviders('/mijn-bedrijf/end-users/7/jan-de-vries', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Jan de Vries' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bewerken' }).getAttribute('href')).toBe('/mijn-bedrijf/end-users/7/jan-de-vries/bewerken');

    const table = screen.getByRole('table', { name: 'Afnames' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(within(head).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Artikel',
      'Categorie',
      'Telefoonnummer',
      'Startdatum',
      'Einddatum',
      'Status',
    ]);
    expect(rows.map(cellTexts)).toEqual([
      ['KPN Zakelijk 10GB', 'Mobiele telefonie', '0612345678', '15-01-2024', '', 'Actief'],
      ['KPN Zakelijk 10GB', 'Mobiele telefonie', '0687654321', '01-03-2023', '29-02-2024', 'Beëindigd'],
      ['Laptop Pro 14', 'Hardware', '', expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/), '', 'Nog niet gestart'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'KPN Zakelijk 10GB' }).getAttribute('href')).toBe(
      '/mijn-diensten/1/mobiele-telefonie/11/kpn-zakelijk-10gb/40/jan-de-vries',
    );
    expect(within(rows[2]).getByRole('link').getAttribute('href')).toBe('/mijn-diensten/4/hardware/30/laptop-pro-14/42/jan-de-vries');
    expect(screen.getByRole('navigation', { name: 'Kruimelpad' })).toBeTruthy();
  });

  it('marks a blocked service beside its status (docs/requests.md, Blocking)', async () => {
    endUserServer({
      'GET /api/end-users/7': () =>
        json(200, { ...jan, services: [{ ...service(40, mobile, noon('2024-01-15'), null, [phone('0612345678')]), block_state: 'requested' }] }),
    });
    renderWithProviders('/mijn-bedrijf/end-users/7/jan-de-vries', { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: 'Afnames' });
    const [, row] = within(table).getAllByRole('row');
    expect(cellTexts(row).at(-1)).toBe('ActiefGeblokkeerd (aangevraagd)');
  });

  it('leaves out the phone number column when no service has one', async () => {
    endUserServer({ 'GET /api/end-users/7': () => json(200, { ...jan, services: [service(42, laptop, noon('2024-01-15'), null, [])] }) });
    renderWithProviders('/mijn-bedrijf/end-users/7/jan-de-vries', { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: 'Afnames' });
    expect(within(table).queryByRole('columnheader', { name: 'Telefoonnummer' })).toBeNull();
  });

  it('says when the end user has no services', async () => {
    endUserServer({ 'GET /api/end-users/7': () => json(200, { ...jan, services: [] }) });
    renderWithProviders('/mijn-bedrijf/end-users/7/jan-de-vries', { preloadedState: loggedIn() });

    expect(await screen.findByText('Deze eindgebruiker heeft geen afnames.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so for an end user that does not exist in this company', async () => {
    endUserServer({ 'GET /api/end-users/8': () => json(404, { message: 'Eindgebruiker niet gevonden.' }) });
    renderWithProviders('/mijn-bedrijf/end-users/8/piet', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Eindgebruiker niet gevonden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar Mijn bedrijf' }).getAttribute('href')).toBe('/mijn-bedrijf');
  });

  it('keeps the overview at /mijn-bedrijf', async () => {
    endUserServer();
    renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn bedrijf' })).toBeTruthy();
  });
});

describe('EditEndUserScreen', () => {
  const editPath = '/mijn-bedrijf/end-users/7/jan-de-vries/bewerken';

  it('requires both names at their fields and does not save without them', async () => {
    const requests = endUserServer();
    const { user, store } = renderWithProviders(editPath, { preloadedState: loggedIn() });

    const firstname = await screen.findByLabelText(/Voornaam/);
    const lastname = screen.getByLabelText(/Achternaam/);
    expect((firstname as HTMLInputElement).value).toBe('Jan');
    await user.clear(firstname);
    await user.clear(lastname);
    await user.type(lastname, '   ');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText("Veld 'Voornaam' is verplicht.")).toBeTruthy();
    expect(screen.getByText("Veld 'Achternaam' is verplicht.")).toBeTruthy();
    expect(firstname.getAttribute('aria-invalid')).toBe('true');
    expect(firstname.getAttribute('aria-describedby')).toContain('voornaam-helper-text');
    expect(document.activeElement).toBe(firstname);
    await whenSettled(store);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('saves the new name and opens the view under the new name', async () => {
    const requests = endUserServer();
    const { user, location } = renderWithProviders(editPath, { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Eindgebruiker bewerken' })).toBeTruthy();
    const firstname = screen.getByLabelText(/Voornaam/);
    await user.clear(firstname);
    await user.type(firstname, 'Johan');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Johan de Vries' })).toBeTruthy();
    expect(location().pathname).toBe('/mijn-bedrijf/end-users/7/johan-de-vries');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/end-users/7');
    expect(put?.body).toEqual({ firstname: 'Johan', lastname: 'de Vries' });
    // The view fetched the end user again through its tag.
    expect(requests.filter((r) => r.method === 'GET' && r.url === '/api/end-users/7').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByRole('link', { name: 'KPN Zakelijk 10GB' })[0].getAttribute('href')).toContain('/40/johan-de-vries');
  });

  it("shows the server's reason when it refuses the save", async () => {
    endUserServer({ 'PUT /api/end-users/7': () => json(400, { message: "Veld 'Achternaam' is verplicht." }) });
    const { user, location } = renderWithProviders(editPath, { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Opslaan' }));

    expect((await screen.findByRole('alert')).textContent).toBe("Veld 'Achternaam' is verplicht.");
    expect(location().pathname).toBe(editPath);
    expect((screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('goes back to the view with Annuleren', async () => {
    endUserServer();
    const { user, location } = renderWithProviders(editPath, { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('link', { name: 'Annuleren' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Jan de Vries' })).toBeTruthy();
    expect(location().pathname).toBe('/mijn-bedrijf/end-users/7/jan-de-vries');
  });
});

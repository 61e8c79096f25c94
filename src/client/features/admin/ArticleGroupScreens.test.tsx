import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { ADMIN, mockAdmin } from './testData';

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const fieldRows = () => within(screen.getByRole('table', { name: 'Velden' })).getAllByRole('row').slice(1).map(cellTexts);
const companyChecklist = () => screen.getByRole('group', { name: 'Zichtbaar voor bedrijven' });

describe('AddArticleGroupScreen', () => {
  it('asks for a name before sending', async () => {
    const requests = mockAdmin();
    const { user, store } = renderWithProviders('/mer-admin/artikel-categorie-toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Artikelgroep toevoegen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText(MSG.parentNameRequired)).toBeTruthy();
    await whenSettled(store);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('confirms a field only with a name; one field is used for usage', async () => {
    mockAdmin();
    const { user } = renderWithProviders('/mer-admin/artikel-categorie-toevoegen', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Veld toevoegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Veld toevoegen' });
    const confirm = within(dialog).getByRole('button', { name: 'Toevoegen' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Naam van het veld/), '   ');
    expect(confirm.disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText(/^Naam van het veld/));
    await user.type(within(dialog).getByLabelText(/^Naam van het veld/), 'Telefoonnummer');
    await user.click(within(dialog).getByLabelText('Gebruikt voor verbruik'));
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Confirming with Enter works as well, and marking a second field for usage unmarks the first.
    await user.click(screen.getByRole('button', { name: 'Veld toevoegen' }));
    const second = screen.getByRole('dialog', { name: 'Veld toevoegen' });
    await user.click(within(second).getByLabelText('Gebruikt voor verbruik'));
    await user.type(within(second).getByLabelText(/^Naam van het veld/), 'Aansluitnummer{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(fieldRows()).toEqual([
      ['Telefoonnummer', 'Nee', ''],
      ['Aansluitnummer', 'Ja', ''],
    ]);
    // The field dialog's submit did not submit the article group form.
    expect(screen.queryByText(MSG.parentNameRequired)).toBeNull();
  });

  it('adds an article group with fields and the chosen companies', async () => {
    const requests = mockAdmin(ADMIN, { 'POST /api/article-groups': ({ body }) => json(201, { id: 8, ...(body as object) }) });
    const { user, location } = renderWithProviders('/mer-admin/artikel-categorie-toevoegen', { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText(/^Naam$|^Naam \*/), 'Beveiliging');
    await user.selectOptions(screen.getByLabelText('Icoon'), 'Router');
    await user.click(screen.getByRole('button', { name: 'Veld toevoegen' }));
    await user.type(screen.getByLabelText(/^Naam van het veld/), 'Serienummer{Enter}');

    const checklist = companyChecklist();
    await within(checklist).findByLabelText('Autobedrijf Jansen');
    await user.type(within(checklist).getByLabelText('Zoek bedrijf'), 'van dijk');
    await waitFor(() => expect(within(checklist).queryByLabelText('Autobedrijf Jansen')).toBeNull());
    await user.click(within(checklist).getByRole('button', { name: 'Getoonde selecteren' }));
    await user.clear(within(checklist).getByLabelText('Zoek bedrijf'));
    await user.click(await within(checklist).findByLabelText('Bakkerij de Korenschoof'));
    expect(within(checklist).getByText('2 van 3 bedrijven geselecteerd')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(location().search).toBe('?tab=artikelgroepen'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'Beveiliging', icon: 'connectivity', fields: [{ name: 'Serienummer', used_for_cdr: false }], companies: [20, 30] },
    ]);
  });
});

describe('EditArticleGroupScreen', () => {
  it('shows the fields and visibility, changes a field and keeps the ids', async () => {
    const requests = mockAdmin(ADMIN, { 'PUT /api/article-groups/1': ({ body }) => json(200, { id: 1, ...(body as object) }) });
    const { user, location } = renderWithProviders('/mer-admin/artikel-categorien/1/categorie-wijzigen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Artikelgroep wijzigen' })).toBeTruthy();
    expect(fieldRows()).toEqual([
      ['Telefoonnummer', 'Ja', ''],
      ['SIM nummer', 'Nee', ''],
    ]);
    await user.click(screen.getByRole('button', { name: "Veld 'SIM nummer' wijzigen" }));
    const dialog = screen.getByRole('dialog', { name: 'Veld wijzigen' });
    const name = within(dialog).getByLabelText(/^Naam van het veld/);
    await user.clear(name);
    expect((within(dialog).getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(name, 'SIM-kaartnummer');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await within(companyChecklist()).findByText('2 van 3 bedrijven geselecteerd');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(location().search).toBe('?tab=artikelgroepen'));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        name: 'Mobiele telefonie',
        icon: 'mobile',
        fields: [
          { id: 11, name: 'Telefoonnummer', used_for_cdr: true },
          { id: 12, name: 'SIM-kaartnummer', used_for_cdr: false },
        ],
        companies: [20, 30],
      },
    ]);
  });

  it("shows the server's message when a save or delete is refused with 409, and the general text otherwise", async () => {
    let status = 409;
    mockAdmin(ADMIN, {
      'PUT /api/article-groups/1': () => json(status, { message: 'Er bestaat al een artikelgroep met deze naam.' }),
      'DELETE /api/article-groups/1': () => json(409, { message: 'Deze artikelgroep wordt nog door 4 artikelen gebruikt.' }),
    });
    const { user } = renderWithProviders('/mer-admin/artikel-categorien/1/categorie-wijzigen', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Er bestaat al een artikelgroep met deze naam.')).toBeTruthy();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.unknownError)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Artikelgroep verwijderen' })).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Deze artikelgroep wordt nog door 4 artikelen gebruikt.')).toBeTruthy();
  });
});

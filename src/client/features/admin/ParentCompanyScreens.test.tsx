import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { ADMIN, companies, company, mockAdmin } from './testData';

const branchesBox = () => screen.getByRole('combobox', { name: 'Vestigingen' });

describe('AddParentCompanyScreen', () => {
  it("asks for a name ('Veld 'Naam' is verplicht.') before sending", async () => {
    const requests = mockAdmin();
    const { user, store } = renderWithProviders('/mer-admin/hoofdbedrijf-toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Hoofdbedrijf toevoegen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText(MSG.parentNameRequired)).toBeTruthy();
    await whenSettled(store);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("adds a parent company with branches, saying which belong to another one, never offering the provider's own company", async () => {
    const requests = mockAdmin(ADMIN, {
      'GET /api/companies': () => json(200, [company(1, 'Demo ICT Diensten', { is_provider: true }), ...companies]),
      'POST /api/parent-companies': ({ body }) => json(201, { id: 9, ...(body as object) }),
    });
    const { user, location } = renderWithProviders('/mer-admin/hoofdbedrijf-toevoegen', { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText(/^Naam/), 'Flora Groep');
    await user.type(screen.getByLabelText('SAP nummer'), 'SAP-FG');
    await user.click(branchesBox());
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Autobedrijf Jansen',
      'Bakkerij de Korenschoof',
      'Van Dijk Installatietechniek B.V. (nu bij Van Dijk Groep)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Bakkerij de Korenschoof' }));
    await user.click(branchesBox());
    await user.click(await screen.findByRole('option', { name: 'Autobedrijf Jansen' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(location().search).toBe('?tab=hoofdbedrijven'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'Flora Groep', sap_number: 'SAP-FG', companies: [30, 31] },
    ]);
  });

  it('reports a refused save', async () => {
    mockAdmin(ADMIN, { 'POST /api/parent-companies': () => json(500, { message: 'x' }) });
    const { user } = renderWithProviders('/mer-admin/hoofdbedrijf-toevoegen', { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText(/^Naam/), 'Flora Groep');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText(MSG.unknownError)).toBeTruthy();
  });
});

describe('EditParentCompanyScreen', () => {
  it('shows the parent company with its branches and saves changes', async () => {
    const requests = mockAdmin(ADMIN, { 'PUT /api/parent-companies/3': ({ body }) => json(200, { id: 3, ...(body as object) }) });
    const { user, location } = renderWithProviders('/mer-admin/hoofdbedrijven/3/hoofdbedrijf-wijzigen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Hoofdbedrijf wijzigen' })).toBeTruthy();
    expect((screen.getByLabelText(/^Naam/) as HTMLInputElement).value).toBe('Van Dijk Groep');
    expect(screen.getAllByText('Van Dijk Installatietechniek B.V.').length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('SAP nummer'));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(location().search).toBe('?tab=hoofdbedrijven'));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ name: 'Van Dijk Groep', sap_number: null, companies: [20] }]);
  });

  it('deletes after confirmation, and reports a refusal', async () => {
    let status = 500;
    mockAdmin(ADMIN, { 'DELETE /api/parent-companies/4': () => json(status, { message: 'x' }) });
    const { user, location } = renderWithProviders('/mer-admin/hoofdbedrijven/4/hoofdbedrijf-wijzigen', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Hoofdbedrijf verwijderen' })).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(MSG.unknownError)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    status = 200;
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(location().search).toBe('?tab=hoofdbedrijven'));
  });
});

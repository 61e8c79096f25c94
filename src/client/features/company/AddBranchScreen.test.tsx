import { screen } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { actingCompany, CUSTOMER, mockCompany } from './testData';

const PROVIDER_STAFF = [...CUSTOMER, 'LIST_COMPANIES' as const];

const companies = [
  { id: 1, name: 'Demo ICT Diensten', parent_company_id: null, is_provider: true },
  { id: 20, name: 'Van Dijk Installatietechniek B.V.', parent_company_id: 3, is_provider: false },
  { id: 21, name: 'Van Dijk Service B.V.', parent_company_id: 3, is_provider: false },
  { id: 22, name: 'Van Dijk Techniek Noord B.V.', parent_company_id: 3, is_provider: false },
  { id: 30, name: 'Bakkerij de Korenschoof', parent_company_id: null, is_provider: false },
  { id: 31, name: 'Autobedrijf Jansen', parent_company_id: null, is_provider: false },
];

describe('AddBranchScreen', () => {
  it('asks to select a branch before sending anything', async () => {
    const requests = mockCompany(PROVIDER_STAFF, { 'GET /api/companies': () => json(200, companies) });
    const { user, store } = renderWithProviders('/mijn-bedrijf/vestiging-toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Vestiging toevoegen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));

    expect(await screen.findByText(MSG.selectBranch)).toBeTruthy();
    await whenSettled(store);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("offers the companies outside the parent company (never the provider's own) and adds the chosen one", async () => {
    const requests = mockCompany(PROVIDER_STAFF, {
      'GET /api/companies': () => json(200, companies),
      'POST /api/parent-companies/3/add': () => json(200, { message: 'ok' }),
    });
    const { user, location } = renderWithProviders('/mijn-bedrijf/vestiging-toevoegen', { preloadedState: loggedIn() });

    const select = await screen.findByRole('combobox', { name: /^Vestiging/ });
    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Autobedrijf Jansen', 'Bakkerij de Korenschoof']);
    await user.click(screen.getByRole('option', { name: 'Bakkerij de Korenschoof' }));
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));

    await screen.findByRole('heading', { level: 1, name: 'Mijn bedrijf' });
    expect(location().pathname).toBe('/mijn-bedrijf');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ company_id: 30 }]);
  });

  it('reports a refused addition and stays', async () => {
    mockCompany(PROVIDER_STAFF, {
      'GET /api/companies': () => json(200, companies),
      'POST /api/parent-companies/3/add': () => json(404, { message: 'Bedrijf niet gevonden.' }),
    });
    const { user, location } = renderWithProviders('/mijn-bedrijf/vestiging-toevoegen', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('combobox', { name: /^Vestiging/ }));
    await user.click(await screen.findByRole('option', { name: 'Autobedrijf Jansen' }));
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));

    expect(await screen.findByText(MSG.unknownError)).toBeTruthy();
    expect(location().pathname).toBe('/mijn-bedrijf/vestiging-toevoegen');
  });

  it('explains that there is nothing to choose for a user who may not list companies', async () => {
    const requests = mockCompany();
    const { store } = renderWithProviders('/mijn-bedrijf/vestiging-toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByText(/Er zijn geen bedrijven beschikbaar/)).toBeTruthy();
    await whenSettled(store);
    expect(requests.some((r) => r.url.startsWith('/api/companies'))).toBe(false);
    expect(screen.queryByRole('combobox', { name: /^Vestiging/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Toevoegen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Terug naar Mijn bedrijf' }).getAttribute('href')).toBe('/mijn-bedrijf');
  });

  it('shows the message and no form when every company is already a branch', async () => {
    const onlyBranches = companies.filter((company) => company.is_provider || company.parent_company_id === 3);
    mockCompany(PROVIDER_STAFF, { 'GET /api/companies': () => json(200, onlyBranches) });
    renderWithProviders('/mijn-bedrijf/vestiging-toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByText(/Er zijn geen bedrijven beschikbaar/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Vestiging/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Toevoegen' })).toBeNull();
  });

  it('says so when the company has no parent company', async () => {
    mockCompany(PROVIDER_STAFF, { 'GET /api/company/20': () => json(200, { ...actingCompany, parent_company_id: null, parent_company: null }) });
    renderWithProviders('/mijn-bedrijf/vestiging-toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByText(/Dit bedrijf hoort niet bij een hoofdbedrijf/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Toevoegen' })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { json } from '../../test/http';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import type { AlertSettings, SentAlertsPage } from './alertsApi';
import { mockCompany } from './testData';

const settings: AlertSettings = {
  bundle_alerts: true,
  out_of_bundle_costs: 250.5,
  number_data_gb: null,
  number_usage_costs: 25,
  recipients: [
    { id: 5, name: 'Anna van Dijk', email: 'klant@demo.nl', chosen: true },
    { id: 6, name: 'Bram Bakker', email: 'bram@vandijk.nl', chosen: false },
  ],
};

/** 3 November 2026 14:05 in Amsterdam (CET). */
const SENT_AT = Date.UTC(2026, 10, 3, 13, 5) / 1000;

const sent: SentAlertsPage = {
  data: [
    { id: 3, created_at: SENT_AT, month: '2026-11', kind: 'bundle_80', numbers: [], number_count: 0, threshold: '80', value: '85.0', recipients: ['klant@demo.nl'] },
    {
      id: 2,
      created_at: SENT_AT - 3600,
      month: '2026-10',
      kind: 'number_usage_costs',
      numbers: ['0612345678'],
      number_count: 1,
      threshold: '25.00',
      value: '31.40',
      recipients: ['klant@demo.nl', 'bram@vandijk.nl'],
    },
    {
      id: 1,
      created_at: SENT_AT - 7200,
      month: '2026-10',
      kind: 'number_data',
      numbers: Array.from({ length: 10 }, (_, i) => `06123456${String(i).padStart(2, '0')}`),
      number_count: 1624,
      threshold: '2',
      value: '14.250',
      recipients: ['klant@demo.nl'],
    },
  ],
  total: 3,
};

const alertRoutes = (current: () => AlertSettings = () => settings) => ({
  'GET /api/alerts/settings': () => json(200, current()),
  'GET /api/alerts/sent': () => json(200, sent),
});

const section = () => screen.findByRole('region', { name: 'Meldingen' });
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('AlertsSection on /mijn-bedrijf', () => {
  it('shows the settings, who receives them, and the alerts sent', async () => {
    mockCompany(undefined, alertRoutes());
    renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const alerts = await section();
    const form = await within(alerts).findByRole('form', { name: 'Meldingen instellen' });
    expect(within(form).getByRole('checkbox', { name: 'Meld het verbruik van de groepsbundel bij 80 % en 100 %' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('textbox', { name: 'Kosten buiten de bundel boven' })).toHaveProperty('value', '250,5');
    expect(within(form).getByRole('textbox', { name: 'Data per nummer boven' })).toHaveProperty('value', '');
    expect(within(form).getByRole('textbox', { name: 'Verbruikskosten per nummer boven' })).toHaveProperty('value', '25');
    const recipients = within(form).getByRole('group', { name: 'Ontvangers' });
    expect(within(recipients).getByRole('checkbox', { name: 'Anna van Dijk (klant@demo.nl)' })).toHaveProperty('checked', true);
    expect(within(recipients).getByRole('checkbox', { name: 'Bram Bakker (bram@vandijk.nl)' })).toHaveProperty('checked', false);
    expect(within(recipients).getByText(/Kies je niemand, dan ontvangen alle actieve gebruikers/)).toBeTruthy();

    const table = await within(alerts).findByRole('table', { name: 'Verzonden meldingen' });
    expect(within(table).getAllByRole('row').slice(1).map(cellTexts)).toEqual([
      ['03-11-2026 14:05', 'Groepsbundel voor 80 % verbruikt (november 2026)', '80 %', '85,0 %', 'klant@demo.nl'],
      ['03-11-2026 13:05', 'Verbruikskosten per nummer: 0612345678 (oktober 2026)', '€ 25,00', '€ 31,40', 'klant@demo.nl, bram@vandijk.nl'],
      [
        '03-11-2026 12:05',
        `Data per nummer: ${Array.from({ length: 10 }, (_, i) => `06123456${String(i).padStart(2, '0')}`).join(', ')} en 1.614 andere (oktober 2026)`,
        '2 GB',
        'hoogste 14,250 GB',
        'klant@demo.nl',
      ],
    ]);
  });

  it('saves the settings with amounts as numbers, confirms it and shows what the server stored', async () => {
    let current = settings;
    const requests = mockCompany(undefined, {
      ...alertRoutes(() => current),
      'PUT /api/alerts/settings': (request) => {
        const body = request.body as AlertSettings & { recipients: number[] };
        current = { ...body, recipients: settings.recipients.map((r) => ({ ...r, chosen: body.recipients.includes(r.id) })) };
        return json(200, current);
      },
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const form = await within(await section()).findByRole('form', { name: 'Meldingen instellen' });
    await user.click(within(form).getByRole('checkbox', { name: 'Meld het verbruik van de groepsbundel bij 80 % en 100 %' }));
    await user.type(within(form).getByRole('textbox', { name: 'Data per nummer boven' }), '2,5');
    await user.clear(within(form).getByRole('textbox', { name: 'Verbruikskosten per nummer boven' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Bram Bakker (bram@vandijk.nl)' }));
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Meldingen succesvol opgeslagen.')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ bundle_alerts: false, out_of_bundle_costs: 250.5, number_data_gb: 2.5, number_usage_costs: null, recipients: [5, 6] });
    // Saving refetches the settings (their tag).
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/alerts/settings'))).toHaveLength(2));
    expect(within(form).getByRole('textbox', { name: 'Data per nummer boven' })).toHaveProperty('value', '2,5');
  });

  it('refuses an amount with too many decimals in the form, and sends nothing', async () => {
    const requests = mockCompany(undefined, alertRoutes());
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const form = await within(await section()).findByRole('form', { name: 'Meldingen instellen' });
    const costs = within(form).getByRole('textbox', { name: 'Kosten buiten de bundel boven' });
    await user.clear(costs);
    await user.type(costs, '12,345');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));

    expect(await within(form).findByText("Veld 'Kosten buiten de bundel' moet een bedrag van 0 of meer zijn, met hoogstens 2 decimalen.")).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal in its words", async () => {
    const message = 'Meldingen kunnen alleen naar actieve contactpersonen van je eigen bedrijf worden gestuurd.';
    mockCompany(undefined, { ...alertRoutes(), 'PUT /api/alerts/settings': () => json(400, { message }) });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const form = await within(await section()).findByRole('form', { name: 'Meldingen instellen' });
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('shows the settings without changing them when the user may not manage contact persons', async () => {
    mockCompany(['LIST_USERS'], alertRoutes());
    renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const form = await within(await section()).findByRole('form', { name: 'Meldingen instellen' });
    expect(within(form).getByRole('textbox', { name: 'Kosten buiten de bundel boven' })).toHaveProperty('disabled', true);
    expect(within(form).getByRole('checkbox', { name: 'Anna van Dijk (klant@demo.nl)' })).toHaveProperty('disabled', true);
    expect(within(form).queryByRole('button', { name: 'Opslaan' })).toBeNull();
  });
});

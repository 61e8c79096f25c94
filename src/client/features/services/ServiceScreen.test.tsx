import { screen } from '@testing-library/react';
import { formatDate } from '../../../domain/format';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { articlePath, mockServices, NOON, service } from './testData';

const servicePath = `${articlePath}/7/jan-jansen-7`;

/** The description list as label -> value. */
const details = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('ServiceScreen', () => {
  it('shows the service with prices, dates, group fields and the labelled free fields', async () => {
    mockServices([], {
      'GET /api/services/7': () => json(200, { data: service({ end_time: NOON + 86400, input_field_3: 'verborgen' }) }),
    });
    const { store } = renderWithProviders(servicePath, { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Zakelijk Onbeperkt 10GB' })).toBeTruthy();
    await whenSettled(store);
    expect(details()).toEqual({
      Eindgebruiker: 'Jan Jansen 7',
      Omschrijving: 'Onbeperkt bellen en 10 GB data',
      'Prijs per periode': '€ 1.234,50',
      'Eenmalige kosten': '€ 12,50',
      Orderreferentie: 'PO-2026-7',
      Startdatum: formatDate(NOON - 100 * 86400),
      Facturatiecyclus: 'Maandelijks',
      Einddatum: formatDate(NOON + 86400),
      Telefoonnummer: '06127',
      'SIM nummer': '89317',
      Kostenplaats: 'KP-7',
      Afdeling: 'Techniek',
    });
    expect(screen.getByRole('link', { name: 'Bewerken' }).getAttribute('href')).toBe(`${servicePath}/edit`);
  });

  it('shows the provider fields only with EDIT_SPIE_FIELDS, and no end date while there is none', async () => {
    mockServices(['EDIT_SPIE_FIELDS'], { 'GET /api/services/7': () => json(200, { data: service({ spie_field_2: 'SP-2' }) }) });
    const { store } = renderWithProviders(servicePath, { preloadedState: loggedIn() });

    await screen.findByRole('heading', { level: 1, name: 'Zakelijk Onbeperkt 10GB' });
    await whenSettled(store);
    expect(details()).toMatchObject({ 'Spie veld 1': '–', 'Spie veld 2': 'SP-2', 'Spie veld 3': '–' });
    expect(details()).not.toHaveProperty('Einddatum');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import type { Permission } from '../../../domain/permissions';
import { json, type Routes, type SeenRequest } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { dateField, enterDate } from '../../test/dateFields';
import { midnightOfDateInput, toDateInput } from './dates';
import { articlePath, mockServices, NOON, service } from './testData';

const servicePath = `${articlePath}/7/jan-jansen-7`;
const editPath = `${servicePath}/edit`;
const ALL: Permission[] = ['CREATE_SERVICE', 'EDIT_START_SERVICE', 'STOP_SERVICE', 'EDIT_CATEGORY_FIELDS', 'EDIT_FREE_FIELDS'];

const saveButton = () => screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement;

/** The server answers a save with the service as it now is. */
const savingAs = (requests: () => SeenRequest[]): Routes => ({
  'PUT /api/services/7': () => {
    const body = requests().find((r) => r.method === 'PUT')?.body as { end_time?: string | null };
    const end = body.end_time ? Date.parse(body.end_time) / 1000 : null;
    return json(200, { data: service({ end_time: end }) });
  },
});

const renderEdit = (granted: Permission[] = ALL, overrides: Routes = {}) => {
  let seen: SeenRequest[] = [];
  seen = mockServices(granted, { ...savingAs(() => seen), ...overrides });
  return { requests: seen, ...renderWithProviders(editPath, { preloadedState: loggedIn() }) };
};

describe('EditServiceScreen', () => {
  it('returns to the article page after setting an end date of today', async () => {
    const { user, location, requests } = renderEdit();

    await screen.findByText('Optioneel.');
    enterDate(dateField('Einddatum'), toDateInput(NOON));
    await user.click(saveButton());

    await waitFor(() => expect(location().pathname).toBe(articlePath));
    const body = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    // Ended on a day: from 00:00 of that day on (active up to and including the day before).
    expect(Date.parse(body.end_time as string) / 1000).toBe(midnightOfDateInput(toDateInput(NOON)));
    expect(body).not.toHaveProperty('start_time');
  });

  it('returns to the service after setting an end date in the future', async () => {
    const { user, location } = renderEdit();

    await screen.findByText('Optioneel.');
    enterDate(dateField('Einddatum'), toDateInput(NOON + 2 * 86400));
    await user.click(saveButton());

    await waitFor(() => expect(location().pathname).toBe(servicePath));
  });

  it('returns to the service without an end date, keeping the hidden Data field', async () => {
    const { user, location, requests } = renderEdit();

    const phone = await screen.findByLabelText('Telefoonnummer');
    await user.clear(phone);
    await user.type(phone, '0687654321');
    await user.clear(screen.getByLabelText('SIM nummer'));
    expect(screen.queryByLabelText('Data')).toBeNull();
    await user.click(saveButton());

    await waitFor(() => expect(location().pathname).toBe(servicePath));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      order_reference: 'PO-2026-7',
      article_group_field_inputs: [
        { article_group_field_id: 11, value: '0687654321' },
        { article_group_field_id: 13, value: '10 GB' },
      ],
      input_field_1: 'KP-7',
      input_field_2: 'Techniek',
    });
  });

  it('blocks a start after the end and an end before the start', async () => {
    renderEdit();

    await screen.findByText('Optioneel.');
    enterDate(dateField('Einddatum'), toDateInput(NOON - 101 * 86400));

    expect(await screen.findByText('De startdatum mag niet na de einddatum liggen.')).toBeTruthy();
    expect(screen.getByText('De einddatum mag niet voor de startdatum liggen.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('reports a failed save as a taken phone number and enables saving again', async () => {
    const { user } = renderEdit(ALL, { 'PUT /api/services/7': () => json(500, { message: 'Er is een fout opgetreden.' }) });

    await user.click(await screen.findByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText(MSG.phoneNumberTaken)).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('shows only what the permissions allow', async () => {
    const { store } = renderEdit(['CREATE_SERVICE'], {
      'GET /api/services/7': () => json(200, { data: service({ end_user: null, end_user_id: null }) }),
    });

    expect((await screen.findByText(/^Eindgebruiker:/)).textContent).toBe(`Eindgebruiker: ${MSG.noUser}`);
    await whenSettled(store);
    expect(dateField('Startdatum').disabled).toBe(true);
    expect(screen.queryByLabelText('Einddatum')).toBeNull();
    expect(screen.queryByLabelText('Telefoonnummer')).toBeNull();
    expect(screen.queryByLabelText('Kostenplaats')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).toBeNull();
    expect(screen.getByLabelText('Orderreferentie')).toBeTruthy();
  });

  it('deletes after confirmation and goes to the article page on OK', async () => {
    const { user, location, requests } = renderEdit(ALL, {
      'DELETE /api/services/7/hard': () => json(200, { message: MSG.deleteSuccessBody }),
    });

    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const asking = screen.getByRole('dialog', { name: 'Afname verwijderen' });
    // It names what goes: the article and the end user.
    expect(within(asking).getByText(/^Weet je zeker dat je de afname 'Zakelijk Onbeperkt 10GB' van Jan Jansen \d+ wilt verwijderen\?/)).toBeTruthy();
    await user.click(within(asking).getByRole('button', { name: 'Verwijderen' }));

    const done = await screen.findByRole('dialog', { name: MSG.deleteSuccessTitle });
    expect(within(done).getByText(MSG.deleteSuccessBody)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/services/7/hard']);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location().pathname).toBe(articlePath));
  });

  it('says Whoops! when the delete fails and stays', async () => {
    const { user, location } = renderEdit(ALL, { 'DELETE /api/services/7/hard': () => json(500, { message: 'Fout' }) });

    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));

    const failed = await screen.findByRole('dialog', { name: MSG.deleteFailureTitle });
    expect(within(failed).getByText(MSG.deleteFailureBody)).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location().pathname).toBe(editPath);
  });
});

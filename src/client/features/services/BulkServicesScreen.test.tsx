import { screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { businessTimeToEpoch } from '../../../domain/time';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { bulkFormIsValid } from './BulkServicesScreen';
import { firstOpenDay } from '../../../domain/closedMonths';
import { asWritten, dateField, enterDate } from '../../test/dateFields';
import { noonOfDateInput, todayDateInput } from './dates';
import { articlePath, mockServices, NOON } from './testData';

const bulkPath = `${articlePath}/bulkafnames`;
const DAY = 86400;

const submitButton = () => screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement;

describe('bulkFormIsValid', () => {
  it('needs a non-zero whole amount and a date', () => {
    expect(bulkFormIsValid({ amount: '10', date: '2026-11-22' })).toBe(true);
    expect(bulkFormIsValid({ amount: '-3', date: '2026-11-22' })).toBe(true);
    expect(bulkFormIsValid({ amount: '0', date: '2026-11-22' })).toBe(false);
    expect(bulkFormIsValid({ amount: '', date: '2026-11-22' })).toBe(false);
    expect(bulkFormIsValid({ amount: '1.5', date: '2026-11-22' })).toBe(false);
    expect(bulkFormIsValid({ amount: '4', date: '' })).toBe(false);
  });

  it("refuses a customer user's date in a billed month, not provider staff's", () => {
    expect(bulkFormIsValid({ amount: '4', date: '2026-10-31' }, '2026-11-01')).toBe(false);
    expect(bulkFormIsValid({ amount: '4', date: '2026-11-01' }, '2026-11-01')).toBe(true);
    expect(bulkFormIsValid({ amount: '4', date: '2026-10-31' }, null)).toBe(true);
  });
});

describe('BulkServicesScreen', () => {
  it('shows the active count, the future change with its dates and the history with running totals', async () => {
    mockServices(['EDIT_BULK_SERVICES']);
    renderWithProviders(bulkPath, { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bulkafnames' })).toBeTruthy();
    expect(screen.getByText('Zakelijk Onbeperkt 10GB', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Actief aantal').nextElementSibling?.textContent).toBe('5');
    expect(screen.getByText('Toekomstige wijziging').nextElementSibling?.textContent).toBe('+1');
    const future = screen.getByRole('list', { name: 'Toekomstige wijzigingen' });
    expect(within(future).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `${formatDate(NOON + 10 * DAY)}: +3 (totaal 8)`,
      `${formatDate(NOON + 20 * DAY)}: -2 (totaal 6)`,
    ]);

    const history = screen.getByRole('table', { name: 'Historie' });
    expect(within(history).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 3).map((c) => c.textContent))).toEqual([
      [formatDate(NOON - 10 * DAY), '+5', '5'],
      [formatDate(NOON + 10 * DAY), '+3', '8'],
      [formatDate(NOON + 20 * DAY), '-2', '6'],
    ]);
    expect(within(history).getAllByRole('button', { name: 'Bulkafname verwijderen' })).toHaveLength(3);
  });

  it('submits only a non-zero amount with a date, at 12:00 of that day', async () => {
    const requests = mockServices(['EDIT_BULK_SERVICES'], {
      'POST /api/articles/12/bulk-services': () => json(201, { id: 9, amount: -3, time: NOON }),
    });
    const { user } = renderWithProviders(bulkPath, { preloadedState: loggedIn() });

    const amount = await screen.findByLabelText('Aantal');
    const date = dateField('Datum');
    expect(date.value).toBe(asWritten(todayDateInput()));
    expect(submitButton().disabled).toBe(true);
    await user.type(amount, '0');
    expect(submitButton().disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '-3');
    expect(submitButton().disabled).toBe(false);
    enterDate(date, '');
    expect(submitButton().disabled).toBe(true);
    const inFiveDays = todayDateInput(Date.now() + 5 * DAY * 1000);
    enterDate(date, inFiveDays);
    await user.click(submitButton());

    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const [year, month, day] = inFiveDays.split('-').map(Number);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ amount: -3, time: businessTimeToEpoch(year, month, day, 12) });
    await waitFor(() => expect((screen.getByLabelText('Aantal') as HTMLInputElement).value).toBe(''));
  });

  it("tells a customer user that a date in a billed month cannot be saved, and keeps Opslaan disabled", async () => {
    mockServices(['EDIT_BULK_SERVICES']);
    const { user } = renderWithProviders(bulkPath, { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText('Aantal'), '2');
    const date = dateField('Datum');
    const firstDay = firstOpenDay();
    const lastBilledDay = todayDateInput(noonOfDateInput(firstDay)! * 1000 - DAY * 1000);
    enterDate(date, lastBilledDay);

    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText(`Kies ${formatDate(noonOfDateInput(firstDay)!)} of later: eerdere maanden zijn al gefactureerd.`)).toBeTruthy();
    enterDate(date, firstDay);
    expect(submitButton().disabled).toBe(false);
    // The calendar offers no billed month: firstDay is the first of its month.
    await user.click(screen.getByRole('button', { name: /^Kies datum/ }));
    expect((await screen.findByRole('button', { name: 'Vorige maand' })).hasAttribute('disabled')).toBe(true);
  });

  it('reports a removal of more than there are', async () => {
    mockServices(['EDIT_BULK_SERVICES'], {
      'POST /api/articles/12/bulk-services': () => json(409, { message: MSG.bulkNotEnough }),
    });
    const { user } = renderWithProviders(bulkPath, { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText('Aantal'), '-50');
    await user.click(submitButton());

    expect(await screen.findByText(MSG.bulkNotEnough)).toBeTruthy();
    expect((screen.getByLabelText('Aantal') as HTMLInputElement).value).toBe('-50');
  });

  it('deletes an entry with a toast, and reports a failed delete', async () => {
    let refuse = false;
    const requests = mockServices(['EDIT_BULK_SERVICES'], {
      'DELETE /api/articles/12/bulk-services/2': () => (refuse ? json(500, { message: 'Fout' }) : json(200, { message: MSG.bulkDeleted })),
    });
    const { user } = renderWithProviders(bulkPath, { preloadedState: loggedIn() });

    const [, second] = await screen.findAllByRole('button', { name: 'Bulkafname verwijderen' });
    await user.click(second);
    await user.click(within(await screen.findByRole('dialog', { name: 'Bulkafname verwijderen' })).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(MSG.bulkDeleted)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/articles/12/bulk-services/2']);
    // The page reloads the article (with the first window of services every article screen shares) after the change.
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/articles/12?services_offset=0&services_limit=100')).toHaveLength(2));

    refuse = true;
    await user.click((await screen.findAllByRole('button', { name: 'Bulkafname verwijderen' }))[1]);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(MSG.bulkDeleteFailed)).toBeTruthy();
  });

  it('asks before deleting, naming the amount, the date and the active count after the removal', async () => {
    const requests = mockServices(['EDIT_BULK_SERVICES']);
    const { user } = renderWithProviders(bulkPath, { preloadedState: loggedIn() });

    const [first] = await screen.findAllByRole('button', { name: 'Bulkafname verwijderen' });
    await user.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Bulkafname verwijderen' });
    expect(within(dialog).getByText(/^Weet je zeker/).textContent).toBe(
      `Weet je zeker dat je de bulkafname van +5 op ${formatDate(NOON - 10 * DAY)} wilt verwijderen? Het actieve aantal is daarna 0.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click((await screen.findAllByRole('button', { name: 'Bulkafname verwijderen' }))[1]);
    expect(within(await screen.findByRole('dialog')).getByText(/^Weet je zeker/).textContent).toBe(
      `Weet je zeker dat je de bulkafname van +3 op ${formatDate(NOON + 10 * DAY)} wilt verwijderen? Het actieve aantal is daarna 5.`,
    );
  });

  it("shows a billed month's refusal as the server words it", async () => {
    mockServices(['EDIT_BULK_SERVICES'], { 'DELETE /api/articles/12/bulk-services/1': () => json(409, { message: MSG.closedMonth }) });
    const { user } = renderWithProviders(bulkPath, { preloadedState: loggedIn() });

    await user.click((await screen.findAllByRole('button', { name: 'Bulkafname verwijderen' }))[0]);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(MSG.closedMonth)).toBeTruthy();
  });

  it('shows no changes without EDIT_BULK_SERVICES', async () => {
    mockServices([]);
    const { store } = renderWithProviders(bulkPath, { preloadedState: loggedIn() });

    await screen.findByRole('table', { name: 'Historie' });
    await whenSettled(store);
    expect(screen.queryByLabelText('Aantal')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bulkafname verwijderen' })).toBeNull();
  });
});

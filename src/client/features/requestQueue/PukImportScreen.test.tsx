import { screen, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { json } from '../../test/http';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';
import { mockQueue, STAFF } from './testData';

const csv = () => new File(['SIM nummer;PUK\n8931000000000000001;12345678\n'], 'puk.csv', { type: 'text/csv' });

const importFile = async (routes: Parameters<typeof mockQueue>[1]) => {
  const requests = mockQueue(STAFF, routes);
  const { user } = renderWithProviders('/mer-aanvragen/puk-codes-importeren', { preloadedState: loggedIn(makeToken({ company_id: 1 })) });
  expect(await screen.findByRole('heading', { level: 1, name: 'PUK-codes importeren' })).toBeTruthy();
  const form = within(screen.getByRole('region', { name: 'Bestand kiezen' }));
  await user.upload(form.getByLabelText('CSV-bestand met PUK-codes'), csv());
  await user.click(form.getByRole('button', { name: 'Importeren' }));
  return { requests, form };
};

describe('PukImportScreen', () => {
  it('is reached from the queue', async () => {
    mockQueue();
    renderWithProviders('/mer-aanvragen', { preloadedState: loggedIn(makeToken({ company_id: 1 })) });

    expect((await screen.findByRole('link', { name: 'PUK-codes importeren' })).getAttribute('href')).toBe('/mer-aanvragen/puk-codes-importeren');
  });

  it('imports the file and says how many codes came in', async () => {
    const { requests, form } = await importFile({ 'POST /api/puk-codes/import': () => json(200, { imported: 1250 }) });

    expect(await form.findByText('1.250 PUK-codes geïmporteerd.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/puk-codes/import']);
  });

  it("shows the server's message and the refused lines: nothing is imported", async () => {
    const message = 'Regel 3: PUK ontbreekt. Er is geen data geïmporteerd.';
    const { form } = await importFile({
      'POST /api/puk-codes/import': () =>
        json(400, {
          message,
          errors: [
            { line: 3, message: 'PUK ontbreekt' },
            { line: 7, message: 'SIM nummer onbekend' },
          ],
        }),
    });

    expect(await screen.findByText(message)).toBeTruthy();
    expect(form.getByText(/Er is niets geïmporteerd/)).toBeTruthy();
    expect(form.getByText('Regel 3: PUK ontbreekt')).toBeTruthy();
    expect(form.getByText('Regel 7: SIM nummer onbekend')).toBeTruthy();
    expect(form.queryByText(/PUK-codes geïmporteerd/)).toBeNull();
  });

  it('says that nothing was imported when no answer came', async () => {
    const { form } = await importFile({
      'POST /api/puk-codes/import': () => {
        throw new TypeError('Failed to fetch');
      },
    });

    expect(await screen.findByText(MSG.importNoResponse)).toBeTruthy();
    expect(form.queryByText(/geïmporteerd\./)).toBeNull();
  });
});

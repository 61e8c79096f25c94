import { screen, waitFor, within } from '@testing-library/react';
import { monthOptions } from '../../../domain/time';
import { spyOnSaves } from '../../test/downloads';
import { json, type SeenRequest } from '../../test/http';
import { permissions } from '../../test/portalServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { actingCompany } from '../company/testData';
import { monthCosts, mockCosts, queriesOf } from './testData';

/**
 * /kosten's VAT rows and cost specification (docs/cost-specification.md): the month's PDF and the
 * group's, the stored versions, and provider staff's correction. No chart is drawn (it shows
 * nothing these tests look at).
 */
jest.mock('highcharts-react-official', () => ({ __esModule: true, default: () => null }));

const [, previous] = monthOptions();
const month = previous.value.slice(0, 7);
const specificationName = `Kostenspecificatie ${previous.label} (PDF)`;

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** A PDF answer; the test Response (test/jsdomGlobals.ts) reads text only, so it gets blob() here. */
const pdfResponse = (fileName?: string) =>
  Object.assign(
    new Response('%PDF-1.7', {
      status: 200,
      headers: { 'content-type': 'application/pdf', ...(fileName && { 'content-disposition': `attachment; filename="${fileName}"` }) },
    }),
    { blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }) },
  );

const version = (n: number, createdAt: number, reason: string | null) => ({
  version: n,
  created_at: createdAt,
  reason,
  sha256: 'a'.repeat(64),
  size: 12345,
  total_including_vat: 2.36,
});

/** 12-11-2026 and 03-12-2026, 11:00 in Amsterdam. */
const NOV_12 = 1794477600;
const DEC_3 = 1796292000;

const finalMonth = (changed = false, versions = [version(1, NOV_12, null), version(2, DEC_3, 'Setupkosten van 0612345678 gecorrigeerd')]) => ({
  data: { month, final: true, versions, changed_since_final: changed },
});

afterEach(() => jest.restoreAllMocks());

describe('the month summary with VAT', () => {
  it('adds the VAT line and the total incl. VAT below the screen’s own total, in Dutch notation, and says once that amounts exclude VAT', async () => {
    const cycle = { id: 1, name: 'Maandelijks', costs: { periodic: 1000, full: 200, setup: 34.06 }, invoice: { periodic: 1000, full: 200, setup: 34.06 } };
    const vat = { rate: 21, vat: 259.26, total: 1234.56, total_including_vat: 1493.82 };
    mockCosts({ 'GET /api/costs': () => json(200, monthCosts({ billing_cycles: [cycle], usage: 0.5, vat })) });
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: `Kosten ${previous.label}` });
    expect(rowTexts(table).slice(-3)).toEqual([
      ['Totale kosten', '€ 1.234,56'],
      ['Btw 21 %', '€ 259,26'],
      ['Totaal incl. btw', '€ 1.493,82'],
    ]);
    expect(screen.getAllByText('Bedragen excl. btw')).toHaveLength(1);
  });

  it('names another rate as the server gives it', async () => {
    mockCosts({ 'GET /api/costs': () => json(200, monthCosts({ vat: { rate: 9, vat: 0.18, total: 1.95, total_including_vat: 2.13 } })) });
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: `Kosten ${previous.label}` });
    expect(rowTexts(table).slice(-2)).toEqual([
      ['Btw 9 %', '€ 0,18'],
      ['Totaal incl. btw', '€ 2,13'],
    ]);
  });
});

describe('the cost specification on /kosten', () => {
  it('downloads the month’s PDF from /costs/specification under the name the server gives', async () => {
    const saves = spyOnSaves('blob:pdf');
    const requests = mockCosts({ 'GET /api/costs/specification': () => pdfResponse(`kostenspecificatie-${month}.pdf`) });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: specificationName }));

    await waitFor(() => expect(saves.saved.map((file) => file.fileName)).toEqual([`kostenspecificatie-${month}.pdf`]));
    expect(queriesOf(requests, '/api/costs/specification')).toEqual([{ costs_date_from: previous.value, costs_date_to: expect.stringMatching(`^${month}-\\d{2}$`) }]);
    // Not a group member: no group specification.
    expect(screen.queryByRole('button', { name: /Kostenspecificatie groep/ })).toBeNull();
    saves.restore();
  });

  it('reports a refused download with the server’s words and saves nothing', async () => {
    const saves = spyOnSaves('blob:pdf');
    mockCosts({ 'GET /api/costs/specification': () => json(400, { message: 'Een kostenspecificatie gaat over één maand.' }) });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: specificationName }));

    expect(await screen.findByText('Een kostenspecificatie gaat over één maand.')).toBeTruthy();
    expect(saves.saved).toEqual([]);
    saves.restore();
  });

  it('offers the group’s PDF to a user who may act for the branches, from /group/costs/specification', async () => {
    const saves = spyOnSaves('blob:pdf');
    const requests = mockCosts({
      'GET /api/auth/policies': () => json(200, permissions('EDIT_PARENT_COMPANY')),
      'GET /api/company/20': () => json(200, actingCompany),
      'GET /api/group/costs/specification': () => pdfResponse(),
    });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: `Kostenspecificatie groep ${previous.label} (PDF)` }));

    // Without a name from the server, the server's naming rule.
    await waitFor(() => expect(saves.saved.map((file) => file.fileName)).toEqual([`kostenspecificatie-groep-${month}.pdf`]));
    expect(queriesOf(requests, '/api/group/costs/specification')).toEqual([{ costs_date_from: previous.value, costs_date_to: expect.any(String) }]);
    expect(queriesOf(requests, '/api/costs/specification')).toEqual([]);
    saves.restore();
  });

  it('says that an open month’s specification is a draft', async () => {
    const requests = mockCosts();
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    expect(await screen.findByText('Voorlopig: deze specificatie wordt definitief als de maand is gefactureerd.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Versies' })).toBeNull();
    expect(queriesOf(requests, '/api/costs/specifications')).toEqual([{ costs_date_from: previous.value, costs_date_to: expect.any(String) }]);
  });

  it('lists a final month’s versions with their date and a correction’s reason, each downloadable', async () => {
    const saves = spyOnSaves('blob:pdf');
    const requests = mockCosts({
      'GET /api/costs/specifications': () => json(200, finalMonth()),
      'GET /api/costs/specification': () => pdfResponse(`kostenspecificatie-${month}-versie-2.pdf`),
    });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const list = await screen.findByRole('list', { name: 'Versies' });
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual([
      '12-11-2026 · versie 1',
      '03-12-2026 · versie 2 · Setupkosten van 0612345678 gecorrigeerd',
    ]);
    expect(screen.queryByText(/Voorlopig/)).toBeNull();
    // A customer corrects nothing.
    expect(screen.queryByRole('button', { name: 'Nieuwe versie' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Versie 2 downloaden' }));
    await waitFor(() => expect(saves.saved.map((file) => file.fileName)).toEqual([`kostenspecificatie-${month}-versie-2.pdf`]));
    expect(queriesOf(requests, '/api/costs/specification')).toEqual([{ costs_date_from: previous.value, costs_date_to: expect.any(String), version: '2' }]);
    saves.restore();
  });
});

describe('a correction by provider staff', () => {
  const staffPortal = (changed: boolean) => {
    let versions = [version(1, NOV_12, null)];
    const requests: SeenRequest[] = mockCosts({
      'GET /api/auth/policies': () => json(200, permissions('CREATE_COMPANY')),
      'GET /api/costs/specifications': () => json(200, finalMonth(changed && versions.length === 1, versions)),
      'POST /api/costs/specifications': ({ body }) => {
        const created = version(2, DEC_3, (body as { reason: string }).reason);
        versions = [...versions, created];
        return json(201, { data: created });
      },
    });
    return requests;
  };

  it('says when the month’s costs changed since the last version, and asks a reason before making a new one', async () => {
    const requests = staffPortal(true);
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    expect(await screen.findByText('De kosten van deze maand zijn gewijzigd sinds de laatste versie.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nieuwe versie' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nieuwe versie van de kostenspecificatie' }));

    await user.click(dialog.getByRole('button', { name: 'Versie maken' }));
    expect(await dialog.findByText('Geef een reden op.')).toBeTruthy();
    await user.type(dialog.getByLabelText(/^Reden van de correctie/), '   ');
    await user.click(dialog.getByRole('button', { name: 'Versie maken' }));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(dialog.getByLabelText(/^Reden van de correctie/), 'Setupkosten gecorrigeerd ');
    await user.click(dialog.getByRole('button', { name: 'Versie maken' }));

    expect(await screen.findByText('Versie 2 van de kostenspecificatie is gemaakt.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { month, reason: 'Setupkosten gecorrigeerd' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is asked again (tag invalidation) and shows the new version; the costs no longer differ.
    const list = await screen.findByRole('list', { name: 'Versies' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('03-12-2026 · versie 2 · Setupkosten gecorrigeerd')).toBeTruthy();
    expect(queriesOf(requests.filter((request) => request.method === 'GET'), '/api/costs/specifications')).toHaveLength(2);
    expect(screen.queryByText('De kosten van deze maand zijn gewijzigd sinds de laatste versie.')).toBeNull();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    mockCosts({
      'GET /api/auth/policies': () => json(200, permissions('CREATE_COMPANY')),
      'GET /api/costs/specifications': () => json(200, finalMonth(false, [version(1, NOV_12, null)])),
      'POST /api/costs/specifications': () => json(409, { message: 'De kostenspecificatie van deze maand is nog niet definitief.' }),
    });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    expect(screen.queryByText('De kosten van deze maand zijn gewijzigd sinds de laatste versie.')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Nieuwe versie' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^Reden van de correctie/), 'Correctie');
    await user.click(dialog.getByRole('button', { name: 'Versie maken' }));

    expect(await screen.findByText('De kostenspecificatie van deze maand is nog niet definitief.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, login, seriousViolations, usePortal } from './harness';
import { ADMIN, eventually, heading, newPage } from './support';
import { animationsDone, readTable } from './servicesSupport';

/**
 * docs/usage.md, 'An import is a job', on the screen (docs/screens.md, 'Admin'): a usage file
 * large enough to take a few seconds goes up through 'Verbruik importeren', the tab shows how far
 * the import is, leaving the tab does not stop it, and it ends in the summary and the history.
 */
jest.setTimeout(180_000);

const LINES = 300_000;
const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n';

/** The month before this one, as the import's records' month. */
const lastMonth = () => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1 };
};

/**
 * `LINES` voice records of a hundred numbers no service holds (kept aside), each its own record
 * (day, time and length differ), written to a temporary file.
 */
const writeUsageFile = async (file: string) => {
  const { year, month } = lastMonth();
  const out = fs.createWriteStream(file);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  out.write(HEADER);
  for (let i = 0; i < LINES; i += 5000) {
    let chunk = '';
    for (let j = i; j < Math.min(LINES, i + 5000); j += 1) {
      const seconds = j % 86_400;
      const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
      const day = `${pad(1 + (Math.floor(j / 86_400) % 28))}-${pad(month)}-${year}`;
      chunk += `${day};${time};0697${pad(j % 100, 6)};0201234567;uitgaand;voice;${1 + (j % 900)};out;0,01\n`;
    }
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
};

describeInBrowser('Verbruik importeren as a job (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let file: string;

  beforeAll(async () => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'usage-import-')), `verbruik-${LINES}.csv`);
    await writeUsageFile(file);
  });

  afterAll(() => {
    if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const importBar = () => page.getByRole('progressbar', { name: 'Voortgang van de import' });
  /** The outcome under the form, in the server's words ('De data is succesvol geïmporteerd.') with the counts. */
  const summary = () => page.getByRole('status').filter({ hasText: 'succesvol geïmporteerd' }).filter({ hasText: 'Zonder passende afname' });

  it('shows the import checking its lines, keeps it when the tab is left, and ends in the summary and the history', async () => {
    const base = run.portal.baseUrl;
    await login(page, base, ADMIN.email);
    await page.goto(`${base}/mer-admin?tab=verbruik-importeren`);
    await heading(page, 'Admin').waitFor();

    await page.getByLabel('CSV-bestand met verbruik').setInputFiles(file);
    await page.getByRole('button', { name: 'Importeren', exact: true }).click();

    // The file arrives, then the job shows how far it is: the bar (determinate while checking), the
    // lines checked in Dutch notation, and that leaving does not stop it; read at one moment, as the
    // job moves on every second.
    await importBar().waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Voortgang van de import"]');
        const text = document.body.innerText;
        return (
          Number(bar?.getAttribute('aria-valuenow')) >= 0 &&
          bar?.getAttribute('aria-valuenow') !== null &&
          /Regels controleren: \d{1,3}(\.\d{3})* verwerkt/.test(text) &&
          text.includes('Je kunt deze pagina verlaten: de import loopt door op de server.')
        );
      },
      undefined,
      { timeout: 60_000, polling: 50 },
    );

    // The tab with the progress, scanned while it runs (as far as the import lasts).
    await animationsDone(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Another tab and back: the import is still shown, running or done.
    await tab('Facturatie-export').click();
    await page.waitForURL(`${base}/mer-admin?tab=facturatie-export`);
    await tab('Verbruik importeren').click();
    await page.waitForURL(`${base}/mer-admin?tab=verbruik-importeren`);
    await eventually(async () => expect((await importBar().count()) + (await summary().count())).toBeGreaterThan(0));

    // It ends: the summary with the counts, and the history says so.
    await summary().waitFor({ timeout: 120_000 });
    expect(await summary().getByText('Zonder passende afname: 300.000').count()).toBe(1);
    expect(await importBar().count()).toBe(0);
    const history = page.getByRole('table', { name: 'Importgeschiedenis', exact: true });
    await eventually(async () => {
      const [newest] = await readTable(history);
      expect(newest).toMatchObject({ Bestand: path.basename(file), Status: 'Geïmporteerd', Regels: '300.000' });
    }, 20_000);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows a refused file's reason and lines, and its history row 'Mislukt' readable on a phone", async () => {
    const base = run.portal.baseUrl;
    const bad = path.join(path.dirname(file), 'verbruik-fout.csv');
    fs.writeFileSync(bad, `${HEADER}01-02-2026;08:00:00;0612345678;0201234567;zijwaarts;voice;60;in;\n`);
    await login(page, base, ADMIN.email);
    await page.goto(`${base}/mer-admin?tab=verbruik-importeren`);
    await heading(page, 'Admin').waitFor();
    await page.getByLabel('CSV-bestand met verbruik').setInputFiles(bad);
    await page.getByRole('button', { name: 'Importeren', exact: true }).click();

    const refused = page.getByRole('alert').filter({ hasText: 'Er is geen data geïmporteerd.' });
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.getByText(/^Regel 2: /).count()).toBeGreaterThan(0);
    const history = page.getByRole('table', { name: 'Importgeschiedenis', exact: true });
    await eventually(async () => {
      const [newest] = await readTable(history);
      expect(newest).toMatchObject({ Bestand: 'verbruik-fout.csv' });
      expect(newest.Status).toMatch(/^Mislukt: Regel 2: .*Er is geen data geïmporteerd\.$/);
    }, 20_000);

    // On a phone the table stacks: the reason wraps within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const status = page.getByRole('cell').filter({ hasText: /^Mislukt: / }).first();
    await status.waitFor();
    const box = (await status.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await animationsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { formatBytes, formatDecimal, formatDuration, formatEuro } from '../../../domain/format';
import { daysInMonth, monthLabel } from '../../../domain/time';
import { queryRows } from '../../db';
import { findCompanyByName } from '../../seed/demo';
import { seedDemoUsage } from '../../seed/demoUsage';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { previousMonth } from '../usage/testSupport';
import { companySpecification, groupSpecification, specificationOf, type SpecificationEdition } from './content';
import { specificationPdf, specificationPdfBytes } from './pdf';

/**
 * The cost specification's PDF (docs/cost-specification.md, 'What it shows') of the demo's Van Dijk
 * Installatietechniek and of its group, read back as text with poppler's `pdftotext -layout`
 * (Debian's poppler-utils; .ci/run installs it).
 */

let t: TestApp;
let token: string;
let companyId: number;
let parentCompanyId: number;
const month = previousMonth();
const mm = String(month.month).padStart(2, '0');
const range = `costs_date_from=${month.year}-${mm}-01&costs_date_to=${month.year}-${mm}-${daysInMonth(month.year, month.month)}`;
const period = `Periode 01-${mm}-${month.year} t/m ${daysInMonth(month.year, month.month)}-${mm}-${month.year}`;
const title = `Kostenspecificatie ${monthLabel(month)}`;

const DRAFT: SpecificationEdition = { draft: true, version: null, reason: null, madeAt: new Date('2026-11-28T10:00:00Z') };
const FINAL: SpecificationEdition = { draft: false, version: 1, reason: null, madeAt: new Date('2026-11-28T10:00:00Z') };

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => seedDemoUsage(tx));
  const company = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!;
  companyId = company.id;
  parentCompanyId = company.parentCompanyId!;
  token = await t.login('klant@demo.nl');
}, 120_000);
afterAll(() => t.close());

/** The PDF's pages as text, laid out as on paper (pdftotext separates pages with a form feed). */
const pagesOf = (pdf: Buffer): string[] => {
  const file = path.join(os.tmpdir(), `kostenspecificatie-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return text.split('\f').slice(0, -1);
  } catch (error) {
    throw new Error(`pdftotext could not read the PDF (apt-get install poppler-utils): ${String(error)}`);
  } finally {
    fs.rmSync(file, { force: true });
  }
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A line of the layout holding these cells in this order, separated by spaces. */
const lineOf = (...cells: string[]) => new RegExp(`^\\s*${cells.map(escape).join('\\s+')}\\s*$`, 'm');

/** GET /costs of the month, per kind in cents. */
const costsInCents = async (bearer: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/costs?${range}`, headers: auth(bearer) });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { billing_cycles: { costs: Record<'periodic' | 'full' | 'setup', number> }[]; usage: number };
  const kind = (k: 'periodic' | 'full' | 'setup') => body.billing_cycles.reduce((sum, c) => sum + Math.round(c.costs[k] * 100), 0);
  return { periodic: kind('periodic'), full: kind('full'), setup: kind('setup'), usage: Math.round(body.usage * 100) };
};

const euro = (cents: number) => formatEuro((cents / 100).toFixed(2));

const companyPdf = async (edition: SpecificationEdition) =>
  specificationPdfBytes(specificationOf(month, (await companySpecification(t.database.db, companyId, month, '21'))!, edition));

describe("a company's specification", () => {
  it('has the header and footer on every page: title, company, customer number, period, Voorlopig, Pagina X van N', async () => {
    const pages = pagesOf(await companyPdf(DRAFT));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(title);
      expect(page).toContain('Van Dijk Installatietechniek B.V.');
      expect(page).toContain('Klantnummer 100234');
      expect(page).toContain(period);
      expect(page).toMatch(lineOf(title, 'Voorlopig'));
      expect(page).toMatch(lineOf('Bedragen excl. btw', `Pagina ${i + 1} van ${pages.length}`));
    });
  });

  it("a final one says its version on every page and 'Voorlopig' on none", async () => {
    const pages = pagesOf(await companyPdf(FINAL));
    for (const page of pages) {
      expect(page).toMatch(lineOf(title, 'Versie 1'));
      expect(page).not.toContain('Voorlopig');
    }
  });

  it('shows on its first page the totals per kind and the VAT lines of GET /costs, in Dutch notation', async () => {
    const [first] = pagesOf(await companyPdf(DRAFT));
    const costs = await costsInCents(token);
    const total = costs.periodic + costs.full + costs.setup + costs.usage;
    // 21 % of the total, rounded half-up to cents once (docs/cost-specification.md, 'VAT').
    const vat = Math.floor((total * 21 + 50) / 100);
    expect(total).toBeGreaterThan(0);
    expect(first).toMatch(lineOf('Periodiek', euro(costs.periodic)));
    expect(first).toMatch(lineOf('Nieuwe aansluitingen', euro(costs.full)));
    expect(first).toMatch(lineOf('Set up', euro(costs.setup)));
    expect(first).toMatch(lineOf('Verbruik', euro(costs.usage)));
    expect(first).toMatch(lineOf('Totaal excl. btw', euro(total)));
    expect(first).toMatch(lineOf('Btw 21 %', euro(vat)));
    expect(first).toMatch(lineOf('Totaal incl. btw', euro(total + vat)));
    expect(euro(total)).toMatch(/^€ \d{1,3}(\.\d{3})*,\d{2}$/);
  });

  it('lists a known afname with its number, end user, price and amount', async () => {
    const text = pagesOf(await companyPdf(DRAFT)).join('\n');
    const lines = (await t.app.inject({ method: 'GET', url: `/api/costslinesmonthly?${range}`, headers: auth(token) })).json() as {
      service_id: number | null;
      firstname: string | null;
      lastname: string | null;
      price: number;
      total_price: number;
    }[];
    const [numbered] = await queryRows<{ service_id: number; number: string }>(
      t.database.db,
      sql`select fi.service_id, fi.value as number from service_field_inputs fi
        join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
        join services s on s.id = fi.service_id and s.end_user_id is not null
        where fi.company_id = ${companyId} and fi.service_id in (select unnest(${`{${lines.map((l) => l.service_id ?? 0).join(',')}}`}::int[]))
        order by fi.service_id limit 1`,
    );
    const line = lines.find((l) => l.service_id === numbered.service_id)!;
    expect(text).toMatch(
      lineOf(String(line.service_id), numbered.number, `${line.firstname} ${line.lastname}`, '1', formatEuro(line.price), formatEuro(line.total_price)),
    );
    // The kind's lines end in its total, the first page's figure.
    expect(text).toMatch(lineOf('Totaal Periodiek', euro((await costsInCents(token)).periodic)));
  });

  it("shows a number's usage row as Verbruik shows it: data, call time, texts and amount", async () => {
    const pages = pagesOf(await companyPdf(DRAFT));
    const text = pages.join('\n');
    const [from, to] = range.replace('costs_date_from=', '').split('&costs_date_to=');
    const report = (await t.app.inject({ method: 'GET', url: `/api/report?report_date_from=${from}&report_date_to=${to}`, headers: auth(token) })).json() as {
      mobile_number: string;
      firstname: string;
      lastname: string;
      product_name: string;
      data: number;
      sms: number;
      call_seconds: number;
      total_price: number;
    }[];
    const row = [...report].sort((a, b) => b.total_price - a.total_price).find((r) => r.data > 0 && r.call_seconds > 0)!;
    expect(text).toMatch(
      lineOf(
        row.mobile_number,
        `${row.firstname} ${row.lastname}`,
        row.product_name,
        formatBytes(row.data),
        formatDuration(row.call_seconds),
        formatDecimal(row.sms, 0),
        formatEuro(row.total_price),
      ),
    );
    expect(text).toContain('Verbruik per nummer');
    expect(text).toContain('Groepsbundel');
  });

  it('gives the same bytes for the same content, streamed or at once', async () => {
    const content = (await companySpecification(t.database.db, companyId, month, '21'))!;
    const spec = specificationOf(month, content, FINAL);
    const once = await specificationPdfBytes(spec);
    const chunks: Buffer[] = [];
    for await (const chunk of specificationPdf(spec)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(once)).toBe(true);
    expect((await specificationPdfBytes(specificationOf(month, content, FINAL))).equals(once)).toBe(true);
    expect(once.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints the reason of a correction on its first page', async () => {
    const edition = { draft: false, version: 2, reason: 'Prijs van de SIP-trunk gecorrigeerd', madeAt: FINAL.madeAt };
    const pages = pagesOf(await companyPdf(edition));
    expect(pages[0]).toContain('Correctie: versie 2');
    expect(pages[0]).toContain('Reden: Prijs van de SIP-trunk gecorrigeerd');
    for (const page of pages) expect(page).toMatch(lineOf(title, 'Versie 2'));
  });
});

describe('names in any script', () => {
  it('prints letters the standard fonts lack as their base letter, and other characters as ?', async () => {
    const content = (await companySpecification(t.database.db, companyId, month, '21'))!;
    const line = content.kinds[0].groups[0].articles[0].lines[0];
    const renamed = { ...content, companyName: 'Ørsted & Zoë B.V.', kinds: [{ ...content.kinds[0], groups: [{ ...content.kinds[0].groups[0], articles: [{ ...content.kinds[0].groups[0].articles[0], lines: [{ ...line, endUser: 'Łukasz Żółć 😀' }] }] }] }] };
    const text = pagesOf(await specificationPdfBytes(specificationOf(month, renamed, DRAFT))).join('\n');
    expect(text).toContain('Ørsted & Zoë B.V.');
    expect(text).toMatch(lineOf(String(line.serviceId), line.number ?? '', 'Lukasz Zólc ?', String(line.quantity), formatEuro(line.price), formatEuro(line.amount)));
  });
});

describe("a group's specification", () => {
  it("shows the group's totals per branch adding up to the group's total, then each branch's section", async () => {
    const content = (await groupSpecification(t.database.db, parentCompanyId, month, '21'))!;
    const pages = pagesOf(await specificationPdfBytes(specificationOf(month, content, DRAFT)));
    const staff = await t.login('admin@demo.nl');
    let total = 0;
    for (const branch of content.companies) {
      const costs = await costsInCents(await t.manage(staff, branch.companyId));
      const branchTotal = costs.periodic + costs.full + costs.setup + costs.usage;
      total += branchTotal;
      expect(pages[0]).toMatch(
        lineOf(branch.companyName, branch.customerNumber!, ...[costs.periodic, costs.full, costs.setup, costs.usage, branchTotal].map(euro)),
      );
      // Each branch's section starts on a page of its own, its name in the header.
      const start = pages.findIndex((page) => page.includes(`Van Dijk Groep · ${branch.companyName}`));
      expect(start).toBeGreaterThan(0);
      expect(pages[start]).toContain(`Klantnummer ${branch.customerNumber}`);
      expect(pages[start]).toMatch(lineOf('Totaal excl. btw', euro(branchTotal)));
    }
    const vat = Math.floor((total * 21 + 50) / 100);
    expect(pages[0]).toContain('Van Dijk Groep (groep)');
    expect(pages[0]).toMatch(lineOf('Totaal excl. btw', euro(total)));
    expect(pages[0]).toMatch(lineOf('Btw 21 %', euro(vat)));
    expect(pages[0]).toMatch(lineOf('Totaal incl. btw', euro(total + vat)));
    pages.forEach((page, i) => {
      expect(page).toContain('Voorlopig');
      expect(page).toMatch(lineOf('Bedragen excl. btw', `Pagina ${i + 1} van ${pages.length}`));
    });
  });
});

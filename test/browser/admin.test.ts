import type { BrowserContext, Locator, Page } from 'playwright-core';
import { dateField, dateValue, typeDate } from './dateField';
import { describeInBrowser, login, manageCompany, usePortal, seriousViolations } from './harness';
import {
  ADMIN,
  apiGet,
  apiToken,
  eventually,
  heading,
  KEES,
  KLANT,
  newPage,
  outboxFiles,
  pathOf,
  resetLinkIn,
  trackApi,
  waitForMail,
} from './support';
import {
  animationsDone,
  apiExpect,
  apiSend,
  bodyRows,
  countRequests,
  dutchDate,
  isoDay,
  noonOf,
  readTable,
  toast,
  uniqueName,
} from './servicesSupport';

/**
 * docs/screens.md, 'Admin', in Chromium: /mer-admin as admin@demo.nl uses it: the lists, adding,
 * editing and removing companies, activation mails, parent companies, article groups with their
 * fields and visibility, and managing a company; that a customer never reaches it; and the axe
 * scans of these screens. Expected values come from the API. Companies a test changes are made
 * for it through the API, so the tests do not lean on each other.
 */
jest.setTimeout(90_000);

interface CompanyRef {
  id: number;
  name: string;
}

interface AdminCompany extends CompanyRef {
  customer_number: string | null;
  sap_number: string | null;
  city: string | null;
  price_mb: number;
  input_label_1: string | null;
  input_label_2: string | null;
  input_label_3: string | null;
  input_label_4: string | null;
  article_groups: number[];
  parent_company_id: number | null;
  end_time: number | null;
  users: { id: number; firstname: string; lastname: string; email: string; activated: boolean }[];
}

interface ParentCompany extends CompanyRef {
  sap_number: string | null;
  companies: CompanyRef[];
}

interface ArticleGroup extends CompanyRef {
  icon: string;
  fields: { id: number; name: string; used_for_cdr: boolean }[];
  companies: number[];
}

const ELEKTRO = 'Van Dijk Elektrotechniek B.V.';
const SERVICE = 'Van Dijk Service & Onderhoud B.V.';
const CONTACT_RULE = "Velden 'Voornaam', 'Achternaam', 'SAP klantnummer' en 'E-mailadres' zijn verplicht.";

describeInBrowser('Admin (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let adminToken: string;

  let serial = 0;
  /** A company through the API: name, address and unique numbers, no contact person. */
  const createCompany = (name: string, extra: Record<string, unknown> = {}) => {
    serial += 1;
    const number = `${Date.now() % 1_000_000}${serial}`;
    return apiExpect<AdminCompany>(201, base, adminToken, 'POST', 'company/register', {
      name,
      zipcode: '1011 AA',
      address: `Beheerstraat ${serial}`,
      city: 'Amsterdam',
      sap_number: `6${number}`,
      customer_number: `5${number}`,
      ...extra,
    });
  };
  const companies = () => apiGet<AdminCompany[]>(base, adminToken, 'companies');
  const companyNamed = async (name: string) => (await companies()).find((c) => c.name === name);
  const parentCompanies = () => apiGet<ParentCompany[]>(base, adminToken, 'parent-companies');
  const articleGroups = () => apiGet<ArticleGroup[]>(base, adminToken, 'article-groups');

  beforeAll(async () => {
    base = run.portal.baseUrl;
    adminToken = await apiToken(base, ADMIN.email);
  }, 120_000);

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  const menu = () => page.getByRole('navigation', { name: 'Hoofdmenu' });
  const save = () => page.getByRole('button', { name: 'Opslaan', exact: true });
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const table = (name: string) => page.getByRole('table', { name, exact: true });
  const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
  const banner = () => page.getByRole('status').filter({ hasText: 'Je beheert nu' });
  const formAlert = () => page.getByRole('form').getByRole('alert');

  /** Logs in as admin@demo.nl and opens Admin through the menu, as a user would. */
  const openAdmin = async () => {
    await login(page, base, ADMIN.email);
    await menu().getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL(`${base}/mer-admin`);
    await heading(page, 'Admin').waitFor();
  };

  /** Opens a tab (the open one stays as it is): its name goes into the address. */
  const openTab = async (name: string, query: string) => {
    if ((await tab(name).getAttribute('aria-selected')) === 'true') return;
    await tab(name).click();
    await page.waitForURL(`${base}/mer-admin?tab=${query}`);
    await eventually(async () => expect(await tab(name).getAttribute('aria-selected')).toBe('true'));
  };

  /** Opens a company's edit screen from the list, through the search box. */
  const openCompanyFromList = async (name: string) => {
    await openTab('Bedrijven', 'bedrijven');
    await page.getByRole('searchbox', { name: 'Zoek bedrijf' }).fill(name);
    await table('Bedrijven').getByRole('link', { name, exact: true }).click();
    await page.waitForURL(/\/mer-admin\/\d+\/bedrijf-wijzigen$/);
    await heading(page, 'Bedrijf wijzigen').waitFor();
  };

  /** A toast with exactly this text (docs/screens.md, 'Toasts'). */
  const expectToast = async (text: string | RegExp) => {
    const alert = toast(page, typeof text === 'string' ? text : '').filter({ hasText: text }).first();
    await alert.waitFor();
    const shown = (await alert.innerText()).trim();
    if (typeof text === 'string') expect(shown).toBe(text);
    else expect(shown).toMatch(text);
  };

  const companyRow = (name: string) => table('Bedrijven').getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

  describe('lists', () => {
    it('shows parent companies, companies and article groups in their tabs, kept in the address', async () => {
      const [parents, all, groups] = await Promise.all([parentCompanies(), companies(), articleGroups()]);
      await openAdmin();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual([
        'Hoofdbedrijven',
        'Bedrijven',
        'Artikelgroepen',
        'Verbruik importeren',
        'Facturatie-export',
      ]);
      expect(await tab('Hoofdbedrijven').getAttribute('aria-selected')).toBe('true');
      await bodyRows(table('Hoofdbedrijven')).first().waitFor();
      expect(await readTable(table('Hoofdbedrijven'))).toEqual(
        parents.map((p) => ({ Naam: p.name, 'SAP nummer': p.sap_number ?? '–', Vestigingen: p.companies.map((c) => c.name).join(', ') })),
      );

      await openTab('Bedrijven', 'bedrijven');
      await bodyRows(table('Bedrijven')).first().waitFor();
      const rows = await readTable(table('Bedrijven'));
      expect(rows.map(({ Acties: _actions, ...row }) => row)).toEqual(
        all.map((c) => ({
          Naam: c.name,
          Klantnummer: c.customer_number ?? '–',
          'SAP klantnummer': c.sap_number ?? '–',
          Plaats: c.city ?? '–',
          Einddatum: c.end_time === null ? '–' : dutchDate(c.end_time),
        })),
      );
      // Every company but the one the admin acts for can be managed.
      expect(await page.getByRole('button', { name: `${ADMIN.company} beheren` }).count()).toBe(0);
      expect(await page.getByRole('button', { name: `${KEES.company} beheren` }).count()).toBe(1);
      // The search box filters on name, number or city.
      await page.getByRole('searchbox', { name: 'Zoek bedrijf' }).fill('groningen');
      await eventually(async () => expect((await readTable(table('Bedrijven'))).map((r) => r.Naam)).toEqual([KEES.company]));
      await page.getByRole('searchbox', { name: 'Zoek bedrijf' }).fill('100235');
      await eventually(async () => expect((await readTable(table('Bedrijven'))).map((r) => r.Naam)).toEqual([ELEKTRO]));

      await openTab('Artikelgroepen', 'artikelgroepen');
      await bodyRows(table('Artikelgroepen')).first().waitFor();
      expect(await readTable(table('Artikelgroepen'))).toEqual(
        groups.map((g) => ({
          Naam: g.name,
          Velden: g.fields.map((f) => f.name).join(', ') || '–',
          'Zichtbaar voor': `${g.companies.length} ${g.companies.length === 1 ? 'bedrijf' : 'bedrijven'}`,
        })),
      );

      // The tab survives a reload.
      await page.reload();
      await bodyRows(table('Artikelgroepen')).first().waitFor();
      expect(await tab('Artikelgroepen').getAttribute('aria-selected')).toBe('true');
    });
  });

  describe('companies', () => {
    it("adds a company: 'Alle velden zijn verplicht', 409 for a taken customer number, then saves with a contact person", async () => {
      await openAdmin();
      await openTab('Bedrijven', 'bedrijven');
      await page.getByRole('link', { name: 'Bedrijf toevoegen' }).click();
      await page.waitForURL(`${base}/mer-admin/bedrijf-toevoegen`);
      await heading(page, 'Bedrijf toevoegen').waitFor();
      const creates = countRequests(page, 'POST', '/api/company/register');

      await save().click();
      await formAlert().filter({ hasText: 'Alle velden zijn verplicht' }).waitFor();
      expect((await formAlert().innerText()).trim()).toBe('Alle velden zijn verplicht');
      expect(await textbox('Naam').getAttribute('aria-invalid')).toBe('true');

      const name = uniqueName('Nieuwe Klant B.V.');
      await textbox('Naam').fill(name);
      await textbox('SAP klantnummer').fill(`3${Date.now() % 10_000_000}`);
      await textbox('Adres').fill('Stationsplein 1');
      await textbox('Postcode').fill('3511 ED');
      await save().click();
      // Still one missing (Plaats).
      await formAlert().filter({ hasText: 'Alle velden zijn verplicht' }).waitFor();
      expect(await textbox('Plaats').getAttribute('aria-invalid')).toBe('true');
      expect(await textbox('Naam').getAttribute('aria-invalid')).toBe('false');
      await textbox('Plaats').fill('Utrecht');
      // A contact person given in part needs all its fields.
      await textbox('Voornaam').fill('Lotte');
      await save().click();
      await formAlert().filter({ hasText: CONTACT_RULE }).waitFor();
      expect(creates.count).toBe(0);

      await textbox('Achternaam').fill('Smit');
      const email = `lotte.${Date.now()}@nieuweklant.example`;
      await textbox('E-mailadres').fill(email);
      // A taken customer number: 409.
      await textbox('Klantnummer').fill('100234');
      await save().click();
      await expectToast('Het klantnummer is al geregistreerd.');
      expect(creates.count).toBe(1);
      expect(pathOf(page)).toBe('/mer-admin/bedrijf-toevoegen');
      expect(await companyNamed(name)).toBeUndefined();

      const customerNumber = `9${Date.now() % 10_000_000}`;
      await textbox('Klantnummer').fill(customerNumber);
      await save().click();
      await page.waitForURL(`${base}/mer-admin?tab=bedrijven`);
      await companyRow(name).waitFor();
      const created = await companyNamed(name);
      expect(created).toMatchObject({ customer_number: customerNumber, city: 'Utrecht', parent_company_id: null, end_time: null });
      // docs/screens.md, 'Company form': a new company sees article groups 1-6.
      expect(created!.article_groups).toEqual([1, 2, 3, 4, 5, 6]);
      expect(created!.users).toEqual([expect.objectContaining({ firstname: 'Lotte', lastname: 'Smit', email, activated: false })]);
    });

    it('edits a company: free field labels, price per MB, group visibility, parent company, end date and the contact rule', async () => {
      const company = await createCompany(uniqueName('Wijzig Mij B.V.'));
      const [groups, parents] = await Promise.all([articleGroups(), parentCompanies()]);
      const hardware = groups.find((g) => g.name === 'Hardware')!;
      const vanDijk = parents.find((p) => p.name === 'Van Dijk Groep')!;
      await openAdmin();
      await openCompanyFromList(company.name);
      expect(await textbox('Naam').inputValue()).toBe(company.name);
      // Without a contact person the form asks for one, and refuses to save without it.
      await page.getByRole('heading', { name: 'Contactpersoon' }).waitFor();
      const edits = countRequests(page, 'PUT', `/api/company/${company.id}`);
      await save().click();
      await formAlert().filter({ hasText: CONTACT_RULE }).waitFor();
      expect((await formAlert().innerText()).trim()).toBe(CONTACT_RULE);
      expect(edits.count).toBe(0);

      await textbox('Label vrij veld 1').fill('Kostenplaats');
      await textbox('Label vrij veld 3').fill('Projectcode');
      await textbox('Prijs per MB').fill('0,0025');
      expect(await page.getByRole('checkbox', { name: 'Hardware' }).isChecked()).toBe(true);
      await page.getByRole('checkbox', { name: 'Hardware' }).uncheck();
      await page.getByRole('combobox', { name: 'Hoofdbedrijf' }).selectOption({ label: 'Van Dijk Groep' });
      const endDay = isoDay(45);
      await typeDate(dateField(page, 'Einddatum'), endDay);
      await textbox('Voornaam').fill('Bas');
      await textbox('Achternaam').fill('Meijer');
      const email = `bas.${Date.now()}@wijzigmij.example`;
      await textbox('E-mailadres').fill(email);
      // A customer number of another company: 409.
      await textbox('Klantnummer').fill('100410');
      await save().click();
      await expectToast('Bedrijfsnummer al in gebruik.');
      expect(pathOf(page)).toBe(`/mer-admin/${company.id}/bedrijf-wijzigen`);

      await textbox('Klantnummer').fill(company.customer_number!);
      await save().click();
      await page.waitForURL(`${base}/mer-admin?tab=bedrijven`);
      const [y, m, d] = endDay.split('-');
      await eventually(async () => expect((await readTable(table('Bedrijven'))).find((r) => r.Naam === company.name)?.Einddatum).toBe(`${d}-${m}-${y}`));
      const saved = (await companyNamed(company.name))!;
      expect(saved).toMatchObject({
        input_label_1: 'Kostenplaats',
        input_label_2: null,
        input_label_3: 'Projectcode',
        price_mb: 0.0025,
        parent_company_id: vanDijk.id,
        end_time: noonOf(45),
      });
      expect(saved.article_groups).not.toContain(hardware.id);
      expect(saved.article_groups).toEqual([1, 2, 3, 5, 6]);
      expect(saved.users.map((u) => u.email)).toEqual([email]);

      // Opened again, it shows what was saved, and no longer asks for a contact person.
      await openCompanyFromList(company.name);
      expect(await textbox('Label vrij veld 1').inputValue()).toBe('Kostenplaats');
      expect(await textbox('Prijs per MB').inputValue()).toBe('0,0025');
      expect(await page.getByRole('checkbox', { name: 'Hardware' }).isChecked()).toBe(false);
      expect(await dateValue(dateField(page, 'Einddatum'))).toBe(`${d}-${m}-${y}`);
      await page.getByText(`Dit bedrijf is beëindigd per ${d}-${m}-${y}.`).waitFor();
      expect(await page.getByRole('heading', { name: 'Contactpersoon' }).count()).toBe(0);
      await textbox('Prijs per MB').fill('0,5x');
      await save().click();
      await page.getByText('Vul een bedrag in euro in, bijvoorbeeld 0,0025.').waitFor();
    });

    it("removes a company after confirming ('{name}' succesvol verwijderd.), and refuses one with services", async () => {
      const company = await createCompany(uniqueName('Weg Ermee B.V.'));
      await openAdmin();
      await openCompanyFromList(company.name);
      await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Bedrijf verwijderen' });
      await dialog.getByText(`Weet je zeker dat je '${company.name}' wilt verwijderen?`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Annuleren' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await companyNamed(company.name)).toBeDefined();

      await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      await dialog.getByRole('button', { name: 'Verwijderen' }).click();
      await expectToast(`'${company.name}' succesvol verwijderd.`);
      await page.waitForURL(`${base}/mer-admin?tab=bedrijven`);
      await bodyRows(table('Bedrijven')).first().waitFor();
      await companyRow(company.name).waitFor({ state: 'detached' });
      expect(await companyNamed(company.name)).toBeUndefined();

      // A company with services cannot go.
      await openCompanyFromList(KLANT.company);
      await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      await dialog.getByRole('button', { name: 'Verwijderen' }).click();
      await expectToast('Er is iets fout gegaan.');
      await dialog.waitFor({ state: 'detached' });
      expect(pathOf(page)).toMatch(/\/bedrijf-wijzigen$/);
      expect(await companyNamed(KLANT.company)).toBeDefined();
    });

    it("sends an activation mail ('Aan het versturen...', 'Email verzonden', the .eml), and says when no user is linked", async () => {
      const elektro = (await companyNamed(ELEKTRO))!;
      const [contact] = elektro.users;
      expect(contact.activated).toBe(false);
      expect((await companyNamed(SERVICE))!.users).toEqual([]);
      await openAdmin();
      await openTab('Bedrijven', 'bedrijven');
      await bodyRows(table('Bedrijven')).first().waitFor();

      // The request waits until the test has seen 'Aan het versturen...'.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/users/activate/*', async (route) => {
        await held;
        await route.continue();
      });
      const before = outboxFiles(run.portal.dataDir);
      const button = companyRow(ELEKTRO).getByRole('button', { name: /Activatiemail|Aan het versturen|Email verzonden/ });
      expect(await button.innerText()).toBe('Activatiemail');
      await button.click();
      // It asks first, naming the recipient.
      const asking = page.getByRole('dialog', { name: 'Activatiemail versturen' });
      await asking.getByText(`De activatiemail gaat naar ${contact.firstname} ${contact.lastname}, contactpersoon van ${ELEKTRO} (${contact.email})`, { exact: false }).waitFor();
      await asking.getByRole('button', { name: 'Versturen' }).click();
      await eventually(async () => expect(await button.innerText()).toBe('Aan het versturen...'));
      expect(await button.isDisabled()).toBe(true);
      release();
      await eventually(async () => expect(await button.innerText()).toBe('Email verzonden'));
      expect(await button.isDisabled()).toBe(true);
      const mail = await waitForMail(run.portal.dataDir, contact.email, before);
      expect(resetLinkIn(mail)).toContain('/reset?token=');
      // Another company's button is untouched.
      expect(await companyRow(KEES.company).getByRole('button', { name: 'Activatiemail' }).isDisabled()).toBe(false);

      // No contact person: the modal, and no mail.
      const mails = outboxFiles(run.portal.dataDir).length;
      await companyRow(SERVICE).getByRole('button', { name: 'Activatiemail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Geen gebruiker gekoppeld' });
      await dialog.waitFor();
      await dialog.getByText(`Aan ${SERVICE} is nog geen contactpersoon gekoppeld`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Sluiten' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(outboxFiles(run.portal.dataDir).length).toBe(mails);
    });
  });

  describe('parent companies', () => {
    it("adds a parent company with a branch (\"Veld 'Naam' is verplicht.\") and renames it", async () => {
      const branch = await createCompany(uniqueName('Dochter B.V.'));
      await openAdmin();
      await page.getByRole('link', { name: 'Hoofdbedrijf toevoegen' }).click();
      await page.waitForURL(`${base}/mer-admin/hoofdbedrijf-toevoegen`);
      await heading(page, 'Hoofdbedrijf toevoegen').waitFor();
      const creates = countRequests(page, 'POST', '/api/parent-companies');
      await save().click();
      await page.getByText("Veld 'Naam' is verplicht.", { exact: true }).waitFor();
      expect(creates.count).toBe(0);

      const name = uniqueName('Holding');
      await textbox('Naam').fill(name);
      await textbox('SAP nummer').fill('2009999');
      const branches = page.getByRole('combobox', { name: 'Vestigingen' });
      await branches.fill(branch.name);
      await page.getByRole('option', { name: branch.name, exact: true }).click();
      // A branch of another parent company says where it is now.
      await branches.fill(ELEKTRO);
      await page.getByRole('option', { name: `${ELEKTRO} (nu bij Van Dijk Groep)` }).waitFor();
      await branches.press('Escape');
      await save().click();
      await page.waitForURL(`${base}/mer-admin?tab=hoofdbedrijven`);
      await table('Hoofdbedrijven').getByRole('link', { name, exact: true }).waitFor();
      expect((await readTable(table('Hoofdbedrijven'))).find((r) => r.Naam === name)).toEqual({
        Naam: name,
        'SAP nummer': '2009999',
        Vestigingen: branch.name,
      });
      const created = (await parentCompanies()).find((p) => p.name === name)!;
      expect(created.companies).toEqual([{ id: branch.id, name: branch.name }]);

      await table('Hoofdbedrijven').getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${base}/mer-admin/hoofdbedrijven/${created.id}/hoofdbedrijf-wijzigen`);
      await heading(page, 'Hoofdbedrijf wijzigen').waitFor();
      expect(await textbox('Naam').inputValue()).toBe(name);
      await page.getByText(branch.name, { exact: true }).waitFor();
      await textbox('Naam').fill('  ');
      await save().click();
      await page.getByText("Veld 'Naam' is verplicht.", { exact: true }).waitFor();
      const renamed = `${name} Groep`;
      await textbox('Naam').fill(renamed);
      await save().click();
      await page.waitForURL(`${base}/mer-admin?tab=hoofdbedrijven`);
      await table('Hoofdbedrijven').getByRole('link', { name: renamed, exact: true }).waitFor();
      expect((await parentCompanies()).find((p) => p.id === created.id)).toMatchObject({ name: renamed, sap_number: '2009999' });
      expect((await companyNamed(branch.name))!.parent_company_id).toBe(created.id);
    });
  });

  describe('article groups', () => {
    it('adds an article group with fields and visibility, edits them, and refuses to delete a group in use', async () => {
      const allCompanies = await companies();
      await openAdmin();
      await openTab('Artikelgroepen', 'artikelgroepen');
      await page.getByRole('link', { name: 'Artikelgroep toevoegen' }).click();
      await page.waitForURL(`${base}/mer-admin/artikel-categorie-toevoegen`);
      await heading(page, 'Artikelgroep toevoegen').waitFor();
      const creates = countRequests(page, 'POST', '/api/article-groups');
      await save().click();
      await page.getByText("Veld 'Naam' is verplicht.", { exact: true }).waitFor();
      expect(creates.count).toBe(0);

      const name = uniqueName('Beveiliging');
      await textbox('Naam').fill(name);
      await page.getByRole('combobox', { name: 'Icoon' }).selectOption({ label: 'Router' });
      const fields = table('Velden');

      /** Adds a field through the modal; its confirm needs a name. */
      const addField = async (fieldName: string, usedForCdr: boolean) => {
        await page.getByRole('button', { name: 'Veld toevoegen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Veld toevoegen' });
        await dialog.waitFor();
        expect(await dialog.getByRole('button', { name: 'Toevoegen' }).isDisabled()).toBe(true);
        await dialog.getByRole('textbox', { name: 'Naam van het veld' }).fill('   ');
        expect(await dialog.getByRole('button', { name: 'Toevoegen' }).isDisabled()).toBe(true);
        await dialog.getByRole('textbox', { name: 'Naam van het veld' }).fill(fieldName);
        if (usedForCdr) await dialog.getByRole('checkbox', { name: 'Gebruikt voor verbruik' }).check();
        await dialog.getByRole('button', { name: 'Toevoegen' }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      await addField('Alarmnummer', true);
      await addField('Locatie', false);
      expect(await readTable(fields)).toEqual([
        { Naam: 'Alarmnummer', 'Gebruikt voor verbruik': 'Ja', Acties: '' },
        { Naam: 'Locatie', 'Gebruikt voor verbruik': 'Nee', Acties: '' },
      ]);
      // The add-group form was not submitted by the modal.
      expect(creates.count).toBe(0);

      const status = page.getByRole('status').filter({ hasText: 'bedrijven geselecteerd' });
      expect(await status.innerText()).toBe(`0 van ${allCompanies.length} bedrijven geselecteerd`);
      const visibility = page.getByRole('group', { name: 'Zichtbaar voor bedrijven' });
      await visibility.getByRole('searchbox', { name: 'Zoek bedrijf' }).fill('korenschoof');
      await visibility.getByRole('checkbox', { name: KEES.company }).check();
      expect(await status.innerText()).toBe(`1 van ${allCompanies.length} bedrijven geselecteerd`);
      await visibility.getByRole('searchbox', { name: 'Zoek bedrijf' }).fill('');
      await save().click();
      await page.waitForURL(`${base}/mer-admin?tab=artikelgroepen`);
      await table('Artikelgroepen').getByRole('link', { name, exact: true }).waitFor();
      expect((await readTable(table('Artikelgroepen'))).find((r) => r.Naam === name)).toEqual({
        Naam: name,
        Velden: 'Alarmnummer, Locatie',
        'Zichtbaar voor': '1 bedrijf',
      });
      const kees = allCompanies.find((c) => c.name === KEES.company)!;
      const created = (await articleGroups()).find((g) => g.name === name)!;
      expect(created).toMatchObject({ icon: 'connectivity', companies: [kees.id] });
      expect(created.fields.map(({ name: n, used_for_cdr }) => ({ name: n, used_for_cdr }))).toEqual([
        { name: 'Alarmnummer', used_for_cdr: true },
        { name: 'Locatie', used_for_cdr: false },
      ]);
      // The customer it was made visible for sees it.
      const keesGroups = await apiGet<{ name: string }[]>(base, await apiToken(base, KEES.email), 'article-groups/visible');
      expect(keesGroups.map((g) => g.name)).toContain(name);

      // Edit: rename a field in its modal, remove the other, show the group to the Van Dijk companies.
      await table('Artikelgroepen').getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${base}/mer-admin/artikel-categorien/${created.id}/categorie-wijzigen`);
      await heading(page, 'Artikelgroep wijzigen').waitFor();
      await page.getByRole('button', { name: "Veld 'Alarmnummer' wijzigen" }).click();
      const dialog = page.getByRole('dialog', { name: 'Veld wijzigen' });
      const fieldName = dialog.getByRole('textbox', { name: 'Naam van het veld' });
      expect(await fieldName.inputValue()).toBe('Alarmnummer');
      expect(await dialog.getByRole('checkbox', { name: 'Gebruikt voor verbruik' }).isChecked()).toBe(true);
      await fieldName.fill('Meldnummer');
      await dialog.getByRole('button', { name: 'Opslaan' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: "Veld 'Locatie' verwijderen" }).click();
      expect(await readTable(fields)).toEqual([{ Naam: 'Meldnummer', 'Gebruikt voor verbruik': 'Ja', Acties: '' }]);
      await visibility.getByRole('searchbox', { name: 'Zoek bedrijf' }).fill('van dijk');
      await visibility.getByRole('button', { name: 'Getoonde selecteren' }).click();
      const vanDijk = allCompanies.filter((c) => c.name.startsWith('Van Dijk'));
      expect(await status.innerText()).toBe(`${vanDijk.length + 1} van ${allCompanies.length} bedrijven geselecteerd`);
      await save().click();
      await page.waitForURL(`${base}/mer-admin?tab=artikelgroepen`);
      await eventually(async () =>
        expect((await readTable(table('Artikelgroepen'))).find((r) => r.Naam === name)).toEqual({
          Naam: name,
          Velden: 'Meldnummer',
          'Zichtbaar voor': `${vanDijk.length + 1} bedrijven`,
        }),
      );
      const edited = (await articleGroups()).find((g) => g.id === created.id)!;
      // The renamed field keeps its id (its values stay with it).
      expect(edited.fields).toEqual([{ id: created.fields[0].id, name: 'Meldnummer', used_for_cdr: true }]);
      expect(edited.companies).toEqual([...vanDijk.map((c) => c.id), kees.id].sort((a, b) => a - b));

      // A group that articles use cannot be deleted: the server's message.
      const mobile = (await articleGroups()).find((g) => g.name === 'Mobiele telefonie')!;
      await table('Artikelgroepen').getByRole('link', { name: 'Mobiele telefonie', exact: true }).click();
      await heading(page, 'Artikelgroep wijzigen').waitFor();
      await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Artikelgroep verwijderen' });
      await confirm.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      await expectToast(/^Artikelgroep 'Mobiele telefonie' wordt nog gebruikt door \d+ artikelen en kan niet worden verwijderd\.$/);
      await confirm.waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe(`/mer-admin/artikel-categorien/${mobile.id}/categorie-wijzigen`);
      expect((await articleGroups()).some((g) => g.id === mobile.id)).toBe(true);

      // The new group, unused, can.
      await page.goto(`${base}/mer-admin/artikel-categorien/${created.id}/categorie-wijzigen`);
      await heading(page, 'Artikelgroep wijzigen').waitFor();
      await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      await confirm.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      await page.waitForURL(`${base}/mer-admin?tab=artikelgroepen`);
      await bodyRows(table('Artikelgroepen')).first().waitFor();
      // The list is fetched again after the delete.
      await table('Artikelgroepen').getByRole('link', { name, exact: true }).waitFor({ state: 'detached' });
      expect((await articleGroups()).some((g) => g.id === created.id)).toBe(false);
    });
  });

  describe('impersonation', () => {
    it('manages a company from the list and stops again', async () => {
      await openAdmin();
      await openTab('Bedrijven', 'bedrijven');
      await manageCompany(page, KEES.company);
      await page.waitForURL(`${base}/dashboard`);
      await banner().waitFor();
      expect((await banner().innerText()).replace(/\s+/g, ' ').trim()).toMatch(
        new RegExp(`^Je beheert nu ${KEES.company} tot \\d\\d:\\d\\d\\. Stop met beheren\\.$`),
      );
      await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).click();
      await heading(page, 'Mijn bedrijf').waitFor();
      await page.getByRole('region', { name: 'Bedrijfsgegevens' }).getByText(KEES.company, { exact: true }).waitFor();

      // Admin is still there; the managed company has no 'Beheren', the own company's stops managing.
      await menu().getByRole('link', { name: 'Admin', exact: true }).click();
      await openTab('Bedrijven', 'bedrijven');
      await bodyRows(table('Bedrijven')).first().waitFor();
      expect(await page.getByRole('button', { name: `${KEES.company} beheren` }).count()).toBe(0);
      await page.getByRole('button', { name: `${ADMIN.company} beheren` }).click();
      await page.waitForURL(`${base}/dashboard`);
      await eventually(async () => expect(await banner().count()).toBe(0));

      // And through the banner.
      await menu().getByRole('link', { name: 'Admin', exact: true }).click();
      await openTab('Bedrijven', 'bedrijven');
      await manageCompany(page, ELEKTRO);
      await banner().filter({ hasText: ELEKTRO }).waitFor();
      await banner().getByRole('button', { name: 'Stop met beheren.' }).click();
      await page.waitForURL(`${base}/dashboard`);
      expect(await banner().count()).toBe(0);
      await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).click();
      await page.getByRole('region', { name: 'Bedrijfsgegevens' }).getByText(ADMIN.company, { exact: true }).waitFor();
    });

    it("asks why, and the customer's change log shows who managed it, from where and why", async () => {
      const reason = uniqueName('Vraag van de klant over de factuur');
      await openAdmin();
      await openTab('Bedrijven', 'bedrijven');
      await page.getByRole('button', { name: `${KEES.company} beheren` }).click();
      const dialog = page.getByRole('dialog', { name: 'Bedrijf beheren' });
      await dialog.getByText(`Je gaat ${KEES.company} beheren.`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Beheren' }).click();
      await dialog.getByText('Geef een reden op.').waitFor();
      expect(pathOf(page)).toBe('/mer-admin');
      await dialog.getByLabel('Reden').fill(reason);
      await dialog.getByRole('button', { name: 'Beheren' }).click();
      await page.waitForURL(`${base}/dashboard`);
      await banner().filter({ hasText: KEES.company }).waitFor();
      await banner().getByRole('button', { name: 'Stop met beheren.' }).click();
      await page.waitForURL(`${base}/dashboard`);

      await context.close();
      ({ context, page } = await newPage(run.browser));
      await login(page, base, KEES.email);
      await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).click();
      const log = page.getByRole('table', { name: 'Wijzigingslog' });
      let started: Record<string, string> | undefined;
      await eventually(async () => {
        started = (await readTable(log)).find((r) => r.Actie === 'Beheer gestart' && r.Gebruiker.includes(reason));
        expect(started).toBeDefined();
      });
      expect(started!.Gebruiker).toContain(`door ${ADMIN.name} van ${ADMIN.company}`);
      expect(started!.Gebruiker).toMatch(/beheerd van \d\d-\d\d-\d{4} \d\d:\d\d tot \d\d:\d\d \(\d+ min\)/);
    });
  });

  describe('a customer', () => {
    it('never sees Admin in the menu, and /mer-admin shows no admin data (and loads none)', async () => {
      const klantToken = await apiToken(base, KLANT.email);
      for (const url of ['companies', 'parent-companies', 'article-groups']) {
        expect({ url, status: (await fetch(`${base}/api/${url}`, { headers: { authorization: `Bearer ${klantToken}` } })).status }).toEqual({
          url,
          status: 403,
        });
      }
      expect((await apiSend(base, klantToken, 'DELETE', 'article-groups/7')).status).toBe(403);

      const adminCalls: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (['/api/companies', '/api/parent-companies', '/api/article-groups'].includes(pathname)) adminCalls.push(pathname);
      });
      const api = trackApi(page);
      await login(page, base, KLANT.email);
      await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).waitFor();
      expect(await menu().getByRole('link', { name: 'Admin' }).count()).toBe(0);
      expect(await menu().locator('a[href^="/mer-admin"]').count()).toBe(0);

      for (const path of ['/mer-admin', '/mer-admin?tab=bedrijven', '/mer-admin/bedrijf-toevoegen', '/mer-admin/1/bedrijf-wijzigen', '/mer-admin/artikel-categorien/1/categorie-wijzigen']) {
        await page.goto(`${base}${path}`);
        await heading(page, 'Admin').waitFor();
        await page.getByText('Je hebt geen toegang tot de beheeromgeving.', { exact: false }).waitFor();
        await api.idle(300);
        expect({ path, tables: await page.getByRole('table').count(), tabs: await page.getByRole('tab').count() }).toEqual({ path, tables: 0, tabs: 0 });
        expect(await page.getByText(KEES.company).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
      }
      expect(adminCalls).toEqual([]);
    });
  });

  describe('accessibility', () => {
    let found: Record<string, string[]> = {};
    let api: ReturnType<typeof trackApi>;
    /** Scans once the screen's h1 (or, with a modal open, the modal) shows and its calls have settled. */
    const scan = async (name: string, title: string | RegExp | null, dialog?: Locator) => {
      await (title === null ? dialog! : heading(page, title)).waitFor();
      await api.idle(300);
      await animationsDone(page);
      found[name] = await seriousViolations(page);
    };
    const expectClean = (screens: number) => {
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      expect(Object.keys(found)).toHaveLength(screens);
    };

    beforeEach(() => {
      found = {};
      api = trackApi(page);
    });

    it('has no serious axe violations on the Admin tabs and their dialogs', async () => {
      await openAdmin();
      for (const [label, query, ready] of [
        ['Hoofdbedrijven', 'hoofdbedrijven', () => bodyRows(table('Hoofdbedrijven')).first()],
        ['Bedrijven', 'bedrijven', () => bodyRows(table('Bedrijven')).first()],
        ['Artikelgroepen', 'artikelgroepen', () => bodyRows(table('Artikelgroepen')).first()],
        ['Verbruik importeren', 'verbruik-importeren', () => page.getByRole('tabpanel')],
        ['Facturatie-export', 'facturatie-export', () => page.getByRole('tabpanel')],
      ] as [string, string, () => Locator][]) {
        await openTab(label, query);
        await ready().waitFor();
        await scan(`/mer-admin?tab=${query}`, 'Admin');
      }

      await openTab('Bedrijven', 'bedrijven');
      await companyRow(SERVICE).getByRole('button', { name: 'Activatiemail' }).click();
      await scan('no user dialog', null, page.getByRole('dialog', { name: 'Geen gebruiker gekoppeld' }));
      expectClean(6);
    }, 150_000);

    it('has no serious axe violations on the company forms', async () => {
      const company = await createCompany(uniqueName('Toegankelijk B.V.'));
      await openAdmin();
      await openTab('Bedrijven', 'bedrijven');
      await page.getByRole('link', { name: 'Bedrijf toevoegen' }).click();
      await scan('bedrijf-toevoegen', 'Bedrijf toevoegen');
      await save().click();
      await formAlert().waitFor();
      await scan('bedrijf-toevoegen with its message', 'Bedrijf toevoegen');

      await page.goto(`${base}/mer-admin/${company.id}/bedrijf-wijzigen`);
      await textbox('Naam').waitFor();
      await scan('bedrijf-wijzigen', 'Bedrijf wijzigen');
      await page.getByRole('button', { name: 'Bedrijf beëindigen' }).click();
      await scan('end company dialog', null, page.getByRole('dialog', { name: 'Bedrijf beëindigen' }));
      await page.getByRole('dialog').getByRole('button', { name: 'Annuleren' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
      await scan('delete company dialog', null, page.getByRole('dialog', { name: 'Bedrijf verwijderen' }));
      expectClean(5);
    }, 150_000);

    it('has no serious axe violations on the parent company and article group forms (with the field modal)', async () => {
      const [parent] = await parentCompanies();
      const group = (await articleGroups()).find((g) => g.name === 'Mobiele telefonie')!;
      await openAdmin();
      await page.getByRole('link', { name: 'Hoofdbedrijf toevoegen' }).click();
      await scan('hoofdbedrijf-toevoegen', 'Hoofdbedrijf toevoegen');
      await save().click();
      await page.getByText("Veld 'Naam' is verplicht.").waitFor();
      await scan('hoofdbedrijf-toevoegen with its message', 'Hoofdbedrijf toevoegen');
      await page.goto(`${base}/mer-admin/hoofdbedrijven/${parent.id}/hoofdbedrijf-wijzigen`);
      await textbox('Naam').waitFor();
      await page.getByText(parent.companies[0].name, { exact: true }).waitFor();
      await scan('hoofdbedrijf-wijzigen', 'Hoofdbedrijf wijzigen');
      await page.getByRole('combobox', { name: 'Vestigingen' }).click();
      await page.getByRole('option').first().waitFor();
      await scan('hoofdbedrijf-wijzigen with the branch list open', 'Hoofdbedrijf wijzigen');

      await page.goto(`${base}/mer-admin/artikel-categorie-toevoegen`);
      await page.getByRole('checkbox').first().waitFor();
      await scan('artikel-categorie-toevoegen', 'Artikelgroep toevoegen');
      await page.getByRole('button', { name: 'Veld toevoegen' }).click();
      await scan('artikel-categorie-toevoegen with the field modal', null, page.getByRole('dialog', { name: 'Veld toevoegen' }));

      await page.goto(`${base}/mer-admin/artikel-categorien/${group.id}/categorie-wijzigen`);
      await bodyRows(table('Velden')).first().waitFor();
      await scan('categorie-wijzigen', 'Artikelgroep wijzigen');
      await page.getByRole('button', { name: "Veld 'Telefoonnummer' wijzigen" }).click();
      await scan('categorie-wijzigen with the field modal', null, page.getByRole('dialog', { name: 'Veld wijzigen' }));
      expectClean(8);
    }, 150_000);
  });
});

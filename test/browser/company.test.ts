import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describeInBrowser, login, manageCompany, usePortal, seriousViolations } from './harness';
import { ADMIN, apiGet, apiToken, claimsOf, downloadedText, eventually, heading, KLANT, newPage, outboxFiles, pathOf, resetLinkIn, slug, trackApi, waitForMail } from './support';
import { animationsDone, apiExpect, bodyRows, countRequests, readTable, toast, uniqueName } from './servicesSupport';

/**
 * docs/screens.md, 'Mijn bedrijf', in Chromium: /mijn-bedrijf as klant@demo.nl uses it: the company
 * with its parent company and branches, contact persons, end users and their CSV import, the
 * change log, and managing a branch; and the axe scans of these screens. What the screens should
 * show is read from the API. Companies a test changes are made for it through the API (as
 * admin@demo.nl), so the tests do not lean on each other.
 */
jest.setTimeout(90_000);

interface CompanyRef {
  id: number;
  name: string;
}

interface Company extends CompanyRef {
  customer_number: string | null;
  sap_number: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  parent_company: (CompanyRef & { companies: CompanyRef[] }) | null;
}

interface ContactPerson {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phonenumber: string | null;
  activated: boolean;
}

interface EndUser {
  id: number;
  firstname: string;
  lastname: string;
}

interface AuditPage {
  items: { action: string; entity: string; user: { firstname: string; lastname: string } | null; impersonating_from: number | null }[];
  total: number;
}

const ELEKTRO = 'Van Dijk Elektrotechniek B.V.';
const BANNER_PREFIX = 'Je beheert nu';

describeInBrowser('Mijn bedrijf (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let klantToken: string;
  let adminToken: string;
  let own: Company;

  let serial = 0;
  /** A company through the API (as admin@demo.nl): name, address and unique numbers. */
  const createCompany = (name: string, extra: Record<string, unknown> = {}) => {
    serial += 1;
    const number = `${Date.now() % 1_000_000}${serial}`;
    return apiExpect<Company>(201, base, adminToken, 'POST', 'company/register', {
      name,
      zipcode: '3512 AB',
      address: `Teststraat ${serial}`,
      city: 'Utrecht',
      sap_number: `8${number}`,
      customer_number: `7${number}`,
      ...extra,
    });
  };

  /** End users through the API's CSV import, as the customer. */
  const importThroughApi = async (csv: string) => {
    const body = new FormData();
    body.append('data', new Blob([csv], { type: 'text/csv' }), 'api.csv');
    const response = await fetch(`${base}/api/end-users/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${klantToken}` },
      body,
    });
    expect(response.status).toBe(200);
  };

  const endUsers = () => apiGet<EndUser[]>(base, klantToken, 'end-users/all');
  const ownCompany = () => apiGet<Company>(base, klantToken, `company/${own.id}`);

  beforeAll(async () => {
    base = run.portal.baseUrl;
    [klantToken, adminToken] = await Promise.all([apiToken(base, KLANT.email), apiToken(base, ADMIN.email)]);
    own = await apiGet<Company>(base, klantToken, `company/${claimsOf(klantToken).company_id}`);
  }, 120_000);

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  const menu = () => page.getByRole('navigation', { name: 'Hoofdmenu' });
  const save = () => page.getByRole('button', { name: 'Opslaan', exact: true });
  const branchesTable = () => page.getByRole('table', { name: 'Hoofdbedrijf en vestigingen' });
  const contactsTable = () => page.getByRole('table', { name: 'Contactpersonen' });
  const logTable = () => page.getByRole('table', { name: 'Wijzigingslog' });
  const endUserList = () => page.getByRole('list', { name: 'Eindgebruikers' });
  const endUserCount = () => page.getByRole('status').filter({ hasText: /eindgebruiker/ });
  const endUserSearch = () => page.getByRole('searchbox', { name: 'Zoek eindgebruiker' });
  const banner = () => page.getByRole('status').filter({ hasText: BANNER_PREFIX });
  const fileInput = () => page.getByLabel('CSV-bestand met eindgebruikers');

  /** Logs in and opens Mijn bedrijf through the menu, as a user would. */
  const openCompany = async (email = KLANT.email) => {
    await login(page, base, email);
    // The dashboard shown first, as a user sees it before choosing from the menu.
    await heading(page, 'Dashboard').waitFor();
    await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).click();
    await page.waitForURL(`${base}/mijn-bedrijf`);
    await heading(page, 'Mijn bedrijf').waitFor();
  };

  /** A toast with exactly this text (docs/screens.md, 'Toasts'). */
  const expectToast = async (text: string) => {
    const alert = toast(page, text).first();
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(text);
  };

  /** The detail list of the company (dt/dd pairs). */
  const readCompanyDetails = () =>
    page
      .getByRole('region', { name: 'Bedrijfsgegevens' })
      .locator('dl')
      .evaluate((dl) => {
        const out: Record<string, string> = {};
        for (const dt of Array.from(dl.querySelectorAll('dt'))) out[dt.textContent?.trim() ?? ''] = dt.nextElementSibling?.textContent?.trim() ?? '';
        return out;
      });

  const expectBranches = async (company: Company) => {
    const expected = company.parent_company!.companies.map((b) => (b.id === company.id ? `${b.name} (dit bedrijf)` : b.name));
    await eventually(async () => expect((await readTable(branchesTable())).map((r) => r.Vestiging).sort()).toEqual([...expected].sort()));
  };

  const endUserCountText = (n: number) => `${new Intl.NumberFormat('nl-NL').format(n)} ${n === 1 ? 'eindgebruiker' : 'eindgebruikers'}`;

  /** The end user list, filtered on a name: the names of its links. */
  /** The end users the list shows for `term`, once the list shows as many as its count says (the filter answers a moment after typing). */
  const filteredEndUsers = async (term: string) => {
    await endUserSearch().fill(term);
    let names: string[] = [];
    await eventually(async () => {
      const counted = /^([\d.]+) eindgebruikers? van /.exec(await endUserCount().innerText());
      names = await endUserList().getByRole('link').allInnerTexts();
      expect(names.length).toBe(Number(counted?.[1].replaceAll('.', '')));
    });
    return names;
  };

  const expectMessages = async (form: Locator, messages: string[]) => {
    for (const message of messages) await form.getByText(message, { exact: true }).waitFor();
  };

  /** On the end user screen: back to the overview through the breadcrumb, then filter. */
  const filteredEndUsersFromOverview = async (term: string) => {
    await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Mijn bedrijf' }).click();
    await page.waitForURL(`${base}/mijn-bedrijf`);
    return filteredEndUsers(term);
  };

  describe('overview', () => {
    it('shows the company, its parent company with branches, contact persons, end users and the change log', async () => {
      const [persons, users] = await Promise.all([apiGet<ContactPerson[]>(base, klantToken, 'users'), endUsers()]);
      expect(own.parent_company?.companies.length).toBeGreaterThanOrEqual(3);
      await openCompany();

      expect(await readCompanyDetails()).toEqual({
        Naam: own.name,
        Klantnummer: own.customer_number,
        'SAP klantnummer': own.sap_number,
        Adres: own.address,
        'Postcode en plaats': `${own.zipcode} ${own.city}`,
      });

      const parentLine = page.getByRole('region', { name: 'Hoofdbedrijf en vestigingen' }).getByText(/^Hoofdbedrijf:/);
      expect(await parentLine.innerText()).toBe(`Hoofdbedrijf: ${own.parent_company!.name}`);
      await bodyRows(branchesTable()).first().waitFor();
      await expectBranches(own);
      // Every other branch can be managed; the own company cannot, and each can be removed.
      for (const branch of own.parent_company!.companies) {
        expect(await page.getByRole('button', { name: `${branch.name} beheren` }).count()).toBe(branch.id === own.id ? 0 : 1);
        expect(await page.getByRole('button', { name: `${branch.name} verwijderen` }).count()).toBe(1);
      }

      await bodyRows(contactsTable()).first().waitFor();
      expect(await readTable(contactsTable())).toEqual(
        persons.map((p) => ({
          Naam: `${p.firstname} ${p.lastname}`,
          'E-mailadres': p.email,
          Telefoonnummer: p.phonenumber ?? '–',
          Account: p.activated ? 'Geactiveerd' : 'Nog niet geactiveerd',
          Activatie: 'Activatiemail',
        })),
      );

      expect(users.length).toBeGreaterThan(5);
      await eventually(async () => expect(await endUserCount().innerText()).toBe(endUserCountText(users.length)));
      const first = users[0];
      const link = endUserList().getByRole('link', { name: `${first.firstname} ${first.lastname}`, exact: true });
      expect(await link.getAttribute('href')).toBe(`/mijn-bedrijf/end-users/${first.id}/${slug(`${first.firstname} ${first.lastname}`)}`);
      // The filter matches every typed word, in any order and case.
      const target = users.find((u) => u.lastname.includes(' ')) ?? users[1];
      const shown = await filteredEndUsers(`${target.lastname.toUpperCase()} ${target.firstname.toLowerCase()}`);
      expect(shown).toContain(`${target.firstname} ${target.lastname}`);
      expect(shown.length).toBeLessThan(users.length);
      await endUserSearch().fill('qqqxxx-niemand');
      await page.getByText('Geen eindgebruikers gevonden.').waitFor();

      // The change log of a fresh demo is empty, and says so; the import section is there.
      const log = await apiGet<AuditPage>(base, klantToken, 'audit-log');
      if (log.total === 0) await page.getByText('Er zijn nog geen wijzigingen vastgelegd.').waitFor();
      else await bodyRows(logTable()).first().waitFor();
      await page.getByRole('heading', { name: 'Eindgebruikers importeren' }).waitFor();
    });
  });

  describe('contact persons', () => {
    it('adds a contact person: required fields, an invalid and a taken e-mail address, then saves; and edits it', async () => {
      await openCompany();
      await page.getByRole('link', { name: 'Contactpersoon toevoegen' }).click();
      await page.waitForURL(`${base}/mijn-bedrijf/user-aanmaken`);
      await heading(page, 'Contactpersoon toevoegen').waitFor();
      const form = page.getByRole('form', { name: 'Contactpersoon toevoegen' });
      const creates = countRequests(page, 'POST', '/api/users');

      await save().click();
      await expectMessages(form, ["Veld 'Voornaam' is verplicht.", "Veld 'Achternaam' is verplicht.", "Veld 'E-mailadres' is verplicht."]);
      expect(await page.getByLabel('Voornaam').getAttribute('aria-invalid')).toBe('true');

      const firstname = 'Fenna';
      const lastname = uniqueName('Vos');
      await page.getByLabel('Voornaam').fill(firstname);
      await page.getByLabel('Achternaam').fill(lastname);
      await page.getByLabel('E-mailadres').fill('fenna.vos@');
      await save().click();
      await expectMessages(form, ["'E-mailadres' veld is niet correct ingevoerd"]);
      expect(await form.getByText("Veld 'Voornaam' is verplicht.").count()).toBe(0);
      expect(creates.count).toBe(0);

      // An address that exists in any company: 409.
      await page.getByLabel('E-mailadres').fill(ADMIN.email);
      await save().click();
      await expectToast('Het emailadres is al geregistreerd.');
      expect(creates.count).toBe(1);
      expect(pathOf(page)).toBe('/mijn-bedrijf/user-aanmaken');

      const email = `fenna.${Date.now()}@vandijk.example`;
      await page.getByLabel('E-mailadres').fill(email);
      await page.getByLabel('Telefoonnummer').fill('010 111 2222');
      await save().click();
      await page.waitForURL(`${base}/mijn-bedrijf`);
      const name = `${firstname} ${lastname}`;
      const row = contactsTable().getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect((await readTable(contactsTable())).find((r) => r['E-mailadres'] === email)).toEqual({
        Naam: name,
        'E-mailadres': email,
        Telefoonnummer: '010 111 2222',
        Account: 'Nog niet geactiveerd',
        Activatie: 'Activatiemail',
      });
      await expectToast(`Contactpersoon '${name}' succesvol toegevoegd.`);
      const created = (await apiGet<ContactPerson[]>(base, klantToken, 'users')).find((p) => p.email === email)!;
      expect(created).toMatchObject({ firstname, lastname, phonenumber: '010 111 2222', activated: false });
      // The change log names who added whom.
      await eventually(async () =>
        expect((await readTable(logTable()))[0]).toMatchObject({
          Gebruiker: KLANT.name,
          Actie: 'Aangemaakt',
          Onderdeel: `Contactpersoon '${name}'`,
        }),
      );

      // The new colleague gets an invitation: the dialog names them first.
      const mailsBefore = outboxFiles(run.portal.dataDir);
      await row.getByRole('button', { name: 'Activatiemail' }).click();
      const asking = page.getByRole('dialog', { name: 'Activatiemail versturen' });
      await asking.getByText(`De activatiemail gaat naar ${name} (${email}).`, { exact: false }).waitFor();
      await asking.getByRole('button', { name: 'Versturen' }).click();
      await expectToast(`Email verzonden naar ${email}.`);
      await row.getByRole('button', { name: 'Email verzonden' }).waitFor();
      expect(resetLinkIn(await waitForMail(run.portal.dataDir, email, mailsBefore))).toContain('/reset?token=');

      // Edit: the form opens filled in; the e-mail rules hold again.
      await contactsTable().getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${base}/mijn-bedrijf/${created.id}/user-wijzigen`);
      await heading(page, 'Contactpersoon wijzigen').waitFor();
      const editForm = page.getByRole('form', { name: 'Contactpersoon wijzigen' });
      expect(await page.getByLabel('Voornaam').inputValue()).toBe(firstname);
      expect(await page.getByLabel('E-mailadres').inputValue()).toBe(email);
      await page.getByLabel('E-mailadres').fill('');
      await save().click();
      await expectMessages(editForm, ["Veld 'E-mailadres' is verplicht."]);
      await page.getByLabel('E-mailadres').fill('fenna at vandijk');
      await expectMessages(editForm, ["'E-mailadres' veld is niet correct ingevoerd"]);
      await page.getByLabel('E-mailadres').fill(KLANT.email);
      await save().click();
      await expectToast('Het emailadres is al geregistreerd.');

      await page.getByLabel('E-mailadres').fill(email);
      await page.getByLabel('Achternaam').fill(`${lastname}-de Wit`);
      await page.getByLabel('Telefoonnummer').fill('');
      await save().click();
      await page.waitForURL(`${base}/mijn-bedrijf`);
      await contactsTable().getByRole('link', { name: `${firstname} ${lastname}-de Wit`, exact: true }).waitFor();
      expect((await apiGet<ContactPerson[]>(base, klantToken, 'users')).find((p) => p.id === created.id)).toMatchObject({
        lastname: `${lastname}-de Wit`,
        email,
        phonenumber: null,
      });

      // An unknown contact person says so.
      await page.goto(`${base}/mijn-bedrijf/999999/user-wijzigen`);
      await heading(page, 'Contactpersoon niet gevonden').waitFor();
    });
  });

  describe('end users', () => {
    it('imports end users from a CSV file; a file with a bad line imports nothing and names the line', async () => {
      const before = await endUsers();
      await openCompany();
      await eventually(async () => expect(await endUserCount().innerText()).toBe(endUserCountText(before.length)));
      const importButton = page.getByRole('button', { name: 'Importeren' });
      expect(await importButton.isDisabled()).toBe(true);

      const tag = uniqueName('Import').split(' ')[1];
      const good = ['Aaf', 'Bram', 'Cor'].map((firstname) => ({ firstname, lastname: `Import-${tag}` }));
      await fileInput().setInputFiles({
        name: 'eindgebruikers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFFvoornaam;achternaam\r\n${good.map((u) => `${u.firstname};${u.lastname}`).join('\r\n')}\r\n`),
      });
      await importButton.click();
      await expectToast('De data is succesvol geïmporteerd.');
      await eventually(async () => expect(await endUserCount().innerText()).toBe(endUserCountText(before.length + 3)));
      expect(await importButton.isDisabled()).toBe(true);
      expect((await filteredEndUsers(`import-${tag}`)).sort()).toEqual(good.map((u) => `${u.firstname} ${u.lastname}`).sort());
      const afterGood = await endUsers();
      expect(afterGood).toHaveLength(before.length + 3);

      // Line 3 has no last name, line 4 no first name: nothing is imported, both lines are named.
      const badTag = `Fout-${tag}`;
      await fileInput().setInputFiles({
        name: 'fout.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`voornaam;achternaam\nDirk;${badTag}\nEef;\n;${badTag}\n`),
      });
      await importButton.click();
      await expectToast('Regel 3: achternaam ontbreekt. Er is geen data geïmporteerd.');
      const alert = page.getByRole('alert').filter({ hasText: 'Er is niets geïmporteerd.' });
      await alert.waitFor();
      expect(await alert.getByRole('listitem').allInnerTexts()).toEqual(['Regel 3: achternaam ontbreekt', 'Regel 4: voornaam ontbreekt']);
      expect(await endUsers()).toHaveLength(afterGood.length);
      expect((await endUsers()).some((u) => u.lastname === badTag)).toBe(false);
      await endUserSearch().fill('');
      await eventually(async () => expect(await endUserCount().innerText()).toBe(endUserCountText(afterGood.length)));
    });

    it('downloads template.csv with the voornaam;achternaam header', async () => {
      await openCompany();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'template.csv' }).click()]);
      expect(download.suggestedFilename()).toBe('template.csv');
      const text = await downloadedText(download);
      expect(text.replace(/^\uFEFF/, '').trim()).toBe('voornaam;achternaam');
      // Excel in a Dutch locale needs the BOM (docs/rules.md, 'Files').
      expect(text.startsWith('\uFEFF')).toBe(true);
    });

    it('shows an end user with their services and renames them; first and last name are required', async () => {
      // A demo end user with services, read only.
      const withServices = await apiGet<EndUser & { services: { article: { name: string; article_group_name: string } }[] }>(
        base,
        klantToken,
        `end-users/${(await endUsers()).find((u) => u.firstname === 'Jan' && u.lastname === 'de Jong')!.id}`,
      );
      expect(withServices.services.length).toBeGreaterThan(0);
      const lastname = uniqueName('Hernoem').split(' ')[1];
      await importThroughApi(`voornaam;achternaam\nRutger;${lastname}\n`);
      const fresh = (await endUsers()).find((u) => u.lastname === lastname)!;

      await openCompany();
      await endUserList().getByRole('link', { name: 'Jan de Jong', exact: true }).click();
      await page.waitForURL(`${base}/mijn-bedrijf/end-users/${withServices.id}/jan-de-jong`);
      await heading(page, 'Jan de Jong').waitFor();
      const services = page.getByRole('table', { name: 'Afnames' });
      await bodyRows(services).first().waitFor();
      const rows = await readTable(services);
      expect(rows.map((r) => [r.Artikel, r.Categorie]).sort()).toEqual(
        withServices.services.map((s) => [s.article.name, s.article.article_group_name]).sort(),
      );

      await filteredEndUsersFromOverview(lastname);
      await endUserList().getByRole('link', { name: `Rutger ${lastname}`, exact: true }).click();
      await heading(page, `Rutger ${lastname}`).waitFor();
      await page.getByText('Deze eindgebruiker heeft geen afnames.').waitFor();
      await page.getByRole('link', { name: 'Bewerken' }).click();
      await page.waitForURL(`${base}/mijn-bedrijf/end-users/${fresh.id}/${slug(`Rutger ${lastname}`)}/bewerken`);
      await heading(page, 'Eindgebruiker bewerken').waitFor();
      const edits = countRequests(page, 'PUT', `/api/end-users/${fresh.id}`);

      await page.getByLabel('Voornaam').fill('');
      await page.getByLabel('Achternaam').fill('  ');
      // No message before saving: one appearing on blur would move 'Opslaan' away under the pointer.
      await page.getByLabel('Voornaam').focus();
      expect(await page.getByText(/is verplicht/).count()).toBe(0);
      await save().click();
      await page.getByText("Veld 'Voornaam' is verplicht.", { exact: true }).waitFor();
      await page.getByText("Veld 'Achternaam' is verplicht.", { exact: true }).waitFor();
      // The cursor goes to the first field to correct.
      await eventually(async () => expect(await page.getByLabel('Voornaam').evaluate((el) => el === document.activeElement)).toBe(true));
      await page.getByLabel('Voornaam').fill('Roos');
      await save().click();
      await page.getByText("Veld 'Achternaam' is verplicht.", { exact: true }).waitFor();
      expect(await page.getByText("Veld 'Voornaam' is verplicht.", { exact: true }).count()).toBe(0);
      expect(edits.count).toBe(0);

      await page.getByLabel('Achternaam').fill(`van ${lastname}`);
      await save().click();
      // The address carries the new name.
      await page.waitForURL(`${base}/mijn-bedrijf/end-users/${fresh.id}/${slug(`Roos van ${lastname}`)}`);
      await heading(page, `Roos van ${lastname}`).waitFor();
      expect(edits.count).toBe(1);
      expect((await endUsers()).find((u) => u.id === fresh.id)).toEqual({ id: fresh.id, firstname: 'Roos', lastname: `van ${lastname}` });

      await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Mijn bedrijf' }).click();
      await page.waitForURL(`${base}/mijn-bedrijf`);
      expect(await filteredEndUsers(lastname)).toEqual([`Roos van ${lastname}`]);
    });
  });

  describe('branches', () => {
    it('adds no branch: the customer has no company to choose, so sees the message and no form', async () => {
      await openCompany();
      await page.getByRole('link', { name: 'Vestiging toevoegen' }).click();
      await page.waitForURL(`${base}/mijn-bedrijf/vestiging-toevoegen`);
      await heading(page, 'Vestiging toevoegen').waitFor();
      expect(await page.getByText(/^Hoofdbedrijf:/).innerText()).toBe(`Hoofdbedrijf: ${own.parent_company!.name}`);
      // A customer may not list companies (LIST_COMPANIES), so there is nothing to choose from.
      await page.getByText('Er zijn geen bedrijven beschikbaar om als vestiging toe te voegen.', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Toevoegen' }).count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Vestiging' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Terug naar Mijn bedrijf' }).click();
      await page.waitForURL(`${base}/mijn-bedrijf`);
    });

    it('adds a branch while a provider admin manages the company, choosing it from the list', async () => {
      const newcomer = await createCompany(uniqueName('Nieuwe Vestiging'));
      await login(page, base, ADMIN.email);
      await page.goto(`${base}/mer-admin?tab=bedrijven`);
      await manageCompany(page, own.name);
      await page.waitForURL(`${base}/dashboard`);
      await banner().waitFor();
      await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).click();
      await page.getByRole('link', { name: 'Vestiging toevoegen' }).click();
      await heading(page, 'Vestiging toevoegen').waitFor();

      const select = page.getByRole('combobox', { name: 'Vestiging' });
      // docs/screens.md, 'Branches': a branch must be selected; nothing is sent before.
      const adds = countRequests(page, 'POST', '/api/parent-companies/');
      await page.getByRole('button', { name: 'Toevoegen' }).click();
      const error = page.getByRole('alert').filter({ hasText: 'Selecteer een vestiging' });
      await error.waitFor();
      expect((await error.innerText()).trim()).toBe('Selecteer een vestiging');
      expect(await select.getAttribute('aria-invalid')).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);
      expect(adds.count).toBe(0);
      await select.fill(newcomer.name);
      await page.getByRole('option', { name: newcomer.name, exact: true }).waitFor();
      // The current branches are not offered again.
      await select.fill(ELEKTRO);
      await page.getByText('Geen bedrijven gevonden.').waitFor();
      await select.fill(newcomer.name);
      await page.getByRole('option', { name: newcomer.name, exact: true }).click();
      await page.getByRole('button', { name: 'Toevoegen' }).click();
      await page.waitForURL(`${base}/mijn-bedrijf`);
      await branchesTable().getByRole('cell', { name: newcomer.name, exact: true }).waitFor();
      const after = await ownCompany();
      expect(after.parent_company!.companies.map((c) => c.id)).toContain(newcomer.id);
      await expectBranches(after);
      await banner().getByRole('button', { name: 'Stop met beheren.' }).click();
      await page.waitForURL(`${base}/dashboard`);
    });

    it('removes a branch after confirming, with the success toast', async () => {
      const leaving = await createCompany(uniqueName('Vertrekkende Vestiging'), { parent_company_id: own.parent_company!.id });
      await openCompany();
      await branchesTable().getByRole('cell', { name: leaving.name, exact: true }).waitFor();
      const remove = page.getByRole('button', { name: `${leaving.name} verwijderen` });

      await remove.click();
      const dialog = page.getByRole('dialog', { name: 'Vestiging verwijderen' });
      expect(await dialog.getByText(`'${leaving.name}'`, { exact: false }).innerText()).toContain(own.parent_company!.name);
      await dialog.getByRole('button', { name: 'Annuleren' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await ownCompany()).parent_company!.companies.map((c) => c.id)).toContain(leaving.id);

      await remove.click();
      await dialog.getByRole('button', { name: 'Verwijderen' }).click();
      await expectToast('Vestiging succesvol verwijderd uit hoofdbedrijf.');
      await branchesTable().getByRole('cell', { name: leaving.name, exact: true }).waitFor({ state: 'detached' });
      const after = await ownCompany();
      expect(after.parent_company!.companies.map((c) => c.id)).not.toContain(leaving.id);
      await expectBranches(after);
      // The change log says so.
      await eventually(async () =>
        expect((await readTable(logTable()))[0]).toMatchObject({ Actie: 'Vestiging verwijderd', Gebruiker: KLANT.name }),
      );
    });

    it('manages a branch through impersonation: the banner names it (never a placeholder) and stopping returns', async () => {
      // Every text the banner shows, from the first render on.
      await context.addInitScript((prefix: string) => {
        const seen: string[] = [];
        (window as unknown as { bannerTexts: string[] }).bannerTexts = seen;
        new MutationObserver(() => {
          for (const el of Array.from(document.querySelectorAll('[role="status"]'))) {
            const text = el.textContent ?? '';
            if (text.includes(prefix) && seen[seen.length - 1] !== text) seen.push(text);
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      }, BANNER_PREFIX);
      const elektro = own.parent_company!.companies.find((c) => c.name === ELEKTRO)!;

      await openCompany();
      await manageCompany(page, ELEKTRO);
      await page.waitForURL(`${base}/dashboard`);
      await banner().waitFor();
      expect((await banner().innerText()).replace(/\s+/g, ' ').trim()).toMatch(new RegExp(`^Je beheert nu ${ELEKTRO} tot \\d\\d:\\d\\d\\. Stop met beheren\\.$`));
      const seen = await page.evaluate(() => (window as unknown as { bannerTexts: string[] }).bannerTexts);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((text) => !text.includes(ELEKTRO))).toEqual([]);

      // Mijn bedrijf now shows the branch, its contact person and its log.
      await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).click();
      await heading(page, 'Mijn bedrijf').waitFor();
      await eventually(async () => expect((await readCompanyDetails()).Naam).toBe(ELEKTRO));
      await contactsTable().getByRole('cell', { name: 'i.bakker@vandijk-elektro.nl' }).waitFor();
      await eventually(async () =>
        expect((await readTable(logTable())).find((r) => r.Actie === 'Beheer gestart')?.Gebruiker).toContain(
          `door ${KLANT.name} van ${own.parent_company!.name}Reden: Test van het portaal`,
        ),
      );
      const managed = await apiGet<AuditPage>(base, adminToken, `audit-log?company_id=${elektro.id}`);
      expect(managed.items.some((i) => i.action === 'impersonation.start' && i.impersonating_from === own.id)).toBe(true);
      // The own company's row offers 'Beheren' to go back to it.
      await page.getByRole('button', { name: `${own.name} beheren` }).waitFor();

      await banner().getByRole('button', { name: 'Stop met beheren.' }).click();
      await page.waitForURL(`${base}/dashboard`);
      expect(await banner().count()).toBe(0);
      await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).click();
      await eventually(async () => expect((await readCompanyDetails()).Naam).toBe(own.name));
      expect(await banner().count()).toBe(0);

      // Managing again, and going back through the own company's 'Beheren' also stops.
      await manageCompany(page, ELEKTRO);
      // Starting lands on the dashboard once the new token is in; the banner can show before that.
      await page.waitForURL(`${base}/dashboard`);
      await banner().waitFor();
      // As a user does: on to Mijn bedrijf once the dashboard shows (a click before it may be lost).
      await heading(page, 'Dashboard').waitFor();
      await menu().getByRole('link', { name: 'Mijn bedrijf', exact: true }).click();
      await page.waitForURL(`${base}/mijn-bedrijf`);
      await heading(page, 'Mijn bedrijf').waitFor();
      await eventually(async () => expect((await readCompanyDetails()).Naam).toBe(ELEKTRO));
      await page.getByRole('button', { name: `${own.name} beheren` }).click();
      await page.waitForURL(`${base}/dashboard`);
      await eventually(async () => expect(await banner().count()).toBe(0));
    });
  });

  describe('accessibility', () => {
    it('has no serious axe violations on the Mijn bedrijf screens', async () => {
      const api = trackApi(page);
      const found: Record<string, string[]> = {};
      /** Scans once the screen's h1 (or, with a modal open, the modal) shows and its calls have settled. */
      const scan = async (name: string, title: string | RegExp | null, dialog?: Locator) => {
        await (title === null ? dialog! : heading(page, title)).waitFor();
        await api.idle(300);
        await animationsDone(page);
        found[name] = await seriousViolations(page);
      };
      const person = (await apiGet<ContactPerson[]>(base, klantToken, 'users'))[0];
      const endUser = (await endUsers()).find((u) => u.firstname === 'Jan' && u.lastname === 'de Jong')!;

      await openCompany();
      await bodyRows(contactsTable()).first().waitFor();
      await scan('/mijn-bedrijf', 'Mijn bedrijf');

      await page.getByRole('link', { name: 'Contactpersoon toevoegen' }).click();
      await scan('user-aanmaken', 'Contactpersoon toevoegen');
      await save().click();
      await page.getByText("Veld 'Voornaam' is verplicht.").waitFor();
      await scan('user-aanmaken with messages', 'Contactpersoon toevoegen');

      await page.goto(`${base}/mijn-bedrijf/${person.id}/user-wijzigen`);
      await page.getByLabel('Voornaam').waitFor();
      await scan('user-wijzigen', 'Contactpersoon wijzigen');

      await page.goto(`${base}/mijn-bedrijf/end-users/${endUser.id}/jan-de-jong`);
      await bodyRows(page.getByRole('table', { name: 'Afnames' })).first().waitFor();
      await scan('end user view', 'Jan de Jong');
      await page.getByRole('link', { name: 'Bewerken' }).click();
      await scan('end user bewerken', 'Eindgebruiker bewerken');
      await page.getByLabel('Voornaam').fill('');
      await save().click();
      await page.getByText("Veld 'Voornaam' is verplicht.").waitFor();
      await scan('end user bewerken with a message', 'Eindgebruiker bewerken');

      await page.goto(`${base}/mijn-bedrijf/vestiging-toevoegen`);
      await page.getByText('Er zijn geen bedrijven beschikbaar om als vestiging toe te voegen.', { exact: false }).waitFor();
      await scan('vestiging-toevoegen with its message', 'Vestiging toevoegen');

      await page.goto(`${base}/mijn-bedrijf`);
      await bodyRows(branchesTable()).first().waitFor();
      await page.getByRole('button', { name: `${ELEKTRO} verwijderen` }).click();
      await scan('remove branch dialog', null, page.getByRole('dialog', { name: 'Vestiging verwijderen' }));

      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      expect(Object.keys(found)).toHaveLength(9);
    }, 150_000);
  });
});

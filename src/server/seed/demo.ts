import { asc, eq, inArray } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import { addMonths, businessDateOf, businessTimeToEpoch } from '../../domain/time';
import type { Db } from '../db';
import {
  articleGroupFields,
  articleGroups,
  articlePriceHistory,
  articles,
  bulkServices,
  companies,
  companyArticleGroups,
  endUsers,
  parentCompanies,
  serviceFieldInputs,
  services,
  users,
} from '../db/schema';
import { DEMO_TWO_FACTOR_KEY } from '../config';
import { hashPassword } from '../services/auth/password';
import { encryptSecret } from '../services/auth/twoFactor';
import { seedDemoRequests } from './demoRequests';

/** README.md, 'Demo accounts': every demo account has this password. */
export const DEMO_PASSWORD = 'Welkom123!';

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.nl', role: 'superadmin', company: 'Demo ICT Diensten' },
  { email: 'admin@demo.nl', role: 'admin', company: 'Demo ICT Diensten' },
  { email: 'klant@demo.nl', role: 'endUser', company: 'Van Dijk Installatietechniek B.V.' },
  { email: 'collega@demo.nl', role: 'endUser', company: 'Van Dijk Installatietechniek B.V.' },
] as const;

/**
 * docs/rules.md, 'Two-factor login': the demo's provider staff have two-factor login on with these secrets (base32), which
 * are printed at start and in the README, so a tester adds them to any authenticator app (or runs
 * `oathtool --totp -b SECRET`). Customer demo accounts keep password-only login.
 */
export const DEMO_TWO_FACTOR_SECRETS: Readonly<Record<string, string>> = {
  'superadmin@demo.nl': 'IUWHSAQAGZM2LYJ5HUQEW4CNC6WG4JKX',
  'admin@demo.nl': 'RKKE75ZWVTOYI24FIDP4UA6SHX67WUZU',
};

export interface DemoSeedOptions {
  /** The key the app decrypts two-factor secrets with (config.twoFactorKey); the demo and test key by default. */
  twoFactorKey?: Buffer;
  now?: Date;
}

const noonDaysFrom = (now: Date, days: number): Date => {
  const today = businessDateOf(Math.floor(now.getTime() / 1000));
  const utc = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return new Date(businessTimeToEpoch(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate(), 12) * 1000);
};

const monthStartFrom = (now: Date, months: number): Date => {
  const today = businessDateOf(Math.floor(now.getTime() / 1000));
  const m = addMonths(today.year, today.month, months);
  return new Date(businessTimeToEpoch(m.year, m.month, 1) * 1000);
};

const END_USERS: [string, string][] = [
  ['Jan', 'de Jong'],
  ['Sophie', 'Jansen'],
  ['Daan', 'de Vries'],
  ['Emma', 'van den Berg'],
  ['Lucas', 'van Dijk'],
  ['Julia', 'Bakker'],
  ['Sem', 'Visser'],
  ['Tess', 'Smit'],
  ['Milan', 'Meijer'],
  ['Anna', 'de Boer'],
  ['Levi', 'Mulder'],
  ['Zoë', 'de Groot'],
  ['Finn', 'Bos'],
  ['Eva', 'Vos'],
  ['Noah', 'Peters'],
  ['Lotte', 'Hendriks'],
];

interface ArticleSeed {
  group: string;
  name: string;
  description: string;
  sku: string;
  price: string;
  setupPrice: string;
  billingCycleId?: number;
  gigabyte?: string;
  fromGroupBundle?: boolean;
  /** The price before the current one, which took over `monthsAgo` months ago. */
  previous?: { monthsAgo: number; price: string; setupPrice: string };
}

const VAN_DIJK_ARTICLES: ArticleSeed[] = [
  {
    group: 'Mobiele telefonie',
    name: 'Zakelijk Onbeperkt 10GB',
    description: 'Onbeperkt bellen en sms in de EU met 10 GB data uit de groepsbundel.',
    sku: 'MOB-ONB-10',
    price: '25.000000',
    setupPrice: '10.000000',
    gigabyte: '10',
    fromGroupBundle: true,
    previous: { monthsAgo: 30, price: '22.500000', setupPrice: '10.000000' },
  },
  {
    group: 'Mobiele telefonie',
    name: 'Zakelijk Basis 5GB',
    description: 'Basisabonnement met 250 belminuten en 5 GB data uit de groepsbundel.',
    sku: 'MOB-BAS-5',
    price: '15.500000',
    setupPrice: '0',
    gigabyte: '5',
    fromGroupBundle: true,
  },
  {
    group: 'Mobiele telefonie',
    name: 'Data-only SIM 20GB',
    description: 'Data-simkaart voor tablets en hotspots.',
    sku: 'MOB-DATA-20',
    price: '19.950000',
    setupPrice: '5.000000',
    gigabyte: '20',
    fromGroupBundle: true,
  },
  {
    group: 'Vaste telefonie',
    name: 'Hosted VoIP werkplek',
    description: 'Vaste werkplek in de cloudcentrale, inclusief toestelbeheer.',
    sku: 'VT-VOIP-WP',
    price: '12.500000',
    setupPrice: '25.000000',
    previous: { monthsAgo: 14, price: '11.000000', setupPrice: '25.000000' },
  },
  {
    group: 'Vaste telefonie',
    name: 'SIP-trunk 10 kanalen',
    description: 'SIP-trunk met 10 gelijktijdige gesprekken, per kwartaal gefactureerd.',
    sku: 'VT-SIP-10',
    price: '267.000000',
    setupPrice: '150.000000',
    billingCycleId: 2,
  },
  {
    group: 'Applicaties',
    name: 'Microsoft 365 Business Standard',
    description: 'Office-apps, Exchange Online en Teams per gebruiker.',
    sku: 'APP-M365-BS',
    price: '11.700000',
    setupPrice: '0',
    previous: { monthsAgo: 8, price: '10.500000', setupPrice: '0' },
  },
  {
    group: 'Applicaties',
    name: 'Endpoint Antivirus',
    description: 'Beveiliging voor werkplekken, jaarlijks gefactureerd.',
    sku: 'APP-AV-EP',
    price: '36.000000',
    setupPrice: '0',
    billingCycleId: 4,
  },
  {
    group: 'Hardware',
    name: 'Laptop lease Dell Latitude',
    description: 'Leaselaptop inclusief garantie en vervanging binnen één werkdag.',
    sku: 'HW-LAP-DL',
    price: '39.000000',
    setupPrice: '150.000000',
  },
  {
    group: 'Connectiviteit',
    name: 'Glasvezel 1 Gbit/s',
    description: 'Zakelijke glasvezelverbinding, symmetrisch 1 Gbit/s.',
    sku: 'CON-GV-1000',
    price: '249.000000',
    setupPrice: '499.000000',
    billingCycleId: 3,
  },
];

/** README.md, 'Demo accounts': a realistic data set for a first start in demo mode. */
export const seedDemoData = async (db: Db, { twoFactorKey = DEMO_TWO_FACTOR_KEY, now = new Date() }: DemoSeedOptions = {}): Promise<void> => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const twoFactorOf = (email: keyof typeof DEMO_TWO_FACTOR_SECRETS) => ({
    totpSecret: encryptSecret(twoFactorKey, DEMO_TWO_FACTOR_SECRETS[email]),
    totpEnabledAt: now,
  });
  const groups = await db.select().from(articleGroups).orderBy(asc(articleGroups.sortOrder));
  const groupId = (name: string) => groups.find((g) => g.name === name)!.id;
  const fields = await db.select().from(articleGroupFields);
  const fieldId = (group: string, name: string) =>
    fields.find((f) => f.articleGroupId === groupId(group) && f.name === name)!.id;
  const defaultGroups = groups.slice(0, 6).map((g) => g.id);

  const [provider] = await db
    .insert(companies)
    .values({
      name: 'Demo ICT Diensten',
      customerNumber: '000001',
      sapNumber: '1000001',
      zipcode: '1012 AB',
      address: 'Damrak 1',
      city: 'Amsterdam',
      isProvider: true,
    })
    .returning();
  const [group] = await db.insert(parentCompanies).values({ name: 'Van Dijk Groep', sapNumber: '2000100' }).returning();
  const branches = await db
    .insert(companies)
    .values([
      {
        name: 'Van Dijk Installatietechniek B.V.',
        customerNumber: '100234',
        sapNumber: '4000123',
        zipcode: '3011 AB',
        address: 'Coolsingel 42',
        city: 'Rotterdam',
        priceMb: '0.012000',
        inputLabel1: 'Kostenplaats',
        inputLabel2: 'Afdeling',
        inputLabel3: 'Projectcode',
        inputLabel4: 'Opmerking',
        parentCompanyId: group.id,
        // docs/requests.md, 'Approval': collega@demo.nl's requests wait for klant@demo.nl.
        requestsNeedApproval: true,
      },
      {
        name: 'Van Dijk Elektrotechniek B.V.',
        customerNumber: '100235',
        sapNumber: '4000124',
        zipcode: '3511 LX',
        address: 'Oudegracht 120',
        city: 'Utrecht',
        priceMb: '0.012000',
        inputLabel1: 'Kostenplaats',
        parentCompanyId: group.id,
      },
      {
        name: 'Van Dijk Service & Onderhoud B.V.',
        customerNumber: '100236',
        sapNumber: '4000125',
        zipcode: '5611 EM',
        address: 'Stratumseind 8',
        city: 'Eindhoven',
        priceMb: '0.015000',
        parentCompanyId: group.id,
      },
      {
        name: 'Bakkerij De Korenschoof',
        customerNumber: '100410',
        sapNumber: '4000300',
        zipcode: '9711 LM',
        address: 'Grote Markt 3',
        city: 'Groningen',
        priceMb: '0.010000',
        inputLabel1: 'Filiaal',
      },
    ])
    .returning();
  const [installatie, elektro, service, bakkerij] = branches;
  await db.insert(companyArticleGroups).values([
    ...groups.map((g) => ({ companyId: provider.id, articleGroupId: g.id })),
    ...branches.flatMap((c) => defaultGroups.map((articleGroupId) => ({ companyId: c.id, articleGroupId }))),
  ]);

  await db.insert(users).values([
    { firstname: 'Sanne', lastname: 'de Vries', email: 'superadmin@demo.nl', phonenumber: '020 123 4567', companyId: provider.id, roleId: ROLE.superadmin, passwordHash, ...twoFactorOf('superadmin@demo.nl') },
    { firstname: 'Mark', lastname: 'Jansen', email: 'admin@demo.nl', phonenumber: '020 123 4568', companyId: provider.id, roleId: ROLE.admin, passwordHash, ...twoFactorOf('admin@demo.nl') },
    { firstname: 'Pieter', lastname: 'van Dijk', email: 'klant@demo.nl', phonenumber: '010 765 4321', companyId: installatie.id, roleId: ROLE.endUser, passwordHash, receivesCostSpecification: true },
    // A colleague who may ask but not approve ('Mag aanvragen goedkeuren' off).
    { firstname: 'Femke', lastname: 'de Wit', email: 'collega@demo.nl', phonenumber: '010 765 4322', companyId: installatie.id, roleId: ROLE.endUser, passwordHash, approvesRequests: false },
    { firstname: 'Ingrid', lastname: 'Bakker', email: 'i.bakker@vandijk-elektro.nl', phonenumber: '030 234 5678', companyId: elektro.id, roleId: ROLE.endUser },
    { firstname: 'Kees', lastname: 'Korenschoof', email: 'kees@korenschoof.nl', phonenumber: '050 312 0000', companyId: bakkerij.id, roleId: ROLE.endUser, passwordHash },
  ]);

  await seedCompanyCatalogue(db, now, installatie.id, VAN_DIJK_ARTICLES, END_USERS, { groupId, fieldId }, 1);
  await seedCompanyCatalogue(db, now, elektro.id, VAN_DIJK_ARTICLES.slice(0, 4), END_USERS.slice(0, 6), { groupId, fieldId }, 2);
  await seedCompanyCatalogue(db, now, service.id, VAN_DIJK_ARTICLES.slice(3, 6), END_USERS.slice(6, 10), { groupId, fieldId }, 3);
  await seedCompanyCatalogue(
    db,
    now,
    bakkerij.id,
    [VAN_DIJK_ARTICLES[1], VAN_DIJK_ARTICLES[3]],
    [['Kees', 'Korenschoof'], ['Marleen', 'Korenschoof']],
    { groupId, fieldId },
    4,
  );
  await seedDemoRequests(db, now, { installatie: installatie.id, elektro: elektro.id });
};

interface Lookups {
  groupId: (name: string) => number;
  fieldId: (group: string, name: string) => number;
}

/** Articles, end users, services and bulk services for one company, spread over the past two years. */
const seedCompanyCatalogue = async (
  db: Db,
  now: Date,
  companyId: number,
  articleSeeds: ArticleSeed[],
  people: [string, string][],
  { groupId, fieldId }: Lookups,
  numberPrefix: number,
) => {
  const introduced = monthStartFrom(now, -36);
  const created = await db
    .insert(articles)
    .values(
      articleSeeds.map((a) => ({
        companyId,
        articleGroupId: groupId(a.group),
        name: a.name,
        description: a.description,
        sku: a.sku,
        price: a.price,
        setupPrice: a.setupPrice,
        billingCycleId: a.billingCycleId ?? 1,
        gigabyte: a.gigabyte ?? null,
        fromGroupBundle: a.fromGroupBundle ?? false,
        createdAt: introduced,
      })),
    )
    .returning();
  await db.insert(articlePriceHistory).values(
    created.flatMap((article, i) => {
      const { previous, price, setupPrice } = articleSeeds[i];
      const current = {
        articleId: article.id,
        companyId,
        fromTime: previous ? monthStartFrom(now, -previous.monthsAgo) : introduced,
        price,
        setupPrice,
      };
      return previous
        ? [{ articleId: article.id, companyId, fromTime: introduced, price: previous.price, setupPrice: previous.setupPrice }, current]
        : [current];
    }),
  );
  const people_ = await db
    .insert(endUsers)
    .values(people.map(([firstname, lastname]) => ({ companyId, firstname, lastname })))
    .returning();

  let serial = 0;
  for (const [i, article] of created.entries()) {
    const seed = articleSeeds[i];
    if (seed.group === 'Applicaties' && seed.name.startsWith('Microsoft')) {
      await db.insert(bulkServices).values([
        { companyId, articleId: article.id, amount: 25, time: noonDaysFrom(now, -400) },
        { companyId, articleId: article.id, amount: 5, time: noonDaysFrom(now, -95) },
        { companyId, articleId: article.id, amount: -3, time: noonDaysFrom(now, -32) },
        { companyId, articleId: article.id, amount: 10, time: noonDaysFrom(now, 15) },
      ]);
    }
    const count = seed.group === 'Mobiele telefonie' ? Math.min(people_.length, 6) : Math.min(people_.length, 3);
    for (let k = 0; k < count; k += 1) {
      serial += 1;
      const person = people_[(k + i * 2) % people_.length];
      const startDaysAgo = 30 * ((serial * 7) % 23) + (serial % 5) * 3 + 2;
      const ended = serial % 9 === 0;
      const withoutUser = serial % 11 === 0;
      const [service] = await db
        .insert(services)
        .values({
          companyId,
          articleId: article.id,
          endUserId: withoutUser ? null : person.id,
          orderReference: `ORD-${numberPrefix}${String(serial).padStart(4, '0')}`,
          startTime: noonDaysFrom(now, -startDaysAgo),
          endTime: ended ? noonDaysFrom(now, -Math.floor(startDaysAgo / 3)) : null,
          price: serial % 13 === 0 ? '20.000000' : null,
          // 'Kostenplaats' (docs/cost-specification.md, 'Costs per cost centre'): four values, and every seventh afname without one.
          inputField1: serial % 7 === 0 ? null : `KP-${100 + (serial % 4) * 10}`,
          inputField2: ['Service', 'Montage', 'Kantoor', 'Projecten'][serial % 4],
          spieField1: serial % 2 === 0 ? `SPIE-${serial}` : null,
        })
        .returning({ id: services.id });
      const phone = `06${numberPrefix}${String(1000000 + serial * 7919).slice(-7)}`;
      const inputs =
        seed.group === 'Mobiele telefonie'
          ? [
              { field: fieldId('Mobiele telefonie', 'Telefoonnummer'), value: phone },
              { field: fieldId('Mobiele telefonie', 'SIM nummer'), value: `893104${numberPrefix}${String(serial).padStart(12, '0')}` },
              { field: fieldId('Mobiele telefonie', 'Data'), value: `${seed.gigabyte} GB` },
            ]
          : seed.group === 'Vaste telefonie'
            ? [{ field: fieldId('Vaste telefonie', 'Telefoonnummer'), value: `010${numberPrefix}${String(200000 + serial).slice(-6)}` }]
            : seed.group === 'Hardware'
              ? [{ field: fieldId('Hardware', 'Serienummer'), value: `DL7440-${numberPrefix}${String(serial).padStart(5, '0')}` }]
              : [];
      if (inputs.length > 0) {
        await db
          .insert(serviceFieldInputs)
          .values(inputs.map((x) => ({ serviceId: service.id, companyId, articleGroupFieldId: x.field, value: x.value })));
      }
    }
  }
};

/** True when the demo accounts are present (used to print them at start). */
export const hasDemoAccounts = async (db: Db): Promise<boolean> => {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  return rows.length > 0;
};

export const findCompanyByName = async (db: Db, name: string) => {
  const [row] = await db.select().from(companies).where(eq(companies.name, name)).limit(1);
  return row ?? null;
};

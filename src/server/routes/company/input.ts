import { MSG } from '../../../domain/messages';
import { Decimal, parseAmount } from '../../../domain/money';
import type { companies } from '../../db/schema';
import { HttpError } from '../../httpError';
import { isEmailAddress, textOrNull } from '../../input';
import type { CompanyInput } from './schemas';
import { fromEpoch, toEpoch } from '../../serialize';
import { PROVIDER_NOT_A_BRANCH, PROVIDER_NOT_ENDED } from '../../services/companies';

/** 400 when a write would end the provider's own company or make it a branch. */
export const assertProviderCompanyKept = (company: { isProvider: boolean }, values: Pick<CompanyValues, 'endTime' | 'parentCompanyId'>): void => {
  if (!company.isProvider) return;
  if (values.endTime !== null) throw new HttpError(400, PROVIDER_NOT_ENDED, [{ field: 'end_time', message: PROVIDER_NOT_ENDED }]);
  if (values.parentCompanyId !== null) {
    throw new HttpError(400, PROVIDER_NOT_A_BRANCH, [{ field: 'parent_company_id', message: PROVIDER_NOT_A_BRANCH }]);
  }
};

/** The company's own columns, by their API name. */
const TEXT_COLUMNS = {
  name: 'name',
  aliases: 'aliases',
  customer_number: 'customerNumber',
  zipcode: 'zipcode',
  address: 'address',
  city: 'city',
  sap_number: 'sapNumber',
  input_label_1: 'inputLabel1',
  input_label_2: 'inputLabel2',
  input_label_3: 'inputLabel3',
  input_label_4: 'inputLabel4',
} as const;

export interface CompanyValues {
  name: string | null;
  aliases: string | null;
  customerNumber: string | null;
  zipcode: string | null;
  address: string | null;
  city: string | null;
  sapNumber: string | null;
  priceMb: string;
  inputLabel1: string | null;
  inputLabel2: string | null;
  inputLabel3: string | null;
  inputLabel4: string | null;
  parentCompanyId: number | null;
  endTime: Date | null;
  requireTwoFactor: boolean;
}

/** The stored values of a company, as the starting point of an edit. */
export const valuesOf = (company: typeof companies.$inferSelect): CompanyValues => ({
  name: company.name,
  aliases: company.aliases,
  customerNumber: company.customerNumber,
  zipcode: company.zipcode,
  address: company.address,
  city: company.city,
  sapNumber: company.sapNumber,
  priceMb: company.priceMb,
  inputLabel1: company.inputLabel1,
  inputLabel2: company.inputLabel2,
  inputLabel3: company.inputLabel3,
  inputLabel4: company.inputLabel4,
  parentCompanyId: company.parentCompanyId,
  endTime: company.endTime,
  requireTwoFactor: company.requireTwoFactor,
});

export const EMPTY_COMPANY: CompanyValues = {
  name: null,
  aliases: null,
  customerNumber: null,
  zipcode: null,
  address: null,
  city: null,
  sapNumber: null,
  priceMb: '0',
  inputLabel1: null,
  inputLabel2: null,
  inputLabel3: null,
  inputLabel4: null,
  parentCompanyId: null,
  endTime: null,
  requireTwoFactor: false,
};

/** `base` with the fields the input names: text trimmed (blank is null), price exact, time from seconds. */
export const applyInput = (base: CompanyValues, input: CompanyInput): CompanyValues => {
  const values: CompanyValues = { ...base };
  for (const [field, column] of Object.entries(TEXT_COLUMNS)) {
    const value = input[field as keyof typeof TEXT_COLUMNS];
    if (value !== undefined) values[column] = textOrNull(value);
  }
  if (input.price_mb !== undefined) values.priceMb = priceMbOf(input.price_mb);
  if (input.parent_company_id !== undefined) values.parentCompanyId = input.parent_company_id;
  if (input.end_time !== undefined) values.endTime = fromEpoch(input.end_time);
  if (input.require_two_factor !== undefined) values.requireTwoFactor = input.require_two_factor;
  return values;
};

/** docs/rules.md, 'Exact money': the out-of-bundle price per MB is exact, with up to 6 decimals. */
const priceMbOf = (value: number | string | null): string => {
  if (value === null) return '0';
  const amount = parseAmount(value);
  if (amount === null || amount.startsWith('-')) throw new HttpError(400, "Veld 'Prijs per MB' is geen geldig bedrag.");
  return amount;
};

const REQUIRED = [
  ['name', 'name'],
  ['zipcode', 'zipcode'],
  ['address', 'address'],
  ['sap_number', 'sapNumber'],
  ['city', 'city'],
] as const;

/** docs/screens.md, 'Company form' (add company): name, zipcode, address, SAP number and city are required. */
export const requireCompanyFields = (values: CompanyValues): void => {
  const errors = REQUIRED.filter(([, column]) => !values[column]).map(([field]) => ({ field, message: MSG.companyAllRequired }));
  if (errors.length > 0) throw new HttpError(400, MSG.companyAllRequired, errors);
};

export interface Contact {
  firstname: string;
  lastname: string;
  email: string;
}

/**
 * The contact person to create with the company, or null when none is given. docs/screens.md, 'Company form'
 * (edit company): without a contact person first name, last name, SAP number and e-mail are
 * required; `required` says the company has none yet.
 */
export const contactOf = (input: CompanyInput, values: CompanyValues, required: boolean): Contact | null => {
  const firstname = textOrNull(input.contact_firstname);
  const lastname = textOrNull(input.contact_lastname);
  const email = textOrNull(input.contact_email);
  if (!required && !firstname && !lastname && !email) return null;
  const missing = [
    ['contact_firstname', firstname],
    ['contact_lastname', lastname],
    ['sap_number', values.sapNumber],
    ['contact_email', email],
  ].filter(([, value]) => !value);
  if (missing.length > 0) {
    throw new HttpError(
      400,
      MSG.companyContactRequired,
      missing.map(([field]) => ({ field: field!, message: MSG.companyContactRequired })),
    );
  }
  if (!isEmailAddress(email!)) throw new HttpError(400, MSG.emailInvalid, [{ field: 'contact_email', message: MSG.emailInvalid }]);
  return { firstname: firstname!, lastname: lastname!, email: email! };
};

/** Is the input only `{end_time}` (plus what a read answer carries back)? */
export const isOnlyEndTime = (input: CompanyInput): boolean => {
  const keys = Object.keys(input).filter((key) => key !== 'id' && key !== 'parent_company');
  return keys.length === 1 && keys[0] === 'end_time';
};

/** What an audit entry records of a change: the fields that differ, in API names. */
export const changedCompanyFields = (before: CompanyValues, after: CompanyValues): Record<string, unknown> => {
  const apiName: Record<keyof CompanyValues, string> = {
    ...Object.fromEntries(Object.entries(TEXT_COLUMNS).map(([field, column]) => [column, field])),
    priceMb: 'price_mb',
    parentCompanyId: 'parent_company_id',
    endTime: 'end_time',
    requireTwoFactor: 'require_two_factor',
  } as Record<keyof CompanyValues, string>;
  const plain = (values: CompanyValues, key: keyof CompanyValues) => {
    const value = values[key];
    if (value instanceof Date) return toEpoch(value);
    return key === 'priceMb' ? new Decimal(value as string).toFixed() : value;
  };
  return Object.fromEntries(
    (Object.keys(after) as (keyof CompanyValues)[])
      .filter((key) => plain(before, key) !== plain(after, key))
      .map((key) => [apiName[key], plain(after, key)]),
  );
};

import Decimal from 'decimal.js';
import type { FormikErrors } from 'formik';
import { MSG } from '../../../domain/messages';
import { businessDateOf, businessTimeToEpoch, isoDate, parseIsoDate } from '../../../domain/time';
import type { AdminCompany, CompanyInput } from './adminApi';

/** The company form as typed: text everywhere, '' for empty. */
export interface CompanyFormValues {
  name: string;
  aliases: string;
  customer_number: string;
  zipcode: string;
  address: string;
  city: string;
  sap_number: string;
  price_mb: string;
  input_label_1: string;
  input_label_2: string;
  input_label_3: string;
  input_label_4: string;
  article_groups: number[];
  /** '' for none. */
  parent_company_id: string;
  /** YYYY-MM-DD or ''. */
  end_date: string;
  contact_firstname: string;
  contact_lastname: string;
  contact_email: string;
}

export const FREE_FIELD_LABELS = ['input_label_1', 'input_label_2', 'input_label_3', 'input_label_4'] as const;

/** docs/screens.md, 'Company form': a new company sees article groups 1-6. */
export const DEFAULT_ARTICLE_GROUP_IDS = [1, 2, 3, 4, 5, 6];

export const emptyCompanyForm: CompanyFormValues = {
  name: '',
  aliases: '',
  customer_number: '',
  zipcode: '',
  address: '',
  city: '',
  sap_number: '',
  price_mb: '',
  input_label_1: '',
  input_label_2: '',
  input_label_3: '',
  input_label_4: '',
  article_groups: DEFAULT_ARTICLE_GROUP_IDS,
  parent_company_id: '',
  end_date: '',
  contact_firstname: '',
  contact_lastname: '',
  contact_email: '',
};

/** The server's amount pattern (up to 6 decimals, comma or dot). */
const AMOUNT = /^\s*\d{1,12}([.,]\d{1,6})?\s*$/;

export const PRICE_MB_INVALID = 'Vul een bedrag in euro in, bijvoorbeeld 0,0025.';

/** 12:00 business time of the date: the same calendar day in every time zone. */
export const noonOf = (date: string): number | null => {
  const day = parseIsoDate(date);
  return day ? businessTimeToEpoch(day.year, day.month, day.day, 12) : null;
};

export const dateInputOf = (epochSeconds: number | null): string => (epochSeconds === null ? '' : isoDate(businessDateOf(epochSeconds)));

/** The stored price in the user's notation, exactly: 0.0025 -> "0,0025". */
const priceText = (value: number | string) => new Decimal(value).toFixed().replace('.', ',');

export const companyFormValues = (company: AdminCompany): CompanyFormValues => ({
  name: company.name,
  aliases: company.aliases ?? '',
  customer_number: company.customer_number ?? '',
  zipcode: company.zipcode ?? '',
  address: company.address ?? '',
  city: company.city ?? '',
  sap_number: company.sap_number ?? '',
  price_mb: priceText(company.price_mb),
  input_label_1: company.input_label_1 ?? '',
  input_label_2: company.input_label_2 ?? '',
  input_label_3: company.input_label_3 ?? '',
  input_label_4: company.input_label_4 ?? '',
  article_groups: company.article_groups,
  parent_company_id: company.parent_company_id === null ? '' : String(company.parent_company_id),
  end_date: dateInputOf(company.end_time),
  contact_firstname: '',
  contact_lastname: '',
  contact_email: '',
});

const textOrNull = (value: string) => value.trim() || null;

/** The form as sent; contact fields only for a company without a contact person. */
export const companyInput = (values: CompanyFormValues, withContact: boolean): CompanyInput => ({
  name: values.name.trim(),
  aliases: textOrNull(values.aliases),
  customer_number: textOrNull(values.customer_number),
  zipcode: values.zipcode.trim(),
  address: values.address.trim(),
  city: values.city.trim(),
  sap_number: values.sap_number.trim(),
  price_mb: values.price_mb.trim() || '0',
  input_label_1: textOrNull(values.input_label_1),
  input_label_2: textOrNull(values.input_label_2),
  input_label_3: textOrNull(values.input_label_3),
  input_label_4: textOrNull(values.input_label_4),
  article_groups: values.article_groups,
  parent_company_id: values.parent_company_id ? Number(values.parent_company_id) : null,
  end_time: noonOf(values.end_date),
  ...(withContact
    ? {
        contact_firstname: values.contact_firstname.trim(),
        contact_lastname: values.contact_lastname.trim(),
        contact_email: values.contact_email.trim(),
      }
    : {}),
});

type Errors = FormikErrors<CompanyFormValues>;

const REQUIRED = ['name', 'zipcode', 'address', 'sap_number', 'city'] as const;
const CONTACT_REQUIRED = ['contact_firstname', 'contact_lastname', 'sap_number', 'contact_email'] as const;
const CONTACT_FIELDS = ['contact_firstname', 'contact_lastname', 'contact_email'] as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const markMissing = (errors: Errors, values: CompanyFormValues, fields: readonly (keyof CompanyFormValues)[], message: string) => {
  for (const field of fields) if (!String(values[field]).trim()) errors[field] ??= message;
};

/**
 * docs/screens.md, 'Company form'. Every company needs name, zipcode, address, SAP number and city ('Alle velden
 * zijn verplicht'). The contact person is created with the company: a company without one needs
 * all its fields; a new company may also be saved without any.
 */
export const validateCompanyForm = (values: CompanyFormValues, { contactRequired }: { contactRequired: boolean }): Errors => {
  const errors: Errors = {};
  const contactGiven = CONTACT_FIELDS.some((field) => values[field].trim());
  if (contactRequired || contactGiven) markMissing(errors, values, CONTACT_REQUIRED, MSG.companyContactRequired);
  markMissing(errors, values, REQUIRED, MSG.companyAllRequired);
  const email = values.contact_email.trim();
  if (email && !EMAIL_PATTERN.test(email)) errors.contact_email = MSG.emailInvalid;
  if (values.price_mb.trim() && !AMOUNT.test(values.price_mb)) errors.price_mb = PRICE_MB_INVALID;
  if (values.end_date && noonOf(values.end_date) === null) errors.end_date = 'Vul een geldige datum in.';
  return errors;
};

/** The messages above the form: each rule's message once, in the order of the rules. */
export const formMessages = (errors: Errors): string[] =>
  [MSG.companyAllRequired, MSG.companyContactRequired, MSG.emailInvalid].filter((message) =>
    Object.values(errors).includes(message),
  );

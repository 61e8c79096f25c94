/**
 * Blank text never becomes a number. Ajv's type coercion (the app's `coerceTypes`, which reads
 * the query string's texts as numbers) turns ' ', '\t' and '\u00a0' into 0 for a number field,
 * and '' into null for a nullable one: a whitespace `end_time` would end a company in 1970, a
 * price of ' ' would be 0. Before validation, every text of params, query and JSON body that is
 * blank and stands where the route's schema takes a number (an amount too, which also takes its
 * text) is named here, so the request answers 400.
 * The walk follows the schema, so it is as deep as the schema, whatever the request holds.
 */

interface Schema {
  type?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  items?: unknown;
}

/** Only white space, as JavaScript's Number() reads it (so also tab, NBSP, line ends). */
const BLANK = /^\s*$/;

const branchesOf = (schema: Schema): Schema[] => [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];

/** Whether the schema, or a branch of it, takes a value of one of these JSON types. */
const takes = (schema: Schema, types: string[]): boolean =>
  [schema.type].flat().some((type) => types.includes(type as string)) || branchesOf(schema).some((branch) => takes(branch, types));

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds to `found` the paths (Ajv's, dot-separated) of blank texts where `schema` takes a number. */
const collect = (schema: Schema, value: unknown, path: string, found: string[]): void => {
  // coerceTypes 'array' also reads a one-element list as its element.
  const single = Array.isArray(value) && value.length === 1 && !takes(schema, ['array']) ? value[0] : value;
  if (typeof single === 'string') {
    if (BLANK.test(single) && takes(schema, ['number', 'integer'])) found.push(path);
    return;
  }
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return;
  for (const branch of branchesOf(schema)) collect(branch, value, path, found);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  const { items } = schema;
  if (Array.isArray(value)) {
    if (isSchema(items)) value.forEach((item, i) => collect(items, item, at(String(i)), found));
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    const childSchema = schema.properties?.[key] ?? schema.additionalProperties;
    if (isSchema(childSchema)) collect(childSchema, child, at(key), found);
  }
};

/** The fields of a request part that hold blank text where its schema takes a number (each once). */
export const blankNumberFieldsOf = (schema: unknown, value: unknown): string[] => {
  if (!isSchema(schema)) return [];
  const found: string[] = [];
  collect(schema, value, '', found);
  return [...new Set(found)];
};

export const BLANK_NUMBER = 'moet een getal zijn, geen lege tekst';

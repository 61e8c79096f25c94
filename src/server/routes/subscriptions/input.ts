export const FREE_FIELDS = ['input_field_1', 'input_field_2', 'input_field_3', 'input_field_4'] as const;
export const SPIE_FIELDS = ['spie_field_1', 'spie_field_2', 'spie_field_3'] as const;

/** Empty strings are stored as null (docs/api.md, 'Paths and parameters'). */
export const emptyToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

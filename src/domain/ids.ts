/** The largest row id: ids are PostgreSQL integers. */
export const MAX_ID = 2_147_483_647;

/**
 * A row id from an address segment, a query parameter or a stored value: a whole number from 1
 * to MAX_ID, written as digits without a sign, spaces or leading zeros (or given as that number);
 * null for anything else, so `/mijn-diensten/0/x`, `1e3`, `12abc` and `99999999999` name nothing.
 */
export const parseId = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
};

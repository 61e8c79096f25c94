/**
 * A Dutch postcode (docs/requests.md, 'Kinds': a new SIM's delivery address): four digits, the
 * first not 0, and two letters, written with or without a space and in either case. Its stored
 * form is '1234 AB'; null when the value is not a postcode. The letter pairs SA, SD and SS are
 * not used in Dutch postcodes.
 */
export const canonicalPostcode = (value: string): string | null => {
  const match = /^\s*([1-9][0-9]{3})\s?([A-Za-z]{2})\s*$/.exec(value);
  if (!match) return null;
  const letters = match[2].toUpperCase();
  if (letters === 'SA' || letters === 'SD' || letters === 'SS') return null;
  return `${match[1]} ${letters}`;
};

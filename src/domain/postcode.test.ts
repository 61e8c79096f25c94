import { canonicalPostcode } from './postcode';

describe('canonicalPostcode', () => {
  it.each([
    ['1234 AB', '1234 AB'],
    ['1234ab', '1234 AB'],
    [' 3011 ab ', '3011 AB'],
  ])('reads %p as %p', (input, expected) => {
    expect(canonicalPostcode(input)).toBe(expected);
  });

  it.each(['0123 AB', '123 AB', '12345 AB', '1234 A', '1234  AB', '1234 SS', 'AB 1234', ''])('refuses %p', (input) => {
    expect(canonicalPostcode(input)).toBeNull();
  });
});

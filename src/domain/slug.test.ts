import { endUserSlug, toSlug } from './slug';

describe('slugs', () => {
  it('lowercases, turns spaces into dashes and URL-encodes', () => {
    expect(toSlug('Mobiele telefonie')).toBe('mobiele-telefonie');
    expect(toSlug('Glasvezel 1 Gbit/s')).toBe('glasvezel-1-gbit%2Fs');
    expect(toSlug('Zoë de Groot')).toBe('zo%C3%AB-de-groot');
  });

  it('names a service without end user', () => {
    expect(endUserSlug(null)).toBe('geen-gebruiker');
    expect(endUserSlug({ firstname: 'Jan', lastname: 'de Jong' })).toBe('jan-de-jong');
  });
});

import { paths } from './paths';

describe('paths', () => {
  const group = { id: 1, name: 'Mobiele telefonie' };
  const article = { id: 12, name: 'Zakelijk Onbeperkt 10GB' };

  it('builds the services routes with slugs', () => {
    expect(paths.articleGroup(group)).toBe('/mijn-diensten/1/mobiele-telefonie');
    expect(paths.article(group, article)).toBe('/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-10gb');
  });

  it('builds end user and search routes', () => {
    expect(paths.endUser({ id: 3, firstname: 'Jan', lastname: 'de Jong' })).toBe('/mijn-bedrijf/end-users/3/jan-de-jong');
    expect(paths.search('06 12/34')).toBe('/zoek/06%2012%2F34');
  });

  it('builds the usage report of a whole month, leap day included', () => {
    expect(paths.usageOfMonth({ year: 2024, month: 2 })).toBe('/verbruik?from=2024-02-01&to=2024-02-29');
    expect(paths.usage()).toBe('/verbruik');
  });
});

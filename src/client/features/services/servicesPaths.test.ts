import { servicesPaths } from './servicesPaths';

describe('servicesPaths', () => {
  const group = { id: 1, name: 'Mobiele telefonie' };
  const article = { id: 12, name: 'Zakelijk Onbeperkt 10GB' };

  it('builds the services routes with slugs', () => {
    expect(servicesPaths.bulkServices(group, article)).toBe('/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-10gb/bulkafnames');
    expect(servicesPaths.editService(group, article, { id: 7, end_user: null })).toBe(
      '/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-10gb/7/geen-gebruiker/edit',
    );
  });
});

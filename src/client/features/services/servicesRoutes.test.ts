import { isServicesFormAddress } from './servicesRoutes';

describe('the services forms chunk', () => {
  const article = '/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-10gb';

  it.each([
    '/mijn-diensten/1/mobiele-telefonie/toevoegen',
    `${article}/bewerken`,
    `${article}/toevoegen`,
    `${article}/bulkafnames`,
    `${article}/7/jan-jansen/edit`,
  ])('is part of a full load of the form at %s', (pathname) => {
    expect(isServicesFormAddress(pathname)).toBe(true);
  });

  it.each(['/mijn-diensten/1/mobiele-telefonie', article, `${article}/7/jan-jansen`, '/mijn-bedrijf/end-users/7/jan-jansen/bewerken', '/dashboard'])(
    'is not part of a full load of %s',
    (pathname) => {
      expect(isServicesFormAddress(pathname)).toBe(false);
    },
  );
});

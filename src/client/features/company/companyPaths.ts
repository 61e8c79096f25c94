import { paths } from '../../base/paths';

/** The screens below /mijn-bedrijf that only this feature links to (spec section 2). */
export const companyPaths = {
  overview: paths.company,
  addContactPerson: () => `${paths.company()}/user-aanmaken`,
  editContactPerson: (userId: number) => `${paths.company()}/${userId}/user-wijzigen`,
  addBranch: () => `${paths.company()}/vestiging-toevoegen`,
};

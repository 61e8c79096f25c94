import { paths } from '../../base/paths';

/** The screens below /mijn-bedrijf that only this feature links to (docs/screens.md, 'Mijn bedrijf'). */
export const companyPaths = {
  overview: paths.company,
  addContactPerson: () => `${paths.company()}/user-aanmaken`,
  editContactPerson: (userId: number) => `${paths.company()}/${userId}/user-wijzigen`,
  addBranch: () => `${paths.company()}/vestiging-toevoegen`,
};

import { paths } from '../../base/paths';

/**
 * The addresses below /mijn-bedrijf (docs/screens.md, 'Mijn bedrijf'): the route patterns, relative
 * to it, and the links only this feature makes. The links to the overview and to an end user are in
 * base/paths.ts (paths.company, paths.endUser), as the menu and the search link to them as well.
 */
export const COMPANY = 'mijn-bedrijf';
export const ADD_CONTACT_PERSON = 'user-aanmaken';
export const EDIT_CONTACT_PERSON = ':userId/user-wijzigen';
export const ADD_BRANCH = 'vestiging-toevoegen';
export const END_USER = 'end-users/:id/:endUserUrlName';
export const EDIT_END_USER = `${END_USER}/bewerken`;

type EndUser = Parameters<typeof paths.endUser>[0];

export const companyPaths = {
  overview: paths.company,
  addContactPerson: () => `${paths.company()}/${ADD_CONTACT_PERSON}`,
  editContactPerson: (userId: number) => `${paths.company()}/${userId}/user-wijzigen`,
  addBranch: () => `${paths.company()}/${ADD_BRANCH}`,
  editEndUser: (endUser: EndUser) => `${paths.endUser(endUser)}/bewerken`,
};

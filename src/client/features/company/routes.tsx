import { Navigate, type RouteObject } from 'react-router-dom';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';
import { companyPaths } from './companyPaths';

const loadCompany = () => import(/* webpackChunkName: "company-screen" */ './companyPages');
const CompanyOverviewScreen = screen(loadCompany, 'CompanyOverviewScreen');
const AddContactPersonScreen = screen(loadCompany, 'AddContactPersonScreen');
const EditContactPersonScreen = screen(loadCompany, 'EditContactPersonScreen');
const AddBranchScreen = screen(loadCompany, 'AddBranchScreen');
const EndUserScreen = screen(loadCompany, 'EndUserScreen');
const EditEndUserScreen = screen(loadCompany, 'EditEndUserScreen');

/** Everything below /mijn-bedrijf: the own company, its branches, contact persons and end users. */
export const companyRoute: RouteObject = {
  path: 'mijn-bedrijf',
  children: [
    screenIndexRoute(CompanyOverviewScreen),
    screenRoute('user-aanmaken', AddContactPersonScreen),
    screenRoute(':userId/user-wijzigen', EditContactPersonScreen),
    screenRoute('vestiging-toevoegen', AddBranchScreen),
    screenRoute('end-users/:id/:endUserUrlName', EndUserScreen),
    screenRoute('end-users/:id/:endUserUrlName/bewerken', EditEndUserScreen),
    // An address below /mijn-bedrijf that does not exist lands on the overview.
    { path: '*', element: <Navigate to={companyPaths.overview()} replace /> },
  ],
};

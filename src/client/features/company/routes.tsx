import { Navigate, type RouteObject } from 'react-router-dom';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';
import { ADD_BRANCH, ADD_CONTACT_PERSON, COMPANY, companyPaths, EDIT_CONTACT_PERSON, EDIT_END_USER, END_USER } from './companyPaths';

const loadCompany = () => import(/* webpackChunkName: "company-screen" */ './companyPages');
const CompanyOverviewScreen = screen(loadCompany, 'CompanyOverviewScreen');
const AddContactPersonScreen = screen(loadCompany, 'AddContactPersonScreen');
const EditContactPersonScreen = screen(loadCompany, 'EditContactPersonScreen');
const AddBranchScreen = screen(loadCompany, 'AddBranchScreen');
const EndUserScreen = screen(loadCompany, 'EndUserScreen');
const EditEndUserScreen = screen(loadCompany, 'EditEndUserScreen');

/** Everything below /mijn-bedrijf: the own company, its branches, contact persons and end users. */
export const companyRoute: RouteObject = {
  path: COMPANY,
  children: [
    screenIndexRoute(CompanyOverviewScreen),
    screenRoute(ADD_CONTACT_PERSON, AddContactPersonScreen),
    screenRoute(EDIT_CONTACT_PERSON, EditContactPersonScreen),
    screenRoute(ADD_BRANCH, AddBranchScreen),
    screenRoute(END_USER, EndUserScreen),
    screenRoute(EDIT_END_USER, EditEndUserScreen),
    // An address below /mijn-bedrijf that does not exist lands on the overview.
    { path: '*', element: <Navigate to={companyPaths.overview()} replace /> },
  ],
};

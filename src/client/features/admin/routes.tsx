import { Navigate, type RouteObject } from 'react-router-dom';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';
import { adminPaths } from './adminPaths';

const loadAdmin = () => import(/* webpackChunkName: "admin-screen" */ './adminPages');
const AdminScreen = screen(loadAdmin, 'AdminScreen');
const AdminOverviewScreen = screen(loadAdmin, 'AdminOverviewScreen');
const AddCompanyScreen = screen(loadAdmin, 'AddCompanyScreen');
const EditCompanyScreen = screen(loadAdmin, 'EditCompanyScreen');
const AddParentCompanyScreen = screen(loadAdmin, 'AddParentCompanyScreen');
const EditParentCompanyScreen = screen(loadAdmin, 'EditParentCompanyScreen');
const AddArticleGroupScreen = screen(loadAdmin, 'AddArticleGroupScreen');
const EditArticleGroupScreen = screen(loadAdmin, 'EditArticleGroupScreen');

/** Everything below /mer-admin, the provider's administration: AdminScreen lets only CREATE_COMPANY in. */
export const adminRoute: RouteObject = {
  ...screenRoute('mer-admin', AdminScreen),
  children: [
    screenIndexRoute(AdminOverviewScreen),
    screenRoute('bedrijf-toevoegen', AddCompanyScreen),
    screenRoute(':companyId/bedrijf-wijzigen', EditCompanyScreen),
    screenRoute('hoofdbedrijf-toevoegen', AddParentCompanyScreen),
    screenRoute('hoofdbedrijven/:parentCompanyId/hoofdbedrijf-wijzigen', EditParentCompanyScreen),
    screenRoute('artikel-categorie-toevoegen', AddArticleGroupScreen),
    screenRoute('artikel-categorien/:articleGroupId/categorie-wijzigen', EditArticleGroupScreen),
    // An address below /mer-admin that does not exist lands on the overview.
    { path: '*', element: <Navigate to={adminPaths.overview()} replace /> },
  ],
};

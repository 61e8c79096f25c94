import { Navigate, type RouteObject } from 'react-router-dom';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';
import {
  ADD_ARTICLE_GROUP,
  ADD_COMPANY,
  ADD_PARENT_COMPANY,
  ADMIN,
  adminPaths,
  EDIT_ARTICLE_GROUP,
  EDIT_COMPANY,
  EDIT_PARENT_COMPANY,
} from './adminPaths';

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
  ...screenRoute(ADMIN, AdminScreen),
  children: [
    screenIndexRoute(AdminOverviewScreen),
    screenRoute(ADD_COMPANY, AddCompanyScreen),
    screenRoute(EDIT_COMPANY, EditCompanyScreen),
    screenRoute(ADD_PARENT_COMPANY, AddParentCompanyScreen),
    screenRoute(EDIT_PARENT_COMPANY, EditParentCompanyScreen),
    screenRoute(ADD_ARTICLE_GROUP, AddArticleGroupScreen),
    screenRoute(EDIT_ARTICLE_GROUP, EditArticleGroupScreen),
    // An address below /mer-admin that does not exist lands on the overview.
    { path: '*', element: <Navigate to={adminPaths.overview()} replace /> },
  ],
};

import { screen, screenRoute } from '../../base/lazyScreen';

const CompanyScreen = screen(() => import(/* webpackChunkName: "company-screen" */ './CompanyScreen'), 'CompanyScreen');

/** Spec section 2: the own company, its branches, contact persons and end users (CompanyScreen routes below it). */
export const companyRoute = screenRoute('mijn-bedrijf/*', CompanyScreen);

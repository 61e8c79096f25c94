// The screens below /mer-admin, loaded as one chunk (routes.tsx).
export { AddArticleGroupScreen } from './AddArticleGroupScreen';
export { AddCompanyScreen } from './AddCompanyScreen';
export { AddParentCompanyScreen } from './AddParentCompanyScreen';
export { AdminOverviewScreen } from './AdminOverviewScreen';
export { AdminScreen } from './AdminScreen';
export { EditArticleGroupScreen } from './EditArticleGroupScreen';
export { EditCompanyScreen } from './EditCompanyScreen';
export { EditParentCompanyScreen } from './EditParentCompanyScreen';

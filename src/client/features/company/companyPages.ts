// The screens below /mijn-bedrijf, loaded as one chunk (routes.tsx).
export { AddBranchScreen } from './AddBranchScreen';
export { AddContactPersonScreen } from './AddContactPersonScreen';
export { CompanyOverviewScreen } from './CompanyOverviewScreen';
export { EditContactPersonScreen } from './EditContactPersonScreen';
export { EditEndUserScreen } from './endUsers/EditEndUserScreen';
export { EndUserScreen } from './endUsers/EndUserScreen';

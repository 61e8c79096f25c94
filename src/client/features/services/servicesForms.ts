// The form screens below /mijn-diensten, loaded as one chunk (routes.tsx).
export { AddArticleScreen } from './AddArticleScreen';
export { AddServiceScreen } from './AddServiceScreen';
export { BulkServicesScreen } from './BulkServicesScreen';
export { EditArticleScreen } from './EditArticleScreen';
export { EditServiceScreen } from './EditServiceScreen';
export { PukDialog, RequestDialog } from './RequestDialogs';

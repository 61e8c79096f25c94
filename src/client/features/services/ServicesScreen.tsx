import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AddArticleScreen } from './AddArticleScreen';
import { AddServiceScreen } from './AddServiceScreen';
import { ArticleGroupScreen } from './ArticleGroupScreen';
import { ArticleScreen } from './ArticleScreen';
import { BulkServicesScreen } from './BulkServicesScreen';
import { EditArticleScreen } from './EditArticleScreen';
import { EditServiceScreen } from './EditServiceScreen';
import { ScreenState } from './ScreenState';
import { ServiceScreen } from './ServiceScreen';
import { ARTICLE, GROUP, SERVICE } from './servicesRoutes';

/** Everything below /mijn-diensten (spec section 2, Services). */
export function ServicesScreen() {
  // A new address is a new screen: forms and scroll positions start afresh.
  const { pathname } = useLocation();
  return (
    <Routes key={pathname}>
      {/* The groups are listed on the dashboard and in the menu. */}
      <Route index element={<Navigate to="/dashboard" replace />} />
      <Route path={GROUP} element={<ArticleGroupScreen />} />
      <Route path={`${GROUP}/toevoegen`} element={<AddArticleScreen />} />
      <Route path={ARTICLE} element={<ArticleScreen />} />
      <Route path={`${ARTICLE}/bewerken`} element={<EditArticleScreen />} />
      <Route path={`${ARTICLE}/toevoegen`} element={<AddServiceScreen />} />
      <Route path={`${ARTICLE}/bulkafnames`} element={<BulkServicesScreen />} />
      <Route path={SERVICE} element={<ServiceScreen />} />
      <Route path={`${SERVICE}/edit`} element={<EditServiceScreen />} />
      <Route path="*" element={<ScreenState notFound message="Deze pagina bestaat niet." />} />
    </Routes>
  );
}

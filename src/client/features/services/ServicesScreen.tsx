import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ArticleGroupScreen } from './ArticleGroupScreen';
import { ArticleScreen } from './ArticleScreen';
import { ScreenState } from './ScreenState';
import { whenIdle } from '../../base/whenIdle';
import { ServiceScreen } from './ServiceScreen';
import {
  AddArticleScreen,
  AddServiceScreen,
  ARTICLE,
  BulkServicesScreen,
  EditArticleScreen,
  EditServiceScreen,
  GROUP,
  preloadServicesForms,
  SERVICE,
} from './servicesRoutes';

/** Once the browser is idle after the services screen's first render, its forms' chunk is fetched. */
const useFormsWhenIdle = () => useEffect(() => whenIdle(() => void preloadServicesForms().catch(() => undefined)), []);

/** Everything below /mijn-diensten (spec section 2, Services). */
export function ServicesScreen() {
  // A new address is a new screen: forms and scroll positions start afresh.
  const { pathname } = useLocation();
  useFormsWhenIdle();
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

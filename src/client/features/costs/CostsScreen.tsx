import { Route, Routes, useLocation } from 'react-router-dom';
import { CostsArticleScreen } from './CostsArticleScreen';
import { CostsDetailScreen } from './CostsDetailScreen';
import { CostsNotFound } from './CostsParts';
import { CostsOverviewScreen } from './CostsOverviewScreen';
import { GroupCostsScreen } from './GroupCostsScreen';

/** Everything below /kosten (spec section 2, Costs). */
export function CostsScreen() {
  // A new address is a new screen: scroll positions and charts start afresh.
  const { pathname } = useLocation();
  return (
    <Routes key={pathname}>
      <Route index element={<CostsOverviewScreen />} />
      <Route path="groep" element={<GroupCostsScreen />} />
      <Route path=":costsType" element={<CostsDetailScreen />} />
      <Route path=":costsType/:articleId" element={<CostsArticleScreen />} />
      <Route path="*" element={<CostsNotFound message="Deze pagina bestaat niet." />} />
    </Routes>
  );
}

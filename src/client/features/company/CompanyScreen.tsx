import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ScreenTitle } from '../../components/ScreenTitle';
import { EditEndUserScreen } from './endUsers/EditEndUserScreen';
import { EndUserScreen } from './endUsers/EndUserScreen';

function CompanyOverview() {
  return <ScreenTitle>Mijn bedrijf</ScreenTitle>;
}

/** Everything below /mijn-bedrijf (spec section 2, My company). */
export function CompanyScreen() {
  return (
    <Routes>
      <Route index element={<CompanyOverview />} />
      <Route path="end-users/:id/:endUserUrlName" element={<EndUserScreen />} />
      <Route path="end-users/:id/:endUserUrlName/bewerken" element={<EditEndUserScreen />} />
      {/* An address below /mijn-bedrijf that does not exist lands on the overview. */}
      <Route path="*" element={<Navigate to={paths.company()} replace />} />
    </Routes>
  );
}

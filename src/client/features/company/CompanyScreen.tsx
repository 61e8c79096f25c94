import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../base/paths';
import { AddBranchScreen } from './AddBranchScreen';
import { AddContactPersonScreen } from './AddContactPersonScreen';
import { CompanyOverviewScreen } from './CompanyOverviewScreen';
import { EditContactPersonScreen } from './EditContactPersonScreen';
import { EditEndUserScreen } from './endUsers/EditEndUserScreen';
import { EndUserScreen } from './endUsers/EndUserScreen';

/** Everything below /mijn-bedrijf (spec section 2, My company). */
export function CompanyScreen() {
  return (
    <Routes>
      <Route index element={<CompanyOverviewScreen />} />
      <Route path="user-aanmaken" element={<AddContactPersonScreen />} />
      <Route path=":userId/user-wijzigen" element={<EditContactPersonScreen />} />
      <Route path="vestiging-toevoegen" element={<AddBranchScreen />} />
      <Route path="end-users/:id/:endUserUrlName" element={<EndUserScreen />} />
      <Route path="end-users/:id/:endUserUrlName/bewerken" element={<EditEndUserScreen />} />
      {/* An address below /mijn-bedrijf that does not exist lands on the overview. */}
      <Route path="*" element={<Navigate to={paths.company()} replace />} />
    </Routes>
  );
}

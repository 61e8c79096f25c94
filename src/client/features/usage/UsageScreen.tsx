import { Route, Routes } from 'react-router-dom';
import { ReportDetailScreen } from './ReportDetailScreen';
import { ReportScreen } from './ReportScreen';
import { UsageNotFound } from './UsageNotFound';

/** Everything below /verbruik (spec section 2, Usage). */
export function UsageScreen() {
  return (
    <Routes>
      <Route index element={<ReportScreen />} />
      <Route path=":userId/:userName/:userPhoneNumber" element={<ReportDetailScreen />} />
      <Route path="*" element={<UsageNotFound />} />
    </Routes>
  );
}

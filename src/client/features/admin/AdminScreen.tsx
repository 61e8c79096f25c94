import { ScreenTitle } from '../../components/ScreenTitle';

export function AdminScreen() {
  return <ScreenTitle>Admin</ScreenTitle>;
}

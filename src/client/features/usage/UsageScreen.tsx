import { ScreenTitle } from '../../components/ScreenTitle';

export function UsageScreen() {
  return <ScreenTitle>Verbruik</ScreenTitle>;
}

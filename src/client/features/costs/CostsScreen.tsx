import { ScreenTitle } from '../../components/ScreenTitle';

export function CostsScreen() {
  return <ScreenTitle>Kosten</ScreenTitle>;
}

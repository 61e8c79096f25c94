import { ScreenTitle } from '../../components/ScreenTitle';

export function ServicesScreen() {
  return <ScreenTitle>Mijn diensten</ScreenTitle>;
}

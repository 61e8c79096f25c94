import { ScreenTitle } from '../../components/ScreenTitle';

export function CompanyScreen() {
  return <ScreenTitle>Mijn bedrijf</ScreenTitle>;
}

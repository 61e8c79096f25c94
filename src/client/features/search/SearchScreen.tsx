import { ScreenTitle } from '../../components/ScreenTitle';

export function SearchScreen() {
  return <ScreenTitle>Zoeken</ScreenTitle>;
}

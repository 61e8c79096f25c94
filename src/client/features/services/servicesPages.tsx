// The services pages, loaded as one chunk (routes.tsx).
import { ScreenState } from './ScreenState';

export { ArticleGroupScreen } from './ArticleGroupScreen';
export { ArticleScreen } from './ArticleScreen';
export { ServiceScreen } from './ServiceScreen';

/** Any other address below /mijn-diensten. */
export function ServicesNotFound() {
  return <ScreenState notFound message="Deze pagina bestaat niet." />;
}

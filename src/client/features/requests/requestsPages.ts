// The requests screens, loaded as one chunk (routes.tsx).
export { RequestScreen } from './RequestScreen';
export { RequestsScreen } from './RequestsScreen';

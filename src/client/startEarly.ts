import { refreshEarly } from './api/sessionRequests';
import { markTimeline } from './app/timeline';

markTimeline('start');

// The entry's first import (index.tsx): the session refresh (on an article address the article's
// first call right after it) and, on a services address, the chunks of the layout and the services
// screen (as preloadChunksFor in app/routes.tsx asks them again, getting the same downloads) travel
// while the rest of the entry is being evaluated.
refreshEarly(window.location);
if (window.location.pathname.startsWith('/mijn-diensten/')) {
  // A failure is left to preloadChunksFor and the routes, which ask again.
  import(/* webpackChunkName: "layout" */ './features/layout/Layout').catch(() => undefined);
  import(/* webpackChunkName: "services-screen" */ './features/services/ServicesScreen').catch(() => undefined);
}

import { refreshEarly } from './base/sessionRequests';
import { markTimeline } from './base/timeline';
import { isServicesFormAddress } from './features/services/formAddress';

markTimeline('start');

// The portal's first entry (`boot`, a few kB that run before the vendor files are evaluated): on a
// services address the chunks of the layout and the services screen (and of its forms on a form's
// address) are asked first, as preloadChunksFor in app/routes.tsx asks them again, getting the same
// downloads; then the session refresh, which asks the server to answer the address's early calls
// with its new token (sessionRequests.ts). They all travel while React, MUI and the store are being
// evaluated. The build writes this entry into index.html (InlineScriptsPlugin in webpack.config.ts).
const { pathname } = window.location;
if (pathname.startsWith('/mijn-diensten/')) {
  // A failure is left to preloadChunksFor and the routes, which ask again.
  import(/* webpackChunkName: "layout" */ './features/layout/Layout').catch(() => undefined);
  import(/* webpackChunkName: "services-screen" */ './features/services/ServicesScreen').catch(() => undefined);
  if (isServicesFormAddress(pathname)) {
    import(/* webpackChunkName: "services-forms" */ './features/services/servicesForms').catch(() => undefined);
  }
}
refreshEarly(window.location);

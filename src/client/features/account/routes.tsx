import { screen, screenRoute } from '../../base/lazyScreen';
import { type Prefetch, prefetchQuery } from '../../base/routeNeeds';
import { accountApi } from './accountApi';
import { ACCOUNT, CANCEL_EMAIL_CHANGE, CONFIRM_EMAIL } from './accountPaths';

const MyAccountScreen = screen(() => import(/* webpackChunkName: "my-account-screen" */ './MyAccountScreen'), 'MyAccountScreen');
const ConfirmEmailScreen = screen(() => import(/* webpackChunkName: "confirm-email-screen" */ './ConfirmEmailScreen'), 'ConfirmEmailScreen');
const CancelEmailChangeScreen = screen(
  () => import(/* webpackChunkName: "cancel-email-change-screen" */ './CancelEmailChangeScreen'),
  'CancelEmailChangeScreen',
);

/** The account and its sessions, asked together so the screen shows whole at once. */
const prefetchAccount: Prefetch = () => (dispatch) =>
  Promise.all([
    dispatch(prefetchQuery(accountApi.endpoints.getAccount, undefined)),
    dispatch(prefetchQuery(accountApi.endpoints.getAccountSessions, undefined)),
  ]);

/** 'Mijn account', from the user menu in the header. */
export const accountRoute = screenRoute(ACCOUNT, MyAccountScreen, prefetchAccount);

/** The link of an e-mail change: public, like the reset screen, as it may open in another browser. */
export const confirmEmailRoute = screenRoute(CONFIRM_EMAIL, ConfirmEmailScreen);

/** The link in the notice to the old address, cancelling an e-mail change: public too. */
export const cancelEmailChangeRoute = screenRoute(CANCEL_EMAIL_CHANGE, CancelEmailChangeScreen);

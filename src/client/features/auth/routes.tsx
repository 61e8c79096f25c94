import { screen, screenRoute } from '../../base/lazyScreen';
import { FORGOT_PASSWORD, LOGIN, RESET_PASSWORD } from './authPaths';

const LoginScreen = screen(() => import(/* webpackChunkName: "login-screen" */ './LoginScreen'), 'LoginScreen');
const ForgotPasswordScreen = screen(
  () => import(/* webpackChunkName: "forgot-password-screen" */ './ForgotPasswordScreen'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = screen(() => import(/* webpackChunkName: "reset-password-screen" */ './ResetPasswordScreen'), 'ResetPasswordScreen');

/** docs/screens.md, 'Addresses': the screens before a session. */
export const authRoutes = [
  screenRoute(LOGIN, LoginScreen),
  screenRoute(FORGOT_PASSWORD, ForgotPasswordScreen),
  screenRoute(RESET_PASSWORD, ResetPasswordScreen),
];

import { screen, screenRoute } from '../../base/lazyScreen';

const LoginScreen = screen(() => import(/* webpackChunkName: "login-screen" */ './LoginScreen'), 'LoginScreen');
const ForgotPasswordScreen = screen(
  () => import(/* webpackChunkName: "forgot-password-screen" */ './ForgotPasswordScreen'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = screen(() => import(/* webpackChunkName: "reset-password-screen" */ './ResetPasswordScreen'), 'ResetPasswordScreen');

/** docs/screens.md, 'Addresses': the screens before a session. */
export const authRoutes = [
  screenRoute('login', LoginScreen),
  screenRoute('forgot-password', ForgotPasswordScreen),
  screenRoute('reset', ResetPasswordScreen),
];

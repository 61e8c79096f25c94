import { TWO_FACTOR_STATUS } from '../../api/currentUserApi';
import { api } from '../../api/api';
import { declareToasts, inServerWords, success } from '../../base/errorToasts';

/** POST /account/two-factor/setup: a new secret, not on until a code of it is entered. */
export interface TwoFactorSetup {
  otpauth_uri: string;
  /** Base32, for typing it into an app. */
  secret: string;
  /** The QR code of otpauth_uri, an SVG data URL. */
  qr_code: string;
}

export interface RecoveryCodes {
  recovery_codes: string[];
  /** A setup-only session has become a full one: its new access token. */
  token?: string;
}

const STATUS = TWO_FACTOR_STATUS;

/** 'Tweestapsverificatie' on Mijn account: every change refetches the status (api/currentUserApi's getTwoFactor). */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    startTwoFactorSetup: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: 'account/two-factor/setup', method: 'POST' }),
    }),
    enableTwoFactor: build.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ url: 'account/two-factor/enable', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [STATUS, 'AuditLog']),
    }),
    disableTwoFactor: build.mutation<void, { password: string; code: string }>({
      query: (body) => ({ url: 'account/two-factor/disable', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [STATUS, 'AuditLog']),
    }),
    renewRecoveryCodes: build.mutation<RecoveryCodes, { password: string; code: string }>({
      query: (body) => ({ url: 'account/two-factor/recovery-codes', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [STATUS, 'AuditLog']),
    }),
  }),
});

export const {
  useStartTwoFactorSetupMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRenewRecoveryCodesMutation,
} = twoFactorApi;

// The status's failure shows in the section itself.
declareToasts(twoFactorApi.endpoints, {
  startTwoFactorSetup: { failed: inServerWords },
  // A wrong code or password shows next to its field.
  enableTwoFactor: { succeeded: () => success('Tweestapsverificatie staat aan.'), failed: 'shownByScreen' },
  disableTwoFactor: { succeeded: () => success('Tweestapsverificatie staat uit.'), failed: 'shownByScreen' },
  renewRecoveryCodes: { succeeded: () => success('Nieuwe herstelcodes gemaakt.'), failed: 'shownByScreen' },
});

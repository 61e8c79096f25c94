import type { RecoveryCodesAnswer, TwoFactorSetupAnswer } from '../../../server/routes/account/schemas';
import { TWO_FACTOR_STATUS } from '../../api/currentUserApi';
import { api } from '../../api/api';
import { declareToasts, inServerWords, success } from '../../base/callToasts';

/** POST /account/two-factor/setup: a new secret, not on until a code of it is entered. */
export type TwoFactorSetup = TwoFactorSetupAnswer;

/** New recovery codes; a setup-only session that has become a full one gets its new access token too. */
export type RecoveryCodes = RecoveryCodesAnswer;

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

import { legacy_configureStore as configureMockStore } from 'redux-mock-store';
import type { UnknownAction } from '@reduxjs/toolkit';
import { MSG } from '../../domain/messages';
import { errorToasts } from './errorToasts';
import { startImpersonation } from './session';
import { toastQueued } from './toastsSlice';

// redux-mock-store's types still describe Redux 4 middleware; the runtime contract is the same.
type MockStoreMiddleware = NonNullable<Parameters<typeof configureMockStore>[0]>[number];
const mockStore = configureMockStore([errorToasts as unknown as MockStoreMiddleware]);

/** An RTK Query answer as the api's thunks dispatch it. */
const settled = (
  kind: 'Query' | 'Mutation',
  endpointName: string,
  outcome: { rejectedWith: unknown } | { fulfilledWith: unknown },
  originalArgs: unknown = undefined,
): UnknownAction => {
  const arg = { type: kind.toLowerCase(), endpointName, originalArgs };
  return 'rejectedWith' in outcome
    ? {
        type: `api/execute${kind}/rejected`,
        payload: outcome.rejectedWith,
        error: { message: 'Rejected' },
        meta: { arg, requestId: 'r1', requestStatus: 'rejected', rejectedWithValue: true, aborted: false, condition: false },
      }
    : {
        type: `api/execute${kind}/fulfilled`,
        payload: outcome.fulfilledWith,
        meta: { arg, requestId: 'r1', requestStatus: 'fulfilled', fulfilledTimeStamp: 1, baseQueryMeta: {} },
      };
};

const toastsAfter = (action: UnknownAction) => {
  const store = mockStore({});
  store.dispatch(action);
  return store.getActions().filter(toastQueued.match).map(({ payload }) => {
    const { id: _id, ...toast } = payload;
    return toast;
  });
};

describe('error toasts', () => {
  it('keeps an expired reset link on screen until closed', () => {
    const action = settled('Mutation', 'resetPassword', { rejectedWith: { status: 401, data: { message: 'Token timed out' } } });
    expect(toastsAfter(action)).toEqual([{ message: MSG.resetTimedOut, variant: 'error', autoHideDuration: null }]);
  });

  it('names an invalid reset token, and shows other reset errors with the server message', () => {
    const invalid = settled('Mutation', 'resetPassword', { rejectedWith: { status: 401, data: { message: 'Invalid token' } } });
    expect(toastsAfter(invalid)).toEqual([{ message: MSG.resetInvalidToken, variant: 'error', autoHideDuration: null }]);

    const short = settled('Mutation', 'resetPassword', { rejectedWith: { status: 400, data: { message: 'Te kort.' } } });
    expect(toastsAfter(short)).toEqual([{ message: 'Er ging iets mis: Te kort.', variant: 'error', autoHideDuration: null }]);
  });

  it('confirms a reset request with the address, and reports its failure', () => {
    const sent = settled('Mutation', 'requestPasswordReset', { fulfilledWith: { message: 'ok' } }, { email: 'a@b.nl' });
    expect(toastsAfter(sent)).toEqual([{ message: 'Een email is verzonden naar a@b.nl.', variant: 'success', autoHideDuration: 5000 }]);

    const failed = settled('Mutation', 'requestPasswordReset', { rejectedWith: { status: 400, data: { message: 'x' } } });
    expect(toastsAfter(failed)).toEqual([{ message: MSG.forgotFailure, variant: 'error', autoHideDuration: 5000 }]);
  });

  it('reports a failed initial load for 5 seconds, but not a 401 (the session has ended)', () => {
    const failed = settled('Query', 'getPolicies', { rejectedWith: { status: 500, data: { message: 'boom' } } });
    expect(toastsAfter(failed)).toEqual([{ message: MSG.initialLoadFailed, variant: 'error', autoHideDuration: 5000 }]);

    const offline = settled('Query', 'getVisibleArticleGroups', { rejectedWith: { status: 'FETCH_ERROR', error: 'offline' } });
    expect(toastsAfter(offline)).toHaveLength(1);

    const expired = settled('Query', 'getUser', { rejectedWith: { status: 401, data: { message: 'Niet ingelogd.' } } });
    expect(toastsAfter(expired)).toEqual([]);
  });

  it('only logs other failed calls, and leaves a failed login to the form', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = settled('Query', 'getArticleGroupCounts', { rejectedWith: { status: 500, data: { message: 'boom' } } });
    expect(toastsAfter(other)).toEqual([]);
    expect(warn).toHaveBeenCalledWith('getArticleGroupCounts failed', { status: 500, data: { message: 'boom' } });

    const login = settled('Mutation', 'login', { rejectedWith: { status: 401, data: { message: MSG.loginFailed } } });
    expect(toastsAfter(login)).toEqual([]);
    warn.mockRestore();
  });

  it('reports a refused impersonation as an unknown error', () => {
    const refused = startImpersonation.rejected(null, 'r1', 33, 'refused');
    expect(toastsAfter(refused)).toEqual([{ message: MSG.unknownError, variant: 'error', autoHideDuration: 5000 }]);
  });
});

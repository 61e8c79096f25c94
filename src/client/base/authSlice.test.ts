import { makeToken } from '../test/tokens';
import {
  authReducer,
  type AuthState,
  impersonationStarted,
  impersonationStopped,
  loggedOut,
  selectActingCompanyId,
  selectIdentityKey,
  selectIsImpersonating,
  sessionStarted,
} from './authSlice';

const own = makeToken({ sub: 5, company_id: 20 });
const managed = makeToken({ sub: 5, company_id: 33, impersonate: 20 });
const loggedInState: AuthState = { status: 'authenticated', token: own, originalToken: null };

describe('auth slice', () => {
  it('starts unknown and is logged in by a session', () => {
    const state = authReducer(undefined, sessionStarted({ token: own, originalToken: null }));
    expect(state).toEqual(loggedInState);
  });

  it('keeps the original token while impersonating and restores it when stopping', () => {
    const impersonating = authReducer(loggedInState, impersonationStarted({ token: managed, companyId: 33 }));
    expect(impersonating).toEqual({ status: 'authenticated', token: managed, originalToken: own });

    const another = makeToken({ company_id: 34, impersonate: 20 });
    const switched = authReducer(impersonating, impersonationStarted({ token: another, companyId: 34 }));
    expect(switched.originalToken).toBe(own);

    expect(authReducer(switched, impersonationStopped())).toEqual(loggedInState);
  });

  it('forgets every token on logout', () => {
    const impersonating = authReducer(loggedInState, impersonationStarted({ token: managed, companyId: 33 }));
    expect(authReducer(impersonating, loggedOut())).toEqual({ status: 'anonymous', token: null, originalToken: null });
  });

  it('derives the acting company and the identity from the token', () => {
    const state = { auth: { status: 'authenticated' as const, token: managed, originalToken: own } };
    expect(selectActingCompanyId(state)).toBe(33);
    expect(selectIsImpersonating(state)).toBe(true);
    expect(selectIdentityKey(state)).toBe('5@33');
    expect(selectIdentityKey({ auth: loggedInState })).toBe('5@20');
    expect(selectIsImpersonating({ auth: loggedInState })).toBe(false);
  });
});

import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../domain/messages';
import { useAppDispatch, useAppStore } from './hooks';
import { paths } from './paths';
import { startImpersonation as startImpersonationThunk, stopImpersonation as stopImpersonationThunk } from './session';
import { toastQueued } from './toastsSlice';

/**
 * Acting for another company (docs/permissions.md, 'Managing a company'): the token is swapped, the cache is
 * dropped so every screen refetches, and the user lands on the dashboard (or `destination`).
 */
export const useImpersonation = () => {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();

  /** Answers whether it started; a refusal is a toast (callToasts). */
  const startImpersonation = useCallback(
    async (companyId: number, reason: string, destination = paths.dashboard()): Promise<boolean> => {
      const result = await dispatch(startImpersonationThunk({ companyId, reason }));
      const started = startImpersonationThunk.fulfilled.match(result);
      if (started) navigate(destination);
      return started;
    },
    [dispatch, navigate],
  );

  const stopImpersonation = useCallback(
    (destination = paths.dashboard()) => {
      void dispatch(stopImpersonationThunk());
      navigate(destination);
    },
    [dispatch, navigate],
  );

  /** docs/permissions.md, 'Managing a company': the hour is over; back to the user's own company, saying so once (a waking tab reports focus and visibility). */
  const endLapsedImpersonation = useCallback(
    (companyName: string) => {
      if (store.getState().auth.originalToken === null) return;
      dispatch(toastQueued({ message: MSG.impersonationExpired(companyName), variant: 'info' }));
      stopImpersonation();
    },
    [store, dispatch, stopImpersonation],
  );

  return { startImpersonation, stopImpersonation, endLapsedImpersonation };
};

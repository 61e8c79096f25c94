import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { impersonationStopped } from './authSlice';
import { useAppDispatch } from './hooks';
import { startImpersonation as startImpersonationThunk } from './session';

/**
 * Acting for another company (spec section 4): the token is swapped, the cache is
 * dropped so every screen refetches, and the user lands on the dashboard.
 */
export const useImpersonation = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const startImpersonation = useCallback(
    async (companyId: number) => {
      const result = await dispatch(startImpersonationThunk(companyId));
      if (startImpersonationThunk.fulfilled.match(result)) navigate('/dashboard');
    },
    [dispatch, navigate],
  );

  const stopImpersonation = useCallback(() => {
    dispatch(impersonationStopped());
    navigate('/dashboard');
  }, [dispatch, navigate]);

  return { startImpersonation, stopImpersonation };
};

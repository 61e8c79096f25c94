import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MSG } from '../../../domain/messages';

/** The server's `{message}` of a failed call, or the general failure text. */
export const serverMessage = (error: unknown): string => {
  const message = ((error as Partial<FetchBaseQueryError> | undefined)?.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : MSG.initialLoadFailed;
};

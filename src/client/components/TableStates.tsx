import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PageLoading } from './PageLoading';

interface TableStatesProps {
  isLoading: boolean;
  isError: boolean;
  /** Said when the rows could not be loaded, e.g. 'De artikelgroepen konden niet worden geladen. Probeer het later opnieuw.' */
  errorText: string;
  /** There are no rows at all; without it the rows (or a search over them) always show. */
  isEmpty?: boolean;
  emptyText?: string;
  /** The table or list, shown once its rows are in. */
  children: ReactNode;
}

/** What a table or list shows instead of its rows: loading, could not load, or nothing there yet. */
export function TableStates({ isLoading, isError, errorText, isEmpty = false, emptyText, children }: TableStatesProps) {
  if (isLoading) return <PageLoading />;
  if (isError) return <Typography>{errorText}</Typography>;
  if (isEmpty) return <Typography>{emptyText}</Typography>;
  return children;
}

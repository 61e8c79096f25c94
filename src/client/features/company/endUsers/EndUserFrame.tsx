import { Alert, Breadcrumbs, Link, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MSG } from '../../../../domain/messages';
import { useAppSelector } from '../../../base/hooks';
import { paths } from '../../../base/paths';
import { PageLoading } from '../../../components/PageLoading';
import { ScreenTitle } from '../../../components/ScreenTitle';
import { type EndUser, selectEndUserById, useGetEndUserQuery } from './endUsersApi';

/** The `:id` of the route as a number, or null when it is not one. */
const endUserIdFrom = (param: string | undefined) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const fullName = (endUser: { firstname: string; lastname: string }) => `${endUser.firstname} ${endUser.lastname}`;

interface EndUserFrameProps {
  /** The breadcrumb of this screen after the end user's name, if any. */
  crumb?: string;
  children: (endUser: EndUser) => ReactNode;
}

/**
 * Loads the end user of the route for the view and edit screens, with a breadcrumb back to
 * Mijn bedrijf. An unknown or someone else's id (404) says so instead.
 */
export function EndUserFrame({ crumb, children }: EndUserFrameProps) {
  const id = endUserIdFrom(useParams().id);
  const { error, isFetching } = useGetEndUserQuery(id ?? skipToken);
  const endUser = useAppSelector((state) => (id === null ? null : selectEndUserById(state, id)));

  if (!endUser) {
    if (isFetching) return <PageLoading />;
    const notFound = id === null || (error !== undefined && 'status' in error && error.status === 404);
    return (
      <>
        <ScreenTitle>{notFound ? 'Eindgebruiker niet gevonden' : 'Eindgebruiker'}</ScreenTitle>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {notFound ? 'Deze eindgebruiker bestaat niet (meer) binnen dit bedrijf.' : MSG.initialLoadFailed}
        </Alert>
        <Link component={RouterLink} to={paths.company()}>
          Terug naar Mijn bedrijf
        </Link>
      </>
    );
  }
  return (
    <>
      <Breadcrumbs aria-label="Kruimelpad" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={paths.company()}>
          Mijn bedrijf
        </Link>
        {crumb ? (
          <Link component={RouterLink} to={paths.endUser(endUser)}>
            {fullName(endUser)}
          </Link>
        ) : (
          <Typography aria-current="page">{fullName(endUser)}</Typography>
        )}
        {crumb && <Typography aria-current="page">{crumb}</Typography>}
      </Breadcrumbs>
      {children(endUser)}
    </>
  );
}

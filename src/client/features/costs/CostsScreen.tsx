import { Fragment } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CostsNotFound } from './CostsParts';

/** Everything below /kosten (its screens: routes.tsx). */
export function CostsScreen() {
  // A new address is a new screen: scroll positions and charts start afresh.
  const { pathname } = useLocation();
  return (
    <Fragment key={pathname}>
      <Outlet />
    </Fragment>
  );
}

/** Any other address below /kosten. */
export function CostsPageNotFound() {
  return <CostsNotFound message="Deze pagina bestaat niet." />;
}

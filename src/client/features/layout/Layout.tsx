import { styled } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { SkipLink } from '../../components/SkipLink';
import { Header } from './Header';
import { ImpersonationBanner } from './ImpersonationBanner';
import { Sidebar } from './Sidebar';

const MAIN_ID = 'inhoud';

/** The frame's box and the screen's main area (below the fixed header: `.below-header`). */
const Frame = styled('div')(({ theme }) => ({
  display: 'flex',
  minHeight: '100vh',
  '& > main': {
    flexGrow: 1,
    minWidth: 0,
    padding: theme.spacing(2),
    [theme.breakpoints.up('md')]: { padding: theme.spacing(4) },
    outline: 'none',
  },
  '& .below-header': theme.mixins.toolbar,
}));

/** The frame of every logged-in screen: header, sidebar and the screen itself. */
export function Layout() {
  return (
    <Frame>
      <SkipLink targetId={MAIN_ID} />
      <Header />
      <Sidebar />
      <main id={MAIN_ID} tabIndex={-1}>
        <div className="below-header" />
        <ImpersonationBanner />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </Frame>
  );
}

import { Box, Toolbar } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { SkipLink } from '../../components/SkipLink';
import { Header } from './Header';
import { ImpersonationBanner } from './ImpersonationBanner';
import { Sidebar } from './Sidebar';

const MAIN_ID = 'inhoud';

/** The frame of every logged-in screen: header, sidebar and the screen itself. */
export function Layout() {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink targetId={MAIN_ID} />
      <Header />
      <Sidebar />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 4 }, outline: 'none' }}>
        <Toolbar />
        <ImpersonationBanner />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

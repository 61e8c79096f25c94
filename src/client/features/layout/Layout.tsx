import { styled, type Theme, useMediaQuery } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
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

/**
 * The frame of every logged-in screen: header, sidebar and the screen itself. On a narrow screen
 * the menu opens over the screen and closes again with the next navigation: it is open only for
 * the address (location key) it was opened on.
 */
export function Layout() {
  // Phones and tablets (below md); read at once (noSsr), so a phone never first renders the desktop frame.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const { key } = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = narrow && menuOpenAt === key;
  const menu = { narrow, menuOpen, setMenuOpen: (open: boolean) => setMenuOpenAt(open ? key : null) };

  return (
    <Frame>
      <SkipLink targetId={MAIN_ID} />
      <Header {...menu} />
      <Sidebar {...menu} />
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

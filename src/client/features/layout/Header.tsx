import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { IconButton, styled } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../../api/accountApi';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { logout } from '../../base/session';
import { onDarkFocus } from '../../base/theme';
import { selectSidebarOpen, sidebarToggled } from '../../base/uiSlice';
import { SearchBox } from '../../components/SearchBox';
import { SIDEBAR_ID } from './Sidebar';

/**
 * The bar across the top, as MUI's AppBar with a Toolbar looked (primary colour, elevation 4,
 * the toolbar's heights and gutters), but one element styled once through its parent: every page
 * renders it, and each MUI component costs a styled root and emotion's style work per element.
 */
const Bar = styled('header')(({ theme }) => ({
  ...theme.mixins.toolbar,
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  zIndex: theme.zIndex.drawer + 1,
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(2),
  paddingInline: theme.spacing(2),
  // The toolbar mixin's own key: its 64 px stays with the wider gutters.
  [theme.breakpoints.up('sm')]: { minHeight: 64, paddingInline: theme.spacing(3) },
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  boxShadow: theme.shadows[4],
  ...onDarkFocus,
  '& .home': { ...theme.typography.h6, color: 'inherit', textDecoration: 'none', whiteSpace: 'nowrap' },
  '& .search': { flexGrow: 1, display: 'flex', justifyContent: 'center' },
  '& .search > div': { width: '100%', maxWidth: 480 },
  '& .who': { textAlign: 'right', display: 'none', [theme.breakpoints.up('sm')]: { display: 'block' } },
  '& .who p': { margin: 0 },
  '& .name': { ...theme.typography.body2, fontWeight: 600 },
  '& .company': theme.typography.caption,
}));

export function Header() {
  const dispatch = useAppDispatch();
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const { data: user } = useCurrentUser();

  return (
    <Bar>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Menu in- of uitklappen"
        aria-expanded={sidebarOpen}
        aria-controls={SIDEBAR_ID}
        onClick={() => dispatch(sidebarToggled())}
      >
        <MenuIcon />
      </IconButton>
      <RouterLink to="/dashboard" className="home">
        Mijn Portaal
      </RouterLink>
      <div className="search">
        <div>
          <SearchBox landmarkLabel="Zoeken" />
        </div>
      </div>
      {user && (
        <div className="who">
          <p className="name">
            {user.firstname} {user.lastname}
          </p>
          <p className="company">{user.company.name}</p>
        </div>
      )}
      <IconButton color="inherit" edge="end" aria-label="Uitloggen" onClick={() => dispatch(logout())}>
        <LogoutIcon />
      </IconButton>
    </Bar>
  );
}

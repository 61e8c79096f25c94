import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Link, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../../api/accountApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { logout } from '../../app/session';
import { onDarkFocus } from '../../app/theme';
import { selectSidebarOpen, sidebarToggled } from '../../app/uiSlice';
import { SearchBox } from '../../components/SearchBox';
import { SIDEBAR_ID } from './Sidebar';

export function Header() {
  const dispatch = useAppDispatch();
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const { data: user } = useCurrentUser();

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, ...onDarkFocus }}>
      <Toolbar sx={{ gap: 2 }}>
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
        <Link component={RouterLink} to="/dashboard" color="inherit" underline="none" variant="h6" noWrap>
          Mijn Portaal
        </Link>
        <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center' }}>
          <Box sx={{ width: '100%', maxWidth: 480 }}>
            <SearchBox landmarkLabel="Zoeken" />
          </Box>
        </Box>
        {user && (
          <Box sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' } }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {user.firstname} {user.lastname}
            </Typography>
            <Typography variant="caption" component="p">
              {user.company.name}
            </Typography>
          </Box>
        )}
        <IconButton color="inherit" edge="end" aria-label="Uitloggen" onClick={() => dispatch(logout())}>
          <LogoutIcon />
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}

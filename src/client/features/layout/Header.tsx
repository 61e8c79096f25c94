import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, ListItemIcon, MenuItem, MenuList, Popover, styled, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../api/currentUserApi';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { logout } from '../../base/session';
import { onDarkFocus } from '../../base/theme';
import { selectSidebarOpen, sidebarToggled } from '../../base/uiSlice';
import { SearchBox } from '../../components/SearchBox';
import { useManagedCompanyName } from './ImpersonationBanner';
import { type MenuState, SIDEBAR_ID } from './Sidebar';

const USER_MENU_ID = 'gebruikersmenu';

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
  // The company acted for, on the warning colour of the banner that says so.
  '& .managed': { ...theme.typography.caption, fontWeight: 600, paddingInline: 4, borderRadius: 2, backgroundColor: theme.palette.warning.light, color: theme.palette.getContrastText(theme.palette.warning.light) },
  // Narrow screens: the title gives way to the opened search field, the bar's icons are touch sized.
  '& .grow': { flexGrow: 1 },
  '&.narrow': { gap: theme.spacing(1) },
  '&.narrow .home': { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
}));

/**
 * The user's name and company (and the company managed), and logging out, behind one button on a
 * narrow screen. The names stand above the menu, not in it: a menu holds only its choices.
 */
function UserMenu({ name, company, managed, onLogout }: { name: string; company: string; managed: string | null; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label="Gebruikersmenu"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? USER_MENU_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1, maxWidth: 280 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="caption" component="p">
            {company}
          </Typography>
          {managed && (
            <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
              Beheert {managed}
            </Typography>
          )}
        </Box>
        <MenuList id={USER_MENU_ID} aria-label="Gebruikersmenu" autoFocusItem>
          <MenuItem component={RouterLink} to={paths.account()} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <ManageAccountsIcon fontSize="small" />
            </ListItemIcon>
            Mijn account
          </MenuItem>
          <MenuItem onClick={onLogout}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Uitloggen
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}

export function Header({ narrow, menuOpen, setMenuOpen }: MenuState) {
  const dispatch = useAppDispatch();
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const { data: user } = useCurrentUser();
  const managed = useManagedCompanyName();
  // The search field of a narrow screen is open for the address it was opened on: a search closes it.
  const { key } = useLocation();
  const [searchOpenAt, setSearchOpenAt] = useState<string | null>(null);
  const searchOpen = narrow && searchOpenAt === key;
  const logOut = () => dispatch(logout());

  return (
    <Bar className={narrow ? 'narrow' : undefined}>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Menu in- of uitklappen"
        aria-expanded={narrow ? menuOpen : sidebarOpen}
        aria-controls={SIDEBAR_ID}
        onClick={() => (narrow ? setMenuOpen(!menuOpen) : dispatch(sidebarToggled()))}
      >
        <MenuIcon />
      </IconButton>
      {!searchOpen && (
        <RouterLink to={paths.dashboard()} className="home">
          Mijn Portaal
        </RouterLink>
      )}
      {narrow ? (
        searchOpen ? (
          <>
            <div className="grow">
              <SearchBox landmarkLabel="Zoeken" autoFocus />
            </div>
            <IconButton color="inherit" aria-label="Zoeken sluiten" onClick={() => setSearchOpenAt(null)}>
              <CloseIcon />
            </IconButton>
          </>
        ) : (
          <IconButton color="inherit" aria-label="Zoeken" onClick={() => setSearchOpenAt(key)}>
            <SearchIcon />
          </IconButton>
        )
      ) : (
        <div className="search">
          <div>
            <SearchBox landmarkLabel="Zoeken" />
          </div>
        </div>
      )}
      {narrow ? (
        !searchOpen && (
          <UserMenu name={user ? `${user.firstname} ${user.lastname}` : ''} company={user?.company.name ?? ''} managed={managed ?? null} onLogout={logOut} />
        )
      ) : (
        <>
          {user && (
            <div className="who">
              <p className="name">
                {user.firstname} {user.lastname}
              </p>
              <p className="company">{user.company.name}</p>
              {managed && <p className="managed">Beheert {managed}</p>}
            </div>
          )}
          <IconButton component={RouterLink} to={paths.account()} color="inherit" aria-label="Mijn account">
            <ManageAccountsIcon />
          </IconButton>
          <IconButton color="inherit" edge="end" aria-label="Uitloggen" onClick={logOut}>
            <LogoutIcon />
          </IconButton>
        </>
      )}
    </Bar>
  );
}

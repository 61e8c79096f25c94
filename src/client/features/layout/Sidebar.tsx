import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DataUsageIcon from '@mui/icons-material/DataUsage';
import EuroIcon from '@mui/icons-material/Euro';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InventoryIcon from '@mui/icons-material/Inventory2';
import { Box, Collapse, Drawer, ListItem, ListItemButton, ListItemIcon, ListItemText, styled, Toolbar } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useMayViewGroup } from '../../components/useMayViewGroup';
import { useGetGroupBundleStatusQuery, useIsStaffAtHome, usePermission } from '../../api/currentUserApi';
import { selectArticleGroups, useGetVisibleArticleGroupsQuery } from '../../api/catalogApi';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { selectSidebarOpen } from '../../base/uiSlice';
import { ArticleGroupIcon } from '../../components/ArticleGroupIcon';
import { visuallyHidden } from '../../components/visuallyHidden';

export const SIDEBAR_ID = 'hoofdmenu';
const SERVICES_MENU_ID = 'menu-mijn-diensten';
const WIDTH = { open: 264, closed: 72 };

/** How the frame shows the menu: beside the screen, or (narrow) as a drawer the header's menu button opens. */
export interface MenuState {
  narrow: boolean;
  /** The drawer is open (narrow only). */
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
}

interface NavItemProps {
  to: string;
  icon: ReactNode;
  label: string;
  /** Collapsed sidebar: icons only, the label stays for screen readers. */
  compact: boolean;
  nested?: boolean;
}

function NavItem({ to, icon, label, compact, nested = false }: NavItemProps) {
  return (
    <li className="nav-item">
      <NavLink to={to} className={nested && !compact ? 'nav-link nested' : 'nav-link'}>
        <span className="nav-icon">{icon}</span>
        <span className={compact ? 'nav-label hidden' : 'nav-label'}>{label}</span>
      </NavLink>
    </li>
  );
}

/**
 * The menu's lists: their links are plain elements styled once here, as MUI's ListItemButton,
 * ListItemIcon and ListItemText look, rather than four MUI components per entry, which made up a
 * good part of every full page load's first render.
 */
const NavList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: '8px 0',
  '&.flush': { padding: 0 },
  '& > li.nav-item': { display: 'flex', width: '100%', position: 'relative' },
  '& a.nav-link': {
    display: 'flex',
    flexGrow: 1,
    alignItems: 'center',
    minWidth: 0,
    boxSizing: 'border-box',
    padding: '8px 16px 8px 24px',
    color: theme.palette.text.primary,
    textDecoration: 'none',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { backgroundColor: theme.palette.action.focus, outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '&.nested': { paddingLeft: 32 },
    '&.active': { backgroundColor: theme.palette.action.selected, boxShadow: `inset 4px 0 ${theme.palette.primary.main}` },
  },
  '& .nav-icon': { display: 'inline-flex', minWidth: theme.spacing(4.5), flexShrink: 0, color: theme.palette.action.active },
  '& .nav-label': { ...theme.typography.body1, flex: '1 1 auto', minWidth: 0, margin: '4px 0' },
  '& .nav-label.hidden': visuallyHidden,
  // Touch targets of at least 44 px in the drawer (phones and tablets).
  '&.touch a.nav-link, &.touch .MuiListItemButton-root': { minHeight: 48 },
}));

/** 'Mijn diensten' with one entry per article group the acting company sees. */
function ServicesMenu({ compact }: { compact: boolean }) {
  const [expanded, setExpanded] = useState(true);
  useGetVisibleArticleGroupsQuery();
  const groups = useAppSelector(selectArticleGroups);

  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component="button"
        aria-expanded={expanded}
        aria-controls={SERVICES_MENU_ID}
        onClick={() => setExpanded((value) => !value)}
        sx={{ pl: 3, width: '100%' }}
      >
        <ListItemIcon>
          <InventoryIcon />
        </ListItemIcon>
        <ListItemText primary="Mijn diensten" sx={compact ? visuallyHidden : undefined} />
        {!compact && (expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />)}
      </ListItemButton>
      <Collapse in={expanded}>
        <NavList id={SERVICES_MENU_ID} className="flush">
          {groups.map((group) => (
            <NavItem
              key={group.id}
              to={paths.articleGroup(group)}
              icon={<ArticleGroupIcon icon={group.icon} fontSize="small" />}
              label={group.name}
              compact={compact}
              nested
            />
          ))}
        </NavList>
      </Collapse>
    </ListItem>
  );
}

export function Sidebar({ narrow, menuOpen, setMenuOpen }: MenuState) {
  const wide = useAppSelector(selectSidebarOpen);
  const mayAdminister = usePermission('CREATE_COMPANY');
  const mayHandleRequests = usePermission('HANDLE_REQUESTS');
  const mayViewGroup = useMayViewGroup();
  const mayRequest = usePermission('REQUEST_CHANGES');
  // Staff see their queue at home and, while managing a company, that company's requests: one 'Aanvragen' at a time.
  const staffAtHome = useIsStaffAtHome();
  const { data: bundleStatus } = useGetGroupBundleStatusQuery();
  // The drawer of a narrow screen always shows the labels.
  const open = narrow || wide;
  const width = open ? WIDTH.open : WIDTH.closed;
  const compact = !open;

  return (
    <Drawer
      variant={narrow ? 'temporary' : 'permanent'}
      open={narrow ? menuOpen : true}
      onClose={() => setMenuOpen(false)}
      // Mounted while closed too, so the menu button's aria-controls names an element.
      ModalProps={{ keepMounted: true }}
      // The drawer is a dialog while it lies over the screen: it needs a name then.
      slotProps={narrow ? { paper: { 'aria-label': 'Menu' } } : undefined}
      sx={{
        width: narrow ? undefined : width,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width, maxWidth: '85vw', boxSizing: 'border-box', overflowX: 'hidden' },
      }}
    >
      {/*
        The menu starts below the fixed header, the drawer of a phone or tablet too: the header
        stays above it (its button closes the menu), and would cover the first item, Dashboard.
      */}
      <Toolbar />
      <Box component="nav" id={SIDEBAR_ID} aria-label="Hoofdmenu">
        <NavList className={narrow ? 'touch' : undefined}>
          <NavItem to={paths.dashboard()} icon={<DashboardIcon />} label="Dashboard" compact={compact} />
          <ServicesMenu compact={compact} />
          {mayRequest && !staffAtHome && <NavItem to={paths.requests()} icon={<AssignmentIcon />} label="Aanvragen" compact={compact} />}
          <NavItem to={paths.company()} icon={<BusinessIcon />} label="Mijn bedrijf" compact={compact} />
          <NavItem to={paths.costs()} icon={<EuroIcon />} label="Kosten" compact={compact} />
          {mayViewGroup && <NavItem to={paths.groupCosts()} icon={<AccountTreeIcon />} label="Groepsoverzicht" compact={compact} nested />}
          <NavItem to={paths.usage()} icon={<BarChartIcon />} label="Verbruik" compact={compact} />
          {bundleStatus?.has_group_bundle && (
            <NavItem to={paths.groupBundle()} icon={<DataUsageIcon />} label="Groepsbundel" compact={compact} nested />
          )}
          {mayAdminister && (
            <NavItem to={paths.admin()} icon={<AdminPanelSettingsIcon />} label="Admin" compact={compact} />
          )}
          {mayHandleRequests && staffAtHome && <NavItem to={paths.requestQueue()} icon={<AssignmentIcon />} label="Aanvragen" compact={compact} />}
        </NavList>
      </Box>
    </Drawer>
  );
}

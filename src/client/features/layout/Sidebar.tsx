import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EuroIcon from '@mui/icons-material/Euro';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InventoryIcon from '@mui/icons-material/Inventory2';
import { Box, Collapse, Drawer, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Toolbar } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { toSlug } from '../../../domain/slug';
import { usePermission } from '../../api/accountApi';
import { selectArticleGroups, useGetVisibleArticleGroupsQuery } from '../../api/catalogApi';
import { useAppSelector } from '../../app/hooks';
import { selectSidebarOpen } from '../../app/uiSlice';
import { ArticleGroupIcon } from '../../components/ArticleGroupIcon';
import { visuallyHidden } from '../../components/visuallyHidden';

export const SIDEBAR_ID = 'hoofdmenu';
const SERVICES_MENU_ID = 'menu-mijn-diensten';
const WIDTH = { open: 264, closed: 72 };

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
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={to}
        sx={{
          pl: nested && !compact ? 4 : 3,
          '&.active': { bgcolor: 'action.selected', boxShadow: (theme) => `inset 4px 0 ${theme.palette.primary.main}` },
        }}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} sx={compact ? visuallyHidden : undefined} />
      </ListItemButton>
    </ListItem>
  );
}

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
        <List id={SERVICES_MENU_ID} disablePadding>
          {groups.map((group) => (
            <NavItem
              key={group.id}
              to={`/mijn-diensten/${group.id}/${toSlug(group.name)}`}
              icon={<ArticleGroupIcon icon={group.icon} fontSize="small" />}
              label={group.name}
              compact={compact}
              nested
            />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

export function Sidebar() {
  const open = useAppSelector(selectSidebarOpen);
  const mayAdminister = usePermission('CREATE_COMPANY');
  const width = open ? WIDTH.open : WIDTH.closed;
  const compact = !open;

  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' },
      }}
    >
      <Toolbar />
      <Box component="nav" id={SIDEBAR_ID} aria-label="Hoofdmenu">
        <List>
          <NavItem to="/dashboard" icon={<DashboardIcon />} label="Dashboard" compact={compact} />
          <ServicesMenu compact={compact} />
          <NavItem to="/mijn-bedrijf" icon={<BusinessIcon />} label="Mijn bedrijf" compact={compact} />
          <NavItem to="/kosten" icon={<EuroIcon />} label="Kosten" compact={compact} />
          <NavItem to="/verbruik" icon={<BarChartIcon />} label="Verbruik" compact={compact} />
          {mayAdminister && (
            <NavItem to="/mer-admin" icon={<AdminPanelSettingsIcon />} label="Admin" compact={compact} />
          )}
        </List>
      </Box>
    </Drawer>
  );
}

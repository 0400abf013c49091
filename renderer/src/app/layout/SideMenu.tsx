import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useRouteStore } from '../../stores/route';
import type { AppRoute } from '../menu-routes';
import { menuIcon } from './menu-icons';

function MenuItems({
  routes,
  base,
  depth,
  onNavigate,
}: {
  routes: AppRoute[];
  base: string;
  depth: number;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return routes
    .filter((r) => !r.hidden && !r.path.startsWith('/'))
    .map((r) => {
      const to = r.path ? `${base}/${r.path}` : base;
      const visibleChildren = r.children?.filter((c) => !c.hidden) ?? [];
      if (visibleChildren.length) {
        return (
          <List key={r.name} dense subheader={<ListSubheader disableSticky>{t(r.meta.title)}</ListSubheader>}>
            <MenuItems routes={visibleChildren} base={to} depth={depth + 1} onNavigate={onNavigate} />
          </List>
        );
      }
      const active = pathname === to || pathname.startsWith(`${to}/`);
      return (
        <ListItemButton
          key={r.name}
          component={RouterLink}
          to={to}
          selected={active}
          onClick={onNavigate}
          sx={{ borderRadius: 1, mx: 1, pl: 2 + depth * 2 }}
          data-testid={`menu-${r.name}`}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>{menuIcon(r.meta.icon)}</ListItemIcon>
          <ListItemText primary={t(r.meta.title)} />
        </ListItemButton>
      );
    });
}

/** The side menu, built from the routes the user's menus gave. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const routes = useRouteStore((s) => s.routes);
  return (
    <List component="nav" sx={{ pt: 1 }}>
      <MenuItems routes={routes} base="" depth={0} onNavigate={onNavigate} />
    </List>
  );
}

import { useLocation, useNavigate } from 'react-router-dom';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import { isActivePath, type NavGroup } from './navigation';

/** Collapsed, a group is one icon: it goes straight to the group's first page this user may open. */
export function CollapsedGroups({ groups }: { groups: NavGroup[] }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <List disablePadding>
      {groups.map((group) => {
        const first = group.items[0];
        const GroupIcon = group.icon;
        const active = group.items.some((item) => isActivePath(item.path, pathname));
        return (
          <li key={group.id}>
            {/* The group's name names the button; the tooltip says where it goes. */}
            <Tooltip title={`${group.label}: ${first.label}`} placement="right" describeChild>
              <ListItemButton
                onClick={() => navigate(first.path)}
                selected={active}
                aria-label={group.label}
                sx={{ mx: 1, my: 0.5, borderRadius: 1, justifyContent: 'center' }}
              >
                <GroupIcon />
              </ListItemButton>
            </Tooltip>
          </li>
        );
      })}
    </List>
  );
}

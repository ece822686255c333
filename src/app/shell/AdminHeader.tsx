import { lazy, Suspense, useId, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { ROLE_LABELS } from '@domain/auth/roles';
import { useCompanies } from '@/lib/accounts';
import { useCompanyFilter, useSession, type Session } from '@/lib/session';
import { headerCompany } from './headerCompany';
import { preloadSidebarOverlay } from './sidebarOverlayLoader';
import { visuallyHidden } from '@/ui/visuallyHidden';

// The menu is downloaded when first wanted (hovering or focusing its button is enough).
const loadUserMenu = () => import('./UserMenu');
const UserMenu = lazy(async () => ({ default: (await loadUserMenu()).UserMenu }));
const preloadUserMenu = () => void loadUserMenu();

function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

export interface AdminHeaderProps {
  /** On small screens, where the navigation opens over the page: opens it. */
  onOpenNavigation?: () => void;
}

/** The bar above every page of the shell: the company being viewed and the user menu. */
export function AdminHeader({ onOpenNavigation }: AdminHeaderProps = {}) {
  const { session } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  /** Stays true after the first opening, so the menu can play its closing transition. */
  const [menuRequested, setMenuRequested] = useState(false);
  const menuId = useId();
  const buttonId = useId();

  if (!session) return null;
  const displayName = session.user.profileName || session.user.name;
  const roleLabel = ROLE_LABELS[session.role];

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {onOpenNavigation && (
          <IconButton
            edge="start"
            onClick={onOpenNavigation}
            onPointerDown={preloadSidebarOverlay}
            onFocus={preloadSidebarOverlay}
            aria-label="Open navigation"
          >
            <MenuIcon />
          </IconButton>
        )}
        <ViewedCompany session={session} />

        <Button
          id={buttonId}
          color="inherit"
          onClick={(event) => {
            setMenuRequested(true);
            setAnchor(event.currentTarget);
          }}
          onPointerEnter={preloadUserMenu}
          onFocus={preloadUserMenu}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          endIcon={<ExpandMoreIcon />}
          sx={{ textTransform: 'none', gap: 1 }}
        >
          <Avatar
            aria-hidden
            sx={{ width: 32, height: 32, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 16 }}
          >
            {initialOf(displayName)}
          </Avatar>
          <Box component="span" sx={visuallyHidden}>
            Account menu:
          </Box>
          {/* On phones only the initial shows; the name and role still name the button. */}
          <Box
            sx={(theme) => ({
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              lineHeight: 1.2,
              [theme.breakpoints.down('sm')]: visuallyHidden,
            })}
          >
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
              {displayName}
            </Typography>
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
              {roleLabel}
            </Typography>
          </Box>
        </Button>

        {menuRequested && (
          <Suspense fallback={null}>
            <UserMenu id={menuId} anchor={anchor} labelledBy={buttonId} onClose={() => setAnchor(null)} />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}

/**
 * The company being viewed, its logo and name. Its own component: the companies list (the company
 * filter's, where the chosen company's name and logo come from) arrives while the page below is
 * still being drawn, and React draws a query's answer at once, so only this part is drawn again.
 */
function ViewedCompany({ session }: { session: Session }) {
  const { can } = useSession();
  const { companyFilter } = useCompanyFilter();
  const companies = useCompanies(can('chooseCompany'));
  const viewed = headerCompany(session, companyFilter, companies.data);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, flexGrow: 1 }}>
      <Avatar
        src={viewed.logoUrl ?? undefined}
        alt={viewed.logoUrl ? `${viewed.name} logo` : undefined}
        variant="rounded"
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <BusinessIcon aria-hidden />
      </Avatar>
      <Typography component="p" variant="h6" noWrap data-testid="header-company-name">
        {viewed.name}
      </Typography>
    </Box>
  );
}

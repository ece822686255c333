import { useId } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUDIENCE_MESSAGES, WRITEBACK_SHORTCUTS, type AudienceUserDetail } from '@domain/audience/contract';
import { useAudienceUser } from '../api';
import { AudienceErrorPanel } from '../AudienceErrorPanel';
import { PROFILE_LABELS } from '../labels';
import type { WritebackPreset } from '../writeback/WritebackDialog';
import { IdentityGraph } from './IdentityGraph';
import { ProfileActivity } from './ProfileActivity';

/** The profile's writeback buttons and what each pre-sets in the Write Back dialog. */
export const PROFILE_WRITEBACKS: { label: string; preset: WritebackPreset }[] = Object.values(WRITEBACK_SHORTCUTS).map((shortcut) => ({
  label: shortcut.label,
  preset: { destinations: [shortcut.destination], data: [...shortcut.data] },
}));

export interface ProfileDrawerProps {
  companyId: string;
  /** The profile shown; null closes the panel. */
  userId: string | null;
  /** The name known from the table row, shown while the profile loads. */
  title: string;
  onClose: () => void;
  onWriteback: (user: AudienceUserDetail, preset: WritebackPreset) => void;
}

/** The right side panel of a profile (section 2). */
export function ProfileDrawer({ companyId, userId, title, onClose, onWriteback }: ProfileDrawerProps) {
  const titleId = useId();
  const detail = useAudienceUser(companyId, userId);
  const user = detail.data;
  return (
    <Drawer
      anchor="right"
      open={userId !== null}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 520 } } } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2.5, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flexGrow: 1 }}>
          {user ? (user.name ?? user.email ?? PROFILE_LABELS.unnamed) : title}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2.5, overflowY: 'auto' }}>
        {detail.isError && <AudienceErrorPanel message={AUDIENCE_MESSAGES.page} error={detail.error} onRetry={() => void detail.refetch()} />}
        {detail.isLoading && (
          <Stack sx={{ alignItems: 'center', py: 6 }}>
            <CircularProgress aria-label={PROFILE_LABELS.loading} />
          </Stack>
        )}
        {user && (
          <Stack spacing={3}>
            <IdentityGraph user={user} />
            <ProfileActivity user={user} />
            <Stack component="section" aria-label={PROFILE_LABELS.writeback} spacing={1}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {PROFILE_LABELS.writeback}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {PROFILE_WRITEBACKS.map(({ label, preset }) => (
                  <Button key={label} variant="outlined" size="small" onClick={() => onWriteback(user, preset)}>
                    {label}
                  </Button>
                ))}
              </Stack>
            </Stack>
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}

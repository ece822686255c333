import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ApiKeyScope } from '@domain/apiKeys';

/** Read in one colour, write and admin in another (data document, section 2). */
export const PERMISSION_COLOURS: Record<ApiKeyScope, 'info' | 'secondary'> = { read: 'info', write: 'secondary', admin: 'secondary' };

export function PermissionChips({ permissions }: { permissions: readonly ApiKeyScope[] }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {permissions.map((permission) => (
        <Chip key={permission} size="small" color={PERMISSION_COLOURS[permission]} variant="outlined" label={permission} />
      ))}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ModelSettingsVersion } from '@domain/models/settings';
import { FailureAlert } from '@/ui/FailureAlert';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every saved version, newest first, with who saved it and when. */
export function VersionHistory({ versions, currentVersion }: { versions: UseQueryResult<ModelSettingsVersion[]>; currentVersion: number }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Version history" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3">
        Version history
      </Typography>
      {versions.isError ? (
        <FailureAlert title="Failed to load the version history" error={versions.error} onRetry={() => void versions.refetch()} />
      ) : !versions.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label="Loading the version history" />
        </Box>
      ) : versions.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing saved yet: the defaults apply (version 0).
        </Typography>
      ) : (
        <List dense aria-label="Versions" sx={{ maxHeight: 320, overflow: 'auto' }}>
          {versions.data.map((version) => (
            <ListItem key={version.version} disableGutters divider>
              <ListItemText
                primary={`Version ${version.version}${version.version === currentVersion ? ' (current)' : ''}`}
                secondary={`${version.createdByName ?? 'Unknown'} · ${when.format(new Date(version.createdAt))}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSendServiceRequest } from '@/lib/requests';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { MODEL_NAMES, MODEL_SCREEN, type ModelTab } from '../labels';
import { MODEL_INFO } from './modelInfo';

function Bullets({ title, items }: { title: string; items: string[] }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <List dense aria-label={title}>
        {items.map((item) => (
          <ListItem key={item} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleOutlineIcon fontSize="small" color="primary" />
            </ListItemIcon>
            <ListItemText primary={item} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

export interface ModelOverviewProps {
  model: ModelTab;
  /**
   * Whether the reader tunes this model (manageModels): the company has it and the settings below
   * are theirs to change, so it says so instead of offering Request Access.
   */
  tuning: boolean;
}

/**
 * A model's features, use cases and its pricing label: Request Access, which files a request with
 * the Navout team, for a reader who cannot tune it; "In use" for one who does.
 */
export function ModelOverview({ model, tuning }: ModelOverviewProps) {
  const { session } = useSession();
  const notify = useNotify();
  const request = useSendServiceRequest();
  const name = MODEL_NAMES[model];
  const info = MODEL_INFO[model];

  const requestAccess = () =>
    request.mutate(
      { kind: 'model_access', subject: name, link: null, contactEmail: session?.user.email ?? null, message: `Access to ${name} for ${session?.company.name ?? 'our company'}` },
      {
        onSuccess: () => notify.success(MODEL_SCREEN.accessRequested(name)),
        onError: (error) => notify.error(withReason('Failed to send the request', error)),
      },
    );

  return (
    <Paper variant="outlined" component="section" aria-label={name} sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
          <div>
            <Typography variant="h5" component="h2">
              {name}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{info.summary}</Typography>
          </div>
          {tuning ? (
            <Chip color="success" variant="outlined" label={MODEL_SCREEN.inUse} sx={{ flexShrink: 0 }} />
          ) : (
            <Button variant="contained" onClick={requestAccess} disabled={request.isPending || request.isSuccess} sx={{ flexShrink: 0 }}>
              {MODEL_SCREEN.requestAccess}
            </Button>
          )}
        </Stack>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Bullets title="Features" items={info.features} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Bullets title="Use cases" items={info.useCases} />
          </Grid>
        </Grid>
      </Stack>
    </Paper>
  );
}

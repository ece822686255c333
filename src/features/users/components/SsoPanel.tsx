/**
 * A company's single sign-on, as its administrators see it in User Management: whether active
 * accounts may be linked at their first sign-in, the e-mail domains the company vouches for
 * (Microsoft Entra addresses in them count as proven), and the latest links, unlinks and refused
 * sign-ins, with why each was refused.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanySso, SsoEventView } from '@domain/auth/types';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { FailureAlert } from '@/ui/FailureAlert';
import { useCompanySso, useUpdateCompanySso } from '../api';

/** Why a sign-in was refused, in the administrator's words. */
export const SSO_REFUSALS: Record<string, string> = {
  sso_email_unverified: 'the provider did not vouch for the e-mail address',
  sso_link_not_allowed: 'the account is not invited and linking at sign-in is off',
  sso_identity_mismatch: 'the account is linked to another identity',
};

export function describeSsoEvent(event: SsoEventView): string {
  const who = event.email ?? event.subject;
  if (event.kind === 'linked') return `Linked ${who} to ${event.subject}`;
  if (event.kind === 'unlinked') return `${event.actorName ?? 'An administrator'} unlinked ${who} from ${event.subject}`;
  return `Refused ${event.subject} as ${who}: ${event.code ? (SSO_REFUSALS[event.code] ?? event.code) : 'refused'}`;
}

export function SsoPanel({ companyId }: { companyId: string }) {
  const sso = useCompanySso(companyId);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="sso-panel-title">
      <Typography id="sso-panel-title" variant="subtitle1" component="h3" sx={{ mb: 2 }}>
        Single Sign-On
      </Typography>
      {sso.isError ? (
        <FailureAlert title="Failed to load single sign-on settings" error={sso.error} onRetry={() => void sso.refetch()} />
      ) : sso.data ? (
        // Saved settings start the form afresh.
        <SsoSettings key={`${String(sso.data.allowLinking)}|${sso.data.verifiedDomains.join(',')}`} companyId={companyId} current={sso.data} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>Loading…</Typography>
      )}
    </Paper>
  );
}

function SsoSettings({ companyId, current }: { companyId: string; current: CompanySso }) {
  const notify = useNotify();
  const update = useUpdateCompanySso(companyId);
  const [allowLinking, setAllowLinking] = useState(current.allowLinking);
  const [domains, setDomains] = useState(current.verifiedDomains.join(', '));

  const save = () => {
    const verifiedDomains = domains.split(/[\s,]+/).filter(Boolean);
    update.mutate(
      { verifiedDomains, allowLinking },
      { onSuccess: () => notify.success('Single sign-on settings saved'), onError: (error) => notify.error(withReason('Failed to save single sign-on settings', error)) },
    );
  };

  const refused = current.events.filter((event) => event.kind === 'refused').length;
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Switch checked={allowLinking} onChange={(event) => setAllowLinking(event.target.checked)} />}
        label="Link active accounts at their first single sign-on (invited accounts always link)"
      />
      <TextField
        label="Verified e-mail domains"
        helperText="Microsoft Entra sign-ins with an address in these domains count as proven. Separate with commas."
        value={domains}
        onChange={(event) => setDomains(event.target.value)}
        size="small"
        fullWidth
      />
      <div>
        <Button variant="outlined" onClick={save} disabled={update.isPending}>
          Save Single Sign-On Settings
        </Button>
      </div>
      {refused > 0 && <Alert severity="warning">{`${refused} refused sign-in${refused === 1 ? '' : 's'} among the latest events.`}</Alert>}
      {current.events.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No single sign-on links or refused sign-ins yet.
        </Typography>
      ) : (
        <List dense aria-label="Single sign-on events">
          {current.events.map((event) => (
            <ListItem key={event.id} disableGutters>
              <ListItemText primary={describeSsoEvent(event)} secondary={new Date(event.createdAt).toLocaleString()} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { InviteResponse } from '@domain/auth/types';
import { useNotify } from '@/lib/notifications';

export interface InvitationLinkPanelProps {
  invitation: InviteResponse;
  onInviteAnother: () => void;
  onDone: () => void;
}

const expiryFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The activation link of a new invitation. It is shown to the inviting admin because sending the
 * invitation by e-mail is optional: when no mail went out, the admin passes the link on.
 */
export function InvitationLinkPanel({ invitation, onInviteAnother, onDone }: InvitationLinkPanelProps) {
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const { user, invitationLink, expiresAt, emailSent } = invitation;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitationLink);
      setCopied(true);
    } catch {
      // The clipboard is refused outside secure contexts or without permission.
      notify.error('Could not copy the link. Select it and copy it yourself.');
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">
        {user.name} ({user.email}) is invited
      </Typography>
      <TextField
        label="Invitation Link"
        value={invitationLink}
        fullWidth
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: { readOnly: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copied ? 'Copied' : 'Copy link'}>
                  <IconButton aria-label={copied ? 'Link copied' : 'Copy link'} onClick={() => void copy()} edge="end">
                    {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
        helperText={`The link works once and expires on ${expiryFormat.format(new Date(expiresAt))}.`}
      />
      <Alert severity={emailSent ? 'success' : 'info'}>
        {emailSent
          ? `The link was also e-mailed to ${user.email}.`
          : 'No e-mail was sent: share this link with the invitee yourself.'}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onInviteAnother}>Invite another user</Button>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </Stack>
    </Stack>
  );
}

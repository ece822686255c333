import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REQUEST_KIND_LABELS, type RequestKind, type ServiceRequest } from '@domain/requests';
import { mailtoHref, openableLink } from './inbox';
import { visuallyHidden } from '@/ui/visuallyHidden';

const KIND_COLOURS: Record<RequestKind, 'primary' | 'success' | 'secondary'> = {
  custom_api: 'primary',
  contact_sales: 'success',
  model_access: 'secondary',
};

const receivedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Long addresses and unbroken text wrap inside the card instead of widening the modal. */
const WRAP = { overflowWrap: 'anywhere' } as const;

export interface RequestCardProps {
  request: ServiceRequest;
}

/** One request of the inbox: its kind, subject and date, who asked for which company, and what they sent. */
export function RequestCard({ request }: RequestCardProps) {
  const subjectId = useId();
  const requester = [request.requestedByName, request.requestedByEmail].filter(Boolean).length > 0;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={subjectId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={REQUEST_KIND_LABELS[request.kind]} color={KIND_COLOURS[request.kind]} />
        <Typography id={subjectId} variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 600, ...WRAP }}>
          {request.subject}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <time dateTime={request.createdAt}>{receivedFormat.format(new Date(request.createdAt))}</time>
        </Typography>
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          // One label column for every card, so the cards of the inbox line up.
          gridTemplateColumns: { xs: '1fr', sm: '8.5rem 1fr' },
          columnGap: 2,
          rowGap: 0.5,
          mt: 1.5,
          mb: request.message ? 1.5 : 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, mb: { xs: 0.5, sm: 0 }, ...WRAP },
        }}
      >
        <Detail term="Company">{request.companyName || 'Unknown company'}</Detail>
        <Detail term="Requested by">
          {requester ? (
            <>
              {request.requestedByName}
              {request.requestedByName && request.requestedByEmail && ' · '}
              <Email address={request.requestedByEmail} />
            </>
          ) : (
            'Unknown user'
          )}
        </Detail>
        {request.link && (
          <Detail term="Link">
            <WebLink link={request.link} />
          </Detail>
        )}
        {request.contactEmail && (
          <Detail term="Contact e-mail">
            <Email address={request.contactEmail} />
          </Detail>
        )}
      </Box>
      {request.message && (
        // Text the user typed, shown as text with its line breaks; never read as markup.
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', ...WRAP }}>
          {request.message}
        </Typography>
      )}
    </Paper>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2">
        {term}
      </Typography>
      <Typography component="dd" variant="body2">
        {children}
      </Typography>
    </>
  );
}

function Email({ address }: { address: string | null }) {
  if (!address) return null;
  const href = mailtoHref(address);
  return href ? <Link href={href}>{address}</Link> : <>{address}</>;
}

/** A link the requester typed: opened in a new tab when it is a web address, shown as text otherwise. */
function WebLink({ link }: { link: string }) {
  const href = openableLink(link);
  if (!href) return <>{link}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {link}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Link>
  );
}

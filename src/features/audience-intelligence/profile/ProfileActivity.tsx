import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AudienceUserDetail } from '@domain/audience/contract';
import { formatConfidence, formatDateTime } from '../format';
import { PROFILE_LABELS } from '../labels';

export interface ProfileActivityProps {
  user: AudienceUserDetail;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-label={title} spacing={1}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    {text}
  </Typography>
);

/** What the person did (recent events), what they are predicted to be, and what they told us. */
export function ProfileActivity({ user }: ProfileActivityProps) {
  const attributes = Object.entries(user.attributes);
  return (
    <Stack spacing={3}>
      <Section title={PROFILE_LABELS.recentEvents}>
        {user.events.length === 0 ? (
          <Empty text={PROFILE_LABELS.noEvents} />
        ) : (
          <Table size="small" aria-label={PROFILE_LABELS.recentEvents}>
            <TableHead>
              <TableRow>
                <TableCell>Type</TableCell>
                <TableCell>Source</TableCell>
                <TableCell>Time</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {user.events.map((event) => (
                <TableRow key={`${event.timestamp}:${event.type}:${event.source}`}>
                  <TableCell>{event.type}</TableCell>
                  <TableCell>{event.source}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.timestamp)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Section title={PROFILE_LABELS.predictedSegments}>
        {user.segments.length === 0 ? (
          <Empty text={PROFILE_LABELS.noSegments} />
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {user.segments.map((segment) => (
              <Box component="li" key={segment.id}>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {segment.name}
                  </Typography>
                  <Typography variant="body2">{formatConfidence(segment.confidence)}</Typography>
                </Stack>
                <LinearProgress variant="determinate" value={segment.confidence * 100} aria-label={`${segment.name} confidence`} sx={{ my: 0.5 }} />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {segment.because}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={PROFILE_LABELS.attributes}>
        {attributes.length === 0 ? (
          <Empty text={PROFILE_LABELS.noAttributes} />
        ) : (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {attributes.map(([name, value]) => (
              <Box key={name} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2', fontFamily: 'monospace' }}>
                  {name}
                </Box>
                <Box component="dd" sx={{ m: 0, typography: 'body2' }}>
                  {String(value)}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Section>
    </Stack>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIFECYCLE_LABELS, RISK_COLORS, RISK_LABELS, type AudienceUserDetail } from '@domain/audience/contract';
import { formatCurrency, formatDateTime, formatPercent } from '../format';
import { PROFILE_LABELS } from '../labels';

export interface IdentityGraphProps {
  user: AudienceUserDetail;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** " joined 3 records", " would have joined 2 profiles": what an identifier did, or would have done. */
export const mergeOutcome = (refused: boolean, joined: number) =>
  refused ? ` would have joined ${plural(joined, 'profile', 'profiles')}` : ` joined ${plural(joined, 'record', 'records')}`;

/** Who the profile is, every identifier it is known by, and why its records were joined (or not). */
export function IdentityGraph({ user }: IdentityGraphProps) {
  return (
    <Stack component="section" aria-label={PROFILE_LABELS.identityGraph} spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {PROFILE_LABELS.identityGraph}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
        <Field label={PROFILE_LABELS.name}>{user.name ?? PROFILE_LABELS.unnamed}</Field>
        <Field label={PROFILE_LABELS.email}>{user.email ?? '—'}</Field>
        <Field label={PROFILE_LABELS.account}>{user.account ?? '—'}</Field>
        <Field label={PROFILE_LABELS.ltv}>{formatCurrency(user.ltv)}</Field>
        <Field label={PROFILE_LABELS.risk}>
          <Chip size="small" color={RISK_COLORS[user.risk]} label={`${RISK_LABELS[user.risk]} (${formatPercent(user.riskScore)})`} />
        </Field>
        <Field label={PROFILE_LABELS.lifecycle}>{LIFECYCLE_LABELS[user.lifecycle]}</Field>
        <Field label={PROFILE_LABELS.coverage}>{formatPercent(user.dataSourceCoverage)}</Field>
      </Box>

      <Typography variant="subtitle2" component="h4">
        {PROFILE_LABELS.identities}
      </Typography>
      {/* A list, not a table: identifiers are long and the panel is narrow. */}
      <Stack component="ul" spacing={1} aria-label={PROFILE_LABELS.identities} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {user.identities.map((identity) => (
          <Box component="li" key={`${identity.kind}:${identity.value}`} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
              <Chip size="small" variant="outlined" label={identity.kind} />
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
                {identity.value}
              </Typography>
            </Stack>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {identity.source}{identity.firstSeen ? ` · first seen ${formatDateTime(identity.firstSeen)}` : ''}
            </Typography>
          </Box>
        ))}
      </Stack>

      <Typography variant="subtitle2" component="h4">
        {PROFILE_LABELS.merges}
      </Typography>
      {user.merges.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {PROFILE_LABELS.noMerges}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} aria-label={PROFILE_LABELS.merges} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {user.merges.map((merge) => (
            <Box component="li" key={`${merge.at}:${merge.identifierKind}:${merge.identifierValue}`} sx={{ borderLeft: 3, borderColor: merge.refused ? 'error.main' : 'success.main', pl: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" variant="outlined" color={merge.refused ? 'error' : 'success'} label={merge.refused ? PROFILE_LABELS.refused : PROFILE_LABELS.joined} />
                <Typography variant="body2">
                  {merge.identifierKind} <Box component="span" sx={{ fontFamily: 'monospace' }}>{merge.identifierValue}</Box> from {merge.source}
                  {mergeOutcome(merge.refused, merge.profilesJoined)}
                </Typography>
              </Stack>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatDateTime(merge.at)}
                {merge.reason ? ` · ${merge.reason}` : ''}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

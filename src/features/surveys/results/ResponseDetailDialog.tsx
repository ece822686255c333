import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SurveyResponse } from '@domain/survey/collection';
import type { Question } from '@domain/survey/types';
import { ModalDialog } from '@/ui/ModalDialog';
import { answerText, formatDateTime, formatDuration } from './format';
import { DEVICE_LABELS } from './resultFilters';
import { addressText } from './addressText';

export const RESPONSE_DETAIL_TITLE = 'Response details';
export const NOT_ANSWERED = 'Not answered';

export interface ResponseDetailDialogProps {
  /** The response to show, kept while the dialog closes; null before the first opening. */
  response: SurveyResponse | null;
  open: boolean;
  questions: readonly Question[];
  onClose: () => void;
}

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: 1.5, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </>
  );
}

/** One response in full: when, where from, and every question with its answer. */
export function ResponseDetailDialog({ response, open, questions, onClose }: ResponseDetailDialogProps) {
  const identifiers = Object.entries(response?.identifiers ?? {});
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={RESPONSE_DETAIL_TITLE}
      subtitle={response ? `Started ${formatDateTime(response.started_at)}` : undefined}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {response && (
        // Focusable, so a keyboard can scroll a long response (the dialog's content has no control of its own).
        <Stack spacing={2} tabIndex={0} role="group" aria-label="Response" sx={{ outlineOffset: 4 }}>
          <Stack direction="row" spacing={1}>
            <Chip size="small" color={response.is_complete ? 'success' : 'default'} label={response.is_complete ? 'Complete' : 'Incomplete'} />
            <Chip size="small" variant="outlined" label={DEVICE_LABELS[response.device_type]} />
          </Stack>
          <Stack component="dl" sx={{ m: 0 }}>
            <Entry term="Completed">{response.completed_at ? formatDateTime(response.completed_at) : '—'}</Entry>
            <Entry term="Completion time">{formatDuration(response.completion_time_seconds)}</Entry>
            <Entry term="IP address">{addressText(response.ip_address) ?? 'Not stored'}</Entry>
            {identifiers.map(([name, value]) => (
              <Entry key={name} term={`Identifier ${name}`}>
                {value}
              </Entry>
            ))}
            <Entry term="Browser">{response.user_agent ?? '—'}</Entry>
          </Stack>
          <Divider />
          <Typography variant="subtitle1" component="h3">
            Answers
          </Typography>
          <Stack component="dl" sx={{ m: 0 }}>
            {questions.map((question) => {
              const text = answerText(response.responses[question.id]);
              return (
                <Entry key={question.id} term={`Q: ${question.title}`}>
                  {text || <Typography component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>{NOT_ANSWERED}</Typography>}
                </Entry>
              );
            })}
          </Stack>
        </Stack>
      )}
    </ModalDialog>
  );
}

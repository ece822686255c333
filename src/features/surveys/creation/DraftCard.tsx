import { useState } from 'react';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import type { DraftListEntry } from '../api/drafts';
import { CREATOR_LABELS } from './labels';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const DRAFT_CARD_LABELS = {
  rename: (name: string) => `Rename ${name}`,
  nameField: 'Draft name',
  renameHint: 'Enter saves, Escape cancels',
  questions: (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`,
  created: (date: string) => `Created ${date}`,
  updated: (date: string) => `Updated ${date}`,
  doubleClickHint: 'Double-click to rename',
} as const;

export interface DraftCardProps {
  draft: DraftListEntry;
  isCurrent: boolean;
  canManage: boolean;
  /** Shown when drafts of several companies are listed. */
  companyName?: string;
  busy?: boolean;
  onLoad: () => void;
  onPublish: () => void;
  onDelete: () => void;
  /** Saves a trimmed, changed, non-blank name; resolves once saved. */
  onRename: (name: string) => Promise<unknown>;
}

type RenameState = { phase: 'idle' } | { phase: 'editing' | 'saving'; text: string; error: string | null };

/** One draft in the grid: its name (double-click or the pencil to rename), size and dates, and its actions. */
export function DraftCard({ draft, isCurrent, canManage, companyName, busy = false, onLoad, onPublish, onDelete, onRename }: DraftCardProps) {
  const [rename, setRename] = useState<RenameState>({ phase: 'idle' });

  const startRename = () => {
    if (canManage) setRename({ phase: 'editing', text: draft.name, error: null });
  };

  const commit = () => {
    if (rename.phase !== 'editing') return;
    const name = rename.text.trim();
    if (name === '') {
      setRename({ ...rename, error: DRAFT_MESSAGES.renameEmpty });
      return;
    }
    if (name === draft.name) {
      // An unchanged name just closes the field.
      setRename({ phase: 'idle' });
      return;
    }
    setRename({ phase: 'saving', text: rename.text, error: null });
    onRename(name).then(
      () => setRename({ phase: 'idle' }),
      () => setRename({ phase: 'editing', text: rename.text, error: DRAFT_MESSAGES.renameFailed }),
    );
  };

  return (
    <Card component="article" aria-label={draft.name} variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: isCurrent ? 'primary.main' : 'divider' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1}>
          {rename.phase === 'idle' ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <Tooltip title={canManage ? DRAFT_CARD_LABELS.doubleClickHint : ''} describeChild>
                <Typography
                  variant="h6"
                  component="h3"
                  onDoubleClick={startRename}
                  sx={{ flexGrow: 1, overflowWrap: 'anywhere', cursor: canManage ? 'text' : 'default' }}
                >
                  {draft.name}
                </Typography>
              </Tooltip>
              {canManage && (
                <IconButton size="small" aria-label={DRAFT_CARD_LABELS.rename(draft.name)} onClick={startRename}>
                  <DriveFileRenameOutlineIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ) : (
            <TextField
              autoFocus
              size="small"
              label={DRAFT_CARD_LABELS.nameField}
              value={rename.text}
              disabled={rename.phase === 'saving'}
              onChange={(event) => setRename({ phase: 'editing', text: event.target.value, error: null })}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  commit();
                } else if (event.key === 'Escape') {
                  setRename({ phase: 'idle' });
                }
              }}
              error={Boolean(rename.error)}
              helperText={rename.phase === 'saving' ? CREATOR_LABELS.saving : (rename.error ?? DRAFT_CARD_LABELS.renameHint)}
              slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.name } }}
            />
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip size="small" label={DRAFT_CARD_LABELS.questions(draft.questionCount)} />
            {isCurrent && <Chip size="small" color="primary" label={CREATOR_LABELS.currentDraft} />}
            {companyName && <Chip size="small" variant="outlined" label={companyName} />}
          </Stack>
          {draft.title && draft.title !== draft.name && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {draft.title}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {DRAFT_CARD_LABELS.created(dateFormat.format(new Date(draft.createdAt)))}
            <br />
            {DRAFT_CARD_LABELS.updated(dateFormat.format(new Date(draft.updatedAt)))}
          </Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <Button size="small" variant="outlined" onClick={onLoad} disabled={busy}>
          {CREATOR_LABELS.loadDraft}
        </Button>
        {canManage && (
          <>
            <Button size="small" variant="contained" onClick={onPublish} disabled={busy}>
              {CREATOR_LABELS.publish}
            </Button>
            <Button size="small" color="error" onClick={onDelete} disabled={busy}>
              {CREATOR_LABELS.delete}
            </Button>
          </>
        )}
      </CardActions>
    </Card>
  );
}

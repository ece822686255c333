import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { serverMessage, UNKNOWN_REASON } from '@/lib/failure';
import { NoticeSnackbar } from '@/lib/NoticeSnackbar';
import { useNotify } from '@/lib/notifications';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useDeleteDraft, useDrafts, useRenameDraft, type DraftListEntry } from '../api/drafts';
import { DraftCard } from './DraftCard';
import { CREATOR_LABELS } from './labels';
import { TOAST_MS } from './timing';

export const DRAFTS_PANEL_LABELS = {
  heading: 'Drafts',
  loading: 'Loading drafts',
} as const;

export interface DraftsPanelProps {
  /** The companyFilter query of the list; undefined lists every company's drafts (global admin). */
  companyFilter: string | undefined;
  currentDraftId: string | null;
  canManage: boolean;
  /** Company names by id, when drafts of several companies are listed. */
  companyNames?: ReadonlyMap<string, string>;
  /** The draft whose load or publish is running. */
  busyDraftId?: string | null;
  onLoad: (draft: DraftListEntry) => void;
  onPublish: (draft: DraftListEntry) => void;
  onNewSurvey: () => void;
  /** A draft was deleted (the builder forgets it when it was the current one). */
  onDeleted?: (id: string) => void;
  onRenamed?: (id: string, name: string) => void;
}

interface Toast {
  key: number;
  message: string;
  severity: 'success' | 'error';
}

/** The Drafts tab: the company's drafts, loaded, published, renamed and deleted from here. */
export function DraftsPanel({
  companyFilter,
  currentDraftId,
  canManage,
  companyNames,
  busyDraftId = null,
  onLoad,
  onPublish,
  onNewSurvey,
  onDeleted,
  onRenamed,
}: DraftsPanelProps) {
  const notify = useNotify();
  const drafts = useDrafts(companyFilter);
  const rename = useRenameDraft();
  const remove = useDeleteDraft();
  const toDelete = useDialogSubject<DraftListEntry>();
  const [toast, setToast] = useState<Toast | null>(null);
  const [toastOpen, setToastOpen] = useState(false);

  // The rename toasts stay 3 s (section 9), shorter than the other notices.
  const showToast = (message: string, severity: Toast['severity']) => {
    setToast((shown) => ({ key: (shown?.key ?? 0) + 1, message, severity }));
    setToastOpen(true);
  };

  const renameDraft = (draft: DraftListEntry, name: string) =>
    rename.mutateAsync({ id: draft.id, name }).then(
      () => {
        onRenamed?.(draft.id, name);
        showToast(DRAFT_MESSAGES.renamedToast, 'success');
      },
      (error: unknown) => {
        showToast(DRAFT_MESSAGES.renameFailedToast, 'error');
        throw error;
      },
    );

  const confirmDelete = () => {
    const draft = toDelete.subject;
    if (!draft) return;
    remove.mutate(draft.id, {
      onSuccess: () => {
        toDelete.close();
        onDeleted?.(draft.id);
        notify.success(DRAFT_MESSAGES.deleted);
      },
      onError: (error) => {
        toDelete.close();
        notify.error(DRAFT_MESSAGES.deleteFailed(serverMessage(error, UNKNOWN_REASON)));
      },
    });
  };

  // A failed load empties the list (section 8) and offers Retry Loading.
  const list = drafts.isError ? [] : (drafts.data ?? []);

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {DRAFTS_PANEL_LABELS.heading}
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onNewSurvey}>
            {CREATOR_LABELS.newSurvey}
          </Button>
        )}
      </Stack>

      {drafts.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void drafts.refetch()} disabled={drafts.isFetching}>
              {CREATOR_LABELS.retryLoading}
            </Button>
          }
        >
          {DRAFT_MESSAGES.loadListFailed(serverMessage(drafts.error, UNKNOWN_REASON))}
        </Alert>
      )}

      {drafts.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={DRAFTS_PANEL_LABELS.loading} />
        </Stack>
      ) : (
        !drafts.isError &&
        list.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{CREATOR_LABELS.noDrafts}</Typography>
      )}

      {list.length > 0 && (
        <Grid container spacing={2} component="section" aria-label={DRAFTS_PANEL_LABELS.heading}>
          {list.map((draft) => (
            <Grid key={draft.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <DraftCard
                draft={draft}
                isCurrent={draft.id === currentDraftId}
                canManage={canManage}
                companyName={companyNames?.get(draft.companyId)}
                busy={busyDraftId === draft.id}
                onLoad={() => onLoad(draft)}
                onPublish={() => onPublish(draft)}
                onDelete={() => toDelete.show(draft)}
                onRename={(name) => renameDraft(draft, name)}
              />
            </Grid>
          ))}
        </Grid>
      )}

      <ConfirmDialog
        open={toDelete.open}
        title={CREATOR_LABELS.deleteDraft}
        confirmLabel={CREATOR_LABELS.delete}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={toDelete.close}
      >
        {toDelete.shown && `"${toDelete.shown.name}": ${DRAFT_MESSAGES.confirmDelete}`}
      </ConfirmDialog>

      {toast && (
        <NoticeSnackbar
          key={toast.key}
          message={toast.message}
          severity={toast.severity}
          open={toastOpen}
          autoHideDuration={TOAST_MS}
          onClose={() => setToastOpen(false)}
          onExited={() => setToast(null)}
        />
      )}
    </Stack>
  );
}

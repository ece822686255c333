import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SAVED_VIEW_NAME_MAX, type AudienceQuery, type AudienceView, type CategoryId } from '@domain/audience/contract';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { NameDialog } from '@/ui/NameDialog';
import { useSaveView } from '../api';
import { formatCount } from '../format';
import { SAVE_VIEW_LABELS } from '../labels';
import { describeQuery } from '../query';

export interface SaveViewDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string;
  /** The audience being saved: the filters and the settled search. */
  query: AudienceQuery;
  categoryId: CategoryId | null;
  /** How many users it holds now. */
  userCount: number;
  onSaved?: (view: AudienceView) => void;
}

/** Save View (section 2): a name, what it keeps, and how many users it holds; Enter saves. */
export function SaveViewDialog({ open, onClose, ...form }: SaveViewDialogProps) {
  return (
    // A fresh form on every opening: no name or failure left from the last view.
    open ? <SaveViewForm onClose={onClose} {...form} /> : null
  );
}

function SaveViewForm({ onClose, companyId, query, categoryId, userCount, onSaved }: Omit<SaveViewDialogProps, 'open'>) {
  const notify = useNotify();
  const save = useSaveView(companyId);
  const summary = describeQuery(query, categoryId);

  const submit = (name: string) =>
    save.mutate(
      { name, filters: { dataSource: query.dataSource, lifecycle: query.lifecycle, risk: query.risk, recency: query.recency }, search: query.search.trim(), categoryId },
      {
        onSuccess: (view) => {
          notify.success(SAVE_VIEW_LABELS.saved(view.name));
          onSaved?.(view);
          onClose();
        },
      },
    );

  return (
    <NameDialog
      open
      onClose={onClose}
      title={SAVE_VIEW_LABELS.title}
      label={SAVE_VIEW_LABELS.name}
      submitLabel={SAVE_VIEW_LABELS.save}
      cancelLabel={SAVE_VIEW_LABELS.cancel}
      onSubmit={submit}
      maxLength={SAVED_VIEW_NAME_MAX}
      required
      maxWidth="sm"
      busy={save.isPending}
      notice={
        <>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {SAVE_VIEW_LABELS.filters}
            </Typography>
            {summary.length ? (
              <Box component="ul" aria-label={SAVE_VIEW_LABELS.filters} sx={{ m: 0, pl: 2.5 }}>
                {summary.map((line) => (
                  <Typography component="li" variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
              </Box>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {SAVE_VIEW_LABELS.noFilters}
              </Typography>
            )}
          </Box>
          <Typography variant="body2">
            {SAVE_VIEW_LABELS.users}: <strong>{formatCount(userCount)}</strong>
          </Typography>
          {save.isError && <Alert severity="error">{withReason(SAVE_VIEW_LABELS.failed, save.error)}</Alert>}
        </>
      }
    />
  );
}

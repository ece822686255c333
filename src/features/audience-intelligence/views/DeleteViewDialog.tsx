import type { AudienceView } from '@domain/audience/contract';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useDeleteView } from '../api';
import { DELETE_VIEW_LABELS } from '../labels';

export interface DeleteViewDialogProps {
  companyId: string;
  /** The view to delete; null closes the dialog. */
  view: AudienceView | null;
  onClose: () => void;
  onDeleted?: (view: AudienceView) => void;
}

/** Asks before a saved view is deleted; it leaves the categories once the server has dropped it. */
export function DeleteViewDialog({ companyId, view, onClose, onDeleted }: DeleteViewDialogProps) {
  const notify = useNotify();
  const remove = useDeleteView(companyId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={view !== null}
      title={DELETE_VIEW_LABELS.title}
      confirmLabel={DELETE_VIEW_LABELS.confirm}
      destructive
      busy={remove.isPending}
      error={remove.isError ? withReason(DELETE_VIEW_LABELS.failed, remove.error) : undefined}
      onCancel={close}
      onConfirm={() => {
        if (!view) return;
        remove.mutate(view, {
          onSuccess: () => {
            notify.success(DELETE_VIEW_LABELS.deleted(view.name));
            onDeleted?.(view);
            close();
          },
        });
      }}
    >
      {view ? DELETE_VIEW_LABELS.question(view.name) : ''}
    </ConfirmDialog>
  );
}

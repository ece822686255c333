import { useState } from 'react';
import type { AudienceQuery, AudienceView, CategoryId } from '@domain/audience/contract';
import { ModalDialog } from '@/ui/ModalDialog';
import { PROFILE_LABELS, WRITEBACK_JOB_LABELS, WRITEBACK_LABELS } from './labels';
import { ProfileDrawer } from './profile/ProfileDrawer';
import { DeleteViewDialog } from './views/DeleteViewDialog';
import { SaveViewDialog } from './views/SaveViewDialog';
import { DestinationsDialog } from './writeback/DestinationsDialog';
import { WritebackDialog, type WritebackPreset, type WritebackSelection } from './writeback/WritebackDialog';
import { WritebackJobsList } from './writeback/WritebackJobsList';

export interface WritebackRequest {
  subject: string;
  preset: WritebackPreset;
  selection: WritebackSelection;
}

/** The Audience Intelligence page's dialogs and drawer, each open or not. */
export function useAudienceDialogs() {
  const [openUser, setOpenUser] = useState<{ id: string; title: string } | null>(null);
  const [savingView, setSavingView] = useState(false);
  const [deletingView, setDeletingView] = useState<AudienceView | null>(null);
  const [writeback, setWriteback] = useState<WritebackRequest | null>(null);
  const [managingDestinations, setManagingDestinations] = useState(false);
  const [showingJobs, setShowingJobs] = useState(false);
  return {
    openUser,
    setOpenUser,
    savingView,
    setSavingView,
    deletingView,
    setDeletingView,
    writeback,
    setWriteback,
    managingDestinations,
    setManagingDestinations,
    showingJobs,
    setShowingJobs,
  };
}

export type AudienceDialogState = ReturnType<typeof useAudienceDialogs>;

export interface AudienceDialogsProps {
  companyId: string;
  dialogs: AudienceDialogState;
  /** The audience in view, which Save View saves. */
  query: AudienceQuery;
  categoryId: CategoryId | null;
  audienceSize: number;
}

/** A user's profile, Save View, Delete View, Write Back, the destinations and the writeback jobs. */
export function AudienceDialogs({ companyId, dialogs, query, categoryId, audienceSize }: AudienceDialogsProps) {
  const { openUser, writeback } = dialogs;
  return (
    <>
      <ProfileDrawer
        companyId={companyId}
        userId={openUser?.id ?? null}
        title={openUser?.title ?? ''}
        onClose={() => dialogs.setOpenUser(null)}
        onWriteback={(user, preset) =>
          dialogs.setWriteback({ subject: WRITEBACK_LABELS.forUser(user.name ?? user.email ?? PROFILE_LABELS.unnamed), preset, selection: { profileIds: [user.id] } })
        }
      />
      <SaveViewDialog
        open={dialogs.savingView}
        onClose={() => dialogs.setSavingView(false)}
        companyId={companyId}
        query={query}
        categoryId={categoryId}
        userCount={audienceSize}
      />
      <DeleteViewDialog companyId={companyId} view={dialogs.deletingView} onClose={() => dialogs.setDeletingView(null)} />
      <WritebackDialog
        open={writeback !== null}
        onClose={() => dialogs.setWriteback(null)}
        companyId={companyId}
        subject={writeback?.subject ?? ''}
        preset={writeback?.preset}
        selection={writeback?.selection ?? { profileIds: [] }}
      />
      <DestinationsDialog open={dialogs.managingDestinations} onClose={() => dialogs.setManagingDestinations(false)} companyId={companyId} />
      <ModalDialog open={dialogs.showingJobs} onClose={() => dialogs.setShowingJobs(false)} title={WRITEBACK_JOB_LABELS.title} maxWidth="sm">
        {dialogs.showingJobs && <WritebackJobsList companyId={companyId} showTitle={false} />}
      </ModalDialog>
    </>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { AUDIENCE_MESSAGES, CATEGORY_NAMES, type AudienceCategory, type AudienceView, type CategoryId } from '@domain/audience/contract';
import { withReason } from '@/lib/failure';
import { audienceKeys, useAudienceCategories, useAudienceMetrics, useAudienceUsers, useAudienceViews } from './api';
import { AudienceErrorPanel } from './AudienceErrorPanel';
import { CategoriesView } from './categories/CategoriesView';
import { EmptyAudience } from './EmptyAudience';
import { ExplorerPanel, type ExplorerTab } from './explorer/ExplorerPanel';
import { AudienceFilterBar } from './filters/AudienceFilterBar';
import { formatRelative } from './format';
import { JobProgress } from './jobs/JobProgress';
import { JobSummaryDialog } from './jobs/JobSummaryDialog';
import { useAudienceJobs } from './jobs/useAudienceJobs';
import { ModalDialog } from '@/ui/ModalDialog';
import { ACTION_LABELS, COMPUTED_AT, JOB_LABELS, LOADING_AUDIENCE, NEVER_COMPUTED, PROFILE_LABELS, WRITEBACK_JOB_LABELS, WRITEBACK_LABELS } from './labels';
import { ProfileDrawer } from './profile/ProfileDrawer';
import { audienceParams, isNarrowed } from './query';
import { SummaryCards } from './summary/SummaryCards';
import { useAudienceQuery } from './useAudienceQuery';
import { UsersView } from './users/UsersView';
import { DeleteViewDialog } from './views/DeleteViewDialog';
import { SaveViewDialog } from './views/SaveViewDialog';
import { DestinationsDialog } from './writeback/DestinationsDialog';
import { DEFAULT_WRITEBACK, WritebackDialog, type WritebackPreset, type WritebackSelection } from './writeback/WritebackDialog';
import { WritebackJobsList } from './writeback/WritebackJobsList';

/** A category with no user under the current filters is not listed by the server, but can still be looked at. */
function emptyCategory(id: CategoryId): AudienceCategory {
  return { id, name: CATEGORY_NAMES[id], description: '', rule: '', coverage: 0, userCount: 0, topTraits: [] };
}

export interface AudienceWorkspaceProps {
  companyId: string;
}

/** The Audience Intelligence page of one company: explorer, summary, filters, actions and the two views. */
export function AudienceWorkspace({ companyId }: AudienceWorkspaceProps) {
  const queryClient = useQueryClient();
  const audience = useAudienceQuery();
  const [tab, setTab] = useState<ExplorerTab>('categories');
  const [categoryId, setCategoryId] = useState<CategoryId | null>(null);
  // The page belongs to one audience: another filter, search or category starts at page 1.
  const pagingKey = JSON.stringify([audienceParams(companyId, audience.query), categoryId]);
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;
  const [openUser, setOpenUser] = useState<{ id: string; title: string } | null>(null);
  const [savingView, setSavingView] = useState(false);
  const [deletingView, setDeletingView] = useState<AudienceView | null>(null);
  const [writeback, setWriteback] = useState<{ subject: string; preset: WritebackPreset; selection: WritebackSelection } | null>(null);
  const [managingDestinations, setManagingDestinations] = useState(false);
  const [showingJobs, setShowingJobs] = useState(false);

  const metrics = useAudienceMetrics(companyId, audience.query);
  const categories = useAudienceCategories(companyId, audience.query);
  const views = useAudienceViews(companyId);
  const users = useAudienceUsers(companyId, audience.query, categoryId, page, tab === 'users');
  const jobs = useAudienceJobs(companyId);

  const category = categoryId ? (categories.data?.find((entry) => entry.id === categoryId) ?? (categories.data ? emptyCategory(categoryId) : null)) : null;
  const audienceSize = category ? category.userCount : (metrics.data?.totalUsers ?? 0);
  const reload = () => void queryClient.invalidateQueries({ queryKey: audienceKeys.company(companyId) });
  const noProfiles = metrics.data?.totalUsers === 0 && !isNarrowed(audience.query) && audience.searchText.trim() === '';

  const selectCategory = (id: CategoryId | null) => {
    setCategoryId(id);
    setTab('users');
  };
  const openView = (view: AudienceView) => {
    audience.apply({ ...view.filters, search: view.search });
    selectCategory(view.categoryId);
  };
  const backToCategories = () => {
    setCategoryId(null);
    setTab('categories');
  };

  const jobState = (
    <>
      {jobs.running && <JobProgress job={jobs.running} />}
      {jobs.startError !== null && <Alert severity="error">{withReason(JOB_LABELS.startFailed, jobs.startError)}</Alert>}
      {jobs.lastFailed && (
        <Alert severity="warning" onClose={jobs.dismissLastFailed}>
          <AlertTitle>{JOB_LABELS.failed[jobs.lastFailed.kind]}</AlertTitle>
          {jobs.lastFailed.error && <Typography variant="body2">{jobs.lastFailed.error}</Typography>}
          <Typography variant="body2">{JOB_LABELS.lastFailedNote}</Typography>
        </Alert>
      )}
      <JobSummaryDialog job={jobs.finished} onClose={jobs.dismissFinished} />
    </>
  );

  if (noProfiles) {
    return (
      <Stack spacing={2}>
        {jobState}
        <EmptyAudience onBuild={jobs.running || jobs.starting ? undefined : () => jobs.start('rebuild')} />
      </Stack>
    );
  }

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }}>
        <ExplorerPanel
          tab={tab}
          onTabChange={(next) => (next === 'categories' ? backToCategories() : setTab(next))}
          searchText={audience.searchText}
          onSearchChange={audience.setSearchText}
          categories={categories.data}
          views={views.data}
          selectedCategoryId={categoryId}
          onSelectCategory={selectCategory}
          onOpenView={openView}
          onDeleteView={setDeletingView}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>
        <Stack spacing={2}>
          {metrics.isError ? (
            <AudienceErrorPanel message={AUDIENCE_MESSAGES.metrics} error={metrics.error} onRetry={reload} />
          ) : (
            <Box>
              <SummaryCards metrics={metrics.data} category={category} />
              {metrics.data && (
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
                  {metrics.data.computedAt ? COMPUTED_AT(formatRelative(metrics.data.computedAt, metrics.dataUpdatedAt)) : NEVER_COMPUTED}
                </Typography>
              )}
            </Box>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <AudienceFilterBar value={audience.filters} onChange={audience.setFilters} />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                <Button variant="outlined" onClick={() => setSavingView(true)} disabled={!metrics.data}>
                  {ACTION_LABELS.saveView}
                </Button>
                <Button variant="outlined" onClick={() => jobs.start('reclassify')} disabled={jobs.running !== null} loading={jobs.starting}>
                  {ACTION_LABELS.reclassify}
                </Button>
                <Button variant="outlined" onClick={() => setShowingJobs(true)}>
                  {WRITEBACK_JOB_LABELS.title}
                </Button>
                <Button variant="outlined" onClick={() => setManagingDestinations(true)}>
                  {WRITEBACK_LABELS.manageDestinations}
                </Button>
                <Button
                  variant="contained"
                  onClick={() =>
                    setWriteback({
                      subject: WRITEBACK_LABELS.forAudience(audienceSize),
                      preset: DEFAULT_WRITEBACK,
                      selection: { query: { ...audience.query, categoryId } },
                    })
                  }
                >
                  {ACTION_LABELS.writeBack}
                </Button>
              </Stack>
            </Stack>
          </Paper>
          {jobState}
          {tab === 'categories' ? (
            categories.isError ? (
              <AudienceErrorPanel message={AUDIENCE_MESSAGES.categories} error={categories.error} onRetry={reload} />
            ) : categories.data ? (
              <CategoriesView
                categories={categories.data}
                views={views.data ?? []}
                averageCoverage={metrics.data?.dataSourceCoverage ?? 0}
                onViewUsers={selectCategory}
                onOpenView={openView}
                onDeleteView={setDeletingView}
              />
            ) : (
              <Box role="status" aria-label={LOADING_AUDIENCE}>
                <Skeleton variant="rounded" height={280} />
              </Box>
            )
          ) : users.isError ? (
            <AudienceErrorPanel message={categoryId ? AUDIENCE_MESSAGES.categoryUsers : AUDIENCE_MESSAGES.page} error={users.error} onRetry={reload} />
          ) : (
            <UsersView
              categoryName={categoryId ? CATEGORY_NAMES[categoryId] : null}
              page={users.data}
              currentPage={page}
              loading={users.isFetching}
              readAt={users.dataUpdatedAt}
              onPageChange={(next) => setPaging({ key: pagingKey, page: next })}
              onOpenUser={(user) => setOpenUser({ id: user.id, title: user.name ?? user.email ?? PROFILE_LABELS.unnamed })}
              onBackToCategories={backToCategories}
            />
          )}
        </Stack>
      </Grid>

      <ProfileDrawer
        companyId={companyId}
        userId={openUser?.id ?? null}
        title={openUser?.title ?? ''}
        onClose={() => setOpenUser(null)}
        onWriteback={(user, preset) =>
          setWriteback({ subject: WRITEBACK_LABELS.forUser(user.name ?? user.email ?? PROFILE_LABELS.unnamed), preset, selection: { profileIds: [user.id] } })
        }
      />
      <SaveViewDialog
        open={savingView}
        onClose={() => setSavingView(false)}
        companyId={companyId}
        query={audience.query}
        categoryId={categoryId}
        userCount={audienceSize}
      />
      <DeleteViewDialog companyId={companyId} view={deletingView} onClose={() => setDeletingView(null)} />
      <WritebackDialog
        open={writeback !== null}
        onClose={() => setWriteback(null)}
        companyId={companyId}
        subject={writeback?.subject ?? ''}
        preset={writeback?.preset}
        selection={writeback?.selection ?? { profileIds: [] }}
      />
      <DestinationsDialog open={managingDestinations} onClose={() => setManagingDestinations(false)} companyId={companyId} />
      <ModalDialog open={showingJobs} onClose={() => setShowingJobs(false)} title={WRITEBACK_JOB_LABELS.title} maxWidth="sm">
        {showingJobs && <WritebackJobsList companyId={companyId} showTitle={false} />}
      </ModalDialog>
    </Grid>
  );
}

import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { AUDIENCE_MESSAGES, CATEGORY_NAMES, type AudienceCategory, type CategoryId } from '@domain/audience/contract';
import { AudienceActions } from './AudienceActions';
import { AudienceDialogs, useAudienceDialogs } from './AudienceDialogs';
import { audienceKeys, useAudienceCategories, useAudienceMetrics, useAudienceUsers, useAudienceViews } from './api';
import { AudienceErrorPanel } from './AudienceErrorPanel';
import { CategoriesView } from './categories/CategoriesView';
import { EmptyAudience } from './EmptyAudience';
import { ExplorerPanel } from './explorer/ExplorerPanel';
import { formatRelative } from './format';
import { JobStatus } from './jobs/JobStatus';
import { useAudienceJobs } from './jobs/useAudienceJobs';
import { COMPUTED_AT, LOADING_AUDIENCE, NEVER_COMPUTED, PROFILE_LABELS, WRITEBACK_LABELS } from './labels';
import { isNarrowed } from './query';
import { SummaryCards } from './summary/SummaryCards';
import { useAudienceQuery } from './useAudienceQuery';
import { useAudienceSelection } from './useAudienceSelection';
import { UsersView } from './users/UsersView';
import { DEFAULT_WRITEBACK } from './writeback/WritebackDialog';

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
  const selection = useAudienceSelection(companyId, audience);
  const { tab, categoryId, page } = selection;
  const dialogs = useAudienceDialogs();

  const metrics = useAudienceMetrics(companyId, audience.query);
  const categories = useAudienceCategories(companyId, audience.query);
  const views = useAudienceViews(companyId);
  const users = useAudienceUsers(companyId, audience.query, categoryId, page, tab === 'users');
  const jobs = useAudienceJobs(companyId);

  const category = categoryId ? (categories.data?.find((entry) => entry.id === categoryId) ?? (categories.data ? emptyCategory(categoryId) : null)) : null;
  const audienceSize = category ? category.userCount : (metrics.data?.totalUsers ?? 0);
  const reload = () => void queryClient.invalidateQueries({ queryKey: audienceKeys.company(companyId) });
  const noProfiles = metrics.data?.totalUsers === 0 && !isNarrowed(audience.query) && audience.searchText.trim() === '';

  if (noProfiles) {
    return (
      <Stack spacing={2}>
        <JobStatus jobs={jobs} />
        <EmptyAudience onBuild={jobs.running || jobs.starting ? undefined : () => jobs.start('rebuild')} />
      </Stack>
    );
  }

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }}>
        <ExplorerPanel
          tab={tab}
          onTabChange={selection.changeTab}
          searchText={audience.searchText}
          onSearchChange={audience.setSearchText}
          categories={categories.data}
          views={views.data}
          selectedCategoryId={categoryId}
          onSelectCategory={selection.selectCategory}
          onOpenView={selection.openView}
          onDeleteView={dialogs.setDeletingView}
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
          <AudienceActions
            filters={audience.filters}
            onFiltersChange={audience.setFilters}
            canSaveView={Boolean(metrics.data)}
            jobRunning={jobs.running !== null}
            starting={jobs.starting}
            onSaveView={() => dialogs.setSavingView(true)}
            onReclassify={() => jobs.start('reclassify')}
            onShowWritebackJobs={() => dialogs.setShowingJobs(true)}
            onManageDestinations={() => dialogs.setManagingDestinations(true)}
            onWriteBack={() =>
              dialogs.setWriteback({ subject: WRITEBACK_LABELS.forAudience(audienceSize), preset: DEFAULT_WRITEBACK, selection: { query: { ...audience.query, categoryId } } })
            }
          />
          <JobStatus jobs={jobs} />
          {tab === 'categories' ? (
            categories.isError ? (
              <AudienceErrorPanel message={AUDIENCE_MESSAGES.categories} error={categories.error} onRetry={reload} />
            ) : categories.data ? (
              <CategoriesView
                categories={categories.data}
                views={views.data ?? []}
                averageCoverage={metrics.data?.dataSourceCoverage ?? 0}
                onViewUsers={selection.selectCategory}
                onOpenView={selection.openView}
                onDeleteView={dialogs.setDeletingView}
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
              onPageChange={selection.setPage}
              onOpenUser={(user) => dialogs.setOpenUser({ id: user.id, title: user.name ?? user.email ?? PROFILE_LABELS.unnamed })}
              onBackToCategories={selection.backToCategories}
            />
          )}
        </Stack>
      </Grid>
      <AudienceDialogs companyId={companyId} dialogs={dialogs} query={audience.query} categoryId={categoryId} audienceSize={audienceSize} />
    </Grid>
  );
}

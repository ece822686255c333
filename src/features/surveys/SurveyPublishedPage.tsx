/** LiveIQ (data document, section 2, "Published surveys page"), routed at /zero-party/survey-published. */
import { lazy, Suspense, useDeferredValue, useId, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurvey } from '@domain/survey/types';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import {
  useChangeSurveyStatus,
  useCopyToDraft,
  useDeletePublishedSurvey,
  useDeletingIds,
  usePublishedSurveys,
  useStatusChangingIds,
} from './api/published';
import { DeployPanel } from './published/DeployPanel';
import { JUST_PUBLISHED_PARAM } from './published/justPublished';

export const LIVEIQ_TAGLINE = 'Deploy surveys on your sites and gather intelligence shaped by your audience.';
export const CREATION_PATH = '/zero-party/survey-creation';
export const EDIT_SURVEY_TITLE = 'Edit Survey';
export const EDIT_CONFIRM_LABEL = 'Create Draft Copy';
export const DELETE_SURVEY_TITLE = 'Delete Survey';

export type LiveTab = 'deploy' | 'custom-display' | 'preview' | 'embed-code' | 'results';

interface TabContext {
  selected: PublishedSurvey | null;
  canManage: boolean;
  deploy: ReactNode;
  /** The published surveys, undefined while they load. */
  surveys: PublishedSurvey[] | undefined;
  select: (survey: PublishedSurvey) => void;
}

// The page opens on Deploy: the other tabs' code is downloaded when a tab is opened (InsightIQ's
// charts and tables, Custom Display's styling and targeting forms, the Preview's renderer, Embed
// Code's settings and webhook log with its grid), and the dialogs' when first opened.
const ResultsPanel = lazy(async () => ({ default: (await import('./results/ResultsPanel')).ResultsPanel }));
const CustomDisplayPanel = lazy(async () => ({ default: (await import('./published/CustomDisplayPanel')).CustomDisplayPanel }));
const PreviewPanel = lazy(async () => ({ default: (await import('./published/PreviewPanel')).PreviewPanel }));
const EmbedCodePanel = lazy(async () => ({ default: (await import('./embed/EmbedCodePanel')).EmbedCodePanel }));
const StartSurveyDialog = lazy(async () => ({ default: (await import('./published/StartSurveyDialog')).StartSurveyDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await import('@/ui/ConfirmDialog')).ConfirmDialog }));

/** A tab's place while its code arrives. */
const tabLoading = <Skeleton variant="rounded" animation={false} aria-hidden height={240} />;

/** The tabs in order (data document, section 2, "Published surveys page"). */
const TABS: readonly { value: LiveTab; label: string; render: (context: TabContext) => ReactNode }[] = [
  { value: 'deploy', label: 'Deploy', render: ({ deploy }) => deploy },
  {
    value: 'custom-display',
    label: 'Custom Display',
    render: ({ selected, canManage }) => (
      <Suspense fallback={tabLoading}>
        <CustomDisplayPanel survey={selected} canManage={canManage} />
      </Suspense>
    ),
  },
  {
    value: 'preview',
    label: 'Preview',
    render: ({ selected }) => (
      <Suspense fallback={tabLoading}>
        <PreviewPanel survey={selected} />
      </Suspense>
    ),
  },
  {
    value: 'embed-code',
    label: 'Embed Code',
    render: () => (
      <Suspense fallback={tabLoading}>
        <EmbedCodePanel />
      </Suspense>
    ),
  },
  {
    value: 'results',
    label: 'InsightIQ',
    render: ({ selected, surveys, select }) => (
      <Suspense fallback={tabLoading}>
        <ResultsPanel surveys={surveys} selected={selected} onSelect={select} />
      </Suspense>
    ),
  },
];

export function SurveyPublishedPage() {
  const idPrefix = useId();
  const navigate = useNavigate();
  const notify = useNotify();
  const { can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  const canManage = can('manageSurveys');
  const viewingAll = can('chooseCompany') && companyFilter === ALL_COMPANIES;

  const list = usePublishedSurveys(filterParam);
  // Opened from CreateIQ's Publish: that survey's card points at its next step, Start.
  const [searchParams] = useSearchParams();
  const justPublishedId = searchParams.get(JUST_PUBLISHED_PARAM);
  // The list's first arrival is drawn in a background render, in slices a phone can interleave with
  // other work (React draws a query's answer at once and in one piece); later changes (a survey
  // started, stopped or deleted) are drawn at once.
  const firstArrival = useDeferredValue(list.data);
  const surveys = firstArrival === undefined ? undefined : list.data;
  const [tab, setTab] = useState<LiveTab>('deploy');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.data?.find((survey) => survey.id === selectedId) ?? null;

  const [startFor, setStartFor] = useState<PublishedSurvey | null>(null);
  const editFor = useDialogSubject<PublishedSurvey>();
  const [deleteFor, setDeleteFor] = useState<PublishedSurvey | null>(null);
  const startOpened = useOpenedOnce(startFor !== null);
  const editOpened = useOpenedOnce(editFor.open);
  const deleteOpened = useOpenedOnce(deleteFor !== null);

  const statusChange = useChangeSurveyStatus({
    onSuccess: (_result, change) => {
      if (change.status === 'active') {
        setStartFor(null);
        notify.success(PUBLISHED_MESSAGES.started);
      } else notify.success(PUBLISHED_MESSAGES.stopped);
    },
    onError: (error, change) => {
      if (change.status === 'active') {
        // The notice must not sit under the dialog, where assistive technology cannot reach it.
        setStartFor(null);
        notify.error(PUBLISHED_MESSAGES.startFailed(serverMessage(error)));
      } else notify.error(PUBLISHED_MESSAGES.stopFailed(serverMessage(error)));
    },
  });
  const statusChangingIds = useStatusChangingIds();
  const remove = useDeletePublishedSurvey({
    onSuccess: (_result, survey) => {
      notify.success(PUBLISHED_MESSAGES.deleted);
      setSelectedId((current) => (current === survey.id ? null : current));
    },
    onError: (error) => notify.error(PUBLISHED_MESSAGES.deleteFailed(serverMessage(error))),
  });
  const deletingIds = useDeletingIds();
  const copy = useCopyToDraft();

  const open = (survey: PublishedSurvey, next: LiveTab) => {
    setSelectedId(survey.id);
    setTab(next);
  };

  const deploy = (
    <DeployPanel
      surveys={list.isError ? [] : surveys}
      loadError={list.isError ? list.error : undefined}
      onRetry={() => void list.refetch()}
      showCompany={viewingAll}
      canManage={canManage}
      statusChangingIds={statusChangingIds}
      deletingIds={deletingIds}
      onStart={setStartFor}
      onStop={(survey) => statusChange.mutate({ survey, status: 'inactive' })}
      onEdit={editFor.show}
      onCustomize={(survey) => open(survey, 'custom-display')}
      onPreview={(survey) => open(survey, 'preview')}
      onEmbedCode={() => setTab('embed-code')}
      onViewResults={(survey) => open(survey, 'results')}
      onDelete={setDeleteFor}
      onCreate={() => navigate(CREATION_PATH)}
      justPublishedId={justPublishedId}
    />
  );

  const tabId = (value: LiveTab) => `${idPrefix}-tab-${value}`;
  // Only the chosen tab's panel is rendered, so only that tab may point at it.
  const panelId = (value: LiveTab) => `${idPrefix}-panel-${value}`;
  const current = TABS.find((entry) => entry.value === tab) ?? TABS[0];

  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          LiveIQ
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{LIVEIQ_TAGLINE}</Typography>
      </Box>

      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={current.value} onChange={(_event, value: LiveTab) => setTab(value)} aria-label="LiveIQ" variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((entry) => (
            <Tab
              key={entry.value}
              value={entry.value}
              label={entry.label}
              id={tabId(entry.value)}
              aria-controls={entry.value === current.value ? panelId(entry.value) : undefined}
            />
          ))}
        </Tabs>
      </Box>

      <Box role="tabpanel" id={panelId(current.value)} aria-labelledby={tabId(current.value)}>
        {current.render({
          selected,
          canManage,
          deploy,
          surveys: list.isError ? [] : surveys,
          select: (survey) => setSelectedId(survey.id),
        })}
      </Box>

      {startOpened && (
        <Suspense fallback={null}>
          <StartSurveyDialog
            survey={startFor}
            starting={startFor !== null && statusChangingIds.includes(startFor.id)}
            onStart={(survey, endCondition) => statusChange.mutate({ survey, status: 'active', endCondition })}
            onClose={() => setStartFor(null)}
          />
        </Suspense>
      )}

      {editOpened && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={editFor.open}
            title={EDIT_SURVEY_TITLE}
            confirmLabel={EDIT_CONFIRM_LABEL}
            busy={copy.isPending}
            onConfirm={() => {
              if (!editFor.subject) return;
              copy.mutate(editFor.subject, {
                onSuccess: (draft) => {
                  notify.success(PUBLISHED_MESSAGES.copied);
                  navigate(`${CREATION_PATH}?draftId=${encodeURIComponent(draft.id)}`);
                },
                onError: (error) => {
                  editFor.close();
                  notify.error(PUBLISHED_MESSAGES.copyFailed(serverMessage(error)));
                },
              });
            }}
            onCancel={editFor.close}
          >
            {editFor.shown && PUBLISHED_MESSAGES.editWarning}
          </ConfirmDialog>
        </Suspense>
      )}

      {deleteOpened && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={Boolean(deleteFor)}
            title={DELETE_SURVEY_TITLE}
            confirmLabel="Delete"
            destructive
            onConfirm={() => {
              if (deleteFor) remove.mutate(deleteFor);
              setDeleteFor(null);
            }}
            onCancel={() => setDeleteFor(null)}
          >
            {PUBLISHED_MESSAGES.confirmDelete}
          </ConfirmDialog>
        </Suspense>
      )}
    </Stack>
  );
}

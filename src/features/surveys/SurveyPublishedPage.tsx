/** LiveIQ (data document, section 2, "Published surveys page"), routed at /zero-party/survey-published. */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
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
import { useLastDefined } from '@/lib/useLastDefined';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import {
  useChangeSurveyStatus,
  useCopyToDraft,
  useDeletePublishedSurvey,
  useDeletingIds,
  usePublishedSurveys,
  useStatusChangingIds,
} from './api/published';
import { EmbedCodePanel } from './embed/EmbedCodePanel';
import { CustomDisplayPanel } from './published/CustomDisplayPanel';
import { DeployPanel } from './published/DeployPanel';
import { PreviewPanel } from './published/PreviewPanel';
import { StartSurveyDialog } from './published/StartSurveyDialog';

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

// InsightIQ (its charts, MUI X Charts, and its tables) is downloaded when its tab is opened: the page opens on Deploy.
const ResultsPanel = lazy(async () => ({ default: (await import('./results/ResultsPanel')).ResultsPanel }));

/** The tabs in order (data document, section 2, "Published surveys page"). */
const TABS: readonly { value: LiveTab; label: string; render: (context: TabContext) => ReactNode }[] = [
  { value: 'deploy', label: 'Deploy', render: ({ deploy }) => deploy },
  {
    value: 'custom-display',
    label: 'Custom Display',
    render: ({ selected, canManage }) => <CustomDisplayPanel survey={selected} canManage={canManage} />,
  },
  { value: 'preview', label: 'Preview', render: ({ selected }) => <PreviewPanel survey={selected} /> },
  { value: 'embed-code', label: 'Embed Code', render: () => <EmbedCodePanel /> },
  {
    value: 'results',
    label: 'InsightIQ',
    render: ({ selected, surveys, select }) => (
      <Suspense fallback={<Skeleton variant="rounded" animation={false} aria-hidden height={240} />}>
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
  const [tab, setTab] = useState<LiveTab>('deploy');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.data?.find((survey) => survey.id === selectedId) ?? null;

  const [startFor, setStartFor] = useState<PublishedSurvey | null>(null);
  const [editFor, setEditFor] = useState<PublishedSurvey | null>(null);
  const [deleteFor, setDeleteFor] = useState<PublishedSurvey | null>(null);
  const shownEdit = useLastDefined(editFor);

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
      surveys={list.isError ? [] : list.data}
      loadError={list.isError ? list.error : undefined}
      onRetry={() => void list.refetch()}
      showCompany={viewingAll}
      canManage={canManage}
      statusChangingIds={statusChangingIds}
      deletingIds={deletingIds}
      onStart={setStartFor}
      onStop={(survey) => statusChange.mutate({ survey, status: 'inactive' })}
      onEdit={setEditFor}
      onCustomize={(survey) => open(survey, 'custom-display')}
      onPreview={(survey) => open(survey, 'preview')}
      onEmbedCode={() => setTab('embed-code')}
      onViewResults={(survey) => open(survey, 'results')}
      onDelete={setDeleteFor}
      onCreate={() => navigate(CREATION_PATH)}
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
          surveys: list.isError ? [] : list.data,
          select: (survey) => setSelectedId(survey.id),
        })}
      </Box>

      <StartSurveyDialog
        survey={startFor}
        starting={startFor !== null && statusChangingIds.includes(startFor.id)}
        onStart={(survey, endCondition) => statusChange.mutate({ survey, status: 'active', endCondition })}
        onClose={() => setStartFor(null)}
      />

      <ConfirmDialog
        open={Boolean(editFor)}
        title={EDIT_SURVEY_TITLE}
        confirmLabel={EDIT_CONFIRM_LABEL}
        busy={copy.isPending}
        onConfirm={() => {
          if (!editFor) return;
          copy.mutate(editFor, {
            onSuccess: (draft) => {
              notify.success(PUBLISHED_MESSAGES.copied);
              navigate(`${CREATION_PATH}?draftId=${encodeURIComponent(draft.id)}`);
            },
            onError: (error) => {
              setEditFor(null);
              notify.error(PUBLISHED_MESSAGES.copyFailed(serverMessage(error)));
            },
          });
        }}
        onCancel={() => setEditFor(null)}
      >
        {shownEdit && PUBLISHED_MESSAGES.editWarning}
      </ConfirmDialog>

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
    </Stack>
  );
}

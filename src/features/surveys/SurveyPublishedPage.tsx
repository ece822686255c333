/** LiveIQ (data document, section 2, "Published surveys page"), routed at /zero-party/survey-published. */
import { lazy, Suspense, useDeferredValue, useId, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { PublishedSurvey } from '@domain/survey/types';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { usePublishedSurveys } from './api/published';
import { DeployPanel } from './published/DeployPanel';
import { JUST_PUBLISHED_PARAM } from './published/justPublished';
import { SurveyActionDialogs } from './published/SurveyActionDialogs';
import { CREATION_PATH, usePublishedSurveyActions } from './published/usePublishedSurveyActions';

export { DELETE_SURVEY_TITLE, EDIT_CONFIRM_LABEL, EDIT_SURVEY_TITLE } from './published/SurveyActionDialogs';
export { CREATION_PATH } from './published/usePublishedSurveyActions';

export const LIVEIQ_TAGLINE = 'Deploy surveys on your sites and gather intelligence shaped by your audience.';

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
// Code's settings and webhook log with its grid).
const ResultsPanel = lazy(async () => ({ default: (await import('./results/ResultsPanel')).ResultsPanel }));
const CustomDisplayPanel = lazy(async () => ({ default: (await import('./published/CustomDisplayPanel')).CustomDisplayPanel }));
const PreviewPanel = lazy(async () => ({ default: (await import('./published/PreviewPanel')).PreviewPanel }));
const EmbedCodePanel = lazy(async () => ({ default: (await import('./embed/EmbedCodePanel')).EmbedCodePanel }));

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

  const actions = usePublishedSurveyActions({
    onDeleted: (survey) => setSelectedId((current) => (current === survey.id ? null : current)),
  });

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
      statusChangingIds={actions.statusChangingIds}
      deletingIds={actions.deletingIds}
      onStart={actions.askStart}
      onStop={actions.stop}
      onEdit={actions.editFor.show}
      onCustomize={(survey) => open(survey, 'custom-display')}
      onPreview={(survey) => open(survey, 'preview')}
      onEmbedCode={() => setTab('embed-code')}
      onViewResults={(survey) => open(survey, 'results')}
      onDelete={actions.askDelete}
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

      <SurveyActionDialogs actions={actions} />
    </Stack>
  );
}

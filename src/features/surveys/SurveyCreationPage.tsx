/** CreateIQ (data document, section 2), routed at /zero-party/survey-creation. */
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { publishProblems } from '@domain/survey/check';
import { STORAGE_KEYS } from '@/lib/storage';
import { useCompanies } from '@/lib/accounts';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { useQuestionDataTypes } from './api/dataTypes';
import { GuideTab } from './creation/GuideTab';
import { CREATOR_LABELS, CREATOR_TAB_LABELS, CREATOR_TABS, type CreatorTab } from './creation/labels';
import { DRAFT_ID_PARAM, useDraftWorkflow } from './creation/useDraftWorkflow';

// Only the chosen tab is drawn. The Guide, where a first visit opens, comes with the page; the
// other tabs' code (the builder, the styling fields, the preview, the drafts list) is downloaded
// when the tab is first chosen or pointed at, or when a remembered draft opens the builder, and
// the name dialog's when it first opens.
const TAB_MODULES = {
  guide: null,
  builder: () => import('./creation/BuilderTab'),
  styling: () => import('./creation/StylingTab'),
  preview: () => import('./preview/SurveyPreview'),
  drafts: () => import('./creation/DraftsPanel'),
} satisfies Record<CreatorTab, (() => Promise<unknown>) | null>;
const BuilderTab = lazy(async () => ({ default: (await TAB_MODULES.builder()).BuilderTab }));
const StylingTab = lazy(async () => ({ default: (await TAB_MODULES.styling()).StylingTab }));
const SurveyPreview = lazy(async () => ({ default: (await TAB_MODULES.preview()).SurveyPreview }));
const DraftsPanel = lazy(async () => ({ default: (await TAB_MODULES.drafts()).DraftsPanel }));
const SaveDraftDialog = lazy(async () => ({ default: (await import('./creation/SaveDraftDialog')).SaveDraftDialog }));
const preloadTab = (tab: CreatorTab) => void TAB_MODULES[tab]?.();

export interface SurveyCreationPageProps {
  /** The tab shown first; by default the builder when a draft is opened or remembered, else the Guide. */
  initialTab?: CreatorTab;
}

function openingTab(params: URLSearchParams): CreatorTab {
  const opensDraft = params.has(DRAFT_ID_PARAM) || localStorage.getItem(STORAGE_KEYS.currentDraftId) !== null;
  return opensDraft ? 'builder' : 'guide';
}

export function SurveyCreationPage({ initialTab }: SurveyCreationPageProps) {
  const { can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  const canManage = can('manageSurveys');
  const viewingAll = can('chooseCompany') && companyFilter === ALL_COMPANIES;
  const idPrefix = useId();
  const checklistId = `${idPrefix}-checklist`;
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<CreatorTab>(() => initialTab ?? openingTab(searchParams));

  const workflow = useDraftWorkflow({
    canManage,
    companyFilter: filterParam,
    needsCompany: viewingAll,
    onShowBuilder: () => setTab('builder'),
  });
  const { survey } = workflow;
  const dataTypes = useQuestionDataTypes(filterParam);
  const companies = useCompanies(viewingAll);
  const companyNames = useMemo(
    () => (companies.data ? new Map(companies.data.map((company) => [company.id, company.name])) : undefined),
    [companies.data],
  );
  const problems = useMemo(() => publishProblems(survey), [survey]);
  const opening = workflow.loadingId !== null && workflow.currentDraftId === null;
  const readOnly = !canManage || opening;

  const tabId = (value: CreatorTab) => `${idPrefix}-tab-${value}`;
  // Only the chosen tab's panel is rendered, so only that tab points at it.
  const panelId = (value: CreatorTab) => `${idPrefix}-panel-${value}`;

  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {CREATOR_LABELS.pageTitle}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{CREATOR_LABELS.pageSubtitle}</Typography>
      </Box>
      {!canManage && <Alert severity="info">{CREATOR_LABELS.readOnly}</Alert>}

      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: CreatorTab) => setTab(value)}
          aria-label={CREATOR_LABELS.pageTitle}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {CREATOR_TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={CREATOR_TAB_LABELS[value]}
              id={tabId(value)}
              aria-controls={tab === value ? panelId(value) : undefined}
              onPointerEnter={() => preloadTab(value)}
              onFocus={() => preloadTab(value)}
            />
          ))}
        </Tabs>
      </Box>

      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <Suspense fallback={<TabLoading />}>
          {tab === 'guide' && <GuideTab />}
          {tab === 'builder' && (
            <BuilderTab
              workflow={workflow}
              dataTypes={dataTypes}
              canManage={canManage}
              opening={opening}
              readOnly={readOnly}
              problems={problems}
              checklistId={checklistId}
              viewingAll={viewingAll}
            />
          )}
          {tab === 'styling' && (
            <StylingTab survey={survey} onChange={workflow.setSurvey} companyFilter={filterParam} readOnly={readOnly} />
          )}
          {tab === 'preview' && <SurveyPreview survey={survey} />}
          {tab === 'drafts' && (
            <DraftsPanel
              companyFilter={filterParam}
              currentDraftId={workflow.currentDraftId}
              canManage={canManage}
              companyNames={viewingAll ? companyNames : undefined}
              busyDraftId={workflow.publishingId ?? workflow.loadingId}
              onLoad={workflow.loadDraft}
              onPublish={workflow.publishDraft}
              onNewSurvey={workflow.newSurvey}
              onDeleted={workflow.draftDeleted}
              onRenamed={workflow.draftRenamed}
            />
          )}
        </Suspense>
      </Box>

      {workflow.askedName && (
        <Suspense fallback={null}>
          <SaveDraftDialog
            open={workflow.askingName}
            defaultName={survey.title}
            busy={workflow.creating}
            onCancel={workflow.cancelCreate}
            onSave={workflow.createDraft}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** A tab's place while its code arrives: tall enough that the page below does not jump. */
function TabLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 320 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** Outbound API (data document, section 2), routed at /outbound-api. */
import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import type { PredictionCallRecord, PredictRequest } from '@domain/prediction/contract';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { NAVOUT_TAGLINE } from '@/theme/components/Logo';
import { useCustomAttributes } from './api/attributes';
import { useApiKeys } from './api/keys';
import { CHOOSE_COMPANY_FOR_API, OUTBOUND_TABS, type OutboundTab } from './labels';

// Each tab's code is downloaded when the tab is first shown or pointed at: a global admin viewing
// all companies downloads none of it, and only the tokens' tab holds the data grid.
const loadKeys = () => import('./keys/ApiKeysPanel');
const loadActivity = () => import('./usage/KeyActivityPanel');
const loadAttributes = () => import('./attributes/CustomAttributesPanel');
const loadDocumentation = () => import('./docs/DocumentationPanel');
const loadLiveTest = () => import('./live-test/LiveTestPanel');
const ApiKeysPanel = lazy(async () => ({ default: (await loadKeys()).ApiKeysPanel }));
const KeyActivityPanel = lazy(async () => ({ default: (await loadActivity()).KeyActivityPanel }));
const CustomAttributesPanel = lazy(async () => ({ default: (await loadAttributes()).CustomAttributesPanel }));
const DocumentationPanel = lazy(async () => ({ default: (await loadDocumentation()).DocumentationPanel }));
const LiveTestPanel = lazy(async () => ({ default: (await loadLiveTest()).LiveTestPanel }));
const TAB_CODE: Record<OutboundTab, () => Promise<unknown>> = {
  keys: () => Promise.all([loadKeys(), loadActivity()]),
  attributes: loadAttributes,
  docs: loadDocumentation,
  liveTest: () => Promise.all([loadLiveTest(), loadActivity()]),
};
const preloadTab = (tab: OutboundTab) => void TAB_CODE[tab]();

/** The company the screen works on: the filter's choice, or the user's own; null for a global admin viewing all. */
function useApiCompanyId(): string | null {
  const { session, can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  if (can('chooseCompany') && companyFilter === ALL_COMPANIES) return null;
  return filterParam ?? session?.company.id ?? null;
}

export function OutboundApiPage() {
  const companyId = useApiCompanyId();
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          Outbound API
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{NAVOUT_TAGLINE}</Typography>
      </Box>
      {companyId ? (
        // Another company starts afresh: no tab keeps the last one's form or replay.
        <CompanyOutboundApi key={companyId} companyId={companyId} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{CHOOSE_COMPANY_FOR_API}</Typography>
        </Paper>
      )}
    </Stack>
  );
}

function CompanyOutboundApi({ companyId }: { companyId: string }) {
  const { can } = useSession();
  const canManage = can('manageApi');
  const idPrefix = useId();
  const [tab, setTab] = useState<OutboundTab>('keys');
  // Each replay remounts the console with the call's request in its form.
  const [replay, setReplay] = useState<{ request: PredictRequest; nonce: number } | null>(null);
  const keys = useApiKeys(companyId);
  const attributes = useCustomAttributes(companyId);
  const [searchParams] = useSearchParams();

  const replayCall = (call: PredictionCallRecord) => {
    if (!call.request) return;
    setReplay((current) => ({ request: call.request as PredictRequest, nonce: (current?.nonce ?? 0) + 1 }));
    setTab('liveTest');
  };
  const activity = <KeyActivityPanel companyId={companyId} keys={keys.data ?? []} onReplay={replayCall} initialKeyId={searchParams.get('key')} />;
  const tabId = (value: OutboundTab) => `${idPrefix}-tab-${value}`;
  const panelId = (value: OutboundTab) => `${idPrefix}-panel-${value}`;

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, value: OutboundTab) => setTab(value)} aria-label="Outbound API" variant="scrollable" allowScrollButtonsMobile>
          {(Object.keys(OUTBOUND_TABS) as OutboundTab[]).map((value) => (
            <Tab
              key={value}
              value={value}
              label={OUTBOUND_TABS[value]}
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
          {tab === 'keys' && (
            <Stack spacing={3}>
              <ApiKeysPanel companyId={companyId} canManage={canManage} />
              {activity}
            </Stack>
          )}
          {tab === 'attributes' && <CustomAttributesPanel companyId={companyId} canManage={canManage} />}
          {tab === 'docs' && <DocumentationPanel companyId={companyId} />}
          {tab === 'liveTest' && (
            <Stack spacing={3}>
              <LiveTestPanel key={replay?.nonce ?? 0} companyId={companyId} attributes={attributes.data ?? []} replay={replay?.request} />
              {activity}
            </Stack>
          )}
        </Suspense>
      </Box>
    </>
  );
}

function TabLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { USERS_TAB_EXTRA_CATEGORIES_MAX, type DashboardPreferences } from '@domain/dashboard/contract';
import { dashboardKeys, lookupCategory, useApiKeyBreakdown, useCategoryChoices, type DashboardScope } from './api';
import type { UsersMode } from './chartModel';
import { USERS_MODE_LABELS } from './usersCategories';

// The dialogs are downloaded when first opened: most visits open none.
const AddCategoryDialog = lazy(async () => ({ default: (await import('./AddCategoryDialog')).AddCategoryDialog }));
const SaveChartViewDialog = lazy(async () => ({ default: (await import('./SaveChartViewDialog')).SaveChartViewDialog }));
const ApiKeyBreakdown = lazy(async () => ({ default: (await import('./ApiKeyBreakdown')).ApiKeyBreakdown }));

export type OverviewDialogName = 'addCategory' | 'saveView' | 'apiKeys';

export interface OverviewDialogState {
  open: OverviewDialogName | null;
  /** The dialogs opened so far: they stay mounted, so that they can play their closing transition. */
  mounted: ReadonlySet<OverviewDialogName>;
  show: (name: OverviewDialogName | null) => void;
}

/** Which of the overview's dialogs is open. */
export function useOverviewDialogs(): OverviewDialogState {
  const [open, setOpen] = useState<OverviewDialogName | null>(null);
  const [mounted, setMounted] = useState<ReadonlySet<OverviewDialogName>>(() => new Set());
  const show = (next: OverviewDialogName | null) => {
    if (next) setMounted((current) => (current.has(next) ? current : new Set(current).add(next)));
    setOpen(next);
  };
  return { open, mounted, show };
}

export interface OverviewDialogsProps {
  dialogs: OverviewDialogState;
  scope: DashboardScope;
  rangeLabel: string;
  preferences: DashboardPreferences;
  onPreferencesChange: (changes: Partial<DashboardPreferences>) => void;
  /** The Users tab's bars by name: a category shown already is not added twice. */
  shownNames: string[];
  /** The Users tab's drilled category, which Save Chart View saves. */
  drilledName: string | null;
  usersMode: UsersMode;
  onSaveView: (label: string) => void;
}

/** The overview's dialogs: Add Category, Save Chart View and the calls by API key. */
export function OverviewDialogs({ dialogs, scope, rangeLabel, preferences, onPreferencesChange, shownNames, drilledName, usersMode, onSaveView }: OverviewDialogsProps) {
  const queryClient = useQueryClient();
  const { open, mounted, show } = dialogs;
  const categoryChoices = useCategoryChoices(scope.companyFilter, open === 'addCategory');
  const apiKeys = useApiKeyBreakdown(scope, open === 'apiKeys');
  const close = () => show(null);

  return (
    <>
      {mounted.has('addCategory') && (
        <Suspense fallback={null}>
          <AddCategoryDialog
            open={open === 'addCategory'}
            onClose={close}
            onLookup={(name) => lookupCategory(scope.companyFilter, name)}
            onAdd={(found) => {
              // The figures just found draw the bar at once, without asking the server again.
              queryClient.setQueryData(dashboardKeys.lookup(scope.companyFilter, found.name), found);
              onPreferencesChange({ extraCategories: [...preferences.extraCategories, { kind: found.kind, id: found.id, name: found.name }] });
            }}
            shownNames={shownNames}
            limitReached={preferences.extraCategories.length >= USERS_TAB_EXTRA_CATEGORIES_MAX ? USERS_TAB_EXTRA_CATEGORIES_MAX : undefined}
            choices={categoryChoices.data}
          />
        </Suspense>
      )}
      {mounted.has('saveView') && (
        <Suspense fallback={null}>
          <SaveChartViewDialog
            open={open === 'saveView'}
            onClose={close}
            categoryName={drilledName}
            modeLabel={USERS_MODE_LABELS[usersMode]}
            savedCount={preferences.savedCharts.length}
            onSave={onSaveView}
          />
        </Suspense>
      )}
      {mounted.has('apiKeys') && (
        <Suspense fallback={null}>
          <ApiKeyBreakdown
            open={open === 'apiKeys'}
            onClose={close}
            rangeLabel={rangeLabel}
            rows={apiKeys.data}
            isLoading={apiKeys.isLoading}
            error={apiKeys.error}
            onRetry={() => void apiKeys.refetch()}
          />
        </Suspense>
      )}
    </>
  );
}

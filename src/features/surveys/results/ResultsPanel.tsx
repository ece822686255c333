import { useState, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurvey, Question } from '@domain/survey/types';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { SelectField } from '@/ui/SelectField';
import { useSurveyAnalytics, useSurveyResponses, useUserAnalytics } from '../api/results';
import { AnalyticsSummary } from './AnalyticsSummary';
import { ExportButton } from './ExportButton';
import { QuestionAnswersDialog } from './QuestionAnswersDialog';
import { QuestionDrillDown } from './QuestionDrillDown';
import { ResponseFilters } from './ResponseFilters';
import { ResponsesTable } from './ResponsesTable';
import { NO_FILTERS, responseFilters, responsesPageQuery, type ResultsFilterState } from './resultFilters';
import { useResponsesExport } from './useResponsesExport';
import { UserAnalyticsSection } from './UserAnalyticsSection';

export const SURVEY_SELECT_LABEL = 'Survey';
export const PICK_SURVEY_FOR_RESULTS = 'Choose a survey to see its results, or press View Results on one of the Deploy tab’s cards.';
export const RESULTS_SECTIONS = { responses: 'Responses', questions: 'Questions', users: 'User Analytics' } as const;

export interface ResultsPanelProps {
  /** The published surveys of the page; undefined while they load. */
  surveys: PublishedSurvey[] | undefined;
  selected: PublishedSurvey | null;
  onSelect: (survey: PublishedSurvey) => void;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** LiveIQ's Results tab, InsightIQ (data document, sections 2 and 4, "Results tab"). */
export function ResultsPanel({ surveys, selected, onSelect }: ResultsPanelProps) {
  const choices = surveys ?? [];
  return (
    <Stack spacing={3}>
      <SelectField
        label={SURVEY_SELECT_LABEL}
        value={selected?.id ?? ''}
        options={choices.map((survey) => ({ value: survey.id, label: survey.name }))}
        onChange={(id) => {
          const survey = choices.find((entry) => entry.id === id);
          if (survey) onSelect(survey);
        }}
        disabled={choices.length === 0}
        sx={{ maxWidth: 480 }}
        fullWidth
        size="small"
      />
      {selected ? (
        // Another survey starts with no filters, on its first page, user analytics folded.
        <SurveyResults key={selected.id} survey={selected} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{surveys && choices.length === 0 ? PUBLISHED_MESSAGES.empty : PICK_SURVEY_FOR_RESULTS}</Typography>
        </Paper>
      )}
    </Stack>
  );
}

function SurveyResults({ survey }: { survey: PublishedSurvey }) {
  const [filters, setFilters] = useState<ResultsFilterState>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [usersShown, setUsersShown] = useState(false);
  const openQuestion = useDialogSubject<Question>();
  const analytics = useSurveyAnalytics(survey.id);
  const responses = useSurveyResponses(survey.id, responsesPageQuery(filters, page));
  const users = useUserAnalytics(survey.id, usersShown);
  const exporter = useResponsesExport(survey.id, survey.name);

  return (
    <Stack spacing={3}>
      <AnalyticsSummary analytics={analytics.data} />
      <Section
        title={RESULTS_SECTIONS.responses}
        action={<ExportButton progress={exporter.progress} onExport={() => void exporter.start(responseFilters(filters))} />}
      >
        <Stack spacing={2}>
          <ResponseFilters
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
          <ResponsesTable
            questions={survey.survey.questions}
            page={responses.data}
            currentPage={page}
            loading={responses.isFetching}
            onPageChange={setPage}
          />
        </Stack>
      </Section>
      <Section title={RESULTS_SECTIONS.questions}>
        <QuestionDrillDown questions={survey.survey.questions} onOpen={openQuestion.show} />
      </Section>
      <Section title={RESULTS_SECTIONS.users}>
        <UserAnalyticsSection shown={usersShown} onToggle={() => setUsersShown((shown) => !shown)} analytics={usersShown ? users.data : undefined} />
      </Section>
      <QuestionAnswersDialog surveyId={survey.id} question={openQuestion.shown} open={openQuestion.open} onClose={openQuestion.close} />
    </Stack>
  );
}

import { useMemo } from 'react';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { RESULTS_PAGE_SIZE, type ResponsePage, type SurveyResponse } from '@domain/survey/collection';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import type { Question } from '@domain/survey/types';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { DataTable } from '@/ui/DataTable';
import { answerText, formatDateTime, formatDuration } from './format';
import { DEVICE_LABELS } from './resultFilters';
import { ResponseDetailDialog } from './ResponseDetailDialog';
import { addressText } from './addressText';

/** Questions with a column of their own; every answer is in the row's details. */
export const QUESTION_COLUMNS = 3;
export const RESPONSES_TABLE_LABEL = 'Responses';

export interface ResponsesTableProps {
  questions: readonly Question[];
  /** undefined before the first page arrives. */
  page: ResponsePage | undefined;
  /** The page asked for, 1-based as the API counts; shown at once while it loads. */
  currentPage: number;
  /** A page (or a filter's first page) is being fetched. */
  loading: boolean;
  onPageChange: (page: number) => void;
}

function columnsFor(questions: readonly Question[], openDetails: (response: SurveyResponse) => void): GridColDef<SurveyResponse>[] {
  return [
    {
      field: 'details',
      headerName: 'Details',
      width: 76,
      sortable: false,
      renderCell: ({ row }) => (
        <Tooltip title="All answers">
          <IconButton size="small" aria-label={`All answers of the response started ${formatDateTime(row.started_at)}`} onClick={() => openDetails(row)}>
            <OpenInFullIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    { field: 'started_at', headerName: 'Started', width: 170, valueFormatter: (value: string) => formatDateTime(value) },
    { field: 'device_type', headerName: 'Device', width: 100, valueFormatter: (value: SurveyResponse['device_type']) => DEVICE_LABELS[value] },
    {
      field: 'is_complete',
      headerName: 'Complete',
      width: 120,
      renderCell: ({ row }) => (
        <Chip size="small" variant="outlined" color={row.is_complete ? 'success' : 'default'} label={row.is_complete ? 'Complete' : 'Incomplete'} />
      ),
    },
    { field: 'completion_time_seconds', headerName: 'Completion time', width: 140, valueFormatter: (value: number | null) => formatDuration(value) },
    { field: 'ip_address', headerName: 'IP address', minWidth: 130, flex: 0.8, valueFormatter: (value: string | null) => addressText(value) ?? '—' },
    ...questions.slice(0, QUESTION_COLUMNS).map(
      (question): GridColDef<SurveyResponse> => ({
        field: `q:${question.id}`,
        headerName: question.title,
        description: question.title,
        minWidth: 180,
        flex: 1.2,
        valueGetter: (_value, row) => answerText(row.responses[question.id]),
      }),
    ),
  ];
}

/** The responses, 20 a page, paged by the server; each row opens its full answers. */
export function ResponsesTable({ questions, page, currentPage, loading, onPageChange }: ResponsesTableProps) {
  const details = useDialogSubject<SurveyResponse>();
  const { show: showDetails } = details;
  const columns = useMemo(() => columnsFor(questions, showDetails), [questions, showDetails]);
  return (
    <Box>
      <DataTable
        rows={page?.responses ?? []}
        columns={columns}
        label={RESPONSES_TABLE_LABEL}
        maxHeight={640}
        serverPaging={{ rowCount: page?.pagination.total ?? 0, page: currentPage - 1, pageSize: RESULTS_PAGE_SIZE, onPageChange: (next) => onPageChange(next + 1) }}
        loading={loading}
        disableSorting
        noRowsLabel={RESULTS_MESSAGES.noResponses}
      />
      <ResponseDetailDialog response={details.shown} open={details.open} questions={questions} onClose={details.close} />
    </Box>
  );
}

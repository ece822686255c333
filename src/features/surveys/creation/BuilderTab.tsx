import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { API_ERRORS } from '@domain/errors';
import type { SurveyProblem } from '@domain/survey/check';
import type { QuestionDataType } from '../api/dataTypes';
import { DraftBar } from './DraftBar';
import { PublishChecklist } from './PublishChecklist';
import { SurveyBuilder } from './SurveyBuilder';
import type { DraftWorkflow } from './useDraftWorkflow';

export interface BuilderTabProps {
  workflow: DraftWorkflow;
  dataTypes: readonly QuestionDataType[];
  canManage: boolean;
  /** A draft is being opened: its fields wait, read-only. */
  opening: boolean;
  readOnly: boolean;
  /** Why the survey cannot be published yet, listed under the draft bar. */
  problems: SurveyProblem[];
  checklistId: string;
  /** A global admin viewing every company: a new survey needs a company first. */
  viewingAll: boolean;
}

/**
 * CreateIQ's Survey Builder tab: the draft bar and the publish checklist above the builder. A
 * module of its own, so a first visit (which opens on the Guide) does not download the builder's
 * fields and lists.
 */
export function BuilderTab({ workflow, dataTypes, canManage, opening, readOnly, problems, checklistId, viewingAll }: BuilderTabProps) {
  return (
    <SurveyBuilder
      survey={workflow.survey}
      onChange={workflow.setSurvey}
      dataTypes={dataTypes}
      readOnly={readOnly}
      header={
        <Stack spacing={2}>
          {opening && <LinearProgress aria-label="Loading draft" />}
          <DraftBar
            nameField={workflow.nameField}
            canManage={canManage && !opening}
            saving={workflow.saving}
            saved={workflow.saved}
            publishing={workflow.publishingId === 'builder'}
            publishBlocked={problems.length > 0}
            checklistId={checklistId}
            companyNotice={viewingAll && workflow.currentDraftId === null ? API_ERRORS.company_required.message : null}
            onSave={workflow.save}
            onPublish={workflow.publishFromBuilder}
            onNewSurvey={workflow.newSurvey}
          />
          {canManage && <PublishChecklist problems={problems} id={checklistId} />}
        </Stack>
      }
    />
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { SurveyProblem } from '@domain/survey/check';
import { CREATOR_LABELS } from './labels';

export interface PublishChecklistProps {
  /** publishProblems(survey): what the server would refuse. */
  problems: readonly SurveyProblem[];
  id?: string;
}

/** What stops the survey from being published, in the words the server would use. */
export function PublishChecklist({ problems, id }: PublishChecklistProps) {
  if (problems.length === 0) {
    return (
      <Alert severity="success" id={id}>
        {CREATOR_LABELS.readyToPublish}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" id={id}>
      <AlertTitle>{CREATOR_LABELS.publishChecklist}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem, index) => (
          // The same message can come twice (two broken conditions of one question).
          <li key={`${index}-${problem.message}`}>{problem.message}</li>
        ))}
      </Box>
    </Alert>
  );
}

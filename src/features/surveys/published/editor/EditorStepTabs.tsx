import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { stepOfPath, type EditorStep, type EditorStepId, type FieldProblem } from '../displayEditorForm';

export interface EditorStepTabsProps {
  steps: readonly EditorStep[];
  activeIndex: number;
  /** The form's problems: a step with one is marked. */
  problems: readonly FieldProblem[];
  /** The id of each step's tab, which labels the panel. */
  tabId: (id: EditorStepId) => string;
  /** The id of the panel the active step's tab controls. */
  panelId: string;
  onSelect: (id: EditorStepId) => void;
}

/**
 * The steps as tabs (MUI makes a non-linear stepper a tab list): the active step's fields are its
 * tab panel, beside the preview, not inside the list. On a narrow screen the list scrolls sideways in its box.
 */
export function EditorStepTabs({ steps, activeIndex, problems, tabId, panelId, onSelect }: EditorStepTabsProps) {
  const hasProblem = (id: EditorStepId) => problems.some((problem) => stepOfPath(problem.path)?.id === id);
  return (
    <Box sx={{ overflowX: 'auto', pb: 1 }}>
      <Stepper nonLinear alternativeLabel activeStep={activeIndex} aria-label="Customize Display steps" sx={{ minWidth: 760 }}>
        {steps.map((step, index) => (
          <Step key={step.id}>
            <StepButton id={tabId(step.id)} aria-controls={index === activeIndex ? panelId : undefined} onClick={() => onSelect(step.id)}>
              <StepLabel error={hasProblem(step.id)}>{step.label}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}

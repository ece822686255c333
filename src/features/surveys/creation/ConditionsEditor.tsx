import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { newId } from '@domain/survey/defaults';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import { CONDITION_MODES, type Condition, type ConditionMode, type Question } from '@domain/survey/types';
import { ConditionFields, RuleWarnings } from './ConditionFields';
import { CONDITION_LABELS } from './labels';
import { MODE_LABELS, RULE_ADVICE, ruleSummary, ruleWarnings } from './ruleAdvice';

export { CONDITION_LABELS };

export interface ConditionsEditorProps {
  conditions: Condition[];
  onChange: (conditions: Condition[]) => void;
  /** What the rules do when none matches: the specification's default, or Show only when. */
  mode: ConditionMode;
  onModeChange: (mode: ConditionMode) => void;
  /** The questions before this one: the only ones a condition may use. */
  earlier: Question[];
}

/** The conditions of one question, on earlier questions only, with what they do in words and what cannot work. */
export function ConditionsEditor({ conditions, onChange, mode, onModeChange, earlier }: ConditionsEditorProps) {
  const update = (id: string, changes: Partial<Condition>) =>
    onChange(conditions.map((condition) => (condition.id === id ? { ...condition, ...changes } : condition)));

  const add = () =>
    onChange([
      ...conditions,
      { id: newId('c'), targetQuestionId: earlier[earlier.length - 1].id, operator: 'equals', value: '', action: 'show' },
    ]);

  const summary = ruleSummary(conditions, mode, earlier);
  const warnings = ruleWarnings(conditions, mode, earlier);
  const warningsOf = (conditionId?: string) => warnings.filter((warning) => warning.conditionId === conditionId);

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {CONDITION_LABELS.heading}
      </Typography>
      {earlier.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {BUILDER_MESSAGES.noPreviousQuestions}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {CONDITION_LABELS.hint}
          </Typography>
          <FormControl component="fieldset">
            <FormLabel component="legend">{RULE_ADVICE.modeLegend}</FormLabel>
            <RadioGroup value={mode} onChange={(_event, value) => onModeChange(value as ConditionMode)}>
              {CONDITION_MODES.map((option) => (
                <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={MODE_LABELS[option]} />
              ))}
            </RadioGroup>
          </FormControl>
        </>
      )}
      {summary && (
        <Alert severity="info" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {summary}
        </Alert>
      )}
      <RuleWarnings warnings={warningsOf(undefined)} />
      {conditions.map((condition, index) => (
        <ConditionFields
          key={condition.id}
          condition={condition}
          index={index}
          earlier={earlier}
          warnings={warningsOf(condition.id)}
          onUpdate={(changes) => update(condition.id, changes)}
          onRemove={() => onChange(conditions.filter((entry) => entry.id !== condition.id))}
        />
      ))}
      {earlier.length > 0 && (
        <Button
          startIcon={<AddIcon />}
          onClick={add}
          disabled={conditions.length >= SURVEY_LIMITS.conditions}
          sx={{ alignSelf: 'flex-start' }}
        >
          {CONDITION_LABELS.add}
        </Button>
      )}
    </Stack>
  );
}

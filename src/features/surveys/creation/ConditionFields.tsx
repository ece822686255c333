import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { questionLabel } from '@domain/survey/check';
import { CHOICE_TYPES } from '@domain/survey/defaults';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import { CONDITION_ACTIONS, EDITOR_OPERATORS, type Condition, type Question } from '@domain/survey/types';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { ACTION_LABELS, CONDITION_LABELS, OPERATOR_LABELS } from './labels';
import type { RuleWarning } from './ruleAdvice';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** The value a condition compares with: a target's own options where it has them. */
function valueChoices(target: Question | undefined): { value: string; label: string }[] | null {
  if (!target) return null;
  if (target.type === 'yes-no') return [...YES_NO];
  if (CHOICE_TYPES.includes(target.type)) {
    return target.options.filter((option) => option.trim() !== '').map((option) => ({ value: option, label: option }));
  }
  return null;
}

/** What cannot work in a question's rules, said beside them (polite: they change as the user types). */
export function RuleWarnings({ warnings }: { warnings: readonly RuleWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack spacing={1}>
      {warnings.map(({ message }) => (
        <Alert key={message} severity="warning" variant="outlined" role="status" sx={{ py: 0, overflowWrap: 'anywhere' }}>
          {message}
        </Alert>
      ))}
    </Stack>
  );
}

export interface ConditionFieldsProps {
  condition: Condition;
  /** Its place among the question's conditions, from 0. */
  index: number;
  /** The questions before this one: the only ones a condition may use. */
  earlier: Question[];
  warnings: readonly RuleWarning[];
  onUpdate: (changes: Partial<Condition>) => void;
  onRemove: () => void;
}

/** One condition: its question, operator, value and action, and what is wrong with it. */
export function ConditionFields({ condition, index, earlier, warnings, onUpdate, onRemove }: ConditionFieldsProps) {
  const target = earlier.find((question) => question.id === condition.targetQuestionId);
  const choices = valueChoices(target);
  // A value that is no longer among the target's options stays listed, so nothing changes unseen.
  const listedChoices =
    choices && condition.value !== '' && !choices.some((choice) => choice.value === condition.value)
      ? [...choices, { value: condition.value, label: condition.value }]
      : choices;
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="caption" sx={{ px: 0.5, color: 'text.secondary' }}>
        {CONDITION_LABELS.condition(index + 1)}
      </Typography>
      <Grid container spacing={1.5} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <SelectField
            fullWidth
            size="small"
            label={CONDITION_LABELS.target}
            value={condition.targetQuestionId}
            options={[
              ...earlier.map((question, i) => ({ value: question.id, label: questionLabel(question, i) })),
              ...(target ? [] : [{ value: condition.targetQuestionId, label: CONDITION_LABELS.unknownTarget, disabled: true }]),
            ]}
            onChange={(targetQuestionId) => onUpdate({ targetQuestionId, value: '' })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SelectField
            fullWidth
            size="small"
            label={CONDITION_LABELS.operator}
            value={condition.operator}
            options={[
              ...optionsOf(EDITOR_OPERATORS, OPERATOR_LABELS),
              ...((EDITOR_OPERATORS as readonly string[]).includes(condition.operator) ? [] : [{ value: condition.operator, label: OPERATOR_LABELS[condition.operator] }]),
            ]}
            onChange={(operator) => onUpdate({ operator })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {listedChoices ? (
            <SelectField fullWidth size="small" label={CONDITION_LABELS.value} value={condition.value} options={listedChoices} onChange={(value) => onUpdate({ value })} />
          ) : (
            <TextField
              fullWidth
              size="small"
              label={CONDITION_LABELS.value}
              value={condition.value}
              onChange={(event) => onUpdate({ value: event.target.value })}
              slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.conditionValue } }}
            />
          )}
        </Grid>
        <Grid size={{ xs: 10, md: 5 }}>
          <SelectField
            fullWidth
            size="small"
            label={CONDITION_LABELS.action}
            value={condition.action ?? 'show'}
            options={optionsOf(CONDITION_ACTIONS, ACTION_LABELS)}
            onChange={(action) => onUpdate({ action })}
          />
        </Grid>
        <Grid size={{ xs: 2, md: 1 }}>
          <IconButton aria-label={CONDITION_LABELS.remove(index + 1)} onClick={onRemove}>
            <DeleteOutlinedIcon />
          </IconButton>
        </Grid>
      </Grid>
      {warnings.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <RuleWarnings warnings={warnings} />
        </Box>
      )}
    </Box>
  );
}

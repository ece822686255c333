import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { questionLabel } from '@domain/survey/check';
import { CHOICE_TYPES, newId } from '@domain/survey/defaults';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import {
  CONDITION_ACTIONS,
  EDITOR_OPERATORS,
  type Condition,
  type Question,
} from '@domain/survey/types';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { ACTION_LABELS, OPERATOR_LABELS } from './labels';

export const CONDITION_LABELS = {
  heading: 'Conditional Logic',
  hint: 'Show, hide or skip this question depending on an answer to an earlier question. The first condition that matches decides.',
  add: 'Add Condition',
  target: 'If the answer to',
  operator: 'Operator',
  value: 'Value',
  action: 'Then',
  remove: (n: number) => `Remove condition ${n}`,
  condition: (n: number) => `Condition ${n}`,
  unknownTarget: 'A deleted or later question',
} as const;

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export interface ConditionsEditorProps {
  conditions: Condition[];
  onChange: (conditions: Condition[]) => void;
  /** The questions before this one: the only ones a condition may use. */
  earlier: Question[];
}

/** The value a condition compares with: a target's own options where it has them. */
function valueChoices(target: Question | undefined): { value: string; label: string }[] | null {
  if (!target) return null;
  if (target.type === 'yes-no') return [...YES_NO];
  if (CHOICE_TYPES.includes(target.type)) {
    return target.options.filter((option) => option.trim() !== '').map((option) => ({ value: option, label: option }));
  }
  return null;
}

/** The conditions of one question, on earlier questions only. */
export function ConditionsEditor({ conditions, onChange, earlier }: ConditionsEditorProps) {
  const update = (id: string, changes: Partial<Condition>) =>
    onChange(conditions.map((condition) => (condition.id === id ? { ...condition, ...changes } : condition)));

  const add = () =>
    onChange([
      ...conditions,
      { id: newId('c'), targetQuestionId: earlier[earlier.length - 1].id, operator: 'equals', value: '', action: 'show' },
    ]);

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
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {CONDITION_LABELS.hint}
        </Typography>
      )}
      {conditions.map((condition, index) => {
        const target = earlier.find((question) => question.id === condition.targetQuestionId);
        const choices = valueChoices(target);
        // A value that is no longer among the target's options stays listed, so nothing changes unseen.
        const listedChoices =
          choices && condition.value !== '' && !choices.some((choice) => choice.value === condition.value)
            ? [...choices, { value: condition.value, label: condition.value }]
            : choices;
        return (
          <Box
            key={condition.id}
            component="fieldset"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}
          >
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
                  onChange={(targetQuestionId) => update(condition.id, { targetQuestionId, value: '' })}
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
                  onChange={(operator) => update(condition.id, { operator })}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                {listedChoices ? (
                  <SelectField
                    fullWidth
                    size="small"
                    label={CONDITION_LABELS.value}
                    value={condition.value}
                    options={listedChoices}
                    onChange={(value) => update(condition.id, { value })}
                  />
                ) : (
                  <TextField
                    fullWidth
                    size="small"
                    label={CONDITION_LABELS.value}
                    value={condition.value}
                    onChange={(event) => update(condition.id, { value: event.target.value })}
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
                  onChange={(action) => update(condition.id, { action })}
                />
              </Grid>
              <Grid size={{ xs: 2, md: 1 }}>
                <IconButton
                  aria-label={CONDITION_LABELS.remove(index + 1)}
                  onClick={() => onChange(conditions.filter((entry) => entry.id !== condition.id))}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Grid>
            </Grid>
          </Box>
        );
      })}
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

import { useState } from 'react';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHOICE_TYPES, QUESTION_TYPE_LABELS } from '@domain/survey/defaults';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import type { ConditionMode, Question } from '@domain/survey/types';
import { SelectField } from '@/ui/SelectField';
import type { QuestionDataType } from '../api/dataTypes';
import { ConditionsEditor } from './ConditionsEditor';
import { OptionsEditor } from './OptionsEditor';
import { QuestionSettingsFields } from './QuestionSettingsFields';

export const EDITOR_LABELS = {
  title: 'Question Title',
  description: 'Description',
  required: 'Required',
  dataType: 'Data Type',
  noDataType: 'None',
  dataTypeHint: 'The answer fills this field of your data. Types bound to other questions are not offered.',
} as const;

export interface QuestionEditorProps {
  question: Question;
  onChange: (question: Question) => void;
  /** The questions before this one, for its conditions. */
  earlier: Question[];
  dataTypes: readonly QuestionDataType[];
  /** Data types other questions fill: hidden from the dropdown. */
  usedDataTypes: ReadonlySet<string>;
}

/** The default mode is stored as no mode at all, as in surveys made before the choice existed. */
function withConditionMode(question: Question, mode: ConditionMode): Question {
  const { conditionMode: _previous, ...rest } = question;
  return mode === 'default' ? rest : { ...rest, conditionMode: mode };
}

/** Every field of one question: a controlled form, saved by the modal around it. */
export function QuestionEditor({ question, onChange, earlier, dataTypes, usedDataTypes }: QuestionEditorProps) {
  const [titleTouched, setTitleTouched] = useState(false);
  const set = <K extends keyof Question>(key: K, value: Question[K]) => onChange({ ...question, [key]: value });
  const titleMissing = question.title.trim() === '';
  const offered = dataTypes.filter((type) => type.id === question.dataType || !usedDataTypes.has(type.id));
  const boundMissing = question.dataType !== null && !offered.some((type) => type.id === question.dataType);

  return (
    <Stack spacing={2.5}>
      <Typography variant="h6" component="h3">
        {QUESTION_TYPE_LABELS[question.type]}
      </Typography>
      <TextField
        label={EDITOR_LABELS.title}
        required
        value={question.title}
        onChange={(event) => set('title', event.target.value)}
        onBlur={() => setTitleTouched(true)}
        error={titleTouched && titleMissing}
        helperText={titleTouched && titleMissing ? BUILDER_MESSAGES.questionTitleRequired : undefined}
        slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.questionTitle } }}
      />
      <TextField
        label={EDITOR_LABELS.description}
        value={question.description}
        onChange={(event) => set('description', event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.questionDescription } }}
      />
      <FormControlLabel
        control={<Switch checked={question.required} onChange={(event) => set('required', event.target.checked)} />}
        label={EDITOR_LABELS.required}
      />
      <SelectField
        label={EDITOR_LABELS.dataType}
        value={question.dataType ?? ''}
        options={[
          { value: '', label: EDITOR_LABELS.noDataType },
          ...offered.map((type) => ({ value: type.id, label: `${type.name} (${type.dataFieldName})` })),
          ...(boundMissing && question.dataType ? [{ value: question.dataType, label: question.dataType }] : []),
        ]}
        onChange={(dataType) => set('dataType', dataType === '' ? null : dataType)}
        helperText={EDITOR_LABELS.dataTypeHint}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      />
      {CHOICE_TYPES.includes(question.type) && (
        <>
          <Divider />
          <OptionsEditor options={question.options} onChange={(options) => set('options', options)} />
        </>
      )}
      <QuestionSettingsFields question={question} onChange={(settings) => set('settings', settings)} />
      <Divider />
      <ConditionsEditor
        conditions={question.conditions}
        onChange={(conditions) => set('conditions', conditions)}
        mode={question.conditionMode ?? 'default'}
        onModeChange={(mode) => onChange(withConditionMode(question, mode))}
        earlier={earlier}
      />
    </Stack>
  );
}

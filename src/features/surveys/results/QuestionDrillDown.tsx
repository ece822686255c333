import { useState } from 'react';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QUESTION_TYPE_LABELS } from '@domain/survey/defaults';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import type { Question } from '@domain/survey/types';

export const SEARCH_QUESTIONS_LABEL = 'Search questions';

export interface QuestionDrillDownProps {
  questions: readonly Question[];
  onOpen: (question: Question) => void;
}

/** The survey's questions, each opening its own answers. */
export function QuestionDrillDown({ questions, onOpen }: QuestionDrillDownProps) {
  const [search, setSearch] = useState('');
  if (questions.length === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{RESULTS_MESSAGES.noQuestions}</Typography>;
  }
  const needle = search.trim().toLowerCase();
  const shown = needle ? questions.filter((question) => question.title.toLowerCase().includes(needle)) : questions;
  return (
    <Stack spacing={1.5}>
      <TextField
        label={SEARCH_QUESTIONS_LABEL}
        type="search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ maxWidth: 360 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
      />
      {shown.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{RESULTS_MESSAGES.noQuestionsFound}</Typography>
      ) : (
        <List disablePadding aria-label="Questions">
          {shown.map((question) => (
            <ListItem key={question.id} disablePadding divider>
              <ListItemButton onClick={() => onOpen(question)}>
                <ListItemText
                  primary={`${questions.indexOf(question) + 1}. ${question.title}`}
                  secondary={QUESTION_TYPE_LABELS[question.type]}
                />
                <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

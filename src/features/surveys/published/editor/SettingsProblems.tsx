import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { stepOfPath, type FieldProblem } from '../displayEditorForm';

export const CHECK_SETTINGS_TITLE = 'Check these settings before saving';

/** What stops a save, each problem named with its step; nothing while there is none. */
export function SettingsProblems({ problems }: { problems: readonly FieldProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error">
      <AlertTitle>{CHECK_SETTINGS_TITLE}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem) => (
          <li key={problem.path}>
            {stepOfPath(problem.path)?.label ?? 'Settings'}: {problem.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

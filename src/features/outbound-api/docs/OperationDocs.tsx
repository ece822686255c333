import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CodeBlock } from './CodeBlock';
import { codeSample, CODE_LANGUAGE_LABELS, type CodeLanguage } from './codeSamples';
import { prettyJson, type DocumentedOperation } from './openApi';

export interface OperationDocsProps {
  operation: DocumentedOperation;
  language: CodeLanguage;
  baseUrl: string;
}

/** One endpoint: its method and path, what it does, its request and response samples and a code example. */
export function OperationDocs({ operation, language, baseUrl }: OperationDocsProps) {
  const title = `${operation.method} ${operation.path}`;
  return (
    <Paper variant="outlined" component="article" aria-label={title} sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip label={operation.method} color="primary" size="small" />
          <Typography variant="h6" component="h3" sx={{ fontFamily: 'monospace' }}>
            {operation.path}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{operation.summary}</Typography>
        </Stack>
        {operation.description && <Typography variant="body2">{operation.description}</Typography>}
        {operation.requestExample !== undefined && (
          <CodeBlock title="Request body" label={`Request body of ${title}`} code={prettyJson(operation.requestExample)} />
        )}
        {operation.responseExample !== undefined && (
          <CodeBlock title="Response format" label={`Response format of ${title}`} code={prettyJson(operation.responseExample)} />
        )}
        <CodeBlock
          title={`${CODE_LANGUAGE_LABELS[language]} example`}
          label={`${CODE_LANGUAGE_LABELS[language]} example of ${title}`}
          code={codeSample(language, operation, baseUrl)}
        />
      </Stack>
    </Paper>
  );
}

import { useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/ui/CopyButton';
import { EmbedSection } from './EmbedSection';
import { EMBED_FORMAT_LABELS, EMBED_FORMATS, embedSnippet, type EmbedFormat, type EmbedSnippetInput } from './embedSnippets';

export const EMBED_CODE_TITLE = 'Embed Code';
export const COPY_CODE_LABEL = 'Copy Code';

const FORMAT_HELP: Record<EmbedFormat, string> = {
  html: 'Paste this tag once into every page of your site, just before </body>. It loads asynchronously and never slows the page.',
  react: 'Save the component’s file in your project as the first line says, then render it once, near the root of your React app.',
};

export type EmbedSnippetCardProps = EmbedSnippetInput;

/** The one code for all of the company's surveys, as an HTML tag or a React component, ready to copy. */
export function EmbedSnippetCard(input: EmbedSnippetCardProps) {
  const [format, setFormat] = useState<EmbedFormat>('html');
  const code = embedSnippet(format, input);
  return (
    <EmbedSection
      title={EMBED_CODE_TITLE}
      description="One code shows every active survey, each with its own styling and targeting. Surveys you start later appear without changing it."
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={format}
            onChange={(_event, next: EmbedFormat | null) => next && setFormat(next)}
            aria-label="Embed format"
          >
            {EMBED_FORMATS.map((entry) => (
              <ToggleButton key={entry} value={entry}>
                {EMBED_FORMAT_LABELS[entry]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <CopyButton text={code} label={COPY_CODE_LABEL} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {FORMAT_HELP[format]}
        </Typography>
        <TextField
          label={`${EMBED_FORMAT_LABELS[format]} code`}
          value={code}
          multiline
          fullWidth
          slotProps={{
            htmlInput: {
              readOnly: true,
              spellCheck: false,
              sx: { fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'pre', overflowX: 'auto' },
            },
          }}
        />
      </Stack>
    </EmbedSection>
  );
}

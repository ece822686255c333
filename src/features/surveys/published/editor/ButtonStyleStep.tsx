import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { pixels, STYLING_RANGES } from '@domain/survey/targeting';
import type { ButtonStyle } from '@domain/survey/types';
import type { DisplayEditorValues } from '../displayEditorForm';
import { ColorField } from '../../styling/ColorField';
import { PxSlider } from '../../styling/PxSlider';
import { useEditorField } from './useEditorField';

const radius = STYLING_RANGES.borderRadiusPx;
const fontSize = STYLING_RANGES.buttonFontSizePx;

/**
 * How the button will look on the company's site, at rest or under the pointer. It is a picture
 * of the button, not a control: inert, so it takes no focus and the contrast check leaves the
 * customer's own colours to them.
 */
export function ButtonSample({ style, hovered = false }: { style: ButtonStyle; hovered?: boolean }) {
  return (
    <Box inert>
      <Button
        disableElevation
        sx={{
          // The customer's own colours, not the dashboard's theme: this is their button.
          textTransform: 'none',
          backgroundColor: hovered ? style.hoverColor : style.backgroundColor,
          color: style.textColor,
          borderRadius: style.borderRadius,
          fontSize: style.fontSize,
          padding: style.padding,
        }}
      >
        {style.text || '\u00a0'}
      </Button>
    </Box>
  );
}

/** Step 6, shown only when the widget is a button: the button's text, colours, shape and size. */
export function ButtonStyleStep() {
  const button = useWatch<DisplayEditorValues, 'settings.button'>({ name: 'settings.button' });
  const text = useEditorField('settings.button.text');
  const background = useEditorField('settings.button.backgroundColor');
  const textColour = useEditorField('settings.button.textColor');
  const hover = useEditorField('settings.button.hoverColor');
  const borderRadius = useEditorField('settings.button.borderRadius');
  const size = useEditorField('settings.button.fontSize');
  const padding = useEditorField('settings.button.padding');
  return (
    <Stack spacing={2.5}>
      <TextField
        label="Button text"
        value={text.value}
        onChange={(event) => text.onChange(event.target.value)}
        error={Boolean(text.error)}
        helperText={text.error}
        fullWidth
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ColorField label="Background colour" value={background.value} onChange={background.onChange} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ColorField label="Text colour" value={textColour.value} onChange={textColour.onChange} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ColorField label="Hover colour" value={hover.value} onChange={hover.onChange} />
        </Grid>
      </Grid>
      <PxSlider
        label="Border radius"
        value={pixels(borderRadius.value, 8)}
        min={radius.min}
        max={radius.max}
        onChange={(value) => borderRadius.onChange(`${value}px`)}
      />
      <PxSlider
        label="Font size"
        value={pixels(size.value, 16)}
        min={fontSize.min}
        max={fontSize.max}
        step={fontSize.step}
        onChange={(value) => size.onChange(`${value}px`)}
      />
      <TextField
        label="Padding"
        value={padding.value}
        onChange={(event) => padding.onChange(event.target.value)}
        error={Boolean(padding.error)}
        helperText={padding.error ?? 'One to four lengths, e.g. 12px 24px'}
        fullWidth
      />
      <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Sample
          </Typography>
          <ButtonSample style={button} />
        </Stack>
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            On hover
          </Typography>
          <ButtonSample style={button} hovered />
        </Stack>
      </Stack>
    </Stack>
  );
}

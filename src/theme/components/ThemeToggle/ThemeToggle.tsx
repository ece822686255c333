import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useThemeMode } from '../../useThemeMode';

export type ThemeToggleProps = Omit<IconButtonProps, 'onClick' | 'children' | 'aria-label'>;

/** Flips between the light and dark theme; its label names the theme it switches to. */
export function ThemeToggle(props: ThemeToggleProps) {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={toggle} {...props}>
        {mode === 'dark' ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
      </IconButton>
    </Tooltip>
  );
}

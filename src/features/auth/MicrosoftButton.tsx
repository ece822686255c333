import Button, { type ButtonProps } from '@mui/material/Button';
import MicrosoftIcon from '@mui/icons-material/Microsoft';

/** The look of the single sign-on button, whether or not single sign-on can be used. */
export function MicrosoftButton({ children = 'Microsoft work account', ...props }: ButtonProps) {
  return (
    <Button variant="outlined" fullWidth size="large" startIcon={<MicrosoftIcon />} {...props}>
      {children}
    </Button>
  );
}

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FORGOTTEN_PASSWORD_HELP, ForgottenPasswordHelp } from './ForgottenPasswordHelp';

const meta = {
  title: 'Pages/Login/ForgottenPasswordHelp',
  component: ForgottenPasswordHelp,
} satisfies Meta<typeof ForgottenPasswordHelp>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Hidden until asked for; the link says whether it is open and which text it opens. */
export const OpensAndCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Forgotten your password?' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByText(FORGOTTEN_PASSWORD_HELP)).not.toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const help = canvas.getByText(FORGOTTEN_PASSWORD_HELP);
    await expect(help).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-controls', help.id);
    await userEvent.click(toggle);
    await expect(help).not.toBeVisible();
  },
};

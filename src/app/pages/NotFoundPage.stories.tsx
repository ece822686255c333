import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NotFoundPage } from './NotFoundPage';

const meta = {
  title: 'App/NotFoundPage',
  component: NotFoundPage,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/no-such-page'], path: '/no-such-page' } },
} satisfies Meta<typeof NotFoundPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const UnknownAddress: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Go to Dashboard' }));
    await expect(await canvas.findByText('Navigated to /')).toBeInTheDocument();
  },
};

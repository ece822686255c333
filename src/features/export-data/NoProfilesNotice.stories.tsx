import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EXPORT_TEXT } from './labels';
import { NoProfilesNotice } from './NoProfilesNotice';

const meta = {
  title: 'Export Data/NoProfilesNotice',
  component: NoProfilesNotice,
  parameters: { layout: 'padded', router: { path: '/export-data', initialEntries: ['/export-data'] } },
} satisfies Meta<typeof NoProfilesNotice>;
export default meta;

type Story = StoryObj<typeof meta>;

/** How a company gets profiles to export; the links lead to those pages. */
export const HowToGetData: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: EXPORT_TEXT.noProfilesTitle })).toBeVisible();
    await expect(canvas.getByText(EXPORT_TEXT.noProfiles)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: EXPORT_TEXT.goToDataSources }));
    await expect(canvas.getByTestId('router-location')).toHaveTextContent('Navigated to /data-sources');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DEFAULT_COLLECTION_SETTINGS } from '@domain/survey/collection';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { ACME_COLLECTION } from '../collectionFixtures';
import { publishedApiRoutes, withSurveySession } from '../fixtures';
import { callsTo, expectNotice } from '../published/storyHelpers';
import { CollectionSettingsForm, COOLDOWN_LABEL, SAVE_COLLECTION_LABEL } from './CollectionSettingsForm';

let calls: MockCall[] = [];

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/CollectionSettingsForm',
  component: CollectionSettingsForm,
  args: { companyId: acmeCompany.id, settings: ACME_COLLECTION, canManage: true },
  decorators: [withSurveySession()],
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof CollectionSettingsForm>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Acme keeps truncated addresses and a 14-day cooldown; it turns the cooldown off and stops keeping addresses. */
export const Acme: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('radio', { name: /Truncated \(default, recommended\)/ })).toBeChecked();
    await expect(canvas.getByRole('spinbutton', { name: COOLDOWN_LABEL })).toHaveValue(14);
    await userEvent.click(canvas.getByRole('radio', { name: /Not stored/ }));
    await userEvent.clear(canvas.getByRole('spinbutton', { name: COOLDOWN_LABEL }));
    await userEvent.type(canvas.getByRole('spinbutton', { name: COOLDOWN_LABEL }), '0');
    await userEvent.click(canvas.getByRole('button', { name: SAVE_COLLECTION_LABEL }));
    await expectNotice(PUBLISHED_MESSAGES.settingsSaved);
    await expect(callsTo(calls, 'PUT', `/api/companies/${acmeCompany.id}/collection-settings`).map((call) => call.body)).toEqual([
      { collectionSettings: { ipAddressMode: 'none', cooldownDays: 0 } },
    ]);
  },
};

/** An empty cooldown is not zero: the form asks for a number. */
export const CooldownRequired: Story = {
  args: { settings: DEFAULT_COLLECTION_SETTINGS },
  play: async ({ canvas, userEvent }) => {
    await userEvent.clear(canvas.getByRole('spinbutton', { name: COOLDOWN_LABEL }));
    await userEvent.click(canvas.getByRole('button', { name: SAVE_COLLECTION_LABEL }));
    await expect(await canvas.findByText('Enter a whole number of days from 0 to 365.')).toBeVisible();
    await expect(callsTo(calls, 'PUT', /collection-settings$/)).toHaveLength(0);
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: /Hashed/ })).toBeDisabled();
    await expect(canvas.getByRole('spinbutton', { name: COOLDOWN_LABEL })).toHaveAttribute('readonly');
    await expect(canvas.queryByRole('button', { name: SAVE_COLLECTION_LABEL })).not.toBeInTheDocument();
  },
};

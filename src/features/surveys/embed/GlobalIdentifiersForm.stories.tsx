import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { IDENTIFIER_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { ACME_IDENTIFIERS, publishedApiRoutes, withSurveySession } from '../fixtures';
import { callsTo, expectNotice } from '../published/storyHelpers';
import { GlobalIdentifiersForm, SAVE_IDENTIFIERS_LABEL } from './GlobalIdentifiersForm';

let calls: MockCall[] = [];
const PATH = `/api/companies/${acmeCompany.id}/global-identifiers`;

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/GlobalIdentifiersForm',
  component: GlobalIdentifiersForm,
  args: { companyId: acmeCompany.id, settings: ACME_IDENTIFIERS, canManage: true },
  decorators: [withSurveySession()],
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof GlobalIdentifiersForm>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Field names may list several names; turning overrides off hides their settings. */
export const EditAndSave: Story = {
  play: async ({ canvas, userEvent }) => {
    const custom = canvas.getByRole('textbox', { name: 'Custom field names' });
    await userEvent.clear(custom);
    await userEvent.type(custom, 'loyalty_number, member_id');
    await userEvent.click(canvas.getByRole('switch', { name: 'Allow surveys to override these requirements' }));
    await expect(canvas.queryByRole('group', { name: 'Types an override may use' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: SAVE_IDENTIFIERS_LABEL }));
    await expectNotice(IDENTIFIER_MESSAGES.globalSaved);
    await expect(callsTo(calls, 'PUT', PATH).map((call) => call.body)).toEqual([
      {
        globalIdentifiers: {
          ...ACME_IDENTIFIERS,
          identifierFields: { ...ACME_IDENTIFIERS.identifierFields, custom: 'loyalty_number, member_id' },
          allowSurveyOverride: false,
        },
      },
    ]);
  },
};

/** Field names are checked with the shared schema before anything is sent. */
export const InvalidFieldName: Story = {
  play: async ({ canvas, userEvent }) => {
    const uuid = canvas.getByRole('textbox', { name: 'UUID field names' });
    await userEvent.clear(uuid);
    await userEvent.type(uuid, 'user id!');
    await userEvent.click(canvas.getByRole('button', { name: SAVE_IDENTIFIERS_LABEL }));
    await expect(await canvas.findByText('Must be field names separated by commas')).toBeVisible();
    await expect(callsTo(calls, 'PUT', PATH)).toHaveLength(0);
  },
};

export const SaveFails: Story = {
  beforeEach: () => mockFetch(publishedApiRoutes({ overrides: { [`PUT ${PATH}`]: failure('access_denied', { message: 'You may only change your own company.' }) } })),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: SAVE_IDENTIFIERS_LABEL }));
    await expectNotice(IDENTIFIER_MESSAGES.globalSaveFailed('You may only change your own company.'));
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    const types = within(canvas.getByRole('group', { name: 'Identifier types' }));
    await expect(types.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    await expect(types.getByRole('checkbox', { name: 'Email' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Email field names' })).toHaveAttribute('readonly');
    await expect(canvas.queryByRole('button', { name: SAVE_IDENTIFIERS_LABEL })).not.toBeInTheDocument();
  },
};

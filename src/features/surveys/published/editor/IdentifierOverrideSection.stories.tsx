import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { IDENTIFIER_MESSAGES } from '@domain/survey/messages';
import { ACME_IDENTIFIERS, LOCKED_IDENTIFIERS } from '../../fixtures';
import { CHECK_LABEL, CHECKED_TEST_ID, checkedValues, withEditorForm } from './editorStoryHarness';
import {
  GLOBAL_IDENTIFIERS_UNAVAILABLE,
  IdentifierOverrideSection,
  OVERRIDE_DIALOG_TITLE,
  OVERRIDE_SWITCH_LABEL,
} from './IdentifierOverrideSection';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/IdentifierOverrideSection',
  component: IdentifierOverrideSection,
  args: { global: ACME_IDENTIFIERS },
  decorators: [withEditorForm()],
} satisfies Meta<typeof IdentifierOverrideSection>;
export default meta;

type Story = StoryObj<typeof meta>;

/**
 * Turning the override on asks first, with the company's warning; it then starts from the
 * company's rules, needs a reason, and at least one of the types the company allows.
 */
export const OverrideAfterConfirmation: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Email: user_email, email')).toBeVisible();
    const override = canvas.getByRole('switch', { name: OVERRIDE_SWITCH_LABEL });

    await userEvent.click(override);
    let dialog = within(await screen.findByRole('dialog', { name: OVERRIDE_DIALOG_TITLE }));
    await expect(dialog.getByText(new RegExp(ACME_IDENTIFIERS.overrideWarning))).toBeVisible();
    await expect(dialog.getByText(new RegExp(IDENTIFIER_MESSAGES.confirmOverride))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(override).not.toBeChecked();

    await userEvent.click(override);
    dialog = within(await screen.findByRole('dialog', { name: OVERRIDE_DIALOG_TITLE }));
    await userEvent.click(dialog.getByRole('button', { name: 'Override' }));
    await waitFor(() => expect(override).toBeChecked());
    await expect(canvas.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Custom (not allowed by the company)' })).toBeDisabled();

    await userEvent.click(canvas.getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(canvas.getByRole('button', { name: CHECK_LABEL }));
    await expect(await canvas.findByText(IDENTIFIER_MESSAGES.reasonRequired)).toBeVisible();
    await expect(canvas.getByText(IDENTIFIER_MESSAGES.typeRequired)).toBeVisible();

    await userEvent.type(canvas.getByRole('textbox', { name: /Reason for the override/ }), 'Loyalty app visitors have no e-mail');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'UUID' }));
    const field = canvas.getByRole('textbox', { name: 'UUID field name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'member_id');
    await userEvent.click(canvas.getByRole('button', { name: CHECK_LABEL }));
    await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toHaveTextContent(/^invalid$/));
    const sent = checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).displayTriggers;
    await expect(sent).toEqual(
      expect.objectContaining({
        useCustomIdentifiers: true,
        overrideReason: 'Loyalty app visitors have no e-mail',
        requireIdentifier: true,
        identifierTypes: ['uuid'],
      }),
    );
    await expect(sent.identifierFields.uuid).toBe('member_id');
  },
};

/** A company that does not allow overrides: the switch cannot be turned on. */
export const OverrideNotAllowed: Story = {
  args: { global: LOCKED_IDENTIFIERS },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(IDENTIFIER_MESSAGES.overrideNotAllowed)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: OVERRIDE_SWITCH_LABEL })).toBeDisabled();
  },
};

/** The company's settings could not be read: the defaults stand in, and say so. */
export const CompanySettingsUnavailable: Story = {
  args: { globalUnavailable: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(GLOBAL_IDENTIFIERS_UNAVAILABLE)).toBeVisible();
  },
};

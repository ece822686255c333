import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DEFAULT_TRIGGER_SETTINGS, type TriggerSettings, type TriggerType } from '@domain/survey/collection';
import { triggerSettingsSchema } from '@domain/survey/collectionSchemas';
import { TRIGGER_MESSAGES } from '@domain/survey/messages';
import { TriggerDestinationField } from './TriggerDestinationField';

interface HarnessProps {
  triggerType: TriggerType;
  saving?: boolean;
  readOnly?: boolean;
  values?: Partial<TriggerSettings>;
  onValid: (values: TriggerSettings) => void;
}

/** The field inside the trigger settings form, with a Check button that validates as Save does. */
function Harness({ triggerType, saving = false, readOnly = false, values = {}, onValid }: HarnessProps) {
  const { control, handleSubmit } = useForm<TriggerSettings>({
    resolver: yupResolver(triggerSettingsSchema),
    defaultValues: { ...DEFAULT_TRIGGER_SETTINGS, ...values, triggerType },
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <TriggerDestinationField control={control} triggerType={triggerType} saving={saving} readOnly={readOnly} />
      <Button type="submit" sx={{ alignSelf: 'flex-start' }}>
        Check
      </Button>
    </Stack>
  );
}

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/TriggerDestinationField',
  component: Harness,
  args: { triggerType: 'callback', onValid: fn() },
} satisfies Meta<typeof Harness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A callback needs the name of a function on window. */
export const Callback: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const name = canvas.getByRole('textbox', { name: /Callback function name/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText(TRIGGER_MESSAGES.callbackNameRequired)).toBeVisible();
    await userEvent.type(name, 'analytics.onSurveyDone');
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(args.onValid).toHaveBeenCalledWith(expect.objectContaining({ callbackName: 'analytics.onSurveyDone' }), expect.anything());
  },
};

export const Redirect: Story = {
  args: { triggerType: 'redirect', values: { redirectUrl: 'https://acme.example/thank-you' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Redirect URL/ })).toHaveValue('https://acme.example/thank-you');
    await expect(canvas.queryByRole('textbox', { name: /Webhook URL/ })).not.toBeInTheDocument();
  },
};

/** A webhook's address must be https. */
export const Webhook: Story = {
  args: { triggerType: 'webhook' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /Webhook URL/ }), 'http://hooks.acme.example/navout');
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText(TRIGGER_MESSAGES.webhookUrlInvalid)).toBeVisible();
    await expect(args.onValid).not.toHaveBeenCalled();
  },
};

/** Types without a destination ask for nothing. */
export const BrowserEvent: Story = {
  args: { triggerType: 'event' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
  },
};

/** Read-only for whoever may not change it: the address stays readable. */
export const ReadOnly: Story = {
  args: { triggerType: 'redirect', readOnly: true, values: { redirectUrl: 'https://acme.example/thanks' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Redirect URL/ })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('textbox', { name: /Redirect URL/ })).toBeEnabled();
  },
};

/** Disabled while a save runs. */
export const Saving: Story = {
  args: { triggerType: 'redirect', saving: true, values: { redirectUrl: 'https://acme.example/thanks' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Redirect URL/ })).toBeDisabled();
  },
};

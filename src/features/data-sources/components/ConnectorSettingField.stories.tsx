import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { Meta, StoryObj } from '@storybook/react-vite';
import Stack from '@mui/material/Stack';
import { expect, screen, waitFor } from 'storybook/test';
import { CONNECTOR_MESSAGES, type ConnectorSetting } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { ConnectorSettingField } from './ConnectorSettingField';
import { initialSettingValues, settingsFormSchema, type SettingsFormValues } from './connectorSettingsForm';

/** A setting as the product's connector defines it. */
const settingOf = (catalogueId: string, name: string): ConnectorSetting => {
  const found = connectorDefinition(catalogueId)?.settings.find((setting) => setting.name === name);
  if (!found) throw new Error(`No setting ${name} of ${catalogueId}`);
  return found;
};

const HOST = settingOf('postgresql', 'host');
const PASSWORD = settingOf('postgresql', 'password');
const TLS = settingOf('postgresql', 'tls');
const QUERY = settingOf('postgresql', 'query');
const API_URL = settingOf('rest-api', 'url');
const PAGINATION = settingOf('rest-api', 'pagination');
const PAGE_SIZE = settingOf('rest-api', 'pageSize');
const STRIPE_KEY = settingOf('stripe', 'apiKey');
const SERVICE_ACCOUNT_KEY = settingOf('google-analytics', 'serviceAccountKey');

/** What the form holds, so a story can check what a field hands on. */
const VALUES_LABEL = 'Form values';

interface SettingFieldDemoProps {
  setting: ConnectorSetting;
  secretStored?: boolean;
}

/** One field in a form with the dialogs' rules for its setting. */
function SettingFieldDemo({ setting, secretStored = false }: SettingFieldDemoProps) {
  const { control } = useForm<SettingsFormValues>({
    resolver: yupResolver(settingsFormSchema([setting], { keepsSecrets: secretStored })) as unknown as Resolver<SettingsFormValues>,
    // Checked on leaving the field too, so an empty required one says so.
    mode: 'onTouched',
    defaultValues: { settings: initialSettingValues([setting]) },
  });
  const values = useWatch({ control, name: 'settings' });
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <ConnectorSettingField setting={setting} control={control} secretStored={secretStored} />
      <output aria-label={VALUES_LABEL}>{JSON.stringify(values)}</output>
    </Stack>
  );
}

/** The schema's own message for that value of the setting. */
const ruleMessage = (setting: ConnectorSetting, value: string, keepsSecrets = false): string => {
  try {
    settingsFormSchema([setting], { keepsSecrets }).validateSync({ settings: { [setting.name]: value } });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${value} is a valid ${setting.label}`);
};

const meta = {
  title: 'Data Sources/ConnectorSettingField',
  component: SettingFieldDemo,
  args: { setting: HOST, secretStored: false },
} satisfies Meta<typeof SettingFieldDemo>;
export default meta;

type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
const heldValues = (canvas: Canvas) => JSON.parse(canvas.getByLabelText(VALUES_LABEL).textContent ?? '{}') as Record<string, unknown>;

/** Text: required, with its placeholder; left empty, it says it is required. */
export const Text: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: new RegExp(`^${HOST.label}`) });
    await expect(field).toBeRequired();
    await expect(field).toHaveAttribute('placeholder', HOST.placeholder);
    await userEvent.click(field);
    await userEvent.tab();
    await expect(await canvas.findByText(ruleMessage(HOST, ''))).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(field, 'db.acme.example');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'false'));
    await expect(heldValues(canvas)).toEqual({ host: 'db.acme.example' });
  },
};

/** URL: typed as one, and only http or https is taken. */
export const Url: Story = {
  args: { setting: API_URL },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: new RegExp(`^${API_URL.label}`) });
    await expect(field).toHaveAttribute('type', 'url');
    await expect(field).toHaveAttribute('spellcheck', 'false');
    await userEvent.type(field, 'ftp://files.example.com');
    await userEvent.tab();
    await expect(await canvas.findByText(ruleMessage(API_URL, 'ftp://files.example.com'))).toBeVisible();
    await expect(field).toHaveAccessibleDescription(ruleMessage(API_URL, 'ftp://files.example.com'));

    await userEvent.clear(field);
    await userEvent.type(field, 'https://api.example.com/v1/customers');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'false'));
  },
};

/** Number: starts at its default, offers a number keypad, and refuses words. */
export const NumberSetting: Story = {
  name: 'Number',
  args: { setting: PAGE_SIZE },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: PAGE_SIZE.label });
    await expect(field).toHaveValue(PAGE_SIZE.defaultValue);
    await expect(field).toHaveAttribute('inputmode', 'decimal');
    await userEvent.clear(field);
    await userEvent.type(field, 'fifty');
    await userEvent.tab();
    await expect(await canvas.findByText(ruleMessage(PAGE_SIZE, 'fifty'))).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Choice: the connector's options by their labels; the value chosen is the option's own. */
export const Select: Story = {
  args: { setting: PAGINATION },
  play: async ({ canvas, userEvent }) => {
    const options = PAGINATION.options ?? [];
    const initial = options.find((option) => option.value === PAGINATION.defaultValue);
    const chosen = options.at(-1);
    if (!initial || !chosen) throw new Error('Pagination has no options');
    const select = canvas.getByRole('combobox', { name: new RegExp(`^${PAGINATION.label}`) });
    await expect(select).toHaveTextContent(initial.label);
    await userEvent.click(select);
    const listed = await screen.findAllByRole('option');
    await expect(listed.map((option) => option.textContent)).toEqual(options.map((option) => option.label));
    await userEvent.click(screen.getByRole('option', { name: chosen.label }));
    await waitFor(() => expect(select).toHaveTextContent(chosen.label));
    await expect(heldValues(canvas)).toEqual({ pagination: chosen.value });
  },
};

/** Yes/no: a checkbox, on by default for TLS, held as a yes/no rather than text. */
export const Checkbox: Story = {
  args: { setting: TLS },
  play: async ({ canvas, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: TLS.label });
    await expect(box).toBeChecked();
    await expect(heldValues(canvas)).toEqual({ tls: true });
    await userEvent.click(box);
    await expect(box).not.toBeChecked();
    await expect(heldValues(canvas)).toEqual({ tls: false });
  },
};

/** Long text: a text area in a fixed-width font, its help under it; its lines are kept. */
export const Textarea: Story = {
  args: { setting: QUERY },
  play: async ({ canvas, userEvent }) => {
    const area = canvas.getByRole('textbox', { name: new RegExp(`^${QUERY.label}`) });
    await expect(area.tagName).toBe('TEXTAREA');
    await expect(area).toHaveAttribute('placeholder', QUERY.placeholder);
    await expect(area).toHaveAccessibleDescription(QUERY.help ?? '');
    await expect(getComputedStyle(area).fontFamily).toMatch(/monospace/);
    await userEvent.click(area);
    await userEvent.tab();
    await expect(await canvas.findByText(ruleMessage(QUERY, ''))).toBeVisible();

    await userEvent.type(area, 'select id, email{Enter}from customers');
    await expect(heldValues(canvas)).toEqual({ query: 'select id, email\nfrom customers' });
    await expect(area).toHaveAccessibleDescription(QUERY.help ?? '');
  },
};

/** A secret when connecting: typed as a password with a Show button, and required. */
export const Password: Story = {
  args: { setting: STRIPE_KEY },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByLabelText(new RegExp(`^${STRIPE_KEY.label}`));
    await expect(field).toHaveAttribute('type', 'password');
    await expect(field).toHaveAttribute('autocomplete', 'off');
    await expect(field).toBeRequired();
    await expect(field).toHaveAccessibleDescription(STRIPE_KEY.help ?? '');
    await userEvent.click(field);
    await userEvent.tab();
    await expect(await canvas.findByText(ruleMessage(STRIPE_KEY, ''))).toBeVisible();

    await userEvent.type(field, 'rk_live_51Hf3kAcme');
    // The vendor's key is "the API key" to the show button.
    await userEvent.click(canvas.getByRole('button', { name: 'Show API key' }));
    await expect(field).toHaveAttribute('type', 'text');
    await expect(field).toHaveValue('rk_live_51Hf3kAcme');
  },
};

/** A database password: optional, its own name on the Show button. */
export const OptionalPassword: Story = {
  args: { setting: PASSWORD },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByLabelText(new RegExp(`^${PASSWORD.label}`));
    await expect(field).toHaveAttribute('type', 'password');
    await expect(field).not.toBeRequired();
    await expect(canvas.getByText(PASSWORD.help ?? '')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: `Show ${PASSWORD.label}` }));
    await expect(field).toHaveAttribute('type', 'text');
  },
};

/** The settings dialog with a secret stored: the field is blank, no longer required, and says a blank one keeps it. */
export const SecretKeptWhenStored: Story = {
  args: { setting: STRIPE_KEY, secretStored: true },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByLabelText(new RegExp(`^${STRIPE_KEY.label}`));
    await expect(field).toHaveValue('');
    await expect(field).not.toBeRequired();
    await expect(field).toHaveAccessibleDescription(CONNECTOR_MESSAGES.secretStored);
    await userEvent.click(field);
    await userEvent.tab();
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await expect(canvas.getByText(CONNECTOR_MESSAGES.secretStored)).toBeVisible();
  },
};

/** A secret that is long text (a JSON key): a text area, so its lines survive, never spell-checked nor autofilled. */
export const SecretLongText: Story = {
  args: { setting: SERVICE_ACCOUNT_KEY, secretStored: true },
  play: async ({ canvas }) => {
    const area = canvas.getByRole('textbox', { name: SERVICE_ACCOUNT_KEY.label });
    await expect(area.tagName).toBe('TEXTAREA');
    await expect(area).toHaveAttribute('spellcheck', 'false');
    await expect(area).toHaveAttribute('autocomplete', 'off');
    await expect(area).toHaveAccessibleDescription(CONNECTOR_MESSAGES.secretStored);
  },
};

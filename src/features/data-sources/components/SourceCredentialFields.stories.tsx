import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import { expect } from 'storybook/test';
import type { DataSource } from '@domain/data/sources';
import { SOURCES, STORY_CONNECTORS } from '../fixtures';
import { KEY_STORED, NO_KEY_STORED, SourceCredentialFields } from './SourceCredentialFields';
import { sourceSettingsDefaults } from './sourceSettingsForm';

/** The fields in the settings form, started from the source as stored. */
function CredentialsDemo({ source, withConnector }: { source: DataSource; withConnector: boolean }) {
  const connectorSettings = withConnector ? STORY_CONNECTORS.find((each) => each.catalogueId === source.availableDataSource?.id)?.settings : undefined;
  const { control } = useForm({ defaultValues: sourceSettingsDefaults(source, connectorSettings) });
  return (
    <Stack spacing={2}>
      <SourceCredentialFields source={source} control={control} connectorSettings={connectorSettings} />
    </Stack>
  );
}

const meta = {
  title: 'Data Sources/SourceCredentialFields',
  component: CredentialsDemo,
  args: { source: SOURCES.restApi, withConnector: true },
} satisfies Meta<typeof CredentialsDemo>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A connector's settings, started from the stored ones; a stored secret is never shown. */
export const ConnectorSettings: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(SOURCES.restApi.hasCredentials ? KEY_STORED : NO_KEY_STORED)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /^API URL/ })).toHaveValue(String(SOURCES.restApi.settings.url));
    await expect(canvas.queryByLabelText(/^New API Key/)).not.toBeInTheDocument();
  },
};

/** An older source without a connector: a new key (blank keeps the stored one) and its account id. */
export const KeyAndAccountId: Story = {
  args: { source: { ...SOURCES.stripe, hasCredentials: true }, withConnector: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(KEY_STORED)).toBeVisible();
    await expect(canvas.getByLabelText(/^New API Key/)).toHaveValue('');
    await expect(canvas.getByText('Leave blank to keep the stored key.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Account ID' })).toBeInTheDocument();
  },
};

/** No key stored yet: it says so, and asks for one. */
export const NoKeyStored: Story = {
  args: { source: { ...SOURCES.stripe, hasCredentials: false }, withConnector: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_KEY_STORED)).toBeVisible();
    await expect(canvas.getByText('Enter the key to store.')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { catalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { STORY_CONNECTORS } from '../fixtures';
import { ConnectIntro, DOCUMENTATION_LABEL } from './ConnectIntro';

const definition = (catalogueId: string) => STORY_CONNECTORS.find((each) => each.catalogueId === catalogueId)!;

const meta = {
  title: 'Data Sources/ConnectIntro',
  component: ConnectIntro,
  args: { source: catalogueSource('salesforce')!, definition: definition('salesforce') },
} satisfies Meta<typeof ConnectIntro>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A vendor: what it needs, and its API documentation where the connector names it. */
export const Vendor: Story = {
  args: { definition: { ...definition('salesforce'), documentation: 'https://developer.salesforce.com/docs/apis' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Enter the details Salesforce needs/)).toBeVisible();
    const link = canvas.getByRole('link', { name: DOCUMENTATION_LABEL });
    await expect(link).toHaveAttribute('href', 'https://developer.salesforce.com/docs/apis');
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

/** A connector that names no documentation: no link. */
export const WithoutDocumentation: Story = {
  args: { definition: { ...definition('salesforce'), documentation: undefined } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Enter the details Salesforce needs/)).toBeVisible();
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
  },
};

/** A pushed source: nothing to enter, it says where the data comes from. */
export const PushedSource: Story = {
  args: { source: catalogueSource('webhook')!, definition: definition('webhook') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CONNECTOR_MESSAGES.pushedSource('Webhook'), { exact: false })).toBeVisible();
  },
};

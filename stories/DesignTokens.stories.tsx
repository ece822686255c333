import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { chartPalette, contrastChecks, palette } from '@tokens/tokens';
import {
  BaseScales,
  ChartPalette,
  ColorRoles,
  ContrastChecks,
  RadiusScale,
  RiskColors,
  RolePairs,
  ShadowScale,
  SpacingScale,
  TypeScale,
} from './design-tokens/TokenDocs';

/** The tokens of design-tokens/, rendered from the generated module. */
const meta = {
  title: 'Foundations/Design tokens',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const ColourRoles: Story = {
  render: () => <ColorRoles />,
  play: async ({ canvas }) => {
    // One row per role in the palette, plus the header.
    const rows = canvas.getAllByRole('row');
    await expect(rows.length).toBeGreaterThan(20);
    await expect(canvas.getAllByText(palette.light.primary.main).length).toBeGreaterThan(0);
    await expect(canvas.getAllByText(palette.dark.primary.main).length).toBeGreaterThan(0);
  },
};

export const TextOnRoles: Story = { render: () => <RolePairs /> };

export const Typography: Story = { render: () => <TypeScale /> };

export const Spacing: Story = { render: () => <SpacingScale /> };

export const Radius: Story = { render: () => <RadiusScale /> };

export const Shadows: Story = { render: () => <ShadowScale /> };

export const ChartColours: Story = {
  render: () => <ChartPalette />,
  play: async ({ canvas }) => {
    await expect(chartPalette).toHaveLength(15);
    // Shown once per theme.
    await expect(canvas.getAllByRole('listitem')).toHaveLength(30);
  },
};

export const RiskLevels: Story = {
  render: () => <RiskColors />,
  play: async ({ canvas }) => {
    for (const label of ['Low risk', 'Medium risk', 'High risk']) {
      await expect(canvas.getAllByText(label)).toHaveLength(2);
    }
  },
};

export const Contrast: Story = {
  render: () => <ContrastChecks />,
  play: async () => {
    await expect(contrastChecks.every(({ ratio, minimum }) => ratio >= minimum)).toBe(true);
  },
};

export const BaseColours: Story = { render: () => <BaseScales /> };

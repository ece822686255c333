import type { Meta, StoryObj } from '@storybook/react-vite';
import Stack from '@mui/material/Stack';
import { expect } from 'storybook/test';
import { getContrastRatio } from '@mui/material/styles';
import { CATALOGUE } from '@domain/data/catalogue';
import { theme } from '@/theme';
import { monogramTextColor, SourceMonogram } from './SourceMonogram';

const meta = {
  title: 'Data Sources/SourceMonogram',
  component: SourceMonogram,
  args: { icon: 'GA', color: '#E37400' },
} satisfies Meta<typeof SourceMonogram>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('GA')).toBeInTheDocument();
  },
};

/** Every catalogue tile: the a11y check holds each monogram's text to AA contrast on its colour. */
export const WholeCatalogue: Story = {
  render: () => (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {CATALOGUE.map((source) => (
        <SourceMonogram key={source.id} icon={source.icon} color={source.color} />
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('CSV')).toBeInTheDocument();
    for (const { color } of CATALOGUE) {
      const text = monogramTextColor(color, theme.palette.common);
      await expect(getContrastRatio(color, text)).toBeGreaterThanOrEqual(4.5);
    }
  },
};

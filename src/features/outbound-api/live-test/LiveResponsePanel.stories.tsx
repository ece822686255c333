import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { withApiSession, PREDICT_RESPONSE } from "../fixtures";
import { LIVE_TEST_LABELS } from "../labels";
import { LiveResponsePanel } from "./LiveResponsePanel";

const meta = {
  title: "Outbound API/Live Test/LiveResponsePanel",
  component: LiveResponsePanel,
  decorators: [withApiSession()],
  args: {
    result: {
      kind: "answer",
      response: {
        status: 200,
        statusText: "OK",
        latencyMs: 12,
        body: PREDICT_RESPONSE,
        attempts: 1,
      },
    },
  },
} satisfies Meta<typeof LiveResponsePanel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Answer: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText("Status 200")).toHaveTextContent(
      "200 OK",
    );
    await expect(canvas.getByText("Latency: 12 ms")).toBeVisible();
    await expect(canvas.getAllByRole("listitem")).toHaveLength(
      PREDICT_RESPONSE.items.length,
    );
    await expect(canvas.getByText("Popular fill-up")).toBeVisible();
    await expect(
      canvas.queryByText(LIVE_TEST_LABELS.reordered),
    ).not.toBeInTheDocument();
  },
};

/** A similar item moved down for variety: the list says why it is not in score order. */
export const ReorderedForVariety: Story = {
  args: {
    result: {
      kind: "answer",
      response: {
        status: 200,
        statusText: "OK",
        latencyMs: 9,
        attempts: 1,
        body: {
          ...PREDICT_RESPONSE,
          items: [
            PREDICT_RESPONSE.items[0]!,
            {
              ...PREDICT_RESPONSE.items[0]!,
              id: "sku-diverse",
              title: "Oak Side Table",
              score: 0.2,
            },
            {
              ...PREDICT_RESPONSE.items[0]!,
              id: "sku-similar",
              title: "Oak Side Table II",
              score: 0.6,
            },
          ],
        },
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(LIVE_TEST_LABELS.reordered)).toBeVisible();
  },
};

export const ErrorWithoutCode: Story = {
  args: {
    result: {
      kind: "answer",
      response: {
        status: 502,
        statusText: "Bad Gateway",
        latencyMs: 30_412,
        body: "upstream closed",
        attempts: 4,
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("ERROR")).toBeVisible();
    await expect(
      canvas.getByRole("region", { name: LIVE_TEST_LABELS.errorDetails }),
    ).toHaveTextContent("upstream closed");
  },
};

export const NoAnswer: Story = {
  args: {
    result: {
      kind: "no-answer",
      message: "Request timed out",
      latencyMs: 121_500,
      attempts: 4,
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(/Request timed out after 4 attempts/),
    ).toBeVisible();
  },
};

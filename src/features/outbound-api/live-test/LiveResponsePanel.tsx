import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { PredictItem, PredictResponse } from "@domain/prediction/contract";
import { CodeBlock } from "../docs/CodeBlock";
import { LIVE_TEST_LABELS } from "../labels";
import { errorTypeOf, type OutboundResponse } from "./outboundClient";

export type LiveResult =
  | { kind: "answer"; response: OutboundResponse }
  | { kind: "no-answer"; message: string; latencyMs: number; attempts: number };

const SOURCE_LABELS: Record<PredictItem["source"], string> = {
  ranked: "Ranked",
  popular: "Popular fill-up",
  baseline: "Holdout baseline",
};

function isPredictResponse(body: unknown): body is PredictResponse {
  return (
    Boolean(body) &&
    typeof body === "object" &&
    Array.isArray((body as PredictResponse).items)
  );
}

/** Whether a ranked item stands above one with a higher score (the engine's variety re-ranking moved it). */
export function isReordered(items: readonly PredictItem[]): boolean {
  const ranked = items.filter((item) => item.source === "ranked");
  return ranked.some(
    (item, index) => index > 0 && item.score > ranked[index - 1]!.score,
  );
}

function Items({ answer }: { answer: PredictResponse }) {
  if (answer.items.length === 0)
    return (
      <Typography sx={{ color: "text.secondary" }}>
        No items matched.
      </Typography>
    );
  return (
    <>
      {isReordered(answer.items) && (
        <Alert severity="info" variant="outlined">
          {LIVE_TEST_LABELS.reordered}
        </Alert>
      )}
      <List aria-label="Recommended items" disablePadding>
        {answer.items.map((item, index) => (
          <ListItem
            key={item.id}
            divider
            disableGutters
            sx={{ display: "block" }}
          >
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: "center", flexWrap: "wrap" }}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {index + 1}. {item.title}
              </Typography>
              <Typography
                variant="caption"
                sx={{ color: "text.secondary", fontFamily: "monospace" }}
              >
                {item.id} · score {item.score.toFixed(3)}
              </Typography>
              {item.source !== "ranked" && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={SOURCE_LABELS[item.source]}
                />
              )}
            </Stack>
            <Typography variant="body2">{item.explanation}</Typography>
            {item.reasons.length > 0 && (
              <Typography
                variant="caption"
                component="p"
                sx={{ color: "text.secondary" }}
              >
                {item.reasons
                  .map(
                    (reason) =>
                      `${reason.signal} +${reason.contribution.toFixed(3)}: ${reason.evidence}`,
                  )
                  .join(" · ")}
              </Typography>
            )}
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** The live response: status, status text and measured latency, then the answer or the error. */
export function LiveResponsePanel({ result }: { result: LiveResult }) {
  if (result.kind === "no-answer") {
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-label="Live response"
        sx={{ p: 2 }}
      >
        <Alert severity="error">
          <AlertTitle>NETWORK_ERROR</AlertTitle>
          {result.message} after {result.attempts} attempts ({result.latencyMs}{" "}
          ms).
        </Alert>
      </Paper>
    );
  }
  const { response } = result;
  const ok = response.status >= 200 && response.status < 300;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Live response"
      sx={{ p: 2 }}
    >
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: "center", flexWrap: "wrap" }}
        >
          <Chip
            color={ok ? "success" : "error"}
            label={`${response.status} ${response.statusText}`.trim()}
            aria-label={`Status ${response.status}`}
          />
          <Typography variant="body2">
            Latency: {response.latencyMs} ms
          </Typography>
          {isPredictResponse(response.body) && (
            <Typography
              variant="body2"
              sx={{ color: "text.secondary", fontFamily: "monospace" }}
            >
              {response.body.model}
            </Typography>
          )}
          {response.attempts > 1 && (
            <Typography variant="body2">
              ({response.attempts} attempts)
            </Typography>
          )}
        </Stack>
        {ok && isPredictResponse(response.body) && (
          <Items answer={response.body} />
        )}
        {!ok && (
          <Alert severity="error">
            <AlertTitle>{errorTypeOf(response.body)}</AlertTitle>
            {LIVE_TEST_LABELS.errorDetails}
          </Alert>
        )}
        <CodeBlock
          title={ok ? "Response" : LIVE_TEST_LABELS.errorDetails}
          code={
            typeof response.body === "string"
              ? response.body
              : JSON.stringify(response.body, null, 2)
          }
        />
      </Stack>
    </Paper>
  );
}

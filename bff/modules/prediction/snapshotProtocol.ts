/** The messages between the server and the snapshot worker. */
import type { PredictionIndex } from './engine/types';

export interface BuildRequest {
  id: number;
  companyId: string;
  /** The build's clock (ms). */
  now: number;
}

export type BuildReply =
  | { id: number; ok: true; index: PredictionIndex; itemCount: number; eventCount: number; watermark: number | null; buildMs: number }
  | { id: number; ok: false; error: string; buildMs: number };

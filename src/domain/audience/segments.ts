/**
 * Predicted segments: what a profile is likely to do or be, from its own signals, each with a
 * confidence and the signals behind it in words. Deterministic: the same signals give the same
 * segments.
 *
 * - Likely to purchase: 3 or more events in the last 30 days including a cart add or a purchase;
 *   confidence 0.4, plus 0.05 per recent event (up to 6), plus 0.15 for a cart add, capped at 0.95.
 * - Churn risk: a churn-risk score of 50 or more; confidence = score / 100.
 * - Bargain hunter: 2 or more views of sale, deal, discount, clearance or outlet categories, or an
 *   average order below half the company's median order; confidence 0.5 + 0.1 per such view (up to 0.9).
 * - Loyal customer: revenue, active on 5 or more days and a low risk; confidence from active days.
 * - {Category} enthusiast: 3 or more views in one item category; confidence its share of views.
 */
import type { PredictedSegment } from './contract';

export interface SegmentSignals {
  now: number;
  lastSeen: number | null;
  ltv: number;
  riskScore: number;
  recentEvents: number;
  previousEvents: number;
  activeDays: number;
  cartAdds: number;
  purchases: number;
  /** Views (any event with an item) per item category. */
  categoryViews: Record<string, number>;
  /** The company's median order value (revenue per purchase), or null. */
  medianOrderValue: number | null;
}

const BARGAIN = /sale|deal|discount|clearance|outlet|bargain|offer/i;
const round2 = (value: number) => Math.round(value * 100) / 100;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function predictedSegments(signals: SegmentSignals): PredictedSegment[] {
  const segments: PredictedSegment[] = [];
  const idleDays = signals.lastSeen === null ? null : Math.floor(Math.max(0, signals.now - signals.lastSeen) / 86_400_000);
  if (signals.recentEvents >= 3 && (signals.cartAdds > 0 || signals.purchases > 0)) {
    const confidence = Math.min(0.95, 0.4 + 0.05 * Math.min(6, signals.recentEvents) + (signals.cartAdds > 0 ? 0.15 : 0));
    const intent = signals.cartAdds > 0 ? `${plural(signals.cartAdds, 'cart add')}` : `${plural(signals.purchases, 'earlier purchase')}`;
    segments.push({ id: 'likely-to-purchase', name: 'Likely to purchase', confidence: round2(confidence), because: `${plural(signals.recentEvents, 'event')} in the last 30 days and ${intent}.` });
  }
  if (signals.riskScore >= 50) {
    const seen = idleDays === null ? 'Never seen with an event' : `Last seen ${plural(idleDays, 'day')} ago`;
    segments.push({ id: 'churn-risk', name: 'Churn risk', confidence: round2(signals.riskScore / 100), because: `${seen}; events went from ${signals.previousEvents} to ${signals.recentEvents} between the last two 30-day windows.` });
  }
  const bargainViews = Object.entries(signals.categoryViews).filter(([category]) => BARGAIN.test(category)).reduce((sum, [, views]) => sum + views, 0);
  const averageOrder = signals.purchases > 0 ? signals.ltv / signals.purchases : null;
  const cheapOrders = averageOrder !== null && signals.medianOrderValue !== null && signals.medianOrderValue > 0 && averageOrder < signals.medianOrderValue / 2;
  if (bargainViews >= 2 || cheapOrders) {
    const because = bargainViews >= 2 ? `${plural(bargainViews, 'view')} of sale and discount categories.` : `Average order ${averageOrder!.toFixed(2)} is under half the company's median of ${signals.medianOrderValue!.toFixed(2)}.`;
    segments.push({ id: 'bargain-hunter', name: 'Bargain hunter', confidence: round2(Math.min(0.9, 0.5 + 0.1 * Math.max(1, bargainViews))), because });
  }
  if (signals.ltv > 0 && signals.activeDays >= 5 && signals.riskScore < 35) {
    segments.push({ id: 'loyal-customer', name: 'Loyal customer', confidence: round2(Math.min(0.95, 0.5 + 0.03 * signals.activeDays)), because: `Active on ${signals.activeDays} days with a lifetime value of ${signals.ltv.toFixed(2)} and a low churn risk.` });
  }
  const views = Object.entries(signals.categoryViews).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const totalViews = views.reduce((sum, [, count]) => sum + count, 0);
  const top = views[0];
  if (top && top[1] >= 3) {
    segments.push({ id: `enthusiast:${top[0].toLowerCase()}`, name: `${top[0]} enthusiast`, confidence: round2(top[1] / totalViews), because: `${top[1]} of ${plural(totalViews, 'item view')} were in ${top[0]}.` });
  }
  return segments;
}

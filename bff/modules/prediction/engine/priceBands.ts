import { PRICE_BANDS } from './constants';

/** Price bands by catalogue quantiles: "your usual price range" follows the company's own prices. */
export function priceBandsOf(price: Float64Array) {
  const itemCount = price.length;
  const sortedPrices = Array.from(price.filter((value) => !Number.isNaN(value))).sort((left, right) => left - right);
  const bandUpperBounds: number[] = [];
  for (let band = 1; band < PRICE_BANDS; band++) bandUpperBounds.push(sortedPrices.length ? sortedPrices[Math.floor((sortedPrices.length * band) / PRICE_BANDS)] : 0);
  const priceBand = new Int8Array(itemCount).fill(-1);
  const priceBandBounds = new Float64Array(PRICE_BANDS * 2).fill(Number.NaN);
  for (let index = 0; index < itemCount; index++) {
    const value = price[index];
    if (Number.isNaN(value)) continue;
    let band = 0;
    while (band < PRICE_BANDS - 1 && value >= bandUpperBounds[band]) band++;
    priceBand[index] = band;
    const low = priceBandBounds[band * 2];
    const high = priceBandBounds[band * 2 + 1];
    if (Number.isNaN(low) || value < low) priceBandBounds[band * 2] = value;
    if (Number.isNaN(high) || value > high) priceBandBounds[band * 2 + 1] = value;
  }
  return { priceBand, priceBandBounds };
}

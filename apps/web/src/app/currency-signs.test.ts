import { afterEach, describe, expect, it } from 'vitest';
import { money } from '../features/jobs/components/job-facts';
import { formatPrice } from '../features/ads/components/format-price';

/**
 * A runtime with older CLDR data (Chromium 156's): no sign for the Caribbean guilder, its code instead.
 * What the page's server wrote (Node's ICU: "Cg.") must be what such a browser writes while it
 * hydrates, or React draws the part anew (#418).
 */
const proto = Intl.NumberFormat.prototype;
const real = {
  format: Object.getOwnPropertyDescriptor(proto, 'format')!,
  formatToParts: Object.getOwnPropertyDescriptor(proto, 'formatToParts')!,
};

function olderCldr() {
  // On the prototype, so that the formats the app has already built and cached answer so too.
  const older = (text: string) => text.replace('Cg.', 'XCG');
  Object.defineProperty(proto, 'format', {
    ...real.format,
    get(this: Intl.NumberFormat) {
      const format = real.format.get!.call(this) as (n: number | bigint) => string;
      return (n: number | bigint) => older(format(n));
    },
  });
  Object.defineProperty(proto, 'formatToParts', {
    ...real.formatToParts,
    value(this: Intl.NumberFormat, n: number | bigint) {
      const parts = (real.formatToParts.value as (this: Intl.NumberFormat, n: number | bigint) => Intl.NumberFormatPart[]).call(this, n);
      return parts.map((part) => (part.type === 'currency' ? { ...part, value: older(part.value) } : part));
    },
  });
}

afterEach(() => {
  Object.defineProperty(proto, 'format', real.format);
  Object.defineProperty(proto, 'formatToParts', real.formatToParts);
});

/** ICU's no-break spaces as plain ones, to read the expectations. */
const plain = (texts: string[]) => texts.map((t) => t.replace(/[\u00a0\u202f]/g, ' '));

describe('currency signs the runtimes disagree on', () => {
  it('a job paid in Caribbean guilders reads the same whatever CLDR data the runtime has', () => {
    const here = [money(3500, 'XCG', 'en'), money(3500.5, 'XCG', 'fr'), money(4000, 'XCG', 'pap')];
    expect(plain(here)).toEqual(['Cg. 3,500', '3 500,50 Cg.', 'Cg. 4.000']);
    olderCldr();
    expect([money(3500, 'XCG', 'en'), money(3500.5, 'XCG', 'fr'), money(4000, 'XCG', 'pap')]).toEqual(here);
  });

  it('an ad priced in guilders too, and the signs the app always writes stay its own', () => {
    const here = formatPrice(45000, 'XCG', 'en');
    expect(plain([here])).toEqual(['Cg. 45,000']);
    expect(plain([formatPrice(45000, 'TTD', 'en')])).toEqual(['TT$ 45,000']);
    olderCldr();
    expect(formatPrice(45000, 'XCG', 'en')).toBe(here);
  });

  it('other currencies keep the runtime’s own text', () => {
    expect(plain([money(8000, 'TTD', 'en'), money(8000, 'USD', 'en')])).toEqual(['TTD 8,000', '$8,000']);
  });
});
